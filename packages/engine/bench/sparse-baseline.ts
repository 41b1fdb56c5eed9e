// A plain sparse Huff model for the bench's like-for-like comparison: the same
// spatial index as the engine (a kdbush k-d tree over the locations, one box
// query per demand area), everything else written here from the model's
// documented formulas without the engine's code: haversine distance, the
// estimator's circuity, access time and speed bands, f(t) = scale *
// max(t + constant, 1e-6)^-power per mode with Math.pow, shares with the
// cut-off (the largest share always kept) and renormalisation, outputs. Only
// the evaluation of the model's functions (the expression language) is
// borrowed, as the dense model does.

import KDBush from 'kdbush';
import { compileExpression, type ModelParameters, type ModeParameters, type PropertyValues } from '../src/index.js';

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;
// The estimator's documented numbers (docs/calculation-model.md).
const CAR = {
  circuity: 1.3,
  access: 2,
  bands: [
    [2, 25],
    [5, 40],
    [15, 60],
    [Infinity, 90],
  ] as const,
};
const WALK = { circuity: 1.2, kmh: 4.8 };

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function carMinutes(km: number): number {
  let road = km * CAR.circuity;
  let minutes = CAR.access;
  let from = 0;
  for (const [until, kmh] of CAR.bands) {
    const part = Math.min(road, until - from);
    minutes += (part / kmh) * 60;
    road -= part;
    from = until;
    if (road <= 0) break;
  }
  return minutes;
}

const walkMinutes = (km: number) => ((km * WALK.circuity) / WALK.kmh) * 60;

/** The largest straight-line km a mode covers within its maximum minutes (searching the monotone estimate). */
function reachKm(minutesOf: (km: number) => number, maximumMinutes: number): number {
  let lo = 0;
  let hi = 1;
  while (minutesOf(hi) <= maximumMinutes) hi *= 2;
  for (let step = 0; step < 100; step++) {
    const mid = (lo + hi) / 2;
    if (minutesOf(mid) <= maximumMinutes) lo = mid;
    else hi = mid;
  }
  return hi * (1 + 1e-6);
}

function f(mode: ModeParameters | undefined, minutes: number): number {
  if (!mode || !(mode.maximumMinutes > 0) || !(minutes <= mode.maximumMinutes)) return 0;
  return mode.scale * Math.pow(Math.max(minutes + mode.constant, 1e-6), -mode.power);
}

function product(functions: ModelParameters['functions'], type: number): (values: PropertyValues) => number {
  const compiled = functions.filter((fn) => fn.type === type).map((fn) => ({ e: compileExpression(fn.function), d: fn.defaultValue }));
  return (values) => compiled.reduce((p, fn) => p * fn.e.evaluateNumber(values, fn.d), 1);
}

export interface BaselinePoints {
  latitude: ArrayLike<number>;
  longitude: ArrayLike<number>;
  properties: ArrayLike<PropertyValues>;
  active?: ArrayLike<number>;
}

/** Outputs O_j of the plain sparse model, and the number of pairs in reach. */
export function sparseBaseline(areas: BaselinePoints, locations: BaselinePoints, parameters: ModelParameters): { output: Float64Array; pairs: number } {
  const n = areas.latitude.length;
  const m = locations.latitude.length;
  const attractiveness = product(parameters.functions, 1);
  const demand = product(parameters.functions, 2);
  const A = new Float64Array(m);
  for (let j = 0; j < m; j++) A[j] = locations.active && !locations.active[j] ? 0 : attractiveness(locations.properties[j]);

  const car = parameters.car && parameters.car.maximumMinutes > 0 ? parameters.car : undefined;
  const walk = parameters.pedestrian && parameters.pedestrian.maximumMinutes > 0 ? parameters.pedestrian : undefined;
  const radius = Math.max(car ? reachKm(carMinutes, car.maximumMinutes) : 0, walk ? reachKm(walkMinutes, walk.maximumMinutes) : 0);

  const index = new KDBush(Math.max(1, m), 64, Float64Array);
  for (let j = 0; j < m; j++) index.add(locations.longitude[j], locations.latitude[j]);
  if (m === 0) index.add(1000, 1000);
  index.finish();

  const output = new Float64Array(m);
  const rowJ = new Uint32Array(m);
  const rowU = new Float64Array(m);
  let pairs = 0;
  const dLat = (radius / (EARTH_KM * RAD)) * 1.0001;
  for (let i = 0; i < n; i++) {
    const lat = areas.latitude[i];
    const lon = areas.longitude[i];
    const dLon = Math.min(180, dLat / Math.cos(Math.min(89.9, Math.abs(lat) + dLat) * RAD));
    let count = 0;
    let sum = 0;
    let largest = 0;
    for (const j of index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
      if (j >= m || (locations.active && !locations.active[j])) continue;
      const km = haversineKm(lat, lon, locations.latitude[j], locations.longitude[j]);
      if (km > radius) continue;
      const w = f(car, carMinutes(km)) + f(walk, walkMinutes(km));
      const reachedByCar = car !== undefined && carMinutes(km) <= car.maximumMinutes;
      const reachedOnFoot = walk !== undefined && walkMinutes(km) <= walk.maximumMinutes;
      if (!reachedByCar && !reachedOnFoot) continue;
      const u = A[j] * w;
      rowJ[count] = j;
      rowU[count] = u;
      count++;
      sum += u;
      if (u > largest) largest = u;
    }
    pairs += count;
    if (!(sum > 0)) continue;
    let kept = 0;
    for (let q = 0; q < count; q++) {
      if (rowU[q] / sum < parameters.fractionCutOffThreshold && rowU[q] < largest) rowU[q] = 0;
      kept += rowU[q];
    }
    const D = demand(areas.properties[i]);
    for (let q = 0; q < count; q++) if (rowU[q] > 0) output[rowJ[q]] += (D * rowU[q]) / kept;
  }
  return { output, pairs };
}
