// Recalculation after a change of one or a few locations. Only the demand
// areas those locations reach (before or after the change) can see different
// probabilities, because each area's row is normalised on its own. Those rows
// are rebuilt from the unchanged pairs plus fresh travel times for the changed
// locations; every other row is copied. The result equals a full calculation
// bit for bit (same pairs, same order, same sums).

import type { TravelTimeProvider } from '../travel/types.js';
import { findCandidatePairs, type CandidatePairs } from './candidate-pairs.js';
import { functionProducts } from './functions.js';
import { huffRows } from './interaction.js';
import { activeMask, compileModel, scenarioResult, type AreaInput, type LocationInput, type ScenarioResult } from './scenario.js';

export interface LocationChange {
  /** The scenario's locations after the change: earlier indices unchanged, added locations appended. */
  locations: LocationInput;
  /** Indices of the locations that were added, closed, moved or edited. */
  changed: ArrayLike<number>;
}

/** `fallbacks.attractiveness` counts only the changed locations; the others were counted in the previous result. */
export interface IncrementalResult extends ScenarioResult {
  /** The demand areas whose rows were recomputed. */
  affectedAreas: Uint32Array;
}

export async function recalculateChangedLocations(
  previous: ScenarioResult,
  areas: AreaInput,
  change: LocationChange,
  provider: TravelTimeProvider,
): Promise<IncrementalResult> {
  const { parameters } = previous;
  const old = previous.pairs;
  const locations = change.locations;
  const locationCount = locations.latitude.length;
  const areaCount = old.areaCount;
  if (locationCount < old.locationCount) throw new Error('a location change may append locations but not remove them; close them instead');
  if (areas.latitude.length !== areaCount) throw new Error('the demand areas differ from those of the previous result');

  const changed = Uint32Array.from(new Set(Array.from(change.changed))).sort();
  // Locations appended without being listed as changed are changes too.
  const isChanged = new Uint8Array(locationCount);
  for (const j of changed) isChanged[j] = 1;
  for (let j = old.locationCount; j < locationCount; j++) isChanged[j] = 1;
  const changedAll = Uint32Array.from({ length: locationCount }, (_, j) => j).filter((j) => isChanged[j] === 1);

  const active = activeMask(locations);
  const attractiveness = new Float64Array(locationCount);
  attractiveness.set(previous.attractiveness);
  const compiled = compileModel(parameters);
  const a = functionProducts(compiled.attractiveness, locations.properties, attractiveness, changedAll);
  for (const j of changedAll) if (!active[j]) attractiveness[j] = 0;

  const fresh = await findCandidatePairs(provider, parameters, { areas, locations, active, locationSubset: changedAll });

  const affected = new Uint8Array(areaCount);
  for (let i = 0; i < areaCount; i++) {
    if (fresh.offsets[i + 1] > fresh.offsets[i]) {
      affected[i] = 1;
      continue;
    }
    for (let k = old.offsets[i]; k < old.offsets[i + 1]; k++)
      if (isChanged[old.location[k]]) {
        affected[i] = 1;
        break;
      }
  }

  // Size of the new pair list: unchanged rows as they were, affected rows merged.
  const offsets = new Uint32Array(areaCount + 1);
  for (let i = 0; i < areaCount; i++) {
    let n = 0;
    if (!affected[i]) n = old.offsets[i + 1] - old.offsets[i];
    else {
      for (let k = old.offsets[i]; k < old.offsets[i + 1]; k++) if (!isChanged[old.location[k]]) n++;
      n += fresh.offsets[i + 1] - fresh.offsets[i];
    }
    offsets[i + 1] = offsets[i] + n;
  }
  const total = offsets[areaCount];
  const pairs: CandidatePairs = {
    areaCount,
    locationCount,
    offsets,
    location: new Uint32Array(total),
    minutesCar: new Float64Array(total),
    minutesPedestrian: new Float64Array(total),
  };
  const probability = new Float64Array(total);

  const affectedAreas: number[] = [];
  for (let i = 0; i < areaCount; i++) {
    const start = offsets[i];
    if (!affected[i]) {
      // The unaffected rows up to the next affected one, copied in one piece
      // (they lie side by side in both lists): a few copies for a one-store
      // change instead of four per area.
      let end = i + 1;
      while (end < areaCount && !affected[end]) end++;
      const from = old.offsets[i],
        to = old.offsets[end];
      pairs.location.set(old.location.subarray(from, to), start);
      pairs.minutesCar.set(old.minutesCar.subarray(from, to), start);
      pairs.minutesPedestrian.set(old.minutesPedestrian.subarray(from, to), start);
      probability.set(previous.probability.subarray(from, to), start);
      i = end - 1;
      continue;
    }
    affectedAreas.push(i);
    // Merge the kept old pairs with the fresh ones, locations ascending.
    let p = start;
    let a2 = old.offsets[i];
    const ae = old.offsets[i + 1];
    let b = fresh.offsets[i];
    const be = fresh.offsets[i + 1];
    while (a2 < ae || b < be) {
      while (a2 < ae && isChanged[old.location[a2]]) a2++;
      const ja = a2 < ae ? old.location[a2] : Infinity;
      const jb = b < be ? fresh.location[b] : Infinity;
      if (ja === Infinity && jb === Infinity) break;
      if (ja < jb) {
        pairs.location[p] = ja;
        pairs.minutesCar[p] = old.minutesCar[a2];
        pairs.minutesPedestrian[p] = old.minutesPedestrian[a2];
        a2++;
      } else {
        pairs.location[p] = jb;
        pairs.minutesCar[p] = fresh.minutesCar[b];
        pairs.minutesPedestrian[p] = fresh.minutesPedestrian[b];
        b++;
      }
      p++;
    }
    huffRows(pairs, parameters, attractiveness, parameters.fractionCutOffThreshold, probability, i, i + 1);
  }

  return scenarioResult({
    parameters,
    pairs,
    probability,
    active,
    attractiveness,
    output: changedOutputs(previous, pairs, probability, affectedAreas),
    demand: previous.demand,
    fallbacks: { attractiveness: a.fallbacks, demand: previous.fallbacks.demand },
    affectedAreas: Uint32Array.from(affectedAreas),
  });
}

/**
 * O_j after the change. A location that no recomputed area reaches, before
 * or after, keeps its output: the same terms summed in the same order give
 * the same bits. The others are summed again over every area in area order,
 * as outputsOf does (and so as a full calculation does); the pass reads all
 * pairs but adds only for those locations.
 */
function changedOutputs(previous: ScenarioResult, pairs: CandidatePairs, probability: Float64Array, affectedAreas: readonly number[]): Float64Array {
  const old = previous.pairs;
  const { offsets, location, areaCount, locationCount } = pairs;
  const demand = previous.demand;
  const again = new Uint8Array(locationCount);
  for (const i of affectedAreas) {
    for (let k = old.offsets[i]; k < old.offsets[i + 1]; k++) again[old.location[k]] = 1;
    for (let k = offsets[i]; k < offsets[i + 1]; k++) again[location[k]] = 1;
  }
  const output = new Float64Array(locationCount);
  output.set(previous.output.subarray(0, Math.min(previous.output.length, locationCount)));
  for (let j = 0; j < locationCount; j++) if (again[j]) output[j] = 0;
  for (let i = 0; i < areaCount; i++) {
    const d = demand[i];
    for (let k = offsets[i]; k < offsets[i + 1]; k++) {
      const j = location[k];
      if (again[j]) output[j] += d * probability[k];
    }
  }
  return output;
}
