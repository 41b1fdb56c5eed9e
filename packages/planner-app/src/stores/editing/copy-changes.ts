// The copy-changes dialog: a scenario's changed locations copied into a top
// scenario, the source deleted when asked.
import type { Scenario } from '@locus/contract';
import { signal } from '@preact/signals-react';
import { t } from '../../i18n';
import { reloadScenarios } from '../planner';
import { scenario, scenarios } from '../scenarios';
import { notify } from '../ui';
import { requestFit } from '../view';
import { api } from './client';
import { canDeleteSource, copyTargets, scenarioMenuState } from './rules';
import { expectedFailure, failureText, rethrowUnexpected } from './failures';

export interface CopyDraft {
  sourceId: number;
  targets: Scenario[];
  destinationId: number | null;
  /** The source's changed locations as read when the dialog opened. */
  changes: Scenario['changes'];
  selected: number[];
  deleteSource: boolean;
  error: string | null;
  saving: boolean;
}
export const copyDraft = signal<CopyDraft | null>(null);

/** Opens copy changes; with no destination the notice 'no top scenarios found' is shown instead. */
export async function openCopyChanges(): Promise<void> {
  const s = scenario.value;
  if (!s || scenarioMenuState(s, scenarios.value).copyChanges.disabled) return;
  const targets = copyTargets(scenarios.value, s.id);
  if (!targets.length) {
    notify(t('noTopScenariosFound'), 'warning');
    return;
  }
  const changes = await api.call('scenarioChanges', { params: { scenarioId: s.id } });
  copyDraft.value = {
    sourceId: s.id,
    targets,
    destinationId: targets[0]!.id,
    changes,
    selected: changes.map((c) => c.locationId),
    deleteSource: false,
    error: null,
    saving: false,
  };
}

export function updateCopyDraft(patch: Partial<CopyDraft>): void {
  const draft = copyDraft.value;
  if (!draft) return;
  const next = { ...draft, ...patch };
  // The delete-source choice falls away as soon as not every change is selected.
  if (
    !canDeleteSource(
      next.selected,
      next.changes.map((c) => c.locationId),
    )
  )
    next.deleteSource = false;
  copyDraft.value = next;
}

export function toggleCopyLocation(id: number, on: boolean): void {
  const draft = copyDraft.value;
  if (!draft) return;
  const selected = on ? [...new Set([...draft.selected, id])] : draft.selected.filter((x) => x !== id);
  updateCopyDraft({ selected });
}

export async function saveCopyChanges(): Promise<boolean> {
  const draft = copyDraft.value;
  if (!draft || draft.saving || draft.destinationId === null || draft.selected.length === 0) return false;
  const changed = draft.changes.map((c) => c.locationId);
  const deleteSource = draft.deleteSource && canDeleteSource(draft.selected, changed);
  updateCopyDraft({ saving: true, error: null });
  try {
    const result = await api.call('scenarioCopyChanges', {
      params: { sourceScenarioId: draft.sourceId, destinationScenarioId: draft.destinationId },
      query: { deleteSourceScenario: deleteSource, locations: draft.selected },
      body: {
        scenarioId: draft.sourceId,
        changedLocations: changed,
        selectedLocations: draft.selected,
        deleteSourceScenario: deleteSource,
        destinationScenarioId: draft.destinationId,
      },
      expected: expectedFailure,
    });
    copyDraft.value = null;
    const destination = scenarios.value.find((s) => s.id === result.destinationScenarioId);
    notify(t('changesCopied', { count: result.copiedLocations.length, name: destination?.name ?? '' }), 'success');
    await reloadScenarios(result.destinationScenarioId);
    if (result.copiedLocations.length) requestFit({ kind: 'locations', ids: result.copiedLocations });
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    updateCopyDraft({ saving: false, error: failureText(error) });
    return false;
  }
}
