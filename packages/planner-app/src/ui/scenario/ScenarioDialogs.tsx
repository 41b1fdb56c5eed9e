// The scenario dialogs: new and edit (name required,
// locked for a one-change scenario; top and competition, competition hidden
// for score models), the scenario-name prompt and copy changes.
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { t } from '../../i18n';
import { answerNamePrompt, namePrompt } from '../../stores/editing/name-prompt';
import { canDeleteSource } from '../../stores/editing/rules';
import { copyDraft, saveCopyChanges, toggleCopyLocation, updateCopyDraft } from '../../stores/editing/copy-changes';
import {
  loadOtherScenarioChange,
  overwriteScenarioChange,
  saveScenarioDraft,
  scenarioDraft,
  showCompetition,
  updateScenarioDraft,
} from '../../stores/editing/scenario-dialog';
import { scenarios } from '../../stores/scenarios';
import { Dialog } from '../common';
import { ConflictNotice } from '../conflict-notice';

function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}

export function ScenarioDialog() {
  useSignals();
  const draft = scenarioDraft.value;
  const nameId = useId();
  const errorId = useId();
  const hintId = useId();
  const parent = draft ? scenarios.value.find((s) => s.id === draft.scenarioId) : null;
  const close = () => {
    scenarioDraft.value = null;
  };
  return (
    <Dialog
      title={draft?.mode === 'edit' ? t('editScenario') : t('newScenario')}
      open={!!draft}
      onClose={close}
      width={480}
      footer={
        draft && (
          <>
            <button type="button" className="button" onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" form="scenario-form" className="button primary" disabled={draft.saving}>
              {draft.saving ? t('saving') : t('save')}
            </button>
          </>
        )
      }
    >
      {draft && (
        <form
          id="scenario-form"
          className="editing-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void saveScenarioDraft();
          }}
        >
          {draft.mode === 'new' && parent && <p className="muted">{t('underScenario', { name: parent.name })}</p>}
          <div className="field">
            <label htmlFor={nameId}>{t('scenarioName')}</label>
            <input
              id={nameId}
              type="text"
              value={draft.name}
              disabled={draft.nameLocked}
              required
              autoFocus
              maxLength={200}
              aria-invalid={!!draft.nameError || undefined}
              aria-describedby={[draft.nameError ? errorId : '', draft.nameLocked ? hintId : ''].filter(Boolean).join(' ') || undefined}
              onChange={(e) => updateScenarioDraft({ name: e.target.value, nameError: null })}
            />
            {draft.nameLocked && (
              <p id={hintId} className="field-hint">
                {t('nameLockedHint')}
              </p>
            )}
            <FieldError id={errorId} text={draft.nameError} />
          </div>
          <label className="check">
            <input type="checkbox" checked={draft.isTop} onChange={(e) => updateScenarioDraft({ isTop: e.target.checked })} />
            <span>{t('isTopScenario')}</span>
          </label>
          {showCompetition.value && (
            <label className="check">
              <input type="checkbox" checked={draft.competition} onChange={(e) => updateScenarioDraft({ competition: e.target.checked })} />
              <span>{t('competitionScenario')}</span>
            </label>
          )}
          {draft.conflict && (
            <ConflictNotice
              conflict={draft.conflict}
              busy={draft.saving}
              onLoadOther={() => void loadOtherScenarioChange()}
              onOverwrite={() => void overwriteScenarioChange()}
            />
          )}
          {draft.error && (
            <p className="form-error" role="alert">
              {draft.error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}

export function NamePromptDialog() {
  useSignals();
  const prompt = namePrompt.value;
  const nameId = useId();
  const errorId = useId();
  return (
    <Dialog
      title={t('scenarioNamePromptTitle')}
      open={!!prompt}
      onClose={() => answerNamePrompt(null)}
      confirmClose={false}
      width={440}
      footer={
        prompt && (
          <>
            <button type="button" className="button" onClick={() => answerNamePrompt(null)}>
              {t('cancel')}
            </button>
            <button type="submit" form="name-prompt-form" className="button primary">
              {t('save')}
            </button>
          </>
        )
      }
    >
      {prompt && (
        <form
          id="name-prompt-form"
          className="editing-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            answerNamePrompt(prompt.name);
          }}
        >
          <p>{t('scenarioNamePromptText')}</p>
          <div className="field">
            <label htmlFor={nameId}>{t('scenarioName')}</label>
            <input
              id={nameId}
              type="text"
              value={prompt.name}
              autoFocus
              required
              maxLength={200}
              aria-invalid={!!prompt.error || undefined}
              aria-describedby={prompt.error ? errorId : undefined}
              onChange={(e) => {
                namePrompt.value = { ...prompt, name: e.target.value, error: null };
              }}
            />
            <FieldError id={errorId} text={prompt.error} />
          </div>
        </form>
      )}
    </Dialog>
  );
}

export function changeTypeText(changeType: number): string {
  if (changeType === 1) return t('changeOpened');
  if (changeType === 2) return t('changeClosed');
  return t('changeEdited');
}

export function CopyChangesDialog() {
  useSignals();
  const draft = copyDraft.value;
  const targetId = useId();
  const deleteHintId = useId();
  const close = () => {
    copyDraft.value = null;
  };
  const changed = draft?.changes.map((c) => c.locationId) ?? [];
  const allSelected = !!draft && canDeleteSource(draft.selected, changed);
  const source = draft ? scenarios.value.find((s) => s.id === draft.sourceId) : null;
  return (
    <Dialog
      title={source ? `${t('copyChanges')}: ${source.name}` : t('copyChanges')}
      open={!!draft}
      onClose={close}
      width={520}
      footer={
        draft && (
          <>
            <button type="button" className="button" onClick={close}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              form="copy-form"
              className="button primary"
              disabled={draft.saving || draft.selected.length === 0 || draft.destinationId === null}
            >
              {draft.saving ? t('saving') : t('copy')}
            </button>
          </>
        )
      }
    >
      {draft && (
        <form
          id="copy-form"
          className="editing-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void saveCopyChanges();
          }}
        >
          <div className="field">
            <label htmlFor={targetId}>{t('copyTo')}</label>
            <select id={targetId} value={draft.destinationId ?? ''} onChange={(e) => updateCopyDraft({ destinationId: Number(e.target.value) })}>
              {draft.targets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="check-list">
            <legend>{t('changedLocations')}</legend>
            <label className="check all">
              <input
                type="checkbox"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = !allSelected && draft.selected.length > 0;
                }}
                onChange={(e) => updateCopyDraft({ selected: e.target.checked ? changed : [] })}
              />
              <span>{t('selectAllChanges')}</span>
            </label>
            <ul>
              {draft.changes.map((c) => (
                <li key={c.locationId}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={draft.selected.includes(c.locationId)}
                      onChange={(e) => toggleCopyLocation(c.locationId, e.target.checked)}
                    />
                    <span>{c.locationName}</span>
                    <span className="badge">{changeTypeText(c.changeType)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.deleteSource}
              disabled={!allSelected}
              aria-describedby={deleteHintId}
              onChange={(e) => updateCopyDraft({ deleteSource: e.target.checked })}
            />
            <span>{t('deleteSourceScenario')}</span>
          </label>
          <p id={deleteHintId} className="field-hint">
            {t('deleteSourceHint')}
          </p>
          {draft.error && (
            <p className="form-error" role="alert">
              {draft.error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
