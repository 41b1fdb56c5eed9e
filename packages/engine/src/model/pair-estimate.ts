// How many (area, location) pairs a calculation will hold, estimated before
// anything is allocated for them: the pairs of an area are the active
// locations within the farthest reach of the modes that are on (the built-in
// estimator's reach for the mode's maximumMinutes; a routing engine reaches no
// farther in practice, as road distance exceeds the great-circle one). Up to
// SAMPLE_AREAS areas, spread evenly over the set, are counted exactly through
// the locations' k-d tree and the count is scaled to the whole set; with no
// more areas than that the count is exact.

import KDBush from 'kdbush';
import { boxAround, greatCircleKm } from '../travel/geo.js';
import { DEFAULT_ESTIMATOR_SETTINGS, reachKm, type EstimatorSettings } from '../travel/estimator.js';
import type { PointSet } from '../travel/types.js';
import { modeIsOn, type DecayParameters } from './parameters.js';

/**
 * Bytes a calculation holds per pair: the candidate pair (location 4, minutes
 * by car and on foot 8 + 8) and its probability (8).
 */
export const BYTES_PER_PAIR = 28;

const SAMPLE_AREAS = 512;

export interface PairEstimate {
  pairs: number;
  bytes: number;
  /** The farthest reach of the modes that are on, great-circle km. */
  reachKm: number;
  /** Areas counted exactly (all of them when `exact`). */
  sampledAreas: number;
  exact: boolean;
}

export function estimatePairs(
  parameters: DecayParameters,
  areas: PointSet,
  locations: PointSet & { active?: ArrayLike<number> },
  settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS,
): PairEstimate {
  const radius = Math.max(
    modeIsOn(parameters.car) ? reachKm('car', parameters.car.maximumMinutes, settings) : 0,
    modeIsOn(parameters.pedestrian) ? reachKm('pedestrian', parameters.pedestrian.maximumMinutes, settings) : 0,
  );
  const areaCount = areas.latitude.length;
  const active: number[] = [];
  for (let j = 0; j < locations.latitude.length; j++) if (!locations.active || locations.active[j]) active.push(j);
  if (!(radius > 0) || areaCount === 0 || active.length === 0) return { pairs: 0, bytes: 0, reachKm: radius, sampledAreas: 0, exact: true };
  const index = new KDBush(active.length, 64, Float64Array);
  for (const j of active) index.add(locations.longitude[j], locations.latitude[j]);
  index.finish();
  const sampled = Math.min(areaCount, SAMPLE_AREAS);
  let counted = 0;
  for (let s = 0; s < sampled; s++) {
    const i = Math.floor(((s + 0.5) * areaCount) / sampled);
    const lat = areas.latitude[i];
    const lon = areas.longitude[i];
    if (radius === Infinity || radius >= 20_050) {
      // Half the Earth's circumference: every location is in reach.
      counted += active.length;
      continue;
    }
    const [x0, y0, x1, y1] = boxAround(lat, lon, radius);
    for (const k of index.range(x0, y0, x1, y1)) {
      const j = active[k];
      if (greatCircleKm(lat, lon, locations.latitude[j], locations.longitude[j]) <= radius) counted++;
    }
  }
  const pairs = sampled === areaCount ? counted : Math.round((counted * areaCount) / sampled);
  return { pairs, bytes: pairs * BYTES_PER_PAIR, reachKm: radius, sampledAreas: sampled, exact: sampled === areaCount };
}
