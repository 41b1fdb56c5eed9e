// The location dialog, new and edit, 800 px: name,
// group and cluster (read-only for a location opened or edited in the
// scenario), the position, the properties in their sections with a field per
// dataType, visibility by dependencyExpression, the POIs in range, and where
// the change is saved.
import { DataType } from '@locus/contract';
import { useSignals } from '@preact/signals-react/runtime';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { formatPropertyValue } from '../../format/property';
import { rangeText } from '../../format/range';
import { language, t } from '../../i18n';
import { formatLatLonDms } from '../../i18n/format';
import {
  closeLocationDraft,
  identityReadOnly,
  loadOtherLocationChange,
  locationDraft,
  overwriteLocationChange,
  saveLocationDraft,
  propertyField,
  setFieldValue,
  togglePois,
  updateLocationDraft,
  type LocationDraft,
} from '../../stores/editing/location-dialog';
import {
  dialogProperties,
  dialogSections,
  displayValue,
  expressionValues,
  isCalculated,
  isPoisInRange,
  isPropertyVisible,
  storedValue,
  type EditableProperty,
  type FieldValue,
} from '../../stores/editing/properties';
import { existingTargets, groupSelectorRules, saveTargetRules } from '../../stores/editing/rules';
import { refusalAt } from '../../stores/refusals';
import { locations } from '../../stores/locations';
import { model } from '../../stores/models';
import { scenario, scenarios } from '../../stores/scenarios';
import { Dialog } from '../common';
import { ConflictNotice } from '../conflict-notice';
import { SaveTargetFields } from './SaveTargetFields';
import { PlausibilityHint } from './PlausibilityHint';

export const LOCATION_DIALOG_WIDTH = 800;

function numberText(value: FieldValue): string {
  return value === null ? '' : String(value);
}

function PoisList({ draft, property }: { draft: LocationDraft; property: EditableProperty }) {
  const set = draft.poisInRange?.find((s) => s.name === property.poiSetName);
  if (!draft.poisInRange)
    return (
      <p className="muted small" role="status">
        {t('loading')}
      </p>
    );
  if (!set || set.pois.length === 0) return <p className="muted small">{t('noPoisInRange')}</p>;
  return (
    <ul className="pois-list" aria-label={property.title ?? property.name}>
      {set.pois.map((poi, i) => (
        <li key={`${poi.name}-${i}`}>{poi.name}</li>
      ))}
    </ul>
  );
}

export function PropertyField({ property, draft }: { property: EditableProperty; draft: LocationDraft }) {
  useSignals();
  const id = useId();
  const m = model.value;
  const value = property.id in draft.values ? draft.values[property.id]! : displayValue(property);
  const label = property.title ?? property.name;
  const unit = property.label;
  const refused = refusalAt(propertyField(property.id));
  const range = rangeText(property, language.value);
  const describedBy =
    [property.description ? `${id}-description` : '', range ? `${id}-range` : '', refused ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = refused ? true : undefined;
  const errorText = refused && (
    <p id={`${id}-error`} className="field-error" role="alert">
      {refused}
    </p>
  );
  const ctx = { lang: language.value, currency: m?.currency ?? 'EUR', yes: t('yesValue'), no: t('noValue') };
  const header = (
    <label htmlFor={id} className="property-label">
      {label}
      {unit && <span className="unit"> ({unit})</span>}
    </label>
  );
  const description = property.description && (
    <span id={`${id}-description`} className="field-hint">
      {property.description}
    </span>
  );

  if (isCalculated(property)) {
    const shown = draft.shownPois.includes(property.id);
    return (
      <div className="property-field calculated">
        <span className="property-label" id={id}>
          {label}
        </span>
        <output aria-labelledby={id}>{formatPropertyValue({ ...property, ...storedValue(property, value) }, ctx) || '–'}</output>
        <span className="field-hint">{t('calculatedOnSave')}</span>
        {isPoisInRange(property) && (
          <>
            <label className="check small">
              <input
                type="checkbox"
                checked={shown}
                aria-label={`${t('showPoisShort')}: ${label}`}
                onChange={(e) => void togglePois([property.id], e.target.checked)}
              />
              <span>{t('showPoisShort')}</span>
            </label>
            {shown && <PoisList draft={draft} property={property} />}
          </>
        )}
      </div>
    );
  }

  let control;
  if (property.dataType === DataType.text && property.choices.length) {
    control = (
      <select
        id={id}
        value={String(value ?? '')}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => setFieldValue(property.id, e.target.value)}
      >
        <option value="">–</option>
        {property.choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.value}
          </option>
        ))}
      </select>
    );
  } else if (property.dataType === DataType.text) {
    control = (
      <input
        id={id}
        type="text"
        value={String(value ?? '')}
        maxLength={4000}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => setFieldValue(property.id, e.target.value)}
      />
    );
  } else if (property.dataType === DataType.yesNo) {
    return (
      <div className="property-field">
        <label className="check">
          <input
            id={id}
            type="checkbox"
            checked={Number(value) === 1}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => setFieldValue(property.id, e.target.checked ? 1 : 0)}
          />
          <span>{label}</span>
        </label>
        {description}
        {errorText}
      </div>
    );
  } else {
    const percentage = property.dataType === DataType.percentage;
    const currency = property.dataType === DataType.currency;
    const hasRange = property.minimumValue !== null && property.maximumValue !== null && property.maximumValue > property.minimumValue;
    const min = property.minimumValue === null ? undefined : percentage ? property.minimumValue * 100 : property.minimumValue;
    const max = property.maximumValue === null ? undefined : percentage ? property.maximumValue * 100 : property.maximumValue;
    const digits = property.roundingDigits ?? 0;
    const step = property.step ? (percentage ? property.step * 100 : property.step) : property.wholeNumbers ? 1 : digits > 0 ? 1 / 10 ** digits : 'any';
    const numeric = typeof value === 'number' ? value : Number(String(value ?? '').replace(',', '.'));
    control = (
      <span className="number-control">
        {hasRange && (
          <input
            type="range"
            aria-label={label}
            min={min}
            max={max}
            step={step}
            value={Number.isFinite(numeric) ? numeric : min}
            aria-describedby={range ? `${id}-range` : undefined}
            onChange={(e) => setFieldValue(property.id, Number(e.target.value))}
          />
        )}
        <span className="affix-input">
          {currency && (
            <span className="affix" aria-hidden="true">
              {m?.currency ?? 'EUR'}
            </span>
          )}
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={min}
            max={max}
            step={step}
            value={numberText(value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => setFieldValue(property.id, e.target.value)}
          />
          {percentage && (
            <span className="affix" aria-hidden="true">
              %
            </span>
          )}
        </span>
      </span>
    );
  }
  const old =
    draft.mode === 'edit' && 'oldNumberValue' in property && (property.oldNumberValue !== null || property.oldStringValue !== null)
      ? formatPropertyValue({ ...property, stringValue: property.oldStringValue ?? null, numberValue: property.oldNumberValue ?? null }, ctx)
      : null;
  return (
    <div className="property-field">
      {header}
      {control}
      {description}
      {range && (
        <span id={`${id}-range`} className="field-hint">
          {range}
        </span>
      )}
      {errorText}
      {!refused && <PlausibilityHint property={property} draft={draft} />}
      {old && <span className="field-hint">{t('previousValue', { value: old })}</span>}
    </div>
  );
}

function LocationForm({ draft }: { draft: LocationDraft }) {
  useSignals();
  const m = model.value!;
  const s = scenario.value;
  const nameId = useId();
  const nameErrorId = useId();
  const groupId = useId();
  const clusterId = useId();
  const readOnly = identityReadOnly(draft);
  const groups = groupSelectorRules(m, draft.originalGroupId, draft.mode === 'new');
  const groupCode = m.locationGroups.find((g) => g.id === draft.locationGroupId)?.code ?? null;
  const properties = dialogProperties(draft.properties);
  const values = expressionValues(draft.properties, draft.values, groupCode);
  const visible = properties.filter((p) => isPropertyVisible(p, values));
  const sections = dialogSections(visible);
  const poiProperties = visible.filter(isPoisInRange);
  const allPoisShown = poiProperties.length > 0 && poiProperties.every((p) => draft.shownPois.includes(p.id));
  const rules = saveTargetRules({
    scenarioHasParent: !!s && s.parentScenarioId !== null,
    changeType: draft.changeType,
    existingCount: existingTargets(scenarios.value, s?.id ?? null).length,
  });

  return (
    <form
      id="location-form"
      className="editing-form location-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveLocationDraft({ calculate: true });
      }}
    >
      <div className="location-identity">
        <div className="field name-field">
          <label htmlFor={nameId}>{t('locationName')}</label>
          <input
            id={nameId}
            type="text"
            value={draft.name}
            required
            readOnly={readOnly}
            maxLength={200}
            autoFocus={!readOnly}
            aria-invalid={!!draft.nameError || undefined}
            aria-describedby={draft.nameError ? nameErrorId : undefined}
            onChange={(e) => updateLocationDraft({ name: e.target.value, nameError: null })}
          />
          {draft.nameError && (
            <p id={nameErrorId} className="field-error" role="alert">
              {draft.nameError}
            </p>
          )}
        </div>
        {groups.show && (
          <div className="field">
            <label htmlFor={groupId}>{t('locationGroup')}</label>
            <select
              id={groupId}
              value={draft.locationGroupId ?? ''}
              disabled={readOnly}
              onChange={(e) => updateLocationDraft({ locationGroupId: e.target.value === '' ? null : Number(e.target.value) })}
            >
              {(groups.clearable || draft.locationGroupId === null) && <option value="">{t('noGroup')}</option>}
              {groups.options.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={clusterId}>{t('locationCluster')}</label>
          <select
            id={clusterId}
            value={draft.locationClusterId ?? ''}
            disabled={readOnly}
            onChange={(e) => updateLocationDraft({ locationClusterId: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{t('noCluster')}</option>
            {draft.clusters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field position-field">
          <span className="label">{t('position')}</span>
          <span className="coordinates" aria-label={t('position')}>
            {formatLatLonDms(draft.latitude, draft.longitude)}
          </span>
          {draft.mode === 'new' && (
            <button type="button" className="button small" onClick={() => updateLocationDraft({ movingPin: true })}>
              <MapPin size={16} aria-hidden="true" />
              <span>{t('movePin')}</span>
            </button>
          )}
        </div>
      </div>
      {readOnly && <p className="field-hint">{t('identityReadOnly')}</p>}
      {poiProperties.length > 1 && (
        <label className="check all-pois">
          <input type="checkbox" checked={allPoisShown} onChange={(e) => void togglePois('all', e.target.checked)} />
          <span>{t('showAllPois')}</span>
        </label>
      )}
      <div className="dialog-sections">
        {sections.map((section) => {
          const body = (
            <div className="section-fields">
              {section.properties.map((p) => (
                <PropertyField key={p.id} property={p} draft={draft} />
              ))}
            </div>
          );
          const style = { gridColumn: `span ${section.size}` };
          if (section.secondary) {
            return (
              <details
                key={section.name}
                className="dialog-section secondary"
                style={style}
                open={section.properties.some((p) => refusalAt(propertyField(p.id))) || undefined}
              >
                <summary>{section.title || t('moreProperties')}</summary>
                {body}
              </details>
            );
          }
          return (
            <fieldset key={section.name} className="dialog-section" style={style}>
              {section.title && <legend>{section.title}</legend>}
              {section.label && <p className="field-hint">{section.label}</p>}
              {body}
            </fieldset>
          );
        })}
      </div>
      <SaveTargetFields rules={rules} value={draft} onChange={updateLocationDraft} locationName={draft.name} />
      {draft.conflict && (
        <ConflictNotice
          conflict={draft.conflict}
          busy={draft.saving}
          onLoadOther={() => void loadOtherLocationChange()}
          onOverwrite={() => void overwriteLocationChange()}
        />
      )}
      {draft.error && (
        <p className="form-error" role="alert">
          {draft.error}
        </p>
      )}
    </form>
  );
}

export function LocationDialog() {
  useSignals();
  const draft = locationDraft.value;
  const open = !!draft && !draft.movingPin && !!model.value;
  const original = draft?.locationId != null ? (locations.value.find((l) => l.id === draft.locationId)?.name ?? draft.name) : '';
  return (
    <Dialog
      title={draft?.mode === 'edit' ? t('editLocationTitle', { name: original }) : t('newLocation')}
      open={open}
      onClose={closeLocationDraft}
      width={LOCATION_DIALOG_WIDTH}
      className="location-dialog"
      footer={
        draft && (
          <>
            <button type="button" className="button" onClick={closeLocationDraft}>
              {t('cancel')}
            </button>
            <button type="button" className="button" disabled={draft.saving} onClick={() => void saveLocationDraft()}>
              {t('save')}
            </button>
            <button type="submit" form="location-form" className="button primary" disabled={draft.saving}>
              {draft.saving ? t('saving') : t('saveAndCalculate')}
            </button>
          </>
        )
      }
    >
      {draft && open && <LocationForm draft={draft} />}
    </Dialog>
  );
}
