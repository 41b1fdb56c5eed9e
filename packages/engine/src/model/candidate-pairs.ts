// The sparse structure every later step runs on: per demand area, the
// locations in reach by car or on foot (CSR, locations ascending), with the
// minutes of both modes (Infinity where that mode does not reach).

import type { PairRowSink, PointSet, Profile, SparseTravelTimes, TravelTimeProvider } from '../travel/types.js';
import { modeIsOn, type DecayParameters } from './parameters.js';

export interface CandidatePairs {
  areaCount: number;
  locationCount: number;
  /** Pairs of area i are k = offsets[i] .. offsets[i+1]-1. */
  offsets: Uint32Array;
  location: Uint32Array;
  minutesCar: Float64Array;
  minutesPedestrian: Float64Array;
}

const EMPTY: SparseTravelTimes = { offsets: new Uint32Array(1), destination: new Uint32Array(0), minutes: new Float64Array(0) };

function emptyFor(areaCount: number): SparseTravelTimes {
  return { ...EMPTY, offsets: new Uint32Array(areaCount + 1) };
}

/** Merges the car and pedestrian reach of each area into one row of pairs. */
export function mergeModes(areaCount: number, locationCount: number, car: SparseTravelTimes, pedestrian: SparseTravelTimes): CandidatePairs {
  const offsets = new Uint32Array(areaCount + 1);
  let n = 0;
  for (let i = 0; i < areaCount; i++) {
    let a = car.offsets[i],
      b = pedestrian.offsets[i];
    const ae = car.offsets[i + 1],
      be = pedestrian.offsets[i + 1];
    while (a < ae || b < be) {
      const ja = a < ae ? car.destination[a] : Infinity;
      const jb = b < be ? pedestrian.destination[b] : Infinity;
      if (ja <= jb) a++;
      if (jb <= ja) b++;
      n++;
    }
    offsets[i + 1] = n;
  }
  const location = new Uint32Array(n);
  const minutesCar = new Float64Array(n);
  const minutesPedestrian = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < areaCount; i++) {
    let a = car.offsets[i],
      b = pedestrian.offsets[i];
    const ae = car.offsets[i + 1],
      be = pedestrian.offsets[i + 1];
    while (a < ae || b < be) {
      const ja = a < ae ? car.destination[a] : Infinity;
      const jb = b < be ? pedestrian.destination[b] : Infinity;
      const j = Math.min(ja, jb);
      location[k] = j;
      minutesCar[k] = ja === j ? car.minutes[a++] : Infinity;
      minutesPedestrian[k] = jb === j ? pedestrian.minutes[b++] : Infinity;
      k++;
    }
  }
  return { areaCount, locationCount, offsets, location, minutesCar, minutesPedestrian };
}

export interface CandidatePairQuery {
  areas: PointSet;
  locations: PointSet;
  /** 1 for locations that attract demand (open, not excluded, not a retail area); all when absent. */
  active?: ArrayLike<number>;
  /** Only these locations (ascending); all active ones when absent. */
  locationSubset?: Uint32Array;
}

/**
 * Asks the provider, per mode that is on, for the pairs within that mode's
 * maximumMinutes. `rows`, when given, goes to a provider that answers both
 * modes in one sweep (ModesQuery.rows); it may or may not be used.
 */
export async function findCandidatePairs(
  provider: TravelTimeProvider,
  parameters: DecayParameters,
  query: CandidatePairQuery,
  rows?: PairRowSink,
): Promise<CandidatePairs> {
  const areaCount = query.areas.latitude.length;
  const locationCount = query.locations.latitude.length;
  let subset = query.locationSubset;
  if (query.active) {
    const base = subset ?? Uint32Array.from({ length: locationCount }, (_, j) => j);
    const active = query.active;
    subset = base.filter((j) => active[j] === 1);
    if (!query.locationSubset && subset.length === locationCount) subset = undefined;
  }
  if (provider.reachableModes) {
    const both = await provider.reachableModes({
      origins: query.areas,
      destinations: query.locations,
      carMinutes: modeIsOn(parameters.car) ? parameters.car.maximumMinutes : 0,
      pedestrianMinutes: modeIsOn(parameters.pedestrian) ? parameters.pedestrian.maximumMinutes : 0,
      destinationSubset: subset,
      rows,
    });
    return { areaCount, locationCount, ...both };
  }
  const ask = async (profile: Profile): Promise<SparseTravelTimes> => {
    const mode = parameters[profile];
    if (!modeIsOn(mode)) return emptyFor(areaCount);
    return provider.reachable({
      profile,
      origins: query.areas,
      destinations: query.locations,
      maximumMinutes: mode.maximumMinutes,
      destinationSubset: subset,
    });
  };
  const [car, pedestrian] = await Promise.all([ask('car'), ask('pedestrian')]);
  return mergeModes(areaCount, locationCount, car, pedestrian);
}
