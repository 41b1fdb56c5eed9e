// Travel times given from outside: the output of a planner's own routing
// engine, or the published matrices of the reference cases. Origins and
// destinations are positions in the area and location arrays of the
// calculation; pairs not in the matrix are not in reach.

import { sparseFromTriples, type Profile, type ReachQuery, type SparseTravelTimes, type TravelTimeProvider } from './types.js';

export interface TravelTimeMatrix {
  origin: ArrayLike<number>;
  destination: ArrayLike<number>;
  minutes: ArrayLike<number>;
}

export function matrixProvider(matrices: Partial<Record<Profile, TravelTimeMatrix>>): TravelTimeProvider {
  const built = new Map<Profile, { originCount: number; sparse: SparseTravelTimes }>();
  const sparseOf = (profile: Profile, originCount: number): SparseTravelTimes | undefined => {
    const m = matrices[profile];
    if (!m) return undefined;
    let b = built.get(profile);
    if (!b || b.originCount !== originCount) {
      if (m.origin.length !== m.destination.length || m.origin.length !== m.minutes.length) {
        throw new Error(`travel-time matrix for ${profile}: origin, destination and minutes differ in length`);
      }
      for (let k = 0; k < m.origin.length; k++) {
        if (!(m.origin[k] >= 0 && m.origin[k] < originCount)) {
          throw new Error(`travel-time matrix for ${profile}: origin ${m.origin[k]} is not one of the ${originCount} areas`);
        }
      }
      b = { originCount, sparse: sparseFromTriples(originCount, m.origin, m.destination, m.minutes) };
      built.set(profile, b);
    }
    return b.sparse;
  };
  return {
    name: 'matrix',
    async reachable(query: ReachQuery): Promise<SparseTravelTimes> {
      const originCount = query.origins.latitude.length;
      const destinationCount = query.destinations.latitude.length;
      const all = sparseOf(query.profile, originCount);
      const wanted = query.destinationSubset ? new Uint8Array(destinationCount) : undefined;
      if (wanted) for (const j of query.destinationSubset!) wanted[j] = 1;
      const offsets = new Uint32Array(originCount + 1);
      if (!all) return { offsets, destination: new Uint32Array(0), minutes: new Float64Array(0) };
      const keep: number[] = [];
      for (let i = 0; i < originCount; i++) {
        for (let k = all.offsets[i]; k < all.offsets[i + 1]; k++) {
          const j = all.destination[k];
          if (j >= destinationCount) continue;
          if (wanted && !wanted[j]) continue;
          if (!(all.minutes[k] <= query.maximumMinutes)) continue;
          keep.push(k);
        }
        offsets[i + 1] = keep.length;
      }
      const destination = new Uint32Array(keep.length);
      const minutes = new Float64Array(keep.length);
      keep.forEach((k, p) => {
        destination[p] = all.destination[k];
        minutes[p] = all.minutes[k];
      });
      return { offsets, destination, minutes };
    },
  };
}
