// The location actions of the drawer and the context menu (edit, close, undo
// close, undo edit, delete) and the close-location dialog.
import type { Scenario } from '@locus/contract';
import { signal } from '@preact/signals-react';
import { t } from '../../i18n';
import { locations, selectedLocationId, type LocationAction } from '../locations';
import { holdEvents, loadLocationDetail, loadLocations, selectLocation } from '../planner';
import { scenario, scenarios } from '../scenarios';
import { confirm } from '../ui';
import { api } from './client';
import { type SaveTarget, existingTargets, locationActionStates, saveTargetRules } from './rules';
import { conflictOf, conflictText, expectedFailure, failureText, rethrowUnexpected, tellConflictOrFailure } from './failures';
import { type SaveOptions, afterLocationWrite, afterSave, askToCalculate, targetCall } from './after-write';
import { needsNameForNextChange, promptScenarioName } from './name-prompt';
import { openEditLocation } from './location-dialog';

/** The close-location dialog: where the closure is saved. */
export interface CloseDraft {
  locationId: number;
  name: string;
  /** The location's version as read; after a conflict the one stored now (saving again closes it anyway). */
  version: number | null;
  target: SaveTarget;
  newScenarioName: string;
  existingScenarioId: number | null;
  error: string | null;
  saving: boolean;
}
export const closeDraft = signal<CloseDraft | null>(null);

/**
 * The base scenario itself cannot be changed, so a change of a
 * location seen there goes into a new scenario named like the location, after
 * confirmation.
 */
async function confirmNewScenarioFromBase(name: string): Promise<boolean> {
  return confirm(t('confirmChangeInNewScenario', { name }), t('baseScenario'));
}

/** Runs a location action from the drawer (or the context menu). */
export async function runLocationAction(action: LocationAction, locationId: number): Promise<void> {
  const s = scenario.value;
  if (!s) return;
  if (selectedLocationId.value !== locationId) await selectLocation(locationId);
  const summary = locations.value.find((l) => l.id === locationId);
  if (!summary) return;
  const states = locationActionStates(summary.changeType, s.parentScenarioId !== null, s.status);
  if (!states.some((x) => x.action === action && !x.disabled)) return;
  const name = summary.name;
  switch (action) {
    case 'edit':
      if (s.parentScenarioId === null && !(await confirmNewScenarioFromBase(name))) return;
      await openEditLocation(locationId);
      return;
    case 'close': {
      const rules = saveTargetRules({
        scenarioHasParent: s.parentScenarioId !== null,
        changeType: summary.changeType,
        existingCount: existingTargets(scenarios.value, s.id).length,
      });
      if (s.parentScenarioId === null && !(await confirmNewScenarioFromBase(name))) return;
      closeDraft.value = {
        locationId,
        name,
        version: summary.version,
        target: rules.initial,
        newScenarioName: '',
        existingScenarioId: existingTargets(scenarios.value, s.id)[0]?.id ?? null,
        error: null,
        saving: false,
      };
      return;
    }
    case 'undoClose':
      if (!(await confirm(t('confirmUndoCloseLocation', { name }), t('undoClose')))) return;
      await simpleWrite('locationUndoClose', locationId, s, true);
      return;
    case 'undoEdit':
      if (!(await confirm(t('confirmUndoEditLocation', { name }), t('undoEdit')))) return;
      await simpleWrite('locationUndoEdit', locationId, s, true);
      return;
    case 'delete':
      if (!(await confirm(t('confirmRemoveLocation', { name }), t('removeLocation')))) return;
      await simpleWrite('locationDelete', locationId, s, false);
  }
}

async function simpleWrite(route: 'locationUndoClose' | 'locationUndoEdit' | 'locationDelete', locationId: number, s: Scenario, ask: boolean): Promise<void> {
  const release = holdEvents();
  try {
    const version = locations.value.find((l) => l.id === locationId)?.version;
    const result = await api.call(route, { params: { scenarioId: s.id, locationId }, query: version ? { version } : {}, expected: expectedFailure });
    await afterLocationWrite(result, {
      fallbackScenarioId: s.parentScenarioId,
      selectLocationAfter: route !== 'locationDelete',
      scenarioName: s.name,
      release,
    });
    if (ask && !result.scenarioDeleted) await askToCalculate(result.scenarioId);
  } catch (error) {
    rethrowUnexpected(error);
    await tellConflictOrFailure(error, 'location');
  } finally {
    release();
  }
}

export function updateCloseDraft(patch: Partial<CloseDraft>): void {
  if (closeDraft.value) closeDraft.value = { ...closeDraft.value, ...patch };
}

export async function saveClose(options: SaveOptions = {}): Promise<boolean> {
  const draft = closeDraft.value;
  const s = scenario.value;
  if (!draft || !s || draft.saving) return false;
  const target = scenarios.value.find((x) => x.id === (draft.target === 'existing' ? draft.existingScenarioId : s.id));
  let rename: string | null = null;
  if (draft.target !== 'new' && target && needsNameForNextChange(target, draft.locationId)) {
    rename = await promptScenarioName(target);
    if (rename === null) return false;
  }
  updateCloseDraft({ saving: true, error: null });
  const call = targetCall(draft.target, s, draft.newScenarioName, draft.existingScenarioId);
  const release = holdEvents();
  try {
    const result = await api.call('locationClose', {
      params: { scenarioId: call.sid, locationId: draft.locationId },
      // The version seen is of the current scenario's location: not sent for a close into another scenario.
      query: { ...call.query, ...(draft.version !== null && draft.target !== 'existing' ? { version: draft.version } : {}) },
      expected: expectedFailure,
    });
    closeDraft.value = null;
    await afterSave(result, options, { fallbackScenarioId: s.parentScenarioId, scenarioName: s.name, rename, release });
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    const conflict = conflictOf(error, 'location');
    if (conflict?.kind === 'changed') {
      updateCloseDraft({ saving: false, version: conflict.version, error: `${conflictText(conflict)} ${t('conflictSaveAgain')}` });
      await loadLocations();
      await loadLocationDetail();
    } else updateCloseDraft({ saving: false, error: conflict ? conflictText(conflict) : failureText(error) });
    return false;
  } finally {
    release();
  }
}
