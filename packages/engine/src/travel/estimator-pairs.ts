// The estimator's pairs of both modes in one sweep, straight into the
// structure-of-arrays the interaction runs on (CSR by demand area, locations
// ascending per area, minutes of both modes). One k-d tree query per area
// with the larger of the two radii; each point in the box is tested on the
// haversine term h before anything else (the distance grows with h, so no
// arcsine is needed to reject a point), and its distance, car minutes and
// walking minutes are computed once. No objects per pair and no allocation
// per area: the rows are gathered in scratch arrays of the size of the
// location set and written into typed arrays sized from a sample of the areas.
//
// For a handful of locations (an incremental recalculation) the sweep turns
// around: one query per location over the areas' tree. Both orders compute
// each pair's distance with the same operations (area first, location second),
// so they give the same minutes to the bit.
//
// The squared chord between unit vectors loses its relative precision as two
// points come together (each vector component carries an error of about
// 1e-16, whatever the distance), and the decay magnifies a relative error of
// the minutes by up to its power. Pairs closer than about 640 m therefore
// take their distance from the haversine term instead, as greatCircleKm does.

import KDBush from 'kdbush';
import { EARTH_RADIUS_KM, KM_PER_DEGREE_LATITUDE } from './geo.js';
import type { ModePairs, ModesQuery, PairRowSink, PointSet } from './types.js';
import { reachKm, DEFAULT_ESTIMATOR_SETTINGS, type EstimatorSettings } from './estimator.js';

const RAD = Math.PI / 180;
const KM_FACTOR = 2 * EARTH_RADIUS_KM;

/**
 * The car estimate as a piecewise linear function of road km: per band its
 * first road km, the minutes at that km (access time included) and minutes
 * per km. The same function as estimateMinutes('car', km), to a few units in
 * the last place, without a division per pair.
 */
interface CarConstants {
  circuity: number;
  start: Float64Array;
  minutesAtStart: Float64Array;
  minutesPerKm: Float64Array;
}

function carConstants(settings: EstimatorSettings): CarConstants {
  const bands = settings.car.bands;
  const n = bands.length;
  if (n === 0) throw new Error('estimator settings: the car needs at least one speed band');
  const c: CarConstants = {
    circuity: settings.car.circuity,
    start: new Float64Array(n),
    minutesAtStart: new Float64Array(n),
    minutesPerKm: new Float64Array(n),
  };
  let from = 0;
  let minutes = settings.car.accessMinutes;
  for (let b = 0; b < n; b++) {
    if (!(bands[b].untilKm > from) || !(bands[b].kmPerHour > 0)) {
      throw new Error(
        `estimator settings: car speed band ${b + 1} must end beyond ${from} km and have a positive speed (until ${bands[b].untilKm} km at ${bands[b].kmPerHour} km/h)`,
      );
    }
    c.start[b] = from;
    c.minutesAtStart[b] = minutes;
    c.minutesPerKm[b] = 60 / bands[b].kmPerHour;
    minutes += ((bands[b].untilKm - from) / bands[b].kmPerHour) * 60;
    from = bands[b].untilKm;
  }
  return c;
}

/** The squared chord of a distance: c2 <= chord2Of(km) for every pair within km (with a margin). */
function chord2Of(km: number): number {
  if (!Number.isFinite(km)) return Infinity;
  const s = Math.sin(Math.min(Math.PI / 2, (km / KM_FACTOR) * (1 + 1e-7)));
  return 4 * s * s * (1 + 1e-9);
}

/** Growable columns of pairs found location by location: area, location, minutes by car and on foot. */
class Columns {
  area: Uint32Array;
  location: Uint32Array;
  car: Float64Array;
  ped: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.area = new Uint32Array(capacity);
    this.location = new Uint32Array(capacity);
    this.car = new Float64Array(capacity);
    this.ped = new Float64Array(capacity);
  }
  ensure(extra: number) {
    const need = this.length + extra;
    if (need <= this.location.length) return;
    const capacity = Math.max(need, Math.ceil(this.location.length * 1.5) + 1024);
    const n = this.length;
    const grow = <A extends Uint32Array | Float64Array>(a: A): A => {
      const b = atLeast(a, capacity);
      b.set(a.subarray(0, n));
      return b;
    };
    // One column at a time, so only one old column is held beside its copy.
    this.area = grow(this.area);
    this.location = grow(this.location);
    this.car = grow(this.car);
    this.ped = grow(this.ped);
  }
}

/**
 * Below this squared chord between unit vectors (a chord of 1e-4: 637 m),
 * the distance is taken from the haversine term: the vectors' chord is good
 * to about 8e-16 absolute, so to 1e-11 relative only above it.
 */
const NEAR_CHORD2 = 1e-8;

/**
 * Great-circle distance of a pair from its squared chord c2 (between unit
 * vectors): 2R asin(chord / 2). Below 0.01 (127 km) the arcsine's series to
 * the x^7 term is exact in double precision (the next term is under 1e-17 of
 * the sum) and much cheaper than Math.asin.
 */
function kmOf(c2: number): number {
  const x = Math.sqrt(c2) / 2;
  if (x < 0.01) {
    const x2 = x * x;
    return KM_FACTOR * (x + x * x2 * (1 / 6 + x2 * (3 / 40 + x2 * (5 / 112))));
  }
  return KM_FACTOR * Math.asin(Math.min(1, x));
}

/**
 * Great-circle distance of pair (area a, location l), whose squared chord
 * between unit vectors is c2: from c2 when the points are far enough apart
 * for it to be exact to 1e-11, else from the haversine term 4 h = c2, which
 * keeps its relative precision down to coincident points. Always called with
 * the area first, so both sweep orders give the same bits.
 */
function pairKm(c2: number, a: PointSet, ac: UnitVectors, i: number, l: PointSet, lc: UnitVectors, j: number): number {
  // The unary plus keeps km a plain double when nearKm is not inlined: a
  // call's result is of unknown type, and without it every km (near or not)
  // would be boxed as a heap number where the two branches join.
  return c2 >= NEAR_CHORD2 ? kmOf(c2) : +nearKm(a, ac, i, l, lc, j);
}

/** The distance of a close pair from its haversine term (out of the sweeps' loops: few pairs take it). */
function nearKm(a: PointSet, ac: UnitVectors, i: number, l: PointSet, lc: UnitVectors, j: number): number {
  const latA = a.latitude[i];
  const latL = l.latitude[j];
  const s = Math.sin(((latL - latA) * RAD) / 2);
  const t = Math.sin(((l.longitude[j] - a.longitude[i]) * RAD) / 2);
  return kmOf(4 * (s * s + ac.cosLat[i] * lc.cosLat[j] * t * t));
}

/**
 * The points of `tree` in the box that are wanted (mask 1 or no mask) and
 * whose squared chord to the unit vector (qx, qy, qz) is at most c2Max;
 * writes their ids and squared chords into ids/c2s, answers the count.
 * `stack` is scratch of 3 x 64 entries.
 */
function gather(
  tree: KDBush,
  vectors: Vectors,
  mask: Uint8Array | undefined,
  qx: number,
  qy: number,
  qz: number,
  c2Max: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  stack: Uint32Array,
  ids: Uint32Array,
  c2s: Float64Array,
): number {
  const treeIds = tree.ids;
  const coords = tree.coords;
  const nodeSize = tree.nodeSize;
  // The vectors in the tree's order: a leaf is scanned front to back.
  const px = vectors.x;
  const py = vectors.y;
  const pz = vectors.z;
  const count = vectors.count;
  let n = 0;
  stack[0] = 0;
  stack[1] = treeIds.length - 1;
  stack[2] = 0;
  let sp = 3;
  while (sp > 0) {
    const axis = stack[--sp];
    const right = stack[--sp];
    const left = stack[--sp];
    if (right - left <= nodeSize) {
      for (let q = left; q <= right; q++) {
        const x = coords[2 * q];
        const y = coords[2 * q + 1];
        if (x < x0 || x > x1 || y < y0 || y > y1) continue;
        const id = treeIds[q];
        if (id >= count || (mask !== undefined && mask[id] === 0)) continue;
        const dx = px[q] - qx;
        const dy = py[q] - qy;
        const dz = pz[q] - qz;
        const c2 = dx * dx + dy * dy + dz * dz;
        if (c2 > c2Max) continue;
        ids[n] = id;
        c2s[n] = c2;
        n++;
      }
      continue;
    }
    const m = (left + right) >> 1;
    const x = coords[2 * m];
    const y = coords[2 * m + 1];
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) {
      const id = treeIds[m];
      if (id < count && (mask === undefined || mask[id] === 1)) {
        const dx = px[m] - qx;
        const dy = py[m] - qy;
        const dz = pz[m] - qz;
        const c2 = dx * dx + dy * dy + dz * dz;
        if (c2 <= c2Max) {
          ids[n] = id;
          c2s[n] = c2;
          n++;
        }
      }
    }
    if (axis === 0 ? x0 <= x : y0 <= y) {
      stack[sp++] = left;
      stack[sp++] = m - 1;
      stack[sp++] = 1 - axis;
    }
    if (axis === 0 ? x1 >= x : y1 >= y) {
      stack[sp++] = m + 1;
      stack[sp++] = right;
      stack[sp++] = 1 - axis;
    }
  }
  return n;
}

/** Points as unit vectors on the sphere: the squared chord between two is 4 h (h the haversine term). */
interface Vectors {
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Number of points (a tree of no points holds one placeholder). */
  count: number;
}

/** Unit vectors by point id, with the cosine of each latitude for the haversine term of close pairs. */
interface UnitVectors extends Vectors {
  cosLat: Float64Array;
  /** The same vectors side by side (x y z of point 0, then of point 1, ...). */
  xyz: Float64Array;
}

const vectorCache = new WeakMap<PointSet, UnitVectors>();
const treeCache = new WeakMap<PointSet, { tree: KDBush; vectors: Vectors }>();

/** The unit vectors of a point set, computed once per PointSet object (point sets are immutable once handed in). */
function unitVectors(points: PointSet): UnitVectors {
  let v = vectorCache.get(points);
  if (!v) {
    const n = points.latitude.length;
    v = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), cosLat: new Float64Array(n), xyz: new Float64Array(3 * n), count: n };
    for (let i = 0; i < n; i++) {
      const lat = points.latitude[i] * RAD;
      const lon = points.longitude[i] * RAD;
      const c = Math.cos(lat);
      v.x[i] = v.xyz[3 * i] = c * Math.cos(lon);
      v.y[i] = v.xyz[3 * i + 1] = c * Math.sin(lon);
      v.z[i] = v.xyz[3 * i + 2] = Math.sin(lat);
      v.cosLat[i] = c;
    }
    vectorCache.set(points, v);
  }
  return v;
}

/**
 * A k-d tree (kdbush, small leaves for short range queries) of a point set
 * with its unit vectors in the tree's order, built once per PointSet object.
 */
function sweepTree(points: PointSet): { tree: KDBush; vectors: Vectors } {
  let entry = treeCache.get(points);
  if (!entry) {
    const n = points.latitude.length;
    const tree = new KDBush(Math.max(1, n), 16, Float64Array);
    for (let i = 0; i < n; i++) tree.add(points.longitude[i], points.latitude[i]);
    if (n === 0) tree.add(1000, 1000); // kdbush needs one point; this one lies outside every box
    tree.finish();
    const byId = unitVectors(points);
    const size = tree.ids.length;
    const vectors: Vectors = { x: new Float64Array(size), y: new Float64Array(size), z: new Float64Array(size), count: n };
    for (let q = 0; q < size; q++) {
      const id = tree.ids[q];
      if (id >= n) continue;
      vectors.x[q] = byId.x[id];
      vectors.y[q] = byId.y[id];
      vectors.z[q] = byId.z[id];
    }
    entry = { tree, vectors };
    treeCache.set(points, entry);
  }
  return entry;
}

/**
 * The minutes of a pair by car and on foot from its great-circle km, and the
 * reach of the sweep. One class of one shape, so its method is inlined in
 * the sweeps' loops.
 */
class PairTimes {
  readonly carStart: Float64Array;
  readonly carMinutesAtStart: Float64Array;
  readonly carMinutesPerKm: Float64Array;
  readonly carCircuity: number;
  readonly carMax: number;
  readonly pedMax: number;
  /** Great-circle km beyond which a mode cannot reach (-1 when the mode is off). */
  readonly carRadius: number;
  readonly pedRadius: number;
  readonly pedFactor: number;
  readonly pedCircuity: number;
  /** The larger radius, and the squared chord between unit vectors that holds every pair within it. */
  readonly radius: number;
  readonly c2Max: number;

  constructor(query: ModesQuery, settings: EstimatorSettings) {
    const carOn = (query.carMinutes ?? 0) > 0;
    const pedOn = (query.pedestrianMinutes ?? 0) > 0;
    const c = carConstants(settings);
    this.carStart = c.start;
    this.carMinutesAtStart = c.minutesAtStart;
    this.carMinutesPerKm = c.minutesPerKm;
    this.carCircuity = c.circuity;
    this.carMax = carOn ? query.carMinutes! : 0;
    this.pedMax = pedOn ? query.pedestrianMinutes! : 0;
    // A hair of slack on the radius: the exact test is on minutes.
    this.carRadius = carOn ? reachKm('car', query.carMinutes!, settings) * (1 + 1e-9) + 1e-9 : -1;
    this.pedRadius = pedOn ? reachKm('pedestrian', query.pedestrianMinutes!, settings) * (1 + 1e-9) + 1e-9 : -1;
    this.pedFactor = settings.pedestrian.kmPerHour;
    this.pedCircuity = settings.pedestrian.circuity;
    this.radius = Math.max(this.carRadius, this.pedRadius);
    this.c2Max = chord2Of(this.radius);
  }

  get anyMode(): boolean {
    return this.carRadius >= 0 || this.pedRadius >= 0;
  }

  /**
   * The car minutes of a pair at distance km, -1 beyond the car's reach.
   * The car estimate as a piecewise linear function of road km
   * (carConstants): the band is the number of band starts the road km passes
   * (they ascend), counted without branches (a branch per band would often
   * be mispredicted).
   *
   * Out of reach is -1 here, not Infinity: `Infinity` is a global lookup,
   * and on a branch the optimising compiler has not yet seen taken it stays
   * a generic lookup of unknown type, so every minute value meeting it where
   * the branches join would be boxed as a heap number (an allocation per
   * pair). The sweeps turn -1 into Infinity with a value read once per row.
   */
  carMinutes(km: number): number {
    if (!(km <= this.carRadius)) return -1;
    const road = km * this.carCircuity;
    const start = this.carStart;
    let b = 0;
    for (let q = 1; q < start.length; q++) b += ((road > start[q]) as unknown as number) | 0;
    const m = this.carMinutesAtStart[b] + (road - start[b]) * this.carMinutesPerKm[b];
    return m <= this.carMax ? m : -1;
  }

  /** The walking minutes of a pair at distance km, -1 beyond walking reach (see carMinutes). */
  pedMinutes(km: number): number {
    if (!(km <= this.pedRadius)) return -1;
    const m = ((km * this.pedCircuity) / this.pedFactor) * 60;
    return m <= this.pedMax ? m : -1;
  }
}

/** Degrees of latitude and longitude of a box around a point holding every point within radiusKm (as boxAround). */
function boxDegrees(lat: number, radiusKm: number, out: Float64Array) {
  const dLat = (radiusKm / KM_PER_DEGREE_LATITUDE) * 1.000001;
  const maxAbsLat = Math.min(89.999, Math.abs(lat) + dLat);
  out[0] = dLat;
  out[1] = Math.min(180, dLat / Math.cos(maxAbsLat * RAD));
}

/** The estimator's pairs of both modes, merged per area. */
export function estimateModePairs(query: ModesQuery, settings: EstimatorSettings = DEFAULT_ESTIMATOR_SETTINGS): ModePairs {
  const areaCount = query.origins.latitude.length;
  const locationCount = query.destinations.latitude.length;
  const times = new PairTimes(query, settings);
  const subset = query.destinationSubset;
  const wanted = subset ? subset.length : locationCount;
  if (!times.anyMode || wanted === 0 || areaCount === 0) {
    return { offsets: new Uint32Array(areaCount + 1), location: new Uint32Array(0), minutesCar: new Float64Array(0), minutesPedestrian: new Float64Array(0) };
  }
  return withArena((arena) => (wanted * 64 <= areaCount ? byLocation(query, times, arena) : byArea(query, times, arena)));
}

/**
 * The side of a tile as a fraction of the reach: smaller tiles hold fewer
 * candidates that are out of reach of an area, larger ones are built fewer
 * times.
 */
const TILE_FRACTION_OF_REACH = 0.3;
/** Tiles per side of a block (the unit of one k-d tree query, about the reach). */
const TILES_PER_BLOCK = 4;

/**
 * Grows a pool of candidates (ids and unit vectors side by side, x y z) so
 * that `need` more fit after `used`.
 */
class CandidatePool {
  ids: Uint32Array;
  xyz: Float64Array;
  used = 0;
  constructor(capacity: number) {
    this.ids = new Uint32Array(capacity);
    this.xyz = new Float64Array(3 * capacity);
  }
  reserve(need: number): void {
    if (this.used + need <= this.ids.length) return;
    const capacity = Math.max(this.used + need, Math.ceil(this.ids.length * 1.5));
    const ids = new Uint32Array(capacity);
    ids.set(this.ids.subarray(0, this.used));
    this.ids = ids;
    const xyz = new Float64Array(3 * capacity);
    xyz.set(this.xyz.subarray(0, 3 * this.used));
    this.xyz = xyz;
  }
}

/** Grows a pool of location ids (twice the size when full, so it is copied a few times at most). */
class IdPool {
  ids: Uint32Array;
  used = 0;
  constructor(capacity: number) {
    this.ids = new Uint32Array(capacity);
  }
  reserve(need: number): void {
    if (this.used + need <= this.ids.length) return;
    const ids = new Uint32Array(Math.max(this.used + need, this.ids.length * 2));
    ids.set(this.ids.subarray(0, this.used));
    this.ids = ids;
  }
}

type ScratchArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

/** `a` when it holds n entries, else a new array of its kind at least 1.5 times as long (contents not kept). */
function atLeast<A extends ScratchArray>(a: A, n: number): A {
  if (a.length >= n) return a;
  const Kind = a.constructor as new (length: number) => A;
  return new Kind(Math.max(n, Math.ceil(a.length * 1.5)));
}

/**
 * The scratch arrays of a sweep, kept from one calculation to the next (a
 * worker calculates scenario after scenario): fresh arrays of some megabytes
 * per calculation would be garbage for the collector to find and new pages
 * for the kernel to hand out. They grow geometrically when a larger world
 * needs more and never shrink. Nothing handed to a caller lives in them:
 * the pairs' columns are always fresh arrays.
 */
class SweepArena {
  tileStart = new Int32Array(0);
  tileCount = new Uint32Array(0);
  blockStart = new Int32Array(0);
  blockCount = new Uint32Array(0);
  /** Points found by one k-d tree query, and their squared chords. */
  ids = new Uint32Array(0);
  c2 = new Float64Array(0);
  /** One area's candidates within the chord, and their squared chords. */
  slot = new Uint32Array(0);
  chord2 = new Float64Array(0);
  mask = new Uint8Array(0);
  readonly stack = new Uint32Array(192);
  readonly pool = new IdPool(0);
  readonly blockPool = new CandidatePool(0);
  readonly columns = new Columns(0);
}

/**
 * One arena per thread serves every sweep: a sweep runs synchronously from
 * start to end. A sweep started while another is running (a row sink that
 * sweeps again) takes an arena of its own.
 */
const sharedArena = new SweepArena();
let sharedArenaInUse = false;

function withArena<T>(sweep: (arena: SweepArena) => T): T {
  if (sharedArenaInUse) return sweep(new SweepArena());
  sharedArenaInUse = true;
  try {
    return sweep(sharedArena);
  } finally {
    sharedArenaInUse = false;
  }
}

/**
 * The demand areas grouped in tiles of a latitude-longitude grid, tiles in
 * blocks of TILES_PER_BLOCK x TILES_PER_BLOCK. Each tile and block has a
 * centre on the sphere (the normalised mean of its areas' unit vectors) and
 * the largest distance from it to one of its areas, so by the triangle
 * inequality no area of it reaches a location farther than the reach plus
 * that distance from the centre. Depends only on the areas and the reach, so
 * it is kept per point set and reach (the areas of a model stay the same
 * from one scenario to the next).
 */
class AreaGrouping {
  /** Per area its tile, -1 for an area without finite coordinates. */
  readonly tileOf: Int32Array;
  /** Per tile: its block, centre (x y z), squared chord of reach around the centre. */
  readonly blockOf: Int32Array;
  readonly tileCentre: Float64Array;
  readonly tileReach: Float64Array;
  /** Per block: box of its areas (west, south, east, north), centre, reach. */
  readonly blockBox: Float64Array;
  readonly blockCentre: Float64Array;
  readonly blockReach: Float64Array;

  constructor(
    readonly radius: number,
    areas: PointSet,
    areaVectors: Vectors,
  ) {
    const n = areas.latitude.length;
    const lat = areas.latitude;
    const lon = areas.longitude;
    let west = Infinity,
      south = Infinity,
      east = -Infinity,
      north = -Infinity;
    for (let i = 0; i < n; i++) {
      const y = lat[i],
        x = lon[i];
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
    // Tiles of TILE_FRACTION_OF_REACH of the reach on a side, at most two per
    // area; one tile when the reach is unbounded or no area has coordinates.
    let stepLat = Infinity;
    let stepLon = Infinity;
    if (Number.isFinite(radius) && west <= east) {
      stepLat = Math.max(1e-9, (radius * TILE_FRACTION_OF_REACH) / KM_PER_DEGREE_LATITUDE);
      stepLon = stepLat / Math.max(0.05, Math.cos(((south + north) / 2) * RAD));
      const tiles = (Math.floor((east - west) / stepLon) + 1) * (Math.floor((north - south) / stepLat) + 1);
      const most = Math.max(16, 2 * n);
      if (tiles > most) {
        const grow = Math.sqrt(tiles / most) * 1.01;
        stepLat *= grow;
        stepLon *= grow;
      }
    }
    const nx = Number.isFinite(stepLon) ? Math.floor((east - west) / stepLon) + 1 : 1;
    const ny = Number.isFinite(stepLat) ? Math.floor((north - south) / stepLat) + 1 : 1;
    const bx = Math.ceil(nx / TILES_PER_BLOCK);
    const tileCount = nx * ny;
    const blockCount = bx * Math.ceil(ny / TILES_PER_BLOCK);

    this.tileOf = new Int32Array(n);
    this.blockOf = new Int32Array(tileCount);
    this.tileCentre = new Float64Array(3 * tileCount);
    this.tileReach = new Float64Array(tileCount);
    this.blockBox = new Float64Array(4 * blockCount);
    this.blockCentre = new Float64Array(3 * blockCount);
    this.blockReach = new Float64Array(blockCount);
    for (let t = 0; t < tileCount; t++) {
      const tx = t % nx;
      const ty = (t - tx) / nx;
      this.blockOf[t] = Math.floor(ty / TILES_PER_BLOCK) * bx + Math.floor(tx / TILES_PER_BLOCK);
    }
    const box = this.blockBox;
    for (let b = 0; b < blockCount; b++) {
      box[4 * b] = Infinity;
      box[4 * b + 1] = Infinity;
      box[4 * b + 2] = -Infinity;
      box[4 * b + 3] = -Infinity;
    }
    const vx = areaVectors.x,
      vy = areaVectors.y,
      vz = areaVectors.z;
    const tc = this.tileCentre;
    const bc = this.blockCentre;
    for (let i = 0; i < n; i++) {
      const y = lat[i],
        x = lon[i];
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        this.tileOf[i] = -1;
        continue;
      }
      const tx = nx === 1 ? 0 : Math.min(nx - 1, Math.floor((x - west) / stepLon));
      const ty = ny === 1 ? 0 : Math.min(ny - 1, Math.floor((y - south) / stepLat));
      const t = ty * nx + tx;
      const b = this.blockOf[t];
      this.tileOf[i] = t;
      tc[3 * t] += vx[i];
      tc[3 * t + 1] += vy[i];
      tc[3 * t + 2] += vz[i];
      bc[3 * b] += vx[i];
      bc[3 * b + 1] += vy[i];
      bc[3 * b + 2] += vz[i];
      const o = 4 * b;
      if (x < box[o]) box[o] = x;
      if (y < box[o + 1]) box[o + 1] = y;
      if (x > box[o + 2]) box[o + 2] = x;
      if (y > box[o + 3]) box[o + 3] = y;
    }
    normalise(tc, tileCount);
    normalise(bc, blockCount);
    // The squared chord from each centre to its farthest area.
    const tileFar = this.tileReach;
    const blockFar = this.blockReach;
    for (let i = 0; i < n; i++) {
      const t = this.tileOf[i];
      if (t < 0) continue;
      const b = this.blockOf[t];
      let dx = vx[i] - tc[3 * t],
        dy = vy[i] - tc[3 * t + 1],
        dz = vz[i] - tc[3 * t + 2];
      const c2t = dx * dx + dy * dy + dz * dz;
      if (c2t > tileFar[t]) tileFar[t] = c2t;
      dx = vx[i] - bc[3 * b];
      dy = vy[i] - bc[3 * b + 1];
      dz = vz[i] - bc[3 * b + 2];
      const c2b = dx * dx + dy * dy + dz * dz;
      if (c2b > blockFar[b]) blockFar[b] = c2b;
    }
    // Into the squared chord of the reach plus that distance (with a margin for rounding).
    for (let t = 0; t < tileCount; t++) tileFar[t] = chord2Of(radius + kmOf(tileFar[t]) * (1 + 1e-6) + 1e-6);
    for (let b = 0; b < blockCount; b++) blockFar[b] = chord2Of(radius + kmOf(blockFar[b]) * (1 + 1e-6) + 1e-6);
  }
}

const groupingCache = new WeakMap<PointSet, AreaGrouping>();

/** The grouping of a point set's areas for a reach, kept for the last reach asked. */
function areaGrouping(areas: PointSet, radius: number): AreaGrouping {
  let grouping = groupingCache.get(areas);
  if (grouping === undefined || grouping.radius !== radius) {
    grouping = new AreaGrouping(radius, areas, unitVectors(areas));
    groupingCache.set(areas, grouping);
  }
  return grouping;
}

/**
 * The candidate locations of each tile of an AreaGrouping: a block's are
 * found once, by one k-d tree query (the box around its areas), and sorted
 * by location; a tile's are the block's within the tile's own circle, so
 * they stay sorted. Both are found when an area first needs them.
 */
class AreaTiles {
  /** Per area its tile, -1 for an area without finite coordinates. */
  readonly tileOf: Int32Array;
  /** Per tile its first candidate in the pool (-1 until found) and count; the same per block in its pool. */
  readonly start: Int32Array;
  readonly count: Uint32Array;
  private readonly blockStart: Int32Array;
  private readonly blockCount: Uint32Array;
  /** The tiles' candidates (their unit vectors are read from the locations' by id: they stay in cache). */
  readonly pool: IdPool;
  private readonly blockPool: CandidatePool;
  private readonly scratchIds: Uint32Array;
  private readonly scratchC2: Float64Array;
  private readonly stack: Uint32Array;

  /** All arrays but the grouping's come from the arena (the pools emptied, the starts set to -1). */
  constructor(
    private readonly grouping: AreaGrouping,
    private readonly tree: KDBush,
    private readonly treeVectors: Vectors,
    private readonly mask: Uint8Array | undefined,
    private readonly locationVectors: Vectors,
    arena: SweepArena,
  ) {
    this.tileOf = grouping.tileOf;
    const tileCount = grouping.tileReach.length;
    const blockCount = grouping.blockReach.length;
    this.start = arena.tileStart = atLeast(arena.tileStart, tileCount);
    this.start.fill(-1, 0, tileCount);
    this.count = arena.tileCount = atLeast(arena.tileCount, tileCount);
    this.blockStart = arena.blockStart = atLeast(arena.blockStart, blockCount);
    this.blockStart.fill(-1, 0, blockCount);
    this.blockCount = arena.blockCount = atLeast(arena.blockCount, blockCount);
    const locationCount = locationVectors.count;
    this.scratchIds = arena.ids = atLeast(arena.ids, locationCount);
    this.scratchC2 = arena.c2 = atLeast(arena.c2, locationCount);
    this.stack = arena.stack;
    this.pool = arena.pool;
    this.pool.used = 0;
    this.blockPool = arena.blockPool;
    this.blockPool.used = 0;
  }

  /** Finds the candidates of tile t (once): the block's within the tile's circle, in the block's order. */
  build(t: number): void {
    const g = this.grouping;
    const b = g.blockOf[t];
    if (this.blockStart[b] < 0) this.buildBlock(b);
    const from = this.blockStart[b];
    const to = from + this.blockCount[b];
    const pool = this.pool;
    pool.reserve(to - from);
    const source = this.blockPool;
    const sIds = source.ids,
      sXyz = source.xyz;
    const ids = pool.ids;
    const cx = g.tileCentre[3 * t],
      cy = g.tileCentre[3 * t + 1],
      cz = g.tileCentre[3 * t + 2];
    const reach = g.tileReach[t];
    let p = pool.used;
    for (let q = from; q < to; q++) {
      const dx = sXyz[3 * q] - cx,
        dy = sXyz[3 * q + 1] - cy,
        dz = sXyz[3 * q + 2] - cz;
      ids[p] = sIds[q];
      // Branch-free: the slot is kept when within reach (a branch would be mispredicted often).
      p += ((dx * dx + dy * dy + dz * dz <= reach) as unknown as number) | 0;
    }
    this.start[t] = pool.used;
    this.count[t] = p - pool.used;
    pool.used = p;
  }

  /** Finds the candidates of block b: one k-d tree query, sorted by location. */
  private buildBlock(b: number): void {
    const g = this.grouping;
    const box = g.blockBox;
    const west = box[4 * b],
      south = box[4 * b + 1],
      east = box[4 * b + 2],
      north = box[4 * b + 3];
    // Every area's own box (as boxDegrees) lies inside this one: its longitude
    // margin is taken at the block's latitude farthest from the equator.
    const radius = g.radius;
    const dLat = (radius / KM_PER_DEGREE_LATITUDE) * 1.000001;
    const maxAbsLat = Math.min(89.999, Math.max(Math.abs(south), Math.abs(north)) + dLat);
    const dLon = Math.min(180, dLat / Math.cos(maxAbsLat * RAD));
    const ids = this.scratchIds;
    const c = g.blockCentre;
    const n = gather(
      this.tree,
      this.treeVectors,
      this.mask,
      c[3 * b],
      c[3 * b + 1],
      c[3 * b + 2],
      g.blockReach[b],
      west - dLon,
      south - dLat,
      east + dLon,
      north + dLat,
      this.stack,
      ids,
      this.scratchC2,
    );
    if (n > 1) ids.subarray(0, n).sort();
    const pool = this.blockPool;
    pool.reserve(n);
    const v = this.locationVectors;
    const poolIds = pool.ids;
    const xyz = pool.xyz;
    let p = pool.used;
    for (let q = 0; q < n; q++, p++) {
      const j = ids[q];
      poolIds[p] = j;
      xyz[3 * p] = v.x[j];
      xyz[3 * p + 1] = v.y[j];
      xyz[3 * p + 2] = v.z[j];
    }
    this.blockStart[b] = pool.used;
    this.blockCount[b] = n;
    pool.used = p;
  }
}

/** Scales n vectors (x y z side by side) to unit length; a zero vector becomes (1, 0, 0). */
function normalise(v: Float64Array, n: number): void {
  for (let t = 0; t < n; t++) {
    const x = v[3 * t],
      y = v[3 * t + 1],
      z = v[3 * t + 2];
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0) {
      v[3 * t] = x / length;
      v[3 * t + 1] = y / length;
      v[3 * t + 2] = z / length;
    } else {
      v[3 * t] = 1;
      v[3 * t + 1] = 0;
      v[3 * t + 2] = 0;
    }
  }
}

/**
 * One scan per area over its tile's candidates (ascending, so rows come out
 * in order without sorting): the squared chord of every candidate, the ones
 * within it gathered without branching, then their minutes. A first pass
 * counts the pairs within the chord, so the columns are allocated once at
 * their size (the minutes drop at most a hair's breadth more).
 */
function byArea(query: ModesQuery, times: PairTimes, arena: SweepArena): ModePairs {
  const areas = query.origins;
  const locations = query.destinations;
  const areaCount = areas.latitude.length;
  const locationCount = locations.latitude.length;
  let mask: Uint8Array | undefined;
  if (query.destinationSubset) {
    mask = arena.mask = atLeast(arena.mask, locationCount);
    mask.fill(0, 0, locationCount);
    const subset = query.destinationSubset;
    for (let q = 0; q < subset.length; q++) mask[subset[q]] = 1;
  }
  const located = sweepTree(locations);
  const rows = new AreaRows(times, areas, locations, located.tree, located.vectors, mask, query.rows, arena);
  let total = 0;
  for (let i = 0; i < areaCount; i++) total += rows.count(i);
  rows.allocate(total);
  let k = 0;
  for (let i = 0; i < areaCount; i++) k = rows.write(i, k);
  return rows.finish(k);
}

/**
 * The rows of the per-area sweep, one method call per area (small methods
 * are optimised early and stay so, where one long loop would wait for
 * on-stack replacement).
 */
class AreaRows {
  private readonly tiles: AreaTiles;
  private readonly areaVectors: UnitVectors;
  private readonly locationVectors: UnitVectors;
  private readonly offsets: Uint32Array;
  private location = new Uint32Array(0);
  private minutesCar = new Float64Array(0);
  private minutesPedestrian = new Float64Array(0);
  /** The candidates of one area within the chord: their locations and squared chords. */
  private slot = new Uint32Array(0);
  private chord2 = new Float64Array(0);

  constructor(
    private readonly times: PairTimes,
    private readonly areas: PointSet,
    private readonly locations: PointSet,
    tree: KDBush,
    treeVectors: Vectors,
    mask: Uint8Array | undefined,
    private readonly sink: PairRowSink | undefined,
    private readonly arena: SweepArena,
  ) {
    this.areaVectors = unitVectors(areas);
    this.locationVectors = unitVectors(locations);
    this.tiles = new AreaTiles(areaGrouping(areas, times.radius), tree, treeVectors, mask, this.locationVectors, arena);
    this.offsets = new Uint32Array(areas.latitude.length + 1);
  }

  /** The candidates of area i within the chord of the reach (finds its tile's candidates first). */
  count(i: number): number {
    const tiles = this.tiles;
    const t = tiles.tileOf[i];
    if (t < 0) return 0;
    if (tiles.start[t] < 0) tiles.build(t);
    const ids = tiles.pool.ids;
    const xyz = this.locationVectors.xyz;
    const c2Max = this.times.c2Max;
    const v = this.areaVectors;
    const qx = v.x[i],
      qy = v.y[i],
      qz = v.z[i];
    let count = 0;
    for (let q = tiles.start[t], to = q + tiles.count[t]; q < to; q++) {
      const j = 3 * ids[q];
      const dx = xyz[j] - qx;
      const dy = xyz[j + 1] - qy;
      const dz = xyz[j + 2] - qz;
      count += ((dx * dx + dy * dy + dz * dz <= c2Max) as unknown as number) | 0;
    }
    return count;
  }

  /** Columns for `total` pairs, and row scratch for the largest tile. */
  allocate(total: number): void {
    this.location = new Uint32Array(total);
    this.minutesCar = new Float64Array(total);
    this.minutesPedestrian = new Float64Array(total);
    let most = 0;
    const counts = this.tiles.count;
    for (let t = 0; t < counts.length; t++) if (counts[t] > most) most = counts[t];
    this.slot = this.arena.slot = atLeast(this.arena.slot, most + 1);
    this.chord2 = this.arena.chord2 = atLeast(this.arena.chord2, most + 1);
    this.sink?.columns(this.location, this.minutesCar, this.minutesPedestrian);
  }

  /** Writes the pairs of area i from position k on; answers the new end. */
  write(i: number, k: number): number {
    const tiles = this.tiles;
    const t = tiles.tileOf[i];
    if (t >= 0) {
      const ids = tiles.pool.ids;
      const xyz = this.locationVectors.xyz;
      const { slot, chord2, times, location, minutesCar, minutesPedestrian } = this;
      const none = Infinity; // read on every call, so it is a number constant on every branch (see carMinutes)
      const c2Max = times.c2Max;
      const v = this.areaVectors;
      const qx = v.x[i],
        qy = v.y[i],
        qz = v.z[i];
      let n = 0;
      for (let q = tiles.start[t], to = q + tiles.count[t]; q < to; q++) {
        const j = ids[q];
        const dx = xyz[3 * j] - qx;
        const dy = xyz[3 * j + 1] - qy;
        const dz = xyz[3 * j + 2] - qz;
        const c2 = dx * dx + dy * dy + dz * dz;
        slot[n] = j;
        chord2[n] = c2;
        n += ((c2 <= c2Max) as unknown as number) | 0;
      }
      for (let p = 0; p < n; p++) {
        const j = slot[p];
        const km = pairKm(chord2[p], this.areas, v, i, this.locations, this.locationVectors, j);
        const car = times.carMinutes(km);
        const ped = times.pedMinutes(km);
        if (car < 0 && ped < 0) continue;
        location[k] = j;
        minutesCar[k] = car < 0 ? none : car;
        minutesPedestrian[k] = ped < 0 ? none : ped;
        k++;
      }
    }
    this.offsets[i + 1] = k;
    if (this.sink !== undefined) this.sink.row(i, this.offsets[i], k);
    return k;
  }

  /**
   * The pairs written: views of the first k when the minutes dropped some
   * counted pairs (those within a hair of the reach, so few that copying
   * every column to drop them would cost more memory than it frees).
   */
  finish(k: number): ModePairs {
    const { offsets, location, minutesCar, minutesPedestrian } = this;
    if (k === location.length) return { offsets, location, minutesCar, minutesPedestrian };
    if (location.length - k > 4096 + (k >>> 6)) {
      return { offsets, location: location.slice(0, k), minutesCar: minutesCar.slice(0, k), minutesPedestrian: minutesPedestrian.slice(0, k) };
    }
    return { offsets, location: location.subarray(0, k), minutesCar: minutesCar.subarray(0, k), minutesPedestrian: minutesPedestrian.subarray(0, k) };
  }
}

/** One query per wanted location over the areas' tree, then the pairs bucketed by area (few locations). */
function byLocation(query: ModesQuery, times: PairTimes, arena: SweepArena): ModePairs {
  const areas = query.origins;
  const locations = query.destinations;
  const areaCount = areas.latitude.length;
  const { tree, vectors: areaTreeVectors } = sweepTree(areas);
  const areaVectors = unitVectors(areas);
  const subset = query.destinationSubset ?? Uint32Array.from({ length: locations.latitude.length }, (_, j) => j);
  const locationVectors = unitVectors(locations);
  const ids = (arena.ids = atLeast(arena.ids, areaCount));
  const c2s = (arena.c2 = atLeast(arena.c2, areaCount));
  const stack = arena.stack;
  const box = new Float64Array(2);
  const none = Infinity;
  const columns = arena.columns;
  columns.length = 0;
  for (let q = 0; q < subset.length; q++) {
    const j = subset[q];
    const lat = locations.latitude[j];
    const lon = locations.longitude[j];
    boxDegrees(lat, times.radius, box);
    const n = gather(
      tree,
      areaTreeVectors,
      undefined,
      locationVectors.x[j],
      locationVectors.y[j],
      locationVectors.z[j],
      times.c2Max,
      lon - box[1],
      lat - box[0],
      lon + box[1],
      lat + box[0],
      stack,
      ids,
      c2s,
    );
    columns.ensure(n);
    for (let p = 0; p < n; p++) {
      const km = pairKm(c2s[p], areas, areaVectors, ids[p], locations, locationVectors, j);
      const car = times.carMinutes(km);
      const ped = times.pedMinutes(km);
      if (car < 0 && ped < 0) continue;
      const k = columns.length++;
      columns.area[k] = ids[p];
      columns.location[k] = j;
      columns.car[k] = car < 0 ? none : car;
      columns.ped[k] = ped < 0 ? none : ped;
    }
  }
  // Bucket by area; visiting the pairs in location order keeps every row ascending.
  const total = columns.length;
  const hitArea = columns.area;
  const offsets = new Uint32Array(areaCount + 1);
  for (let k = 0; k < total; k++) offsets[hitArea[k] + 1]++;
  for (let i = 0; i < areaCount; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, areaCount);
  const location = new Uint32Array(total);
  const minutesCar = new Float64Array(total);
  const minutesPedestrian = new Float64Array(total);
  for (let k = 0; k < total; k++) {
    const p = fill[hitArea[k]]++;
    location[p] = columns.location[k];
    minutesCar[p] = columns.car[k];
    minutesPedestrian[p] = columns.ped[k];
  }
  const sink = query.rows;
  if (sink !== undefined) {
    sink.columns(location, minutesCar, minutesPedestrian);
    for (let i = 0; i < areaCount; i++) sink.row(i, offsets[i], offsets[i + 1]);
  }
  return { offsets, location, minutesCar, minutesPedestrian };
}
