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
import type { ModePairs, ModesQuery, PointSet } from './types.js';
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
  const c: CarConstants = { circuity: settings.car.circuity, start: new Float64Array(n), minutesAtStart: new Float64Array(n), minutesPerKm: new Float64Array(n) };
  let from = 0;
  let minutes = settings.car.accessMinutes;
  for (let b = 0; b < n; b++) {
    c.start[b] = from;
    c.minutesAtStart[b] = minutes;
    c.minutesPerKm[b] = 60 / bands[b].kmPerHour;
    minutes += ((bands[b].untilKm - from) / bands[b].kmPerHour) * 60;
    from = bands[b].untilKm;
  }
  return c;
}

function carMinutes(c: CarConstants, km: number): number {
  const road = km * c.circuity;
  const start = c.start;
  let b = 0;
  while (b + 1 < start.length && road > start[b + 1]) b++;
  return c.minutesAtStart[b] + (road - start[b]) * c.minutesPerKm[b];
}

/** The squared chord of a distance: c2 <= chord2Of(km) for every pair within km (with a margin). */
function chord2Of(km: number): number {
  if (!Number.isFinite(km)) return Infinity;
  const s = Math.sin(Math.min(Math.PI / 2, (km / KM_FACTOR) * (1 + 1e-7)));
  return 4 * s * s * (1 + 1e-9);
}

/** Growable output columns. */
class Columns {
  location: Uint32Array;
  car: Float64Array;
  ped: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.location = new Uint32Array(capacity);
    this.car = new Float64Array(capacity);
    this.ped = new Float64Array(capacity);
  }
  ensure(extra: number) {
    const need = this.length + extra;
    if (need <= this.location.length) return;
    const capacity = Math.max(need, Math.ceil(this.location.length * 1.5) + 1024);
    // One column at a time, so only one old column is held beside its copy.
    let l: Uint32Array | undefined = new Uint32Array(capacity);
    l.set(this.location.subarray(0, this.length));
    this.location = l;
    l = undefined;
    let f: Float64Array | undefined = new Float64Array(capacity);
    f.set(this.car.subarray(0, this.length));
    this.car = f;
    f = new Float64Array(capacity);
    f.set(this.ped.subarray(0, this.length));
    this.ped = f;
  }
  /** The filled part: views when little is unused, exact copies otherwise. */
  finish(): { location: Uint32Array; car: Float64Array; ped: Float64Array } {
    const n = this.length;
    if (this.location.length - n <= n * 0.15 + 4096) {
      return { location: this.location.subarray(0, n), car: this.car.subarray(0, n), ped: this.ped.subarray(0, n) };
    }
    return { location: this.location.slice(0, n), car: this.car.slice(0, n), ped: this.ped.slice(0, n) };
  }
}

interface Sweep {
  car: CarConstants;
  carOn: boolean;
  pedOn: boolean;
  carMax: number;
  pedMax: number;
  carRadius: number;
  pedRadius: number;
  radius: number;
  c2Max: number;
  pedFactor: number;
  pedCircuity: number;
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
  if (c2 >= NEAR_CHORD2) return kmOf(c2);
  const latA = a.latitude[i];
  const latL = l.latitude[j];
  const s = Math.sin(((latL - latA) * RAD) / 2);
  const t = Math.sin(((l.longitude[j] - a.longitude[i]) * RAD) / 2);
  return kmOf(4 * (s * s + ac.cosLat[i] * lc.cosLat[j] * t * t));
}

/**
 * Sorts the first n gathered pairs by location, ascending. When location and
 * slot fit one 32-bit key (location * 2^slotBits + slot), only the keys are
 * sorted: by insertion for short rows, natively (through a view of that
 * length, made once and kept) for longer ones. Otherwise both arrays are
 * sorted by Shell sort. Answers whether the keys are packed (then the slot
 * gives the squared chord).
 */
function sortRow(w: RowScratch, n: number): boolean {
  const ids = w.ids;
  if (n <= w.slotLimit) {
    const scale = w.slotScale;
    for (let q = 0; q < n; q++) ids[q] = ids[q] * scale + q;
    if (n <= 24) {
      for (let a = 1; a < n; a++) {
        const key = ids[a];
        let b = a;
        while (b > 0 && ids[b - 1] > key) {
          ids[b] = ids[b - 1];
          b--;
        }
        ids[b] = key;
      }
    } else {
      let view = w.views[n];
      if (view === undefined) view = w.views[n] = ids.subarray(0, n);
      view.sort();
    }
    return true;
  }
  const c2s = w.c2s;
  let gap = 1;
  while (gap < n / 3) gap = gap * 3 + 1;
  for (; gap > 0; gap = ((gap - 1) / 3) | 0) {
    for (let a = gap; a < n; a++) {
      const key = ids[a];
      const value = c2s[a];
      let b = a;
      while (b >= gap && ids[b - gap] > key) {
        ids[b] = ids[b - gap];
        c2s[b] = c2s[b - gap];
        b -= gap;
      }
      ids[b] = key;
      c2s[b] = value;
    }
  }
  return false;
}

/** Scratch for one row: gathered ids and squared chords, and how keys are packed for sorting. */
interface RowScratch {
  ids: Uint32Array;
  c2s: Float64Array;
  /** Rows up to this length sort packed keys; 2^slotBits, and slotBits + bits of the largest location <= 32. */
  slotLimit: number;
  slotScale: number;
  slotMask: number;
  slotBits: number;
  views: Array<Uint32Array | undefined>;
}

function rowScratch(locationCount: number): RowScratch {
  const idBits = Math.max(1, Math.ceil(Math.log2(locationCount + 1)));
  const slotBits = Math.max(0, 32 - idBits);
  const slotScale = 2 ** slotBits;
  return {
    ids: new Uint32Array(locationCount),
    c2s: new Float64Array(locationCount),
    slotLimit: slotBits >= 4 ? slotScale : 0,
    slotScale,
    slotMask: slotScale - 1,
    slotBits,
    views: [],
  };
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
}

const vectorCache = new WeakMap<PointSet, UnitVectors>();
const treeCache = new WeakMap<PointSet, { tree: KDBush; vectors: Vectors }>();

/** The unit vectors of a point set, computed once per PointSet object (point sets are immutable once handed in). */
function unitVectors(points: PointSet): UnitVectors {
  let v = vectorCache.get(points);
  if (!v) {
    const n = points.latitude.length;
    v = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), cosLat: new Float64Array(n), count: n };
    for (let i = 0; i < n; i++) {
      const lat = points.latitude[i] * RAD;
      const lon = points.longitude[i] * RAD;
      const c = Math.cos(lat);
      v.x[i] = c * Math.cos(lon);
      v.y[i] = c * Math.sin(lon);
      v.z[i] = Math.sin(lat);
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

/** Car and walking minutes of a pair at distance km; false when neither mode reaches it. */
function minutesOf(s: Sweep, km: number, into: Float64Array): boolean {
  let car = Infinity;
  let ped = Infinity;
  if (s.carOn && km <= s.carRadius) {
    const m = carMinutes(s.car, km);
    if (m <= s.carMax) car = m;
  }
  if (s.pedOn && km <= s.pedRadius) {
    const m = ((km * s.pedCircuity) / s.pedFactor) * 60;
    if (m <= s.pedMax) ped = m;
  }
  into[0] = car;
  into[1] = ped;
  return car !== Infinity || ped !== Infinity;
}

function sweepOf(query: ModesQuery, settings: EstimatorSettings): Sweep {
  const carOn = (query.carMinutes ?? 0) > 0;
  const pedOn = (query.pedestrianMinutes ?? 0) > 0;
  // A hair of slack on the radius: the exact test is on minutes.
  const carRadius = carOn ? reachKm('car', query.carMinutes!, settings) * (1 + 1e-9) + 1e-9 : -1;
  const pedRadius = pedOn ? reachKm('pedestrian', query.pedestrianMinutes!, settings) * (1 + 1e-9) + 1e-9 : -1;
  const radius = Math.max(carRadius, pedRadius);
  return {
    car: carConstants(settings),
    carOn,
    pedOn,
    carMax: carOn ? query.carMinutes! : 0,
    pedMax: pedOn ? query.pedestrianMinutes! : 0,
    carRadius,
    pedRadius,
    radius,
    c2Max: chord2Of(radius),
    pedFactor: settings.pedestrian.kmPerHour,
    pedCircuity: settings.pedestrian.circuity,
  };
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
  const sweep = sweepOf(query, settings);
  const subset = query.destinationSubset;
  const wanted = subset ? subset.length : locationCount;
  if ((!sweep.carOn && !sweep.pedOn) || wanted === 0 || areaCount === 0) {
    return { offsets: new Uint32Array(areaCount + 1), location: new Uint32Array(0), minutesCar: new Float64Array(0), minutesPedestrian: new Float64Array(0) };
  }
  return wanted * 64 <= areaCount ? byLocation(query, sweep) : byArea(query, sweep);
}

/** What the per-area sweep reads and writes; one object of one shape, so the row functions stay optimised. */
interface AreaSweep {
  s: Sweep;
  tree: KDBush;
  /** The locations' unit vectors in the tree's order. */
  treeVectors: Vectors;
  mask: Uint8Array | undefined;
  areas: PointSet;
  areaLat: ArrayLike<number>;
  areaLon: ArrayLike<number>;
  areaVectors: UnitVectors;
  locations: PointSet;
  locationVectors: UnitVectors;
  row: RowScratch;
  stack: Uint32Array;
  box: Float64Array;
  minutes: Float64Array;
}

/** The locations within reach of area i (unsorted) in ids/c2s; answers the count. */
function gatherArea(w: AreaSweep, i: number): number {
  const lat = w.areaLat[i];
  const lon = w.areaLon[i];
  const box = w.box;
  boxDegrees(lat, w.s.radius, box);
  const v = w.areaVectors;
  return gather(w.tree, w.treeVectors, w.mask, v.x[i], v.y[i], v.z[i], w.s.c2Max, lon - box[1], lat - box[0], lon + box[1], lat + box[0], w.stack, w.row.ids, w.row.c2s);
}

/** Sorts and writes the n gathered pairs of one area from position k on; answers the new end. */
function writeRow(w: AreaSweep, i: number, n: number, location: Uint32Array, car: Float64Array, ped: Float64Array, k: number): number {
  const row = w.row;
  const { areas, areaVectors, locations, locationVectors } = w;
  const ids = row.ids;
  const c2s = row.c2s;
  const minutes = w.minutes;
  if (sortRow(row, n)) {
    const mask = row.slotMask;
    const bits = row.slotBits;
    for (let q = 0; q < n; q++) {
      const key = ids[q];
      const j = key >>> bits;
      if (!minutesOf(w.s, pairKm(c2s[key & mask], areas, areaVectors, i, locations, locationVectors, j), minutes)) continue;
      location[k] = j;
      car[k] = minutes[0];
      ped[k] = minutes[1];
      k++;
    }
    return k;
  }
  for (let q = 0; q < n; q++) {
    const j = ids[q];
    if (!minutesOf(w.s, pairKm(c2s[q], areas, areaVectors, i, locations, locationVectors, j), minutes)) continue;
    location[k] = j;
    car[k] = minutes[0];
    ped[k] = minutes[1];
    k++;
  }
  return k;
}

/** One query per area over the locations' tree: rows come out in order. */
function byArea(query: ModesQuery, s: Sweep): ModePairs {
  const areas = query.origins;
  const locations = query.destinations;
  const areaCount = areas.latitude.length;
  const locationCount = locations.latitude.length;
  let mask: Uint8Array | undefined;
  if (query.destinationSubset) {
    mask = new Uint8Array(locationCount);
    const subset = query.destinationSubset;
    for (let q = 0; q < subset.length; q++) mask[subset[q]] = 1;
  }
  const located = sweepTree(locations);
  const w: AreaSweep = {
    s,
    tree: located.tree,
    treeVectors: located.vectors,
    mask,
    areas,
    areaLat: areas.latitude,
    areaLon: areas.longitude,
    areaVectors: unitVectors(areas),
    locations,
    locationVectors: unitVectors(locations),
    row: rowScratch(locationCount),
    stack: new Uint32Array(192),
    box: new Float64Array(2),
    minutes: new Float64Array(2),
  };

  // Size the columns from every 32nd area's row (plus a margin), so they are rarely grown.
  let sampled = 0;
  let sampleRows = 0;
  for (let i = 0; i < areaCount; i += 32) {
    sampled += gatherArea(w, i);
    sampleRows++;
  }
  const columns = new Columns(Math.ceil((sampled / sampleRows) * areaCount * 1.08) + 1024);

  const offsets = new Uint32Array(areaCount + 1);
  let k = 0;
  for (let i = 0; i < areaCount; i++) {
    const n = gatherArea(w, i);
    if (n > 0) {
      columns.length = k;
      columns.ensure(n);
      k = writeRow(w, i, n, columns.location, columns.car, columns.ped, k);
    }
    offsets[i + 1] = k;
  }
  columns.length = k;
  const out = columns.finish();
  return { offsets, location: out.location, minutesCar: out.car, minutesPedestrian: out.ped };
}

/** One query per wanted location over the areas' tree, then the pairs bucketed by area (few locations). */
function byLocation(query: ModesQuery, s: Sweep): ModePairs {
  const areas = query.origins;
  const locations = query.destinations;
  const areaCount = areas.latitude.length;
  const { tree, vectors: areaTreeVectors } = sweepTree(areas);
  const areaVectors = unitVectors(areas);
  const subset = query.destinationSubset ?? Uint32Array.from({ length: locations.latitude.length }, (_, j) => j);
  const locationVectors = unitVectors(locations);
  const ids = new Uint32Array(areaCount);
  const c2s = new Float64Array(areaCount);
  const stack = new Uint32Array(192);
  const box = new Float64Array(2);
  const minutes = new Float64Array(2);
  let hitArea = new Uint32Array(1024);
  const columns = new Columns(1024);
  for (let q = 0; q < subset.length; q++) {
    const j = subset[q];
    const lat = locations.latitude[j];
    const lon = locations.longitude[j];
    boxDegrees(lat, s.radius, box);
    const n = gather(tree, areaTreeVectors, undefined, locationVectors.x[j], locationVectors.y[j], locationVectors.z[j], s.c2Max, lon - box[1], lat - box[0], lon + box[1], lat + box[0], stack, ids, c2s);
    columns.ensure(n);
    if (hitArea.length < columns.location.length) {
      const grown = new Uint32Array(columns.location.length);
      grown.set(hitArea);
      hitArea = grown;
    }
    for (let p = 0; p < n; p++) {
      if (!minutesOf(s, pairKm(c2s[p], areas, areaVectors, ids[p], locations, locationVectors, j), minutes)) continue;
      const k = columns.length++;
      hitArea[k] = ids[p];
      columns.location[k] = j;
      columns.car[k] = minutes[0];
      columns.ped[k] = minutes[1];
    }
  }
  // Bucket by area; visiting the pairs in location order keeps every row ascending.
  const total = columns.length;
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
  return { offsets, location, minutesCar, minutesPedestrian };
}
