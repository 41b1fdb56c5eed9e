// OSRM table-API adapter: /table/v1/{profile}/{lon,lat;...}?sources=..&destinations=..&annotations=duration.
// The spatial index first finds candidate pairs within the straight-line
// distance that the fastest possible trip could cover in maximumMinutes; only
// those pairs are asked for, in requests of at most `maximumTableSize` coordinates.

import { allIndices, pairsWithin } from './spatial-index.js';
import type { Profile, ReachQuery, SparseTravelTimes, TravelTimeProvider } from './types.js';

export interface OsrmSettings {
  /** Server root, e.g. "http://osrm.internal:5000" (no trailing /table). */
  baseUrl: string;
  /** OSRM profile per mode; default car "driving", pedestrian "foot". */
  profiles?: Partial<Record<Profile, string>>;
  /** Straight-line speed (km/h) no trip exceeds; bounds the candidate search. Default car 130, pedestrian 7. */
  maximumKmPerHour?: Partial<Record<Profile, number>>;
  /** Coordinates per request (OSRM's --max-table-size, default 100). */
  maximumTableSize?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  fetch?: typeof fetch;
}

interface Batch {
  origins: number[];
  destinations: number[];
  /** Candidate pair positions covered by this batch, with their row/column in the table. */
  pairs: Array<{ pair: number; row: number; column: number }>;
}

export function osrmProvider(settings: OsrmSettings): TravelTimeProvider {
  const profiles = { car: 'driving', pedestrian: 'foot', ...settings.profiles };
  const speeds = { car: 130, pedestrian: 7, ...settings.maximumKmPerHour };
  const tableSize = Math.max(2, settings.maximumTableSize ?? 100);
  const concurrency = Math.max(1, settings.concurrency ?? 4);
  const doFetch = settings.fetch ?? globalThis.fetch;
  const base = settings.baseUrl.replace(/\/+$/, '');

  async function table(profile: Profile, query: ReachQuery, batch: Batch): Promise<Array<Array<number | null>>> {
    const coords: string[] = [];
    for (const i of batch.origins) coords.push(`${query.origins.longitude[i]},${query.origins.latitude[i]}`);
    for (const j of batch.destinations) coords.push(`${query.destinations.longitude[j]},${query.destinations.latitude[j]}`);
    const sources = batch.origins.map((_, k) => k).join(';');
    const destinations = batch.destinations.map((_, k) => k + batch.origins.length).join(';');
    const url = `${base}/table/v1/${profiles[profile]}/${coords.join(';')}?sources=${sources}&destinations=${destinations}&annotations=duration`;
    const response = await doFetch(url);
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; durations?: Array<Array<number | null>> };
    if (!response.ok || body.code !== 'Ok' || !Array.isArray(body.durations)) {
      throw new Error(`OSRM table request failed (${response.status} ${body.code ?? ''}): ${body.message ?? 'no durations in the answer'}`);
    }
    return body.durations;
  }

  return {
    name: 'osrm',
    async reachable(query: ReachQuery): Promise<SparseTravelTimes> {
      const { profile, origins, destinations, maximumMinutes } = query;
      const radius = Number.isFinite(maximumMinutes) ? (speeds[profile] * maximumMinutes) / 60 : Infinity;
      const subset = query.destinationSubset ?? allIndices(destinations.latitude.length);
      const candidates = pairsWithin(origins, destinations, subset, radius, () => 0);
      const originCount = origins.latitude.length;

      // Greedy batching: whole origins with their candidate destinations while the table stays small enough.
      const batches: Batch[] = [];
      let current: Batch = { origins: [], destinations: [], pairs: [] };
      let column = new Map<number, number>();
      const flush = () => {
        if (current.pairs.length) batches.push(current);
        current = { origins: [], destinations: [], pairs: [] };
        column = new Map();
      };
      for (let i = 0; i < originCount; i++) {
        const from = candidates.offsets[i];
        const to = candidates.offsets[i + 1];
        for (let k = from; k < to;) {
          const newColumns = (() => {
            let n = 0;
            for (let q = k; q < to; q++) if (!column.has(candidates.destination[q])) n++;
            return n;
          })();
          if (current.origins.length + 1 + current.destinations.length + newColumns > tableSize && current.pairs.length) flush();
          const row = current.origins.length;
          current.origins.push(i);
          // An origin with more candidates than one table holds is split over several requests.
          while (k < to && current.origins.length + current.destinations.length + (column.has(candidates.destination[k]) ? 0 : 1) <= tableSize) {
            const j = candidates.destination[k];
            let c = column.get(j);
            if (c === undefined) {
              c = current.destinations.length;
              column.set(j, c);
              current.destinations.push(j);
            }
            current.pairs.push({ pair: k, row, column: c });
            k++;
          }
          if (k < to) flush();
        }
      }
      flush();

      const minutes = new Float64Array(candidates.destination.length).fill(NaN);
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const batch = batches[next++];
          const durations = await table(profile, query, batch);
          for (const p of batch.pairs) {
            const seconds = durations[p.row]?.[p.column];
            if (typeof seconds === 'number') minutes[p.pair] = seconds / 60;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));

      const offsets = new Uint32Array(originCount + 1);
      const keep: number[] = [];
      for (let i = 0; i < originCount; i++) {
        for (let k = candidates.offsets[i]; k < candidates.offsets[i + 1]; k++) if (minutes[k] <= maximumMinutes) keep.push(k);
        offsets[i + 1] = keep.length;
      }
      return {
        offsets,
        destination: Uint32Array.from(keep, (k) => candidates.destination[k]),
        minutes: Float64Array.from(keep, (k) => minutes[k]),
      };
    },
  };
}
