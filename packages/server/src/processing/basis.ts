// Choosing what a calculation starts from. A stored result of the scenario
// itself or of one of its ancestors, computed under the same basis key, can
// be recalculated incrementally: the locations keep that result's order
// (added ones appended, deleted ones kept as closed), and only locations whose
// inputs changed are recomputed. Without such a result, or when many
// locations changed, the calculation is a full one in location-id order.
import type { ScenarioLocationInputs } from './inputs.js';
import type { BasisSummary } from '../repo/results.js';

/** Above this share of changed locations a full calculation is as quick and simpler. */
const MAXIMUM_CHANGED_SHARE = 0.25;

export interface LocationPlan {
  /** Location id per calculation position; -id for a location no longer in the scenario. */
  locationIds: Int32Array;
  /** Per position: the index into the scenario's location inputs, or -1. */
  source: Int32Array;
  /** Positions whose inputs differ from the basis (all of them without a basis). */
  changed: number[];
  /** The basis scenario, when the plan follows one. */
  basis?: { scenarioId: number; summaries: BasisSummary[] };
}

const sameBytes = (a: Uint8Array, ai: number, b: Uint8Array, bi: number) => {
  for (let k = 0; k < 8; k++) if (a[8 * ai + k] !== b[8 * bi + k]) return false;
  return true;
};

/** The full-calculation plan: every location in id order. */
export function fullPlan(inputs: ScenarioLocationInputs): LocationPlan {
  const n = inputs.rows.length;
  return {
    locationIds: Int32Array.from(inputs.rows, (r) => r.location_id),
    source: Int32Array.from({ length: n }, (_, j) => j),
    changed: Array.from({ length: n }, (_, j) => j),
  };
}

/** The plan following one basis: its order, with the changes against it. */
export function planFrom(inputs: ScenarioLocationInputs, summary: BasisSummary): LocationPlan {
  const current = new Map(inputs.rows.map((r, j) => [r.location_id, j]));
  const ids: number[] = [];
  const source: number[] = [];
  const changed: number[] = [];
  const seen = new Set<number>();
  summary.locationIds.forEach((stored, j) => {
    const id = Math.abs(stored);
    const now = current.get(id);
    seen.add(id);
    if (now === undefined) {
      ids.push(-id);
      source.push(-1);
      // A location deleted since the basis: it is closed now (unchanged when the basis had it deleted already).
      if (stored > 0) changed.push(j);
      return;
    }
    ids.push(id);
    source.push(now);
    if (stored < 0 || !sameBytes(inputs.fingerprints, now, summary.locationInputs, j)) changed.push(j);
  });
  inputs.rows.forEach((r, j) => {
    if (seen.has(r.location_id)) return;
    changed.push(ids.length);
    ids.push(r.location_id);
    source.push(j);
  });
  return { locationIds: Int32Array.from(ids), source: Int32Array.from(source), changed };
}

/**
 * The best basis among the candidates (the scenario's own previous result and
 * its ancestors' results, each a list of per-sub-model summaries whose key
 * matches): the one with the fewest changed locations, if few enough. `kept`
 * tells a basis the calculation thread still holds: only such a basis makes
 * the calculation incremental (another is followed in its order, but every
 * area is calculated), so among those within the limit the fewest changes
 * win, and the others only when there is none.
 */
export function choosePlan(
  inputs: ScenarioLocationInputs,
  candidates: Map<number, BasisSummary[]>,
  kept?: (summaries: BasisSummary[]) => boolean,
): LocationPlan {
  const limit = Math.max(16, MAXIMUM_CHANGED_SHARE * inputs.rows.length);
  let best: LocationPlan | undefined;
  let bestKept: LocationPlan | undefined;
  for (const [scenarioId, summaries] of candidates) {
    if (!summaries.length) continue;
    const plan = planFrom(inputs, summaries[0]);
    if (!best || plan.changed.length < best.changed.length) best = { ...plan, basis: { scenarioId, summaries } };
    if (kept?.(summaries) && (!bestKept || plan.changed.length < bestKept.changed.length)) bestKept = { ...plan, basis: { scenarioId, summaries } };
  }
  if (bestKept && bestKept.changed.length <= limit) return bestKept;
  return best && best.changed.length <= limit ? best : fullPlan(inputs);
}
