// The model output of the selected location (right drawer): its value in the
// chosen sub-model and, for a scenario other than the base, the base
// scenario's value for comparison. Read only at status 9.
//
// A new figure replaces the old one without a blank in between: while the
// scenario calculates again, and while the new figure is read after 9, the
// last figure of the same location, scenario and sub-model stays on the
// screen, marked as updating (`outputUpdating`).
//
// The loader runs inside an effect (followSelectedOutput): it reads the output signals
// it writes with `peek()` only, so that writing them never runs it again.
import { batch, computed, effect, signal, untracked } from '@preact/signals-react';
import { ChangeType } from '@locus/contract';
import { isAbort, type ApiClient } from '@locus/contract/client';
import { locationDetail, locations, selectedLocationId } from './locations';
import { isDefaultSubmodel, submodelId } from './models';
import { latestWins, STALE } from './latest';
import { baseScenario, isProcessing, scenario } from './scenarios';

export interface LocationOutput {
  locationId: number;
  scenarioId: number;
  submodelId: number | null;
  value: number | null;
  title: string | null;
  /** The base scenario's value; null for the base scenario itself or when it is not calculated. */
  baseValue: number | null;
  /** The base scenario's content stamp its value was read at: while it stays, the value is not read again. */
  baseModified: string | null;
}

export const locationOutput = signal<LocationOutput | null>(null);
export const outputLoading = signal(false);
/** The figure shown is the one of the latest selection: a read for an earlier one is aborted. */
const outputRead = latestWins();

/**
 * Whether the output shown may stand for the selection until its successor
 * comes: the same location and sub-model, in the shown scenario or in its
 * parent (a what-if saved into a new scenario shows the figure it started
 * from while the new scenario calculates).
 */
function isCurrent(output: LocationOutput | null): output is LocationOutput {
  const s = scenario.value;
  return (
    output !== null &&
    output.locationId === selectedLocationId.value &&
    output.submodelId === submodelId.value &&
    s !== null &&
    (output.scenarioId === s.id || output.scenarioId === s.parentScenarioId)
  );
}

/** The output shown is the last one of the selection, kept while its successor is calculated or read. */
export const outputUpdating = computed(() => {
  const s = scenario.value;
  if (!s || !isCurrent(locationOutput.value)) return false;
  return isProcessing(s.status) || (s.status === 9 && outputLoading.value);
});

async function valueIn(api: ApiClient, scenarioId: number, locationId: number, signal: AbortSignal): Promise<{ value: number | null; title: string | null }> {
  const sub = submodelId.value;
  if (sub !== null && !isDefaultSubmodel.value) {
    const matching = await api
      .call('matchingLocations', {
        params: { submodelId: sub, scenarioId, locationId },
        query: { topN: 1 },
        expected: [404, 409],
        signal,
      })
      .catch((error) => (isAbort(error) ? Promise.reject(error) : []));
    const own = matching.find((m) => m.locationId === locationId) ?? matching[0];
    return { value: own?.outputLocationPropertyValue ?? null, title: own?.outputLocationPropertyTitle ?? null };
  }
  if (scenarioId === scenario.value?.id && locationDetail.value?.id === locationId) return { value: locationDetail.value.score, title: null };
  const detail = await api
    .call('scenarioLocationProperties', { params: { scenarioId, locationId }, expected: [404], signal })
    .catch((error) => (isAbort(error) ? Promise.reject(error) : null));
  return { value: detail?.score ?? null, title: null };
}

/** Loads the output of the selected location when the scenario is calculated; clears it otherwise. */
export async function loadLocationOutput(api: ApiClient): Promise<void> {
  const s = scenario.value;
  const lid = selectedLocationId.value;
  if (!s || lid === null || s.status !== 9) {
    outputRead.abort();
    // While the scenario calculates, the figure of the same selection stays (marked as updating).
    const kept = s && isProcessing(s.status) && untracked(() => isCurrent(locationOutput.peek()));
    if (!kept) locationOutput.value = null;
    if (untracked(() => outputLoading.peek())) outputLoading.value = false;
    return;
  }
  // A figure of another selection is not kept while the new one is read.
  if (!untracked(() => isCurrent(locationOutput.peek()))) locationOutput.value = null;
  outputLoading.value = true;
  const base = baseScenario.value;
  // A location opened in this scenario (or a parent of it) is not in the base: nothing to ask it for.
  // Peeked: a new list of the map's locations does not read the output again.
  const inBase = locations.peek().find((l) => l.id === lid)?.changeType !== ChangeType.added;
  const compare = base && base.id !== s.id && base.status === 9 && inBase;
  // The base's value of the same selection is read once per base calculation.
  const known = untracked(() => locationOutput.peek());
  const reuse = compare && isCurrent(known) && known.baseModified === base.modified && known.baseValue !== null;
  const sub = submodelId.value;
  const answer = await outputRead
    .run((signal) =>
      Promise.all([
        valueIn(api, s.id, lid, signal),
        !compare ? Promise.resolve(null) : reuse ? Promise.resolve({ value: known.baseValue, title: null }) : valueIn(api, base.id, lid, signal),
      ]),
    )
    .catch((error: unknown) => {
      outputLoading.value = false;
      throw error;
    });
  if (answer === STALE) return;
  const [own, baseOwn] = answer;
  batch(() => {
    locationOutput.value = {
      locationId: lid,
      scenarioId: s.id,
      submodelId: sub,
      value: own.value,
      title: own.title,
      baseValue: baseOwn?.value ?? null,
      baseModified: compare ? base.modified : null,
    };
    outputLoading.value = false;
  });
  performance.mark('locus:output-visible');
}

/**
 * The output follows the scenario, its status, the sub-model and the selected
 * location (its detail included: the default sub-model's figure comes with
 * it). Returns the function that stops it.
 */
export function followSelectedOutput(api: ApiClient): () => void {
  return effect(() => {
    void scenario.value?.status;
    void submodelId.value;
    void selectedLocationId.value;
    void locationDetail.value;
    void loadLocationOutput(api);
  });
}
