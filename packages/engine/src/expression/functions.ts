// The fixed function table. Names are looked up in a Map built here, never on
// an object, so no name can reach a prototype or a global.

import { ExpressionEvaluationError } from './errors.js';

export type Value = number | string;

export interface ExpressionFunction {
  minArgs: number;
  maxArgs: number;
  apply(args: number[]): number;
}

function roundHalfAwayFromZero(x: number, digits: number): number {
  const f = Math.pow(10, Math.trunc(digits));
  const r = Math.round(Math.abs(x) * f) / f;
  return x < 0 ? -r : r;
}

const table: Array<[string, ExpressionFunction]> = [
  ['min', { minArgs: 1, maxArgs: Infinity, apply: (a) => Math.min(...a) }],
  ['max', { minArgs: 1, maxArgs: Infinity, apply: (a) => Math.max(...a) }],
  ['abs', { minArgs: 1, maxArgs: 1, apply: (a) => Math.abs(a[0]) }],
  // log(x) is the natural logarithm; log(x, base) any other base.
  ['log', { minArgs: 1, maxArgs: 2, apply: (a) => (a.length === 2 ? Math.log(a[0]) / Math.log(a[1]) : Math.log(a[0])) }],
  ['exp', { minArgs: 1, maxArgs: 1, apply: (a) => Math.exp(a[0]) }],
  ['sqrt', { minArgs: 1, maxArgs: 1, apply: (a) => Math.sqrt(a[0]) }],
  ['pow', { minArgs: 2, maxArgs: 2, apply: (a) => Math.pow(a[0], a[1]) }],
  // round(x) to a whole number, round(x, digits) to that many decimals; halves away from zero.
  ['round', { minArgs: 1, maxArgs: 2, apply: (a) => roundHalfAwayFromZero(a[0], a.length === 2 ? a[1] : 0) }],
];

export const FUNCTIONS: ReadonlyMap<string, ExpressionFunction> = new Map(table);

/** `if` is a keyword with a function form; it is listed for documentation and validation only. */
export const FUNCTION_NAMES: readonly string[] = [...FUNCTIONS.keys(), 'if'];

export function toNumber(v: Value, what: string): number {
  if (typeof v === 'number') return v;
  throw new ExpressionEvaluationError(`${what} needs a number, got the text '${v}'`);
}
