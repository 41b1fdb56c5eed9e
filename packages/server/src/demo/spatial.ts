// A bucket grid over longitude/latitude points for the generator's "what is
// within r km" questions (POIs in range, the gravity estimate of turnover):
// a few thousand points, so buckets of a couple of kilometres are enough.
import { KM_PER_DEGREE_LAT, KM_PER_DEGREE_LNG } from './geography.js';

export interface Point {
  longitude: number;
  latitude: number;
}

export class PointIndex<T extends Point> {
  private readonly buckets = new Map<number, number[]>();

  constructor(
    readonly points: readonly T[],
    private readonly bucketKm = 2,
  ) {
    points.forEach((p, i) => {
      const key = this.key(this.col(p.longitude), this.row(p.latitude));
      const list = this.buckets.get(key);
      if (list) list.push(i);
      else this.buckets.set(key, [i]);
    });
  }

  private col(lng: number) {
    return Math.floor((lng * KM_PER_DEGREE_LNG) / this.bucketKm);
  }
  private row(lat: number) {
    return Math.floor((lat * KM_PER_DEGREE_LAT) / this.bucketKm);
  }
  private key(c: number, r: number) {
    return c * 100_000 + r;
  }

  /** Calls fn with each point within km (equirectangular distance) and that distance, in index order per bucket. */
  within(lng: number, lat: number, km: number, fn: (index: number, distanceKm: number) => void): void {
    const c0 = this.col(lng),
      r0 = this.row(lat),
      reach = Math.ceil(km / this.bucketKm);
    for (let c = c0 - reach; c <= c0 + reach; c++) {
      for (let r = r0 - reach; r <= r0 + reach; r++) {
        const list = this.buckets.get(this.key(c, r));
        if (!list) continue;
        for (const i of list) {
          const p = this.points[i]!;
          const dx = (p.longitude - lng) * KM_PER_DEGREE_LNG,
            dy = (p.latitude - lat) * KM_PER_DEGREE_LAT;
          const d = Math.sqrt(dx * dx + dy * dy);
          if (d <= km) fn(i, d);
        }
      }
    }
  }

  count(lng: number, lat: number, km: number): number {
    let n = 0;
    this.within(lng, lat, km, () => {
      n++;
    });
    return n;
  }
}

/** Index of the nearest of a short list of points (clusters). */
export function nearest(points: readonly Point[], lng: number, lat: number): number {
  let best = 0,
    bestD = Infinity;
  points.forEach((p, i) => {
    const dx = (p.longitude - lng) * KM_PER_DEGREE_LNG,
      dy = (p.latitude - lat) * KM_PER_DEGREE_LAT;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
