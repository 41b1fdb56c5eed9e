// Attractiveness (type-1 functions over location properties) and demand
// (type-2 functions over area properties): each is the product of its
// functions' values. A function that fails to evaluate or reads a missing
// property yields its defaultValue; those fallbacks are counted so the
// processing log can report them.

import { compileExpression, type CompiledExpression, type PropertyValues } from '../expression/compile.js';
import { ExpressionEvaluationError, ExpressionSyntaxError } from '../expression/errors.js';
import { FUNCTION_TYPE, type ModelFunction } from './parameters.js';

export interface CompiledModelFunction {
  definition: ModelFunction;
  expression: CompiledExpression;
}

export interface FunctionProblem {
  functionId?: number | string;
  description?: string;
  expression: string;
  message: string;
  position: number;
}

/** Thrown when a model function does not parse; the scenario cannot be calculated. */
export class ModelFunctionError extends Error {
  readonly problems: FunctionProblem[];
  constructor(problems: FunctionProblem[]) {
    super(problems.map((p) => `function ${p.description ?? p.functionId ?? ''} '${p.expression}': ${p.message}`).join('; '));
    this.name = 'ModelFunctionError';
    this.problems = problems;
  }
}

export interface FunctionFallbacks {
  functionId?: number | string;
  description?: string;
  /** How many records used the defaultValue. */
  count: number;
  /** The first reason, e.g. "property 'salesArea' has no value". */
  firstReason: string;
}

export function compileFunctions(functions: readonly ModelFunction[]): CompiledModelFunction[] {
  const problems: FunctionProblem[] = [];
  const compiled: CompiledModelFunction[] = [];
  for (const definition of functions) {
    try {
      compiled.push({ definition, expression: compileExpression(definition.function) });
    } catch (e) {
      if (!(e instanceof ExpressionSyntaxError)) throw e;
      problems.push({
        functionId: definition.id,
        description: definition.description,
        expression: definition.function,
        message: e.message,
        position: e.position,
      });
    }
  }
  if (problems.length) throw new ModelFunctionError(problems);
  return compiled;
}

export function functionsOfType(compiled: readonly CompiledModelFunction[], type: number): CompiledModelFunction[] {
  return compiled.filter((f) => f.definition.type === type);
}

/**
 * One function's value for one record: a finite number, or the reason (a
 * text) why its defaultValue applies. No object per record, so the products
 * over many records leave no garbage.
 */
function valueOrReason(f: CompiledModelFunction, values: PropertyValues): number | string {
  try {
    const v = f.expression.evaluate(values);
    if (typeof v === 'number') return Number.isFinite(v) ? v : `the result is ${v}`;
    return 'the result is a text, not a number';
  } catch (e) {
    if (e instanceof ExpressionEvaluationError) return e.message;
    throw e;
  }
}

/** One function's value for one record: its expression, or defaultValue when that fails or is not finite. */
export function functionValue(f: CompiledModelFunction, values: PropertyValues): { value: number; reason?: string } {
  const v = valueOrReason(f, values);
  return typeof v === 'number' ? { value: v } : { value: f.definition.defaultValue, reason: v };
}

/**
 * The product of the functions' values for each record (1 when there are no
 * functions). `indices` limits the work to some records; the others keep the
 * value in `into`.
 */
export function functionProducts(
  functions: readonly CompiledModelFunction[],
  records: ArrayLike<PropertyValues>,
  into: Float64Array = new Float64Array(records.length),
  indices?: ArrayLike<number>,
): { values: Float64Array; fallbacks: FunctionFallbacks[] } {
  const fallbacks = functions.map((f) => ({ functionId: f.definition.id, description: f.definition.description, count: 0, firstReason: '' }));
  const n = indices ? indices.length : records.length;
  for (let q = 0; q < n; q++) {
    const r = indices ? indices[q] : q;
    let product = 1;
    for (let k = 0; k < functions.length; k++) {
      const v = valueOrReason(functions[k], records[r]);
      if (typeof v === 'number') {
        product *= v;
        continue;
      }
      if (fallbacks[k].count === 0) fallbacks[k].firstReason = v;
      fallbacks[k].count++;
      product *= functions[k].definition.defaultValue;
    }
    into[r] = product;
  }
  return { values: into, fallbacks: fallbacks.filter((f) => f.count > 0) };
}

export const attractivenessFunctions = (c: readonly CompiledModelFunction[]) => functionsOfType(c, FUNCTION_TYPE.attractiveness);
export const demandFunctions = (c: readonly CompiledModelFunction[]) => functionsOfType(c, FUNCTION_TYPE.demand);
