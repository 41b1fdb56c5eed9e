// Location scores: per model function (type 1, over the location's
// properties) its description, expression, the calculation (the expression
// with the values filled in), default value and score; total = product of
// the scores, 0 when there are none. A score model (outputType 4) has no
// interaction: each location's output is this total.

import type { PropertyValues } from '../expression/compile.js';
import { compileFunctions, functionValue, functionsOfType, type CompiledModelFunction } from '../model/functions.js';
import { FUNCTION_TYPE, type ModelFunction } from '../model/parameters.js';

export interface LocationScore {
  description: string;
  expression: string;
  calculation: string;
  defaultValue: number;
  score: number;
  /** Why the default value was used, when it was. */
  fallbackReason?: string;
}

function formatValue(v: number | string): string {
  if (typeof v === 'string') return `'${v}'`;
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
}

export function scoreFunctions(functions: readonly ModelFunction[]): CompiledModelFunction[] {
  return functionsOfType(compileFunctions(functions), FUNCTION_TYPE.attractiveness);
}

export function locationScores(functions: readonly CompiledModelFunction[], values: PropertyValues): { scores: LocationScore[]; total: number } {
  const scores = functions.map((f): LocationScore => {
    const { value, reason } = functionValue(f, values);
    return {
      description: f.definition.description ?? '',
      expression: f.definition.function,
      calculation: f.expression.fillIn(values, formatValue),
      defaultValue: f.definition.defaultValue,
      score: value,
      ...(reason !== undefined ? { fallbackReason: reason } : {}),
    };
  });
  const total = scores.length ? scores.reduce((p, s) => p * s.score, 1) : 0;
  return { scores, total };
}

/** Outputs of a score model (outputType 4): per location the product of its score functions, 0 when none. */
export function scoreModelOutputs(functions: readonly CompiledModelFunction[], locations: ArrayLike<PropertyValues>): Float64Array {
  const out = new Float64Array(locations.length);
  for (let j = 0; j < locations.length; j++) out[j] = locationScores(functions, locations[j]).total;
  return out;
}
