// Driver filters (the editor's rows) and drivers (the chart data of one
// location).
import * as z from 'zod';
import { DriverWeight, NewDriver } from '../constants';
import { Id, MAX_LIST_ITEMS, TextLimit } from '../primitives';

const Weight = z
  .number()
  .min(DriverWeight.minimum, { error: `weight must be from ${DriverWeight.minimum} to ${DriverWeight.maximum}` })
  .max(DriverWeight.maximum, { error: `weight must be from ${DriverWeight.minimum} to ${DriverWeight.maximum}` });
const RoundingDigits = z.number().int().min(0).max(10);

export const DriverDefinition = z.object({
  id: Id,
  title: z.string(),
  function: z.string(),
  weight: Weight,
  roundingDigits: RoundingDigits,
  inverse: z.boolean(),
});
export type DriverDefinition = z.infer<typeof DriverDefinition>;

export const DriverFilter = z.object({
  id: Id,
  title: z.string(),
  /** Selects the locations compared: an expression true for the locations in the filter. */
  function: z.string(),
  drivers: z.array(DriverDefinition),
});
export type DriverFilter = z.infer<typeof DriverFilter>;

/** Chart data of one driver for one location: its value against the filter's locations. */
export const Driver = z.object({
  title: z.string(),
  minimum: z.number(),
  maximum: z.number(),
  average: z.number(),
  value: z.number(),
  weight: Weight,
  inverse: z.boolean(),
  roundingDigits: RoundingDigits,
});
export type Driver = z.infer<typeof Driver>;

/** The drivers chart of a location: one entry per driver filter the location passes. */
export const DriverFilterChart = z.object({ id: Id, title: z.string(), drivers: z.array(Driver) });
export type DriverFilterChart = z.infer<typeof DriverFilterChart>;

const SaveTitle = z
  .string()
  .trim()
  .min(1, { error: 'title is required' })
  .max(TextLimit.name, { error: `title must be at most ${TextLimit.name} characters` });
const SaveFunction = z
  .string()
  .trim()
  .min(1, { error: 'function is required' })
  .max(TextLimit.expression, { error: `function must be at most ${TextLimit.expression} characters` });

/** Save body rows: title, function and drivers with title, function, weight, roundingDigits, inverse. */
export const DriverSave = z.object({
  id: Id.optional(),
  title: SaveTitle,
  function: SaveFunction,
  weight: Weight,
  roundingDigits: RoundingDigits.default(NewDriver.roundingDigits),
  inverse: z.boolean().default(NewDriver.inverse),
});
export const DriverFilterSave = z.object({
  id: Id.optional(),
  title: SaveTitle,
  function: SaveFunction,
  drivers: z.array(DriverSave).max(MAX_LIST_ITEMS),
});
export const DriversSaveBody = z.array(DriverFilterSave).max(MAX_LIST_ITEMS);
export type DriversSaveBody = z.infer<typeof DriversSaveBody>;
