// Candidate pairs through a static k-d tree (kdbush): for each destination,
// the origins within a great-circle radius. Never a loop over all pairs.

import KDBush from 'kdbush';
import { boxAround, greatCircleKm } from './geo.js';
import type { PointSet } from './types.js';

const indexes = new WeakMap<PointSet, KDBush>();

/** The k-d tree of a point set, built once per PointSet object and kept while it lives. */
export function pointIndex(points: PointSet): KDBush {
  let index = indexes.get(points);
  if (!index) {
    const n = points.latitude.length;
    index = new KDBush(Math.max(1, n), 64, Float64Array);
    for (let i = 0; i < n; i++) index.add(points.longitude[i], points.latitude[i]);
    if (n === 0) index.add(1000, 1000); // kdbush needs one point; this one lies outside every box
    index.finish();
    indexes.set(points, index);
  }
  return index;
}

/**
 * Pairs (origin, destination) with great-circle distance <= radiusKm(destination's profile),
 * compressed by origin with destinations ascending. `visit` gets each pair's distance and
 * returns the minutes to keep, or a negative number / NaN to drop the pair.
 */
export function pairsWithin(
  origins: PointSet,
  destinations: PointSet,
  destinationIndices: ArrayLike<number>,
  radiusKm: number,
  minutesOf: (distanceKm: number, origin: number, destination: number) => number,
): { offsets: Uint32Array; destination: Uint32Array; minutes: Float64Array } {
  const originCount = origins.latitude.length;
  const index = pointIndex(origins);
  const hitOrigin: number[] = [];
  const hitDestination: number[] = [];
  const hitMinutes: number[] = [];
  // destinationIndices ascending: collected in that order, the transpose below keeps rows sorted.
  for (let d = 0; d < destinationIndices.length; d++) {
    const j = destinationIndices[d];
    const lat = destinations.latitude[j];
    const lon = destinations.longitude[j];
    const [x0, y0, x1, y1] = boxAround(lat, lon, radiusKm);
    for (const i of index.range(x0, y0, x1, y1)) {
      if (i >= originCount) continue;
      const km = greatCircleKm(origins.latitude[i], origins.longitude[i], lat, lon);
      if (km > radiusKm) continue;
      const m = minutesOf(km, i, j);
      if (!(m >= 0)) continue;
      hitOrigin.push(i);
      hitDestination.push(j);
      hitMinutes.push(m);
    }
  }
  const n = hitOrigin.length;
  const offsets = new Uint32Array(originCount + 1);
  for (let k = 0; k < n; k++) offsets[hitOrigin[k] + 1]++;
  for (let i = 0; i < originCount; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, originCount);
  const destination = new Uint32Array(n);
  const minutes = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const p = fill[hitOrigin[k]]++;
    destination[p] = hitDestination[k];
    minutes[p] = hitMinutes[k];
  }
  return { offsets, destination, minutes };
}

export function allIndices(n: number): Uint32Array {
  const a = new Uint32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}
