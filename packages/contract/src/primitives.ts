// Building blocks shared by the entity schemas and the route table: ids,
// timestamps, and the coercing readers for path and query strings (a URL
// carries only strings; the schemas turn them into the typed values and name
// the failing field in the message).
import * as z from 'zod';

/** The largest id the database holds: ids are PostgreSQL integer columns (int4). */
export const MAX_ID = 2_147_483_647;

/** Every database id is a positive integer within the database's integer range. */
export const Id = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, { error: `an id is at most ${MAX_ID}` });
export type Id = z.infer<typeof Id>;

/** The version of a row (location, scenario) a write sends back: a positive whole number from one sequence. */
export const RowVersion = z
  .number()
  .int({ error: 'version must be a whole number' })
  .positive({ error: 'version must be positive' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'version is too large' });
export type RowVersion = z.infer<typeof RowVersion>;

/** A count or position: a non-negative integer. */
export const Count = z.number().int().nonnegative();

/**
 * Maximum lengths of the strings a request may carry. The database columns are
 * text, so these are the product's own limits: generous for what a planner or
 * administrator types, far below what could bloat a list or a log.
 */
export const TextLimit = {
  /** Names and titles: scenarios, locations, drivers, logins, property and section names. */
  name: 200,
  /** E-mail addresses (RFC 5321 path limit). */
  email: 254,
  /** A property's string value, a description. */
  value: 4000,
  /** A function expression. */
  expression: 10_000,
  /** A path or query text (search text, area code, slugs, cache keys). */
  param: 500,
  /** JSON text in a query (isoline parameters). */
  jsonParam: 4000,
} as const;

/** Every list in a request body holds at most this many items. */
export const MAX_LIST_ITEMS = 10_000;

/** A string of at most `max` characters, naming the field in the message. */
export function limitedText(field: string, max: number) {
  return z.string({ error: `${field} must be text` }).max(max, { error: `${field} must be at most ${max} characters` });
}

/** Timestamps travel as ISO 8601 strings in UTC ('2025-09-03T10:00:00.000Z'). */
export const DateTimeUtc = z.iso.datetime({ offset: true });

/** A colour as CSS hex ('#1f77b4' or '#abc'). */
export const Color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: 'color must be a hex colour such as #1f77b4' });

/** Text that must hold JSON (report formats, isoline parameters); parsed by the reader. */
export const JsonText = z.string().refine(
  (text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be valid JSON text' },
);

/** Reads a JSON text field into the given schema, naming the field when the text is not JSON. */
export function jsonTextOf<T extends z.ZodType>(schema: T, field: string) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be valid JSON text` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * A number given as a number, or as a string of decimal digits only (a minus sign first where `signed`):
 * ' 1', '0x10', '1e3', '+1', '1.0' and '' are refused, not read leniently as Number() would.
 */
function strictInteger(message: string, signed = false) {
  const digits = signed ? /^-?\d{1,16}$/ : /^\d{1,16}$/;
  return z
    .custom<number | string>((v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && digits.test(v)), { error: message })
    .transform((v) => Number(v));
}

/** A path or query id: a positive integer, given as number or as decimal digits only. */
export function idParam(field: string) {
  const message = `${field} must be a positive integer`;
  return strictInteger(message).pipe(
    z
      .number()
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_ID, { error: `${field} must be at most ${MAX_ID}` }),
  );
}

/** A path or query integer within bounds, given as number or as decimal digits only. */
export function intParam(field: string, min: number, max: number) {
  const message = `${field} must be an integer from ${min} to ${max}`;
  return strictInteger(message, min < 0).pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** A path or query number (coordinates, thresholds). */
export function numberParam(field: string, min = -Infinity, max = Infinity) {
  const message = Number.isFinite(min) && Number.isFinite(max) ? `${field} must be a number from ${min} to ${max}` : `${field} must be a number`;
  return z.coerce
    .number<number | string>({ error: message })
    .refine(Number.isFinite, { error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** A longitude in degrees. */
export const longitudeParam = () => numberParam('longitude', -180, 180);
/** A latitude in degrees. */
export const latitudeParam = () => numberParam('latitude', -90, 90);

/** A path text segment (area code, search text, names): non-empty. */
export function textParam(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(TextLimit.param, { error: `${field} must be at most ${TextLimit.param} characters` });
}

/** A query boolean: 'true' or 'false' (a bare z.coerce.boolean would read 'false' as true). */
export function booleanParam(field: string) {
  const message = `${field} must be true or false`;
  return z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }).transform((value) => value === true || value === 'true');
}

/** A repeated query list (?locations=1&locations=2): one value or an array, read as an array of ids. */
export function idListParam(field: string) {
  const id = idParam(field);
  return z.union([id, z.array(id)], { error: `${field} must be one or more positive integers` }).transform((value) => (Array.isArray(value) ? value : [value]));
}

/** One of a fixed set of strings, with the field named. */
export function enumParam<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });
}
