// Model parameters (spec point 3): the cut-off, the travel-time decay per
// mode, the property lists the functions may use, and the functions.
import * as z from 'zod';
import { DataTypeCode } from '../codes';
import { NewFunctionRow } from '../constants';
import { Id, MAX_LIST_ITEMS, TextLimit } from '../primitives';

/** Travel-time decay of one mode: minutes beyond maximumMinutes do not count. */
export const TravelModeParameters = z.object({
  maximumMinutes: z.number().positive(),
  scale: z.number(),
  constant: z.number(),
  power: z.number(),
});
export type TravelModeParameters = z.infer<typeof TravelModeParameters>;

/** A property a function may refer to by name. */
export const ModelParameterProperty = z.object({
  name: z.string(),
  title: z.string().nullable(),
  dataType: DataTypeCode,
});
export type ModelParameterProperty = z.infer<typeof ModelParameterProperty>;

export const ModelFunction = z.object({
  id: Id,
  description: z.string(),
  /** An expression over property names. */
  function: z.string(),
  defaultValue: z.number(),
  type: z.number().int().positive(),
});
export type ModelFunction = z.infer<typeof ModelFunction>;

export const ModelParameters = z.object({
  fractionCutOffThreshold: z.number().min(0).max(1),
  car: TravelModeParameters,
  pedestrian: TravelModeParameters,
  locationProperties: z.array(ModelParameterProperty),
  locationGroupProperties: z.array(ModelParameterProperty),
  locationClusterProperties: z.array(ModelParameterProperty),
  functions: z.array(ModelFunction),
});
export type ModelParameters = z.infer<typeof ModelParameters>;

/** A function row being saved: new rows have no id yet. */
export const ModelFunctionSave = ModelFunction.extend({
  id: Id.optional(),
  description: z.string().trim().min(1, { error: 'description is required' })
    .max(TextLimit.value, { error: `description must be at most ${TextLimit.value} characters` }),
  function: z.string().trim().min(1, { error: 'function is required' })
    .max(TextLimit.expression, { error: `function must be at most ${TextLimit.expression} characters` }),
  defaultValue: z.number().default(NewFunctionRow.defaultValue),
  type: z.number().int().positive().max(32767, { error: 'type must be a function type code' }).default(NewFunctionRow.type),
});

/** The edited object saved by the model-parameters editor; the property lists are read-only. */
export const ModelParametersSaveBody = ModelParameters.omit({
  locationProperties: true,
  locationGroupProperties: true,
  locationClusterProperties: true,
}).extend({ functions: z.array(ModelFunctionSave).max(MAX_LIST_ITEMS) });
export type ModelParametersSaveBody = z.infer<typeof ModelParametersSaveBody>;
