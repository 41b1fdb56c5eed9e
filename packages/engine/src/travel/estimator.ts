// The built-in travel-time estimator: no routing engine, just great-circle
// distance times a circuity factor over a speed. Numbers (documented in
// docs/calculation-model.md):
//   pedestrian: road distance = 1.2 x great-circle; 4.8 km/h; no access time.
//   car: road distance = 1.3 x great-circle; 2 minutes access time (to and from
//   the parked car); then speed by distance band of the road distance:
//   first 2 km at 25 km/h (town streets), 2-5 km at 40 km/h, 5-15 km at
//   60 km/h, beyond 15 km at 90 km/h. Each band's speed applies to the
//   kilometres inside that band, so time grows continuously with distance.

import { pairsWithin, allIndices } from './spatial-index.js';
import type { ModePairs, ModesQuery, Profile, ReachQuery, SparseTravelTimes, TravelTimeProvider } from './types.js';
import { estimateModePairs } from './estimator-pairs.js';

import { DEFAULT_ESTIMATOR_SETTINGS, type EstimatorSettings } from './estimator-settings.js';

export { DEFAULT_ESTIMATOR_SETTINGS, type EstimatorSettings, type SpeedBand } from './estimator-settings.js';

/** Minutes for a great-circle distance in km, by profile. */
export function estimateMinutes(profile: Profile, greatCircleKm: number, settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS): number {
  if (profile === 'pedestrian') {
    const p = settings.pedestrian;
    return ((greatCircleKm * p.circuity) / p.kmPerHour) * 60;
  }
  const c = settings.car;
  let road = greatCircleKm * c.circuity;
  let minutes = c.accessMinutes;
  let from = 0;
  for (const band of c.bands) {
    const km = Math.min(road, band.untilKm - from);
    minutes += (km / band.kmPerHour) * 60;
    road -= km;
    from = band.untilKm;
    if (road <= 0) break;
  }
  return minutes;
}

/** The largest great-circle distance whose estimate stays within `minutes` (the inverse of estimateMinutes). */
export function reachKm(profile: Profile, minutes: number, settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS): number {
  if (!(minutes > 0)) return 0;
  if (minutes === Infinity) return Infinity;
  if (profile === 'pedestrian') {
    const p = settings.pedestrian;
    return ((minutes / 60) * p.kmPerHour) / p.circuity;
  }
  const c = settings.car;
  let left = minutes - c.accessMinutes;
  if (left < 0) return 0;
  let road = 0;
  let from = 0;
  for (const band of c.bands) {
    const bandKm = band.untilKm - from;
    const bandMinutes = (bandKm / band.kmPerHour) * 60;
    if (left <= bandMinutes) {
      road += (left / 60) * band.kmPerHour;
      break;
    }
    road += bandKm;
    left -= bandMinutes;
    from = band.untilKm;
  }
  return road / c.circuity;
}

export function estimatorProvider(settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS): TravelTimeProvider {
  return {
    name: 'estimator',
    async reachable(query: ReachQuery): Promise<SparseTravelTimes> {
      return estimateReachable(query, settings);
    },
    async reachableModes(query: ModesQuery): Promise<ModePairs> {
      return estimateModePairs(query, settings);
    },
  };
}

/** The synchronous core of the estimator provider (isolines and tests use it directly). */
export function estimateReachable(query: ReachQuery, settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS): SparseTravelTimes {
  const { profile, origins, destinations, maximumMinutes } = query;
  // A hair of slack on the radius: the exact test is on minutes below.
  const radius = reachKm(profile, maximumMinutes, settings) * (1 + 1e-9) + 1e-9;
  const subset = query.destinationSubset ?? allIndices(destinations.latitude.length);
  return pairsWithin(origins, destinations, subset, radius, (km) => {
    const m = estimateMinutes(profile, km, settings);
    return m <= maximumMinutes ? m : -1;
  });
}
