// The candidate pairs seen from the locations' side (a transpose of the CSR):
// for location j, the pair positions pair[offsets[j] .. offsets[j+1]-1], areas ascending.
// Built once per pair list and cached while the pair list lives.

import type { CandidatePairs } from '../model/candidate-pairs.js';

export interface LocationPairIndex {
  offsets: Uint32Array;
  pair: Uint32Array;
  area: Uint32Array;
}

const cache = new WeakMap<CandidatePairs, LocationPairIndex>();

export function locationPairIndex(pairs: CandidatePairs): LocationPairIndex {
  const hit = cache.get(pairs);
  if (hit) return hit;
  const n = pairs.location.length;
  const offsets = new Uint32Array(pairs.locationCount + 1);
  for (let k = 0; k < n; k++) offsets[pairs.location[k] + 1]++;
  for (let j = 0; j < pairs.locationCount; j++) offsets[j + 1] += offsets[j];
  const fill = offsets.slice(0, pairs.locationCount);
  const pair = new Uint32Array(n);
  const area = new Uint32Array(n);
  for (let i = 0; i < pairs.areaCount; i++) {
    for (let k = pairs.offsets[i]; k < pairs.offsets[i + 1]; k++) {
      const p = fill[pairs.location[k]]++;
      pair[p] = k;
      area[p] = i;
    }
  }
  const index = { offsets, pair, area };
  cache.set(pairs, index);
  return index;
}
