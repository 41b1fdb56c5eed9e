// The error body of every failed call, and the mapping of a zod validation
// failure to a 400 that names the failing field and the reason.
import { z } from 'zod';

export const ApiError = z.object({
  statusCode: z.number().int().min(400).max(599),
  /** The HTTP reason phrase ('Bad Request', 'Conflict', ...). */
  error: z.string(),
  /** A message key the app translates (409, 400 on a spec-named field) or a readable sentence. */
  message: z.string(),
  /** For 400: the failing field, as a dotted path ('modelId', 'locationProperties.2.numberValue'). */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export type RequestPart = 'params' | 'query' | 'body';

/** The 400 body for the first issue of a failed parse of one part of a request. */
export function validationError(error: z.ZodError, part: RequestPart): ApiError {
  const issue = error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  return {
    statusCode: 400,
    error: 'Bad Request',
    message: issue ? issue.message : `invalid ${part}`,
    field: path || part,
  };
}
