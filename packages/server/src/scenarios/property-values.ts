// Property values of a location write (spec points 4 and 5). Values are
// stored in the version's properties keyed by property name: a string for
// dataType 0, a number otherwise (a percentage as a fraction: 12.5 % is
// 0.125, the numberValue the reads send; the app shows percentageValue, x100).
// A new location starts from the property defaults; an edit starts from the
// location's values as the scenario sees them. Auto-calculated properties and
// outputs of the calculation are not writable: sending back the value read
// (or the newly counted one) is fine, any other value is refused. Points of
// interest in range (autoCalculateType 6) are counted again on every save.
import { DataType, PropertyType, RuleMessage, type LocationPropertyValue } from '@locus/contract';
import { badRequest } from '../http/errors.js';
import type { PropertyRow } from '../repo/properties.js';
import { ruleConflict } from './rules.js';

export type StoredValue = string | number | null;
export type StoredProperties = Record<string, StoredValue>;

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
    throw badRequest(`locationProperties.${index}.numberValue`, `${p.name} is a yes/no property: its value is 0 or 1`);
  }
  return value;
}

/**
 * The property values after a write: `start` with the written values applied
 * and the `computed` ones (points of interest in range) set. Unknown or
 * repeated property ids are a 400; a value of a property that is not writable
 * which is neither its value before nor its computed value is a 409
 * fieldIsReadOnly naming the entry.
 */
export function applyPropertyValues(
  definitions: PropertyRow[], start: StoredProperties, entries: LocationPropertyValue[], computed: StoredProperties = {},
): StoredProperties {
  const byId = new Map(definitions.map((p) => [p.id, p]));
  const values: StoredProperties = { ...start };
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    const p = byId.get(entry.id);
    if (!p) throw badRequest(`locationProperties.${index}.id`, `property ${entry.id} is not a location property of the model`);
    if (seen.has(entry.id)) throw badRequest(`locationProperties.${index}.id`, `property ${entry.id} is given twice`);
    seen.add(entry.id);
    const value = submittedValue(p, entry, index);
    if (!isWritableProperty(p)) {
      const unchanged = sameValue(p, value, start[p.name]) || (p.name in computed && sameValue(p, value, computed[p.name]));
      if (!unchanged) {
        throw ruleConflict(RuleMessage.fieldIsReadOnly,
          `${p.name} is ${p.auto_calculate_type ? 'calculated automatically' : 'an output of the calculation'} and cannot be written`,
          `locationProperties.${index}.${isNumeric(p) ? 'numberValue' : 'stringValue'}`);
      }
      return;
    }
    if (value === null) delete values[p.name];
    else values[p.name] = value;
  });
  return Object.assign(values, computed);
}
