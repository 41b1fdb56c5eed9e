// The plain dense all-pairs Huff model: every area against every location, no
// spatial index, no sparse structure, written straight from the formulas. It
// shares only the travel-time estimate and the expression evaluation with the
// engine, so equal results show that the engine's shortcuts change nothing.

import { compileExpression, estimateMinutes, greatCircleKm, type ModelParameters, type ModeParameters, type PropertyValues } from '../src/index.js';

function product(functions: ModelParameters['functions'], type: number): (values: PropertyValues) => number {
  const compiled = functions.filter((f) => f.type === type).map((f) => ({ e: compileExpression(f.function), d: f.defaultValue }));
  return (values) => compiled.reduce((p, f) => p * f.e.evaluateNumber(values, f.d), 1);
}

function f(mode: ModeParameters | undefined, t: number): number {
  if (!mode || !(mode.maximumMinutes > 0) || !(t <= mode.maximumMinutes)) return 0;
  return mode.scale * Math.pow(Math.max(t + mode.constant, 1e-6), -mode.power);
}

export function denseHuff(
  areas: { latitude: ArrayLike<number>; longitude: ArrayLike<number>; properties: ArrayLike<PropertyValues> },
  locations: { latitude: ArrayLike<number>; longitude: ArrayLike<number>; properties: ArrayLike<PropertyValues>; active?: ArrayLike<number> },
  parameters: ModelParameters,
): Float64Array {
  const n = areas.latitude.length;
  const m = locations.latitude.length;
  const attractiveness = product(parameters.functions, 1);
  const demand = product(parameters.functions, 2);
  const A = new Float64Array(m);
  for (let j = 0; j < m; j++) A[j] = locations.active && !locations.active[j] ? 0 : attractiveness(locations.properties[j]);
  const output = new Float64Array(m);
  const U = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const D = demand(areas.properties[i]);
    let sum = 0;
    for (let j = 0; j < m; j++) {
      U[j] = 0;
      if (locations.active && !locations.active[j]) continue;
      const km = greatCircleKm(areas.latitude[i], areas.longitude[i], locations.latitude[j], locations.longitude[j]);
      const w = f(parameters.car, estimateMinutes('car', km)) + f(parameters.pedestrian, estimateMinutes('pedestrian', km));
      U[j] = A[j] * w;
      sum += U[j];
    }
    if (!(sum > 0)) continue;
    let largest = 0;
    for (let j = 0; j < m; j++) largest = Math.max(largest, U[j]);
    let kept = 0;
    for (let j = 0; j < m; j++) {
      // The largest share is always kept, even above a threshold higher than every share.
      if (U[j] / sum < parameters.fractionCutOffThreshold && U[j] < largest) U[j] = 0;
      kept += U[j];
    }
    for (let j = 0; j < m; j++) if (U[j] > 0) output[j] += (D * U[j]) / kept;
  }
  return output;
}
