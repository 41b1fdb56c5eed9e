// The range of each numeric location property (minimum, maximum, step, whole
// numbers) as the model administrator edits it, and the values of comparable
// locations the location dialog's plausibility warning reads.
import * as z from 'zod';
import { LimitMessage } from '../messages';
import { Id, MAX_LIST_ITEMS } from '../primitives';

/** A bound: a finite number or null (no bound). */
const Bound = z.number({ error: LimitMessage.rangeBoundNotANumber }).refine(Number.isFinite, { error: LimitMessage.rangeBoundNotANumber }).nullable();

/** One numeric property's range, in stored units (a percentage as a fraction). */
export const PropertyRange = z.object({
  /** The location property (a numeric one, not an output of the calculation). */
  id: Id,
  minimumValue: Bound,
  maximumValue: Bound,
  /** The step a value keeps to, counted from the minimum (or 0); null: any value. */
  step: z
    .number({ error: LimitMessage.rangeStepNotPositive })
    .gt(0, { error: LimitMessage.rangeStepNotPositive })
    .refine(Number.isFinite, { error: LimitMessage.rangeStepNotPositive })
    .nullable(),
  wholeNumbers: z.boolean(),
});
export type PropertyRange = z.infer<typeof PropertyRange>;

/** The ranges the editor saves: any of the model's numeric properties, each at most once; a minimum never above its maximum. */
export const PropertyRangesSaveBody = z
  .array(PropertyRange)
  .max(MAX_LIST_ITEMS)
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    rows.forEach((row, index) => {
      if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `property ${row.id} is listed twice` });
      seen.add(row.id);
      if (row.minimumValue !== null && row.maximumValue !== null && row.minimumValue > row.maximumValue) {
        ctx.addIssue({ code: 'custom', path: [index, 'maximumValue'], message: LimitMessage.rangeMinimumAboveMaximum });
      }
    });
  });
export type PropertyRangesSaveBody = z.infer<typeof PropertyRangesSaveBody>;

/** The values of one numeric property at the comparable locations of a scenario (the plausibility warning's sample). */
export const ComparableValues = z.object({
  /** The property's value at each comparable location that has one, in stored units. */
  values: z.array(z.number()),
});
export type ComparableValues = z.infer<typeof ComparableValues>;
