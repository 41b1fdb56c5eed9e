// Drivers: a driver filter's expression selects the comparable locations;
// each driver's expression is evaluated for them, giving minimum, maximum and
// average, next to the selected location's own value. Values that cannot be
// evaluated for a location leave that location out of that driver's figures.

import { compileExpression, truthy, type PropertyValues } from '../expression/compile.js';
import { ExpressionEvaluationError } from '../expression/errors.js';
import { DEFAULT_DRIVER_ROUNDING_DIGITS } from '../constants.js';

export interface DriverDefinition {
  id?: number | string;
  title: string;
  function: string;
  weight: number;
  roundingDigits?: number;
  inverse?: boolean;
}

export interface DriverFilter {
  id?: number | string;
  title: string;
  /** Filter expression: a location is comparable when it evaluates to true (non-zero, non-empty). */
  function: string;
  drivers: readonly DriverDefinition[];
}

export interface DriverChartEntry {
  title: string;
  minimum: number | null;
  maximum: number | null;
  average: number | null;
  value: number | null;
  weight: number;
  inverse: boolean;
  roundingDigits: number;
}

function round(v: number, digits: number): number {
  const f = Math.pow(10, digits);
  return Math.round(v * f) / f;
}

/** Indices of the locations the filter selects (a filter that fails for a location does not select it). */
export function comparableLocations(filter: Pick<DriverFilter, 'function'>, locations: ArrayLike<PropertyValues>): number[] {
  const e = compileExpression(filter.function);
  const out: number[] = [];
  for (let j = 0; j < locations.length; j++) {
    try {
      if (truthy(e.evaluate(locations[j]))) out.push(j);
    } catch (err) {
      if (!(err instanceof ExpressionEvaluationError)) throw err;
    }
  }
  return out;
}

export function driverChart(
  filter: DriverFilter,
  locations: ArrayLike<PropertyValues>,
  selected: number,
): { comparable: number[]; drivers: DriverChartEntry[] } {
  const comparable = comparableLocations(filter, locations);
  const drivers = filter.drivers.map((d): DriverChartEntry => {
    const e = compileExpression(d.function);
    const digits = d.roundingDigits ?? DEFAULT_DRIVER_ROUNDING_DIGITS;
    const valueOf = (j: number) => e.evaluateNumber(locations[j], NaN);
    let min = Infinity,
      max = -Infinity,
      sum = 0,
      n = 0;
    for (const j of comparable) {
      const v = valueOf(j);
      if (!Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
      n++;
    }
    const value = valueOf(selected);
    return {
      title: d.title,
      minimum: n ? round(min, digits) : null,
      maximum: n ? round(max, digits) : null,
      average: n ? round(sum / n, digits) : null,
      value: Number.isFinite(value) ? round(value, digits) : null,
      weight: d.weight,
      inverse: d.inverse ?? false,
      roundingDigits: digits,
    };
  });
  return { comparable, drivers };
}
