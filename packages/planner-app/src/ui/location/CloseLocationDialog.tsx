// The close-location dialog: where the closure is saved. It closes without
// the 'confirmClose' question (nothing typed is lost).
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n';
import { closeDraft, saveClose, updateCloseDraft } from '../../stores/editing/location-actions';
import { existingTargets, saveTargetRules } from '../../stores/editing/rules';
import { locations } from '../../stores/locations';
import { scenario, scenarios } from '../../stores/scenarios';
import { Dialog } from '../common';
import { SaveTargetFields } from './SaveTargetFields';

export function CloseLocationDialog() {
  useSignals();
  const draft = closeDraft.value;
  const s = scenario.value;
  const summary = draft ? locations.value.find((l) => l.id === draft.locationId) : null;
  const rules = saveTargetRules({
    scenarioHasParent: s?.parentScenarioId !== null && !!s,
    changeType: summary?.changeType ?? 0,
    existingCount: existingTargets(scenarios.value, s?.id ?? null).length,
  });
  const close = () => {
    closeDraft.value = null;
  };
  return (
    <Dialog
      title={draft ? t('closeLocationTitle', { name: draft.name }) : t('closeLocation')}
      open={!!draft}
      onClose={close}
      confirmClose={false}
      width={520}
      footer={
        draft && (
          <>
            <button type="button" className="button" onClick={close}>
              {t('cancel')}
            </button>
            <button type="button" className="button" disabled={draft.saving} onClick={() => void saveClose()}>
              {t('closeLocation')}
            </button>
            <button type="button" className="button primary" disabled={draft.saving} onClick={() => void saveClose({ calculate: true })}>
              {draft.saving ? t('saving') : t('closeAndCalculate')}
            </button>
          </>
        )
      }
    >
      {draft && (
        <div className="editing-form">
          <p>{t('closeLocationText')}</p>
          <SaveTargetFields rules={rules} value={draft} onChange={updateCloseDraft} locationName={draft.name} />
          {draft.error && (
            <p className="form-error" role="alert">
              {draft.error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
