// The scenario dialog (new, edit), its conflicts, and the removal of a scenario.
import { OutputType } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';
import { ApiFailure } from '@locus/contract/client';
import { t } from '../../i18n';
import { model, modelId } from '../models';
import { reloadScenarios } from '../planner';
import { scenario, scenarios } from '../scenarios';
import { confirm, notify } from '../ui';
import { api } from './client';
import { scenarioMenuState, scenarioNameError } from './rules';
import { type WriteConflict, conflictOf, expectedFailure, failureText, rethrowUnexpected, tellConflictOrFailure } from './failures';

export interface ScenarioDraft {
  mode: 'new' | 'edit';
  /** The scenario being edited, or the parent of the new one. */
  scenarioId: number;
  name: string;
  isTop: boolean;
  competition: boolean;
  /** The name cannot change: a scenario with exactly one change is named after its location. */
  nameLocked: boolean;
  modified: string | null;
  /** The scenario's version as read (edit), sent with the save. */
  version: number | null;
  /** The save was refused: the scenario changed or went away meanwhile. */
  conflict: WriteConflict | null;
  error: string | null;
  nameError: string | null;
  saving: boolean;
}
export const scenarioDraft = signal<ScenarioDraft | null>(null);

/** Competition is a choice of turnover models; hidden for score models (outputType 4). */
export const showCompetition = computed(() => model.value?.outputType !== OutputType.score);

/** The dialog's own state when it opens, new or edit: nothing refused or in conflict yet. */
const FRESH_DIALOG = { conflict: null, error: null, nameError: null, saving: false } as const;

export function openNewScenario(): void {
  const parent = scenario.value;
  if (!parent) return;
  scenarioDraft.value = {
    mode: 'new',
    scenarioId: parent.id,
    name: '',
    isTop: false,
    competition: false,
    nameLocked: false,
    modified: null,
    version: null,
    ...FRESH_DIALOG,
  };
}

export function openEditScenario(): void {
  const s = scenario.value;
  if (!s || s.parentScenarioId === null) return;
  scenarioDraft.value = {
    mode: 'edit',
    scenarioId: s.id,
    name: s.name,
    isTop: s.isTop,
    competition: s.competition,
    nameLocked: s.changeCount === 1,
    modified: s.modified,
    version: s.version,
    ...FRESH_DIALOG,
  };
}

export function updateScenarioDraft(patch: Partial<ScenarioDraft>): void {
  if (scenarioDraft.value) scenarioDraft.value = { ...scenarioDraft.value, ...patch };
}

/** Saves the scenario dialog: POST a new scenario under the current one, or PUT the edited one. */
export async function saveScenarioDraft(): Promise<boolean> {
  const draft = scenarioDraft.value;
  const mid = modelId.value;
  if (!draft || mid === null || draft.saving) return false;
  const nameKey = draft.nameLocked ? null : scenarioNameError(draft.name);
  if (nameKey) {
    updateScenarioDraft({ nameError: t(nameKey) });
    return false;
  }
  updateScenarioDraft({ saving: true, error: null, nameError: null, conflict: null });
  const competition = showCompetition.value ? draft.competition : false;
  // A locked name (one change) is the location's: sent as it is.
  const name = draft.nameLocked ? (scenarios.value.find((s) => s.id === draft.scenarioId)?.name ?? draft.name) : draft.name.trim();
  try {
    let id = draft.scenarioId;
    if (draft.mode === 'new') {
      id = (
        await api.call('scenarioCreate', {
          params: { modelId: mid },
          body: { name, parentScenarioId: draft.scenarioId, isTop: draft.isTop, competition },
          expected: expectedFailure,
        })
      ).id;
    } else {
      await api.call('scenarioUpdate', {
        params: { modelId: mid },
        body: { id: draft.scenarioId, name, isTop: draft.isTop, competition, ...(draft.version !== null ? { version: draft.version } : {}) },
        expected: expectedFailure,
      });
    }
    scenarioDraft.value = null;
    await reloadScenarios(id);
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    const conflict = conflictOf(error, 'scenario');
    if (conflict) {
      updateScenarioDraft({ saving: false, conflict });
      return false;
    }
    const field = error instanceof ApiFailure ? error.body?.field : undefined;
    updateScenarioDraft(field === 'name' ? { saving: false, nameError: failureText(error) } : { saving: false, error: failureText(error) });
    return false;
  }
}

/** The scenario dialog after a conflict: show the scenario as it is now (the edit in the form is dropped). */
export async function loadOtherScenarioChange(): Promise<void> {
  const draft = scenarioDraft.value;
  if (!draft) return;
  await reloadScenarios(draft.conflict?.kind === 'gone' ? undefined : draft.scenarioId);
  const s = scenarios.value.find((x) => x.id === draft.scenarioId);
  if (!s) {
    scenarioDraft.value = null;
    return;
  }
  updateScenarioDraft({
    name: s.name,
    isTop: s.isTop,
    competition: s.competition,
    nameLocked: s.changeCount === 1,
    modified: s.modified,
    version: s.version,
    conflict: null,
  });
}

/** The scenario dialog after a conflict: save the edit over the other change, knowingly. */
export async function overwriteScenarioChange(): Promise<boolean> {
  const draft = scenarioDraft.value;
  if (draft?.conflict?.kind !== 'changed') return false;
  updateScenarioDraft({ version: draft.conflict.version, conflict: null });
  return saveScenarioDraft();
}

/** Removes the current scenario after confirmation; the parent is chosen next. */
export async function removeScenario(): Promise<void> {
  const s = scenario.value;
  const mid = modelId.value;
  if (!s || mid === null || scenarioMenuState(s, scenarios.value).remove.disabled) return;
  if (!(await confirm(t('confirmRemoveScenario', { name: s.name }), t('removeScenario')))) return;
  try {
    await api.call('scenarioDelete', { params: { modelId: mid, scenarioId: s.id }, query: { version: s.version }, expected: expectedFailure });
    notify(t('scenarioRemoved', { name: s.name }), 'success');
    await reloadScenarios(s.parentScenarioId);
  } catch (error) {
    rethrowUnexpected(error);
    await tellConflictOrFailure(error, 'scenario');
  }
}
