// The model output of the selected location (right drawer): its value in the
// chosen sub-model and, for a scenario other than the base, the base
// scenario's value for comparison. Read only at status 9.
//
// A new figure replaces the old one without a blank in between: while the
// scenario calculates again, and while the new figure is read after 9, the
// last figure of the same location, scenario and sub-model stays on the
// screen, marked as updating (`outputUpdating`).
//
// A model (createModel): made with the API client and the selection it
// follows; its loader runs inside an effect the model owns and disposes. The
// loader reads the output signals it writes with `peek()` only, so that
// writing them never runs it again.
import { batch, computed, createModel, effect, signal, untracked, type ReadonlySignal } from '@preact/signals-react';
import { ChangeType, type Location, type LocationSummary, type Scenario } from '@locus/contract';
import { isAbort, type ApiClient } from '@locus/contract/client';
import { latestWins, STALE } from './latest';
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
  /** The base scenario's content stamp its value was read at: while it stays, the value is not read again. */
  baseModified: string | null;
}

/** What the output follows: the shown scenario and its base, the sub-model, the selected location and its detail. */
export interface OutputSelection {
  scenario: ReadonlySignal<Scenario | null>;
  baseScenario: ReadonlySignal<Scenario | null>;
  submodelId: ReadonlySignal<number | null>;
  isDefaultSubmodel: ReadonlySignal<boolean>;
  selectedLocationId: ReadonlySignal<number | null>;
  locationDetail: ReadonlySignal<Location | null>;
  /** The map's locations (peeked: a new list does not read the output again). */
  locations: ReadonlySignal<readonly LocationSummary[]>;
}

/** The planner's selection as its stores hold it. */
export const plannerSelection: OutputSelection = {
  scenario,
  baseScenario,
  submodelId,
  isDefaultSubmodel,
  selectedLocationId,
  locationDetail,
  locations,
};

/**
 * The output of the selected location. Made with the API client and the
 * selection it follows; from then on it follows the scenario, its status, the
 * sub-model and the selected location (its detail included: the default
 * sub-model's figure comes with it) until disposed.
 */
export const OutputModel = createModel((api: ApiClient, selection: OutputSelection = plannerSelection) => {
  const locationOutput = signal<LocationOutput | null>(null);
  const outputLoading = signal(false);
  /** The figure shown is the one of the latest selection: a read for an earlier one is aborted. */
  const outputRead = latestWins();

  /**
   * Whether the output shown may stand for the selection until its successor
   * comes: the same location and sub-model, in the shown scenario or in its
   * parent (a what-if saved into a new scenario shows the figure it started
   * from while the new scenario calculates).
   */
  function isCurrent(output: LocationOutput | null): output is LocationOutput {
    const s = selection.scenario.value;
    return (
      output !== null &&
      output.locationId === selection.selectedLocationId.value &&
      output.submodelId === selection.submodelId.value &&
      s !== null &&
      (output.scenarioId === s.id || output.scenarioId === s.parentScenarioId)
    );
  }

  /** The output shown is the last one of the selection, kept while its successor is calculated or read. */
  const outputUpdating = computed(() => {
    const s = selection.scenario.value;
    if (!s || !isCurrent(locationOutput.value)) return false;
    return isProcessing(s.status) || (s.status === 9 && outputLoading.value);
  });

  async function valueIn(scenarioId: number, locationId: number, signal: AbortSignal): Promise<{ value: number | null; title: string | null }> {
    const sub = selection.submodelId.value;
    if (sub !== null && !selection.isDefaultSubmodel.value) {
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
    const detail = selection.locationDetail.value;
    if (scenarioId === selection.scenario.value?.id && detail?.id === locationId) return { value: detail.score, title: null };
    const read = await api
      .call('scenarioLocationProperties', { params: { scenarioId, locationId }, expected: [404], signal })
      .catch((error) => (isAbort(error) ? Promise.reject(error) : null));
    return { value: read?.score ?? null, title: null };
  }

  /** Loads the output of the selected location when the scenario is calculated; clears it otherwise. */
  async function load(): Promise<void> {
    const s = selection.scenario.value;
    const lid = selection.selectedLocationId.value;
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
    const base = selection.baseScenario.value;
    // A location opened in this scenario (or a parent of it) is not in the base: nothing to ask it for.
    // Peeked: a new list of the map's locations does not read the output again.
    const inBase = selection.locations.peek().find((l) => l.id === lid)?.changeType !== ChangeType.added;
    const compare = base && base.id !== s.id && base.status === 9 && inBase;
    // The base's value of the same selection is read once per base calculation.
    const known = untracked(() => locationOutput.peek());
    const reuse = compare && isCurrent(known) && known.baseModified === base.modified && known.baseValue !== null;
    const sub = selection.submodelId.value;
    const answer = await outputRead
      .run((signal) =>
        Promise.all([
          valueIn(s.id, lid, signal),
          !compare ? Promise.resolve(null) : reuse ? Promise.resolve({ value: known.baseValue, title: null }) : valueIn(base.id, lid, signal),
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

  // Owned by the model: disposed with it. The loader's own reads (the base scenario, the
  // sub-model's kind) are tracked as well.
  effect(() => {
    void selection.scenario.value?.status;
    void selection.submodelId.value;
    void selection.selectedLocationId.value;
    void selection.locationDetail.value;
    void load();
  });

  return { locationOutput, outputLoading, outputUpdating, load };
});
export type OutputModel = InstanceType<typeof OutputModel>;
