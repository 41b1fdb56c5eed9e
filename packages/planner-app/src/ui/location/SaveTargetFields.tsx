// "Save to": the current scenario, a new scenario (with its name) or an
// existing one, each disabled with the reason when a rule says so.
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { t } from '../../i18n';
import { existingTargets, type SaveTarget, type SaveTargetRules } from '../../stores/editing/rules';
import { scenario, scenarios } from '../../stores/scenarios';

export interface SaveTargetValue {
  target: SaveTarget;
  newScenarioName: string;
  existingScenarioId: number | null;
}

export function SaveTargetFields({
  rules,
  value,
  onChange,
  locationName,
}: {
  rules: SaveTargetRules;
  value: SaveTargetValue;
  onChange: (patch: Partial<SaveTargetValue>) => void;
  locationName: string;
}) {
  useSignals();
  const group = useId();
  const nameId = useId();
  const existingId = useId();
  const options = existingTargets(scenarios.value, scenario.value?.id ?? null);
  const radio = (target: SaveTarget, label: string) => {
    const rule = rules[target];
    const hintId = `${group}-${target}-hint`;
    return (
      <label className={`radio ${rule.disabled ? 'disabled' : ''}`}>
        <input
          type="radio"
          name={group}
          value={target}
          checked={value.target === target}
          disabled={rule.disabled}
          aria-describedby={rule.reason ? hintId : undefined}
          onChange={() => onChange({ target })}
        />
        <span>{label}</span>
        {rule.reason && (
          <span id={hintId} className="radio-hint">
            ({t(rule.reason)})
          </span>
        )}
      </label>
    );
  };
  return (
    <fieldset className="save-target">
      <legend>{t('saveTo')}</legend>
      <div className="save-target-row">{radio('current', t('currentScenario'))}</div>
      <div className="save-target-row">
        {radio('new', t('newScenario'))}
        {value.target === 'new' && (
          <span className="inline-field">
            <label htmlFor={nameId}>{t('scenarioName')}</label>
            <input
              id={nameId}
              type="text"
              value={value.newScenarioName}
              maxLength={200}
              placeholder={locationName || t('namedLikeLocation')}
              onChange={(e) => onChange({ newScenarioName: e.target.value })}
            />
          </span>
        )}
      </div>
      <div className="save-target-row">
        {radio('existing', t('existingScenario'))}
        {value.target === 'existing' && (
          <span className="inline-field">
            <label htmlFor={existingId} className="visually-hidden">
              {t('existingScenario')}
            </label>
            <select id={existingId} value={value.existingScenarioId ?? ''} onChange={(e) => onChange({ existingScenarioId: Number(e.target.value) })}>
              {options.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
    </fieldset>
  );
}
