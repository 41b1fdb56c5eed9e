// The error body of every failed call, and the mapping of a zod validation
// failure to a 400 that names the failing field and the reason.
import * as z from 'zod';

export const ApiError = z.object({
  statusCode: z.number().int().min(400).max(599),
  /** The HTTP reason phrase ('Bad Request', 'Conflict', ...). */
  error: z.string(),
  /** A message key the app translates (409, 400 on a spec-named field) or a readable sentence. */
  message: z.string(),
  /** For 400: the failing field, as a dotted path ('modelId', 'locationProperties.2.numberValue'). */
  field: z.string().optional(),
  /** Values the message key's text fills in (`valueOutOfRange`: minimum, maximum; `valueNotOnStep`: step). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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

/**
 * Every status the API answers with on failure, why, and what `message`
 * holds: the server takes the reason phrases from here, and the error section
 * of docs/api.md is generated from it (npm run api-doc -w packages/contract).
 */
export const ErrorStatuses = [
  {
    status: 400,
    error: 'Bad Request',
    when: 'a path, query or body value fails its schema (ids past 2147483647 and strings past their maximum too); a body that is not valid JSON',
    message:
      "the reason; `field` names the failing field as a dotted path (`locationProperties.2.numberValue`, `body` for the body as a whole); for the spec's form fields the spec's key: `scenarioNameIsRequired`, `nameRequired`, `Displayname is required`, `E-mail address is required`, `E-mail address is invalid`",
  },
  {
    status: 401,
    error: 'Unauthorized',
    when: "no token, or an invalid or expired one, one of another issuer or audience, one of a deleted login, or one issued before the login's password was changed",
    message: 'a readable English sentence (`a valid bearer token is required`); the app signs in again on any 401',
  },
  {
    status: 403,
    error: 'Forbidden',
    when: 'signed in, but without the role or without access to the model',
    message: 'a readable English sentence (`you have no access to this model`)',
  },
  {
    status: 404,
    error: 'Not Found',
    when: 'the id names nothing the user may see; an area lookup with no area there (the app ignores these); no such route; a location or scenario write whose location or scenario no longer exists',
    message:
      'a readable English sentence naming what was not found (`model 12 not found`); for a location or scenario write the key `locationNoLongerExists` (`field` `locationId`) or `scenarioNoLongerExists` (`field` `scenarioId`)',
  },
  {
    status: 409,
    error: 'Conflict',
    when: 'a scenario rule (status, change type, ownership) forbids the action, a location or scenario changed since the version the write sends, an output is not there yet, an expression of an editor save is invalid, or an editor row sent with an id that no longer exists',
    message:
      'a key (below); `rowNoLongerExists` comes with `field` (`0.drivers.2.id`); `changedElsewhere` with `params` `modifiedBy` (a display name, empty when unknown), `modified` (ISO time) and `version` (the one stored now)',
  },
  { status: 413, error: 'Payload Too Large', when: 'a request body over 1 MiB', message: 'a readable English sentence; `field` is `body`' },
  { status: 415, error: 'Unsupported Media Type', when: 'a body that is not `application/json`', message: 'a readable English sentence; `field` is `body`' },
  {
    status: 429,
    error: 'Too Many Requests',
    when: 'too many calls of a rate-limited route from one address (login creation; the sign-in pages have their own page)',
    message: 'a readable English sentence; the `Retry-After` header says after how many seconds to try again',
  },
  { status: 500, error: 'Internal Server Error', when: 'an unexpected failure (written to the log with its cause)', message: '`an unexpected error occurred`' },
  { status: 501, error: 'Not Implemented', when: 'a route of the table whose server side is not built', message: 'a readable English sentence' },
  {
    status: 503,
    error: 'Service Unavailable',
    when: 'the database is still starting, is not reachable (yet) or is restarting, or an external identity provider cannot be reached; nothing was saved',
    message: 'a readable English sentence; try again',
  },
  { status: 507, error: 'Insufficient Storage', when: 'the disk of the database is full; nothing was saved', message: 'a readable English sentence' },
] as const;

/** The reason phrase of a status ('Error' for one the table does not list). */
export function errorName(status: number): string {
  return ErrorStatuses.find((e) => e.status === status)?.error ?? 'Error';
}
