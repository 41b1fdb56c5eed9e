// The model output of the selected location (right drawer): its value in the
// chosen sub-model and, for a scenario other than the base, the base
// scenario's value for comparison. Read only at status 9.
//
// A new value replaces the old one without a blank in between: while the
// scenario calculates again, or while the new figures are read after 9, the
// last figure of the same location in the same scenario stays on the screen,
// marked as updating (`outputUpdating`). The base scenario's value is read
// while the scenario still calculates, so at 9 the figure is there at once.
import { computed, signal } from '@preact/signals-react';
import { ChangeType } from '@locus/contract';
import type { ApiClient } from '../api/client';
import { locationDetail, locations, selectedLocationId } from './locations';
import { isDefaultSubmodel, submodelId } from './models';
import { baseScenario, isProcessing, scenario } from './scenarios';

export interface LocationOutput {
  locationId: number;
  scenarioId: number;
  submodelId: number | null;
  value: number | null;
  title: string | null;
  /** The base scenario's value; null for the base scenario itself or when it is not calculated. */
  baseValue: number | null;
  /** The scenario's content stamp the figure was read at. */
  modified: string;
}

export const locationOutput = signal<LocationOutput | null>(null);
export const outputLoading = signal(false);
/** The output shown is the last one of this location and scenario, kept while the new one is calculated or read. */
export const outputUpdating = computed(() => {
  const output = locationOutput.value;
  const s = scenario.value;
  if (!output || !s) return false;
  return isProcessing(s.status) || (s.status === 9 && (outputLoading.value || output.modified !== s.modified));
});
let generation = 0;

/** Values of the base scenario by scenario, its stamp, sub-model and location (a few hundred at most). */
const baseValues = new Map<string, Promise<{ value: number | null; title: string | null }>>();

async function valueIn(api: ApiClient, scenarioId: number, locationId: number): Promise<{ value: number | null; title: string | null }> {
  const sub = submodelId.value;
  if (sub !== null && !isDefaultSubmodel.value) {
    const matching = await api
      .call('matchingLocations', {
        params: { submodelId: sub, scenarioId, locationId },
        query: { topN: 1 },
        expected: [404, 409],
      })
      .catch(() => []);
    const own = matching.find((m) => m.locationId === locationId) ?? matching[0];
    return { value: own?.outputLocationPropertyValue ?? null, title: own?.outputLocationPropertyTitle ?? null };
  }
  if (scenarioId === scenario.value?.id && locationDetail.value?.id === locationId) return { value: locationDetail.value.score, title: null };
  const detail = await api.call('scenarioLocationProperties', { params: { scenarioId, locationId }, expected: [404] }).catch(() => null);
  return { value: detail?.score ?? null, title: null };
}

/** The base scenario's value of a location, read once per base calculation. */
function baseValueOf(api: ApiClient, locationId: number): Promise<{ value: number | null; title: string | null }> | null {
  const s = scenario.value;
  const base = baseScenario.value;
  if (!s || !base || base.id === s.id || base.status !== 9) return null;
  // A location opened in this scenario (or a parent of it) is not in the base: nothing to ask it for.
  if (locations.value.find((l) => l.id === locationId)?.changeType === ChangeType.added) return null;
  const key = `${base.id}:${base.modified}:${submodelId.value}:${locationId}`;
  let value = baseValues.get(key);
  if (!value) {
    if (baseValues.size > 500) baseValues.clear();
    value = valueIn(api, base.id, locationId);
    value.catch(() => baseValues.delete(key));
    baseValues.set(key, value);
  }
  return value;
}

/** Loads the output of the selected location when the scenario is calculated; keeps or clears it otherwise. */
export async function loadLocationOutput(api: ApiClient): Promise<void> {
  const s = scenario.value;
  const lid = selectedLocationId.value;
  const mine = ++generation;
  const shown = locationOutput.value;
  const same = !!s && !!shown && shown.locationId === lid && shown.scenarioId === s.id && shown.submodelId === submodelId.value;
  if (!s || lid === null || s.status !== 9) {
    // While it calculates, the last figure stays (marked as updating) and the base value is read ahead.
    if (!(same && s && isProcessing(s.status))) locationOutput.value = null;
    if (s && lid !== null && isProcessing(s.status)) void baseValueOf(api, lid)?.catch(() => undefined);
    outputLoading.value = false;
    return;
  }
  outputLoading.value = true;
  try {
    const [own, baseOwn] = await Promise.all([valueIn(api, s.id, lid), baseValueOf(api, lid) ?? Promise.resolve(null)]);
    if (mine !== generation) return;
    locationOutput.value = {
      locationId: lid,
      scenarioId: s.id,
      submodelId: submodelId.value,
      value: own.value,
      title: own.title,
      baseValue: baseOwn?.value ?? null,
      modified: s.modified,
    };
    performance.mark('locus:output-visible');
  } finally {
    if (mine === generation) outputLoading.value = false;
  }
}
