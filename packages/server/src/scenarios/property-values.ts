// Property values of a location write (the field validation rules). Values are
// stored in the version's properties keyed by property name: a string for
// dataType 0, a number otherwise (a percentage as a fraction: 12.5 % is
// 0.125, the numberValue the reads send; the app shows percentageValue, x100).
// A new location starts from the property defaults; an edit starts from the
// location's values as the scenario sees them. Auto-calculated properties and
// outputs of the calculation are not writable: sending back the value read
// (or the newly counted one) is fine, any other value is refused. Points of
// interest in range (autoCalculateType 6) are counted again on every save.
import { DataType, LimitMessage, PropertyType, RuleMessage, type LocationPropertyValue } from '@locus/contract';
import { DomainError, invalid } from '../domain/errors.js';
import type { StoredProperties, StoredValue } from '../repo/location-versions.js';
import type { PropertyRow } from '../repo/properties.js';
import { ruleConflict } from './rules.js';

const isNumeric = (p: PropertyRow) => p.data_type !== DataType.text;

/** Outputs (propertyType 4) are written by the calculation, auto-calculated properties by the server. */
export const isWritableProperty = (p: PropertyRow) => !p.auto_calculate_type && p.property_type !== PropertyType.output;

function asNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A stored value in the property's own kind: a number for numeric properties, a string for text. */
function normalized(p: PropertyRow, value: unknown): StoredValue {
  if (value === null || value === undefined) return null;
  return isNumeric(p) ? asNumber(value) : String(value);
}

function sameValue(p: PropertyRow, a: unknown, b: unknown): boolean {
  const x = normalized(p, a);
  const y = normalized(p, b);
  if (x === null || y === null) return x === y;
  if (typeof x === 'number' && typeof y === 'number') return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  return x === y;
}

/** The values a new location starts with: each property's default copied to its string or number value. */
export function newLocationDefaults(definitions: PropertyRow[]): StoredProperties {
  const values: StoredProperties = {};
  for (const p of definitions) {
    const value = normalized(p, p.default_value);
    if (value !== null) values[p.name] = value;
  }
  return values;
}

/** The value a written entry means for its property: stringValue for text, numberValue for numbers (0 or 1 for yes/no). */
function submittedValue(p: PropertyRow, entry: LocationPropertyValue, index: number): StoredValue {
  if (!isNumeric(p)) return entry.stringValue;
  const value = entry.numberValue;
  if (p.data_type === DataType.yesNo && value !== null && value !== 0 && value !== 1) {
    throw invalid(`locationProperties.${index}.numberValue`, `${p.name} is a yes/no property: its value is 0 or 1`);
  }
  return value;
}

/**
 * Why a numeric value lies outside its property's range (minimum, maximum,
 * whole numbers, step from the minimum), or null when it is inside. The
 * values are in stored units (a percentage as a fraction).
 */
export function rangeProblem(
  p: Pick<PropertyRow, 'data_type' | 'minimum_value' | 'maximum_value' | 'value_step' | 'whole_numbers'>,
  value: number,
): { message: string; params: Record<string, number> } | null {
  if (p.data_type === DataType.text || p.data_type === DataType.yesNo) return null;
  const shown = (v: number) => (p.data_type === DataType.percentage ? Math.round(v * 100 * 1e9) / 1e9 : v);
  const range = { minimum: shown(p.minimum_value ?? -Infinity), maximum: shown(p.maximum_value ?? Infinity) };
  const params = Object.fromEntries(Object.entries(range).filter(([, v]) => Number.isFinite(v)));
  if (p.minimum_value !== null && value < p.minimum_value) return { message: LimitMessage.valueBelowMinimum, params };
  if (p.maximum_value !== null && value > p.maximum_value) return { message: LimitMessage.valueAboveMaximum, params };
  if (p.whole_numbers && !Number.isInteger(value)) return { message: LimitMessage.valueNotWhole, params };
  const step = p.value_step;
  if (step && step > 0) {
    const steps = (value - (p.minimum_value ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9 * Math.max(1, Math.abs(steps)))
      return { message: LimitMessage.valueNotOnStep, params: { ...params, step: shown(step) } };
  }
  return null;
}

/**
 * The property values after a write: `start` with the written values applied
 * and the `computed` ones (points of interest in range) set. Unknown or
 * repeated property ids are a 400; a value of a property that is not writable
 * which is neither its value before nor its computed value is a 409
 * fieldIsReadOnly naming the entry. A numeric value that differs from the
 * value before and lies outside its property's range is a 400 naming the
 * entry, the reason and the range (a value stored before the range was set
 * may be sent back unchanged: it is flagged where it is shown).
 */
export function applyPropertyValues(
  definitions: PropertyRow[],
  start: StoredProperties,
  entries: LocationPropertyValue[],
  computed: StoredProperties = {},
): StoredProperties {
  const byId = new Map(definitions.map((p) => [p.id, p]));
  const values: StoredProperties = { ...start };
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    const p = byId.get(entry.id);
    if (!p) throw invalid(`locationProperties.${index}.id`, `property ${entry.id} is not a location property of the model`);
    if (seen.has(entry.id)) throw invalid(`locationProperties.${index}.id`, `property ${entry.id} is given twice`);
    seen.add(entry.id);
    const value = submittedValue(p, entry, index);
    if (!isWritableProperty(p)) {
      const unchanged = sameValue(p, value, start[p.name]) || (p.name in computed && sameValue(p, value, computed[p.name]));
      if (!unchanged) {
        throw ruleConflict(
          RuleMessage.fieldIsReadOnly,
          `${p.name} is ${p.auto_calculate_type ? 'calculated automatically' : 'an output of the calculation'} and cannot be written`,
          `locationProperties.${index}.${isNumeric(p) ? 'numberValue' : 'stringValue'}`,
        );
      }
      return;
    }
    if (typeof value === 'number' && !sameValue(p, value, start[p.name])) {
      const problem = rangeProblem(p, value);
      if (problem) {
        const field = `locationProperties.${index}.numberValue`;
        throw new DomainError('invalid', problem.message, { field, reason: `${p.name}: ${value} is outside its range`, params: problem.params });
      }
    }
    if (value === null) delete values[p.name];
    else values[p.name] = value;
  });
  return Object.assign(values, computed);
}
