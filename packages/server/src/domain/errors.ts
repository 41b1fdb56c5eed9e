// Refusals of the domain: what went wrong in the domain's words, never an
// HTTP status. One error handler (http/errors.ts) turns each kind into its
// status and the JSON body { statusCode, error, message, ...details }.
//   invalid          bad input, naming the field and why
//   unauthenticated  no valid sign-in
//   forbidden        signed in, but not allowed
//   notFound         the object does not exist (any more) or is out of reach
//   conflict         a rule forbids the action (the message is the key the app translates)
//   unavailable      the server cannot answer now (the database is starting)

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'unavailable';

/** What an answer carries besides its message; the keys are written in the order given. */
export interface ErrorDetails {
  field?: string;
  reason?: string;
  key?: string;
  params?: Record<string, string | number>;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input: the field and the reason, which is also the message (the spec's message keys reach the app as they are). */
export const invalid = (field: string, reason: string) => new DomainError('invalid', reason, { field, reason });
export const unauthenticated = (message = 'a valid bearer token is required') => new DomainError('unauthenticated', message);
export const forbidden = (message = 'you have no access to this resource') => new DomainError('forbidden', message);
export const notFound = (what: string) => new DomainError('notFound', `${what} not found`);
/** A scenario rule (status, change type, ownership) forbids the action: the message is the key the app translates. */
export const conflict = (key: string, reason?: string) => new DomainError('conflict', key, { key, reason });
export const unavailable = (message: string) => new DomainError('unavailable', message);
