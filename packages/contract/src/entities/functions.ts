// Validation of function expressions before an editor saves (the validation rules and the calls that check an expression).
import * as z from 'zod';
import { Count, MAX_LIST_ITEMS, TextLimit } from '../primitives';

/** The expressions to check, in the editor's order. */
export const FunctionValidateBody = z
  .array(z.string().max(TextLimit.expression, { error: `an expression must be at most ${TextLimit.expression} characters` }), {
    error: 'the body must be an array of expressions',
  })
  .max(MAX_LIST_ITEMS);
export type FunctionValidateBody = z.infer<typeof FunctionValidateBody>;

/** One problem of one expression. */
export const FunctionMessage = z.object({
  /** Index of the expression in the request. */
  index: Count,
  /** Readable English text ("unknown property 'salesArea2'", "unexpected ')'"). */
  message: z.string(),
  /** The message as a code the app translates (docs/api.md, "Expression messages"); absent from older servers. */
  code: z.string().optional(),
  /** Values the code's text fills in (`found` is '' for the end of the expression). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Character offset in the expression, null when the problem has no place. */
  position: Count.nullable(),
});
export type FunctionMessage = z.infer<typeof FunctionMessage>;

/** Empty messages: every expression is valid. */
export const FunctionValidateResult = z.object({ messages: z.array(FunctionMessage) });
export type FunctionValidateResult = z.infer<typeof FunctionValidateResult>;
