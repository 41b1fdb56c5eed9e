// Building blocks shared by the entity schemas and the route table: ids,
// timestamps, and the coercing readers for path and query strings (a URL
// carries only strings; the schemas turn them into the typed values and name
// the failing field in the message).
import { z } from 'zod';

/** Every database id is a positive integer. */
export const Id = z.number().int().positive();
export type Id = z.infer<typeof Id>;

/** A count or position: a non-negative integer. */
export const Count = z.number().int().nonnegative();

/** Timestamps travel as ISO 8601 strings in UTC ('2025-09-03T10:00:00.000Z'). */
export const DateTimeUtc = z.iso.datetime({ offset: true });

/** A colour as CSS hex ('#1f77b4' or '#abc'). */
export const Color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: 'color must be a hex colour such as #1f77b4' });

/** Text that must hold JSON (report formats, isoline parameters); parsed by the reader. */
export const JsonText = z.string().refine((text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}, { error: 'must be valid JSON text' });

/** Reads a JSON text field into the given schema, naming the field when the text is not JSON. */
export function jsonTextOf<T extends z.ZodType>(schema: T, field: string) {
  return z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${field} must be valid JSON text` });
      return z.NEVER;
    }
  }).pipe(schema);
}

/** A path or query id: a positive integer, given as number or decimal string. */
export function idParam(field: string) {
  const message = `${field} must be a positive integer`;
  return z.coerce.number<number | string>({ error: message }).int({ error: message }).positive({ error: message });
}

/** A path or query integer within bounds. */
export function intParam(field: string, min: number, max: number) {
  const message = `${field} must be an integer from ${min} to ${max}`;
  return z.coerce.number<number | string>({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** A path or query number (coordinates, thresholds). */
export function numberParam(field: string, min = -Infinity, max = Infinity) {
  const message = Number.isFinite(min) && Number.isFinite(max)
    ? `${field} must be a number from ${min} to ${max}`
    : `${field} must be a number`;
  return z.coerce.number<number | string>({ error: message }).refine(Number.isFinite, { error: message }).min(min, { error: message }).max(max, { error: message });
}

/** A longitude in degrees. */
export const longitudeParam = () => numberParam('longitude', -180, 180);
/** A latitude in degrees. */
export const latitudeParam = () => numberParam('latitude', -90, 90);

/** A path text segment (area code, search text, names): non-empty. */
export function textParam(field: string) {
  return z.string({ error: `${field} is required` }).min(1, { error: `${field} is required` });
}

/** A query boolean: 'true' or 'false' (a bare z.coerce.boolean would read 'false' as true). */
export function booleanParam(field: string) {
  const message = `${field} must be true or false`;
  return z.union([z.boolean(), z.enum(['true', 'false'])], { error: message })
    .transform((value) => value === true || value === 'true');
}

/** A repeated query list (?locations=1&locations=2): one value or an array, read as an array of ids. */
export function idListParam(field: string) {
  const id = idParam(field);
  return z.union([id, z.array(id)], { error: `${field} must be one or more positive integers` })
    .transform((value) => (Array.isArray(value) ? value : [value]));
}

/** One of a fixed set of strings, with the field named. */
export function enumParam<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });
}
