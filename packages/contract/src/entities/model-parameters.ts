// Model parameters: the cut-off, the travel-time decay per
// mode, the property lists the functions may use, and the functions.
import * as z from 'zod';
import { DataTypeCode } from '../codes';
import { NewFunctionRow, ParameterLimits } from '../constants';
import { LimitMessage } from '../messages';
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
  description: z
    .string()
    .trim()
    .min(1, { error: 'description is required' })
    .max(TextLimit.value, { error: `description must be at most ${TextLimit.value} characters` }),
  function: z
    .string()
    .trim()
    .min(1, { error: 'function is required' })
    .max(TextLimit.expression, { error: `function must be at most ${TextLimit.expression} characters` }),
  defaultValue: z.number().default(NewFunctionRow.defaultValue),
  type: z.number().int().positive().max(32767, { error: 'type must be a function type code' }).default(NewFunctionRow.type),
});

const L = ParameterLimits;

/** A mode's decay as saved: every value within ParameterLimits (docs/calculation-model.md, "Parameter rules"). */
export const TravelModeParametersSave = z.object({
  maximumMinutes: z
    .number()
    .gt(L.maximumMinutes.above, { error: LimitMessage.maximumMinutesOutOfRange })
    .max(L.maximumMinutes.maximum, { error: LimitMessage.maximumMinutesOutOfRange }),
  scale: z.number().gt(L.scale.above, { error: LimitMessage.scaleOutOfRange }).max(L.scale.maximum, { error: LimitMessage.scaleOutOfRange }),
  constant: z.number().min(L.constant.minimum, { error: LimitMessage.constantOutOfRange }).max(L.constant.maximum, { error: LimitMessage.constantOutOfRange }),
  power: z.number().gt(L.power.above, { error: LimitMessage.powerOutOfRange }).max(L.power.maximum, { error: LimitMessage.powerOutOfRange }),
});

/** A default value any calculation can use: a finite number of a sane size. */
export const SaveDefaultValue = z
  .number({ error: LimitMessage.defaultValueOutOfRange })
  .min(L.defaultValue.minimum, { error: LimitMessage.defaultValueOutOfRange })
  .max(L.defaultValue.maximum, { error: LimitMessage.defaultValueOutOfRange });

const SavedModelFunction = ModelFunctionSave.extend({
  defaultValue: SaveDefaultValue.default(NewFunctionRow.defaultValue),
  type: z
    .number({ error: LimitMessage.unknownFunctionType })
    .refine((type) => (L.functionTypes as readonly number[]).includes(type), { error: LimitMessage.unknownFunctionType })
    .default(NewFunctionRow.type),
});

/** The edited object saved by the model-parameters editor; the property lists are read-only. */
export const ModelParametersSaveBody = ModelParameters.omit({
  locationProperties: true,
  locationGroupProperties: true,
  locationClusterProperties: true,
}).extend({
  fractionCutOffThreshold: z
    .number()
    .min(L.fractionCutOffThreshold.minimum, { error: LimitMessage.cutOffOutOfRange })
    .lt(L.fractionCutOffThreshold.below, { error: LimitMessage.cutOffOutOfRange }),
  car: TravelModeParametersSave,
  pedestrian: TravelModeParametersSave,
  functions: z.array(SavedModelFunction).max(MAX_LIST_ITEMS),
});
export type ModelParametersSaveBody = z.infer<typeof ModelParametersSaveBody>;
