// What follows a location write: the save target's call, the reload of the
// scenarios and locations, the selection of the changed location and the
// question (or start) of the calculation.
import type { LocationWriteResult, Scenario } from '@locus/contract';
import { t } from '../../i18n';
import { locations, selectedLocationId } from '../locations';
import { calculate, calculateAfterWrite, loadLocationDetail, loadLocations, refreshWrittenLocation, reloadScenarios, selectLocation } from '../planner';
import { isProcessing, scenarioId, scenarios } from '../scenarios';
import { confirm, notify } from '../ui';
import { requestFit } from '../view';
import type { SaveTarget } from './rules';
import { renameAfterChange } from './name-prompt';

/**
 * After a location write: reload the scenarios and the locations, select the
 * scenario that holds the change (or the parent when it was removed), tell a
 * rename or removal, select and fit to the changed location.
 */
export async function afterLocationWrite(
  result: LocationWriteResult,
  options: { fallbackScenarioId: number | null; selectLocationAfter: boolean; scenarioName: string; release?: () => void },
): Promise<void> {
  if (result.scenarioRenamedTo) notify(t('scenarioRenamedTo', { name: result.scenarioRenamedTo }), 'info');
  if (result.scenarioDeleted) notify(t('scenarioDeleted', { name: options.scenarioName }), 'info');
  const target = result.scenarioDeleted ? options.fallbackScenarioId : result.scenarioId;
  const before = scenarioId.value;
  await reloadScenarios(target);
  // The same scenario: the written location alone is read (it is the selected one's detail too); another
  // scenario shown now was read whole when it was selected.
  const patched = scenarioId.value === before && before === result.scenarioId;
  if (patched) await refreshWrittenLocation(result.locationId);
  else if (scenarioId.value === before) await loadLocations();
  const exists = locations.value.some((l) => l.id === result.locationId);
  if (options.selectLocationAfter && exists) {
    if (selectedLocationId.value !== result.locationId) await selectLocation(result.locationId);
    else if (!patched) await loadLocationDetail();
  } else if (!exists && selectedLocationId.value === result.locationId) {
    await selectLocation(null);
  } else if (!(patched && selectedLocationId.value === result.locationId)) {
    await loadLocationDetail();
  }
  options.release?.();
  if (exists) requestFit({ kind: 'locations', ids: [result.locationId] });
}

/** After save, close or undo the user is asked whether to calculate. */
export async function askToCalculate(id: number | null = scenarioId.value): Promise<void> {
  const s = scenarios.value.find((x) => x.id === id);
  if (!s || isProcessing(s.status)) return;
  if (await confirm(t('askCalculate', { name: s.name }), t('calculate'))) await calculate(s.id);
}

/** Query options and path scenario of a write by its save target. */
export function targetCall(
  target: SaveTarget,
  current: Scenario,
  newName: string,
  existingId: number | null,
): { sid: number; query: { createScenario?: boolean; overrideScenarioName?: string }; creation: number | null } {
  if (target === 'new')
    return { sid: current.id, query: { createScenario: true, ...(newName.trim() ? { overrideScenarioName: newName.trim() } : {}) }, creation: null };
  if (target === 'existing' && existingId !== null) return { sid: existingId, query: {}, creation: existingId };
  return { sid: current.id, query: {}, creation: null };
}

/** What happens after a location write: the calculate question (Save), or the calculation at once (Save and calculate). */
export interface SaveOptions {
  calculate?: boolean;
}

/**
 * After a location write: with Save and calculate, the calculation starts at
 * once (no question) while the scenarios and locations reload, and a
 * notification confirms both; with Save, the spec's question follows.
 */
export async function afterSave(
  result: LocationWriteResult,
  options: SaveOptions,
  write: { fallbackScenarioId: number | null; scenarioName: string; rename: string | null; release?: () => void },
): Promise<void> {
  const reload = afterLocationWrite(result, {
    fallbackScenarioId: write.fallbackScenarioId,
    selectLocationAfter: true,
    scenarioName: write.scenarioName,
    release: write.release,
  });
  if (!options.calculate || result.scenarioDeleted) {
    await reload;
    if (write.rename) await renameAfterChange(result.scenarioId, write.rename);
    if (!result.scenarioDeleted) await askToCalculate(result.scenarioId);
    return;
  }
  notify(t('savedCalculating'), 'success');
  if (write.rename) {
    await reload;
    await renameAfterChange(result.scenarioId, write.rename);
    await calculateAfterWrite(result.scenarioId);
    return;
  }
  await Promise.all([reload, calculateAfterWrite(result.scenarioId)]);
}
