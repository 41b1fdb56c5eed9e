// The travel-time provider interface: anything that can tell, for demand
// area points (origins) and location points (destinations), which pairs are
// within a number of minutes for a profile, and how many minutes each takes.

export type Profile = 'car' | 'pedestrian';
export const PROFILES: readonly Profile[] = ['car', 'pedestrian'];

/** Points as parallel arrays (WGS84 degrees), as loaded from a database. */
export interface PointSet {
  latitude: ArrayLike<number>;
  longitude: ArrayLike<number>;
}

export interface ReachQuery {
  profile: Profile;
  origins: PointSet;
  destinations: PointSet;
  /** Pairs taking longer than this are left out. */
  maximumMinutes: number;
  /** Only these destinations (indices into `destinations`, ascending); all when absent. */
  destinationSubset?: Uint32Array;
}

/**
 * Travel times of the pairs in reach, compressed by origin (CSR): the pairs of
 * origin i are k = offsets[i] .. offsets[i+1]-1, with destination[k] ascending
 * (indices into the query's full `destinations`) and minutes[k].
 */
export interface SparseTravelTimes {
  offsets: Uint32Array;
  destination: Uint32Array;
  minutes: Float64Array;
}

/** A query for the pairs of both modes at once (a provider that can answer it in one sweep). */
export interface ModesQuery {
  origins: PointSet;
  destinations: PointSet;
  /** Maximum minutes per mode; 0 or absent leaves the mode out. */
  carMinutes?: number;
  pedestrianMinutes?: number;
  /** Only these destinations (ascending); all when absent. */
  destinationSubset?: ArrayLike<number>;
  /**
   * Optional: where a provider that writes the pairs origin by origin hands
   * each origin's row as soon as it is written (while it is still in cache),
   * so the caller's work per row runs in the same sweep. A provider may
   * ignore it; one that uses it calls `columns` once with the arrays it
   * writes into (before the first row; they may be cut to the final count
   * afterwards) and `row` for every origin, in ascending order.
   */
  rows?: PairRowSink;
}

/** Receives the rows of a ModesQuery's pairs as they are written (see ModesQuery.rows). */
export interface PairRowSink {
  columns(location: Uint32Array, minutesCar: Float64Array, minutesPedestrian: Float64Array): void;
  /** Origin `origin`'s pairs are from..to-1 of the columns. */
  row(origin: number, from: number, to: number): void;
}

/** The pairs of both modes merged per origin (CSR, destinations ascending), Infinity minutes where a mode does not reach. */
export interface ModePairs {
  offsets: Uint32Array;
  location: Uint32Array;
  minutesCar: Float64Array;
  minutesPedestrian: Float64Array;
}

export interface TravelTimeProvider {
  readonly name: string;
  reachable(query: ReachQuery): Promise<SparseTravelTimes>;
  /**
   * Optional: both modes in one sweep, already merged. It must give the same
   * pairs and minutes as `reachable` per mode followed by a merge.
   */
  reachableModes?(query: ModesQuery): Promise<ModePairs>;
}

/** Builds a CSR (rows sorted by destination) from unordered (origin, destination, minutes) triples. */
export function sparseFromTriples(
  originCount: number,
  origin: ArrayLike<number>,
  destination: ArrayLike<number>,
  minutes: ArrayLike<number>,
): SparseTravelTimes {
  const n = origin.length;
  const offsets = new Uint32Array(originCount + 1);
  for (let k = 0; k < n; k++) offsets[origin[k] + 1]++;
  for (let i = 0; i < originCount; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, originCount);
  const order = new Uint32Array(n);
  // Visiting triples in destination order makes every row come out sorted.
  const byDestination = Array.from({ length: n }, (_, k) => k).sort((a, b) => destination[a] - destination[b]);
  for (const k of byDestination) order[fill[origin[k]]++] = k;
  const dest = new Uint32Array(n);
  const mins = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    dest[p] = destination[order[p]];
    mins[p] = minutes[order[p]];
  }
  return { offsets, destination: dest, minutes: mins };
}
