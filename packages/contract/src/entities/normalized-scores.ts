// Normalized scores functions and the location scores
// computed from them.
import * as z from 'zod';
import { NewFunctionRow, ParameterLimits } from '../constants';
import { LimitMessage } from '../messages';
import { SaveDefaultValue } from './model-parameters';
import { Id, MAX_LIST_ITEMS, TextLimit } from '../primitives';

export const NormalizedScoresFunction = z.object({
  id: Id,
  title: z.string(),
  function: z.string(),
  weight: z.number(),
  defaultValue: z.number(),
  type: z.number().int().positive(),
});
export type NormalizedScoresFunction = z.infer<typeof NormalizedScoresFunction>;

/** Save body rows (Title, Function, Weight, plus the row's default and type); new rows have no id. */
export const NormalizedScoresFunctionSave = NormalizedScoresFunction.extend({
  id: Id.optional(),
  title: z
    .string()
    .trim()
    .min(1, { error: 'title is required' })
    .max(TextLimit.name, { error: `title must be at most ${TextLimit.name} characters` }),
  function: z
    .string()
    .trim()
    .min(1, { error: 'function is required' })
    .max(TextLimit.expression, { error: `function must be at most ${TextLimit.expression} characters` }),
  weight: z
    .number({ error: LimitMessage.scoreWeightOutOfRange })
    .gt(ParameterLimits.scoreWeight.above, { error: LimitMessage.scoreWeightOutOfRange })
    .max(ParameterLimits.scoreWeight.maximum, { error: LimitMessage.scoreWeightOutOfRange }),
  defaultValue: SaveDefaultValue.default(NewFunctionRow.defaultValue),
  type: z.number().int().positive().max(32767, { error: 'type must be a function type code' }).default(NewFunctionRow.type),
});
export const NormalizedScoresFunctionsSaveBody = z.array(NormalizedScoresFunctionSave).max(MAX_LIST_ITEMS);
export type NormalizedScoresFunctionsSaveBody = z.infer<typeof NormalizedScoresFunctionsSaveBody>;

/**
 * One row of the location score table. expression and calculation are sent
 * only to model administrators (null otherwise).
 */
export const LocationScore = z.object({
  description: z.string(),
  expression: z.string().nullable(),
  calculation: z.string().nullable(),
  defaultValue: z.number(),
  score: z.number(),
});
export type LocationScore = z.infer<typeof LocationScore>;
