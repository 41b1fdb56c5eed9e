// The one place errors become answers. Every error body is JSON with a
// message, never a stack trace: { statusCode, error, message, field?, reason?,
// key?, params? }. Domain errors (domain/errors.ts) answer the status of their
// kind; Fastify's own (body too large, unreadable JSON) theirs; database faults
// 503 or 507; anything else 500 with a generic message.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { errorName } from '@locus/contract';
import type { ServerContext } from '../context.js';
import { DomainError, invalid, type DomainErrorKind, type ErrorDetails } from '../domain/errors.js';
import { databaseFaultAnswer } from './database-faults.js';

/** The HTTP status of each kind of domain error. */
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unavailable: 503,
};

export function statusOf(error: DomainError): number {
  return STATUS[error.kind];
}

/** The first problem of a zod error as a 400 naming the field (prefixed by where it was: params, query, body). */
export function fromZodError(where: 'params' | 'query' | 'body', error: ZodError): DomainError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const field = path || where;
  const reason = issue?.message ?? 'invalid value';
  // The message is the reason itself, so the spec's message keys ('nameRequired') reach the app as they are.
  return invalid(field, reason);
}

export function errorBody(statusCode: number, message: string, details: ErrorDetails = {}) {
  return { statusCode, error: errorName(statusCode), message, ...details };
}

export function registerErrorHandling(app: FastifyInstance, ctx: ServerContext) {
  app.setErrorHandler(async (error: FastifyError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) => {
    let status: number;
    let body: ReturnType<typeof errorBody>;
    if (error instanceof DomainError) {
      status = statusOf(error);
      body = errorBody(status, error.message, error.details);
    } else if ('validation' in error && error.validation) {
      status = 400;
      body = errorBody(400, error.message);
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      // A body too large, unreadable JSON, a wrong content type: the body is the field.
      const bodyProblem =
        status === 413 ||
        status === 415 ||
        (status === 400 && (error instanceof SyntaxError || ('code' in error && String(error.code).startsWith('FST_ERR_CTP'))));
      body = errorBody(status, error.message, bodyProblem ? { field: 'body' } : {});
    } else if (databaseFaultAnswer(error)) {
      ({ status, body } = databaseFaultAnswer(error)!);
    } else {
      status = 500;
      body = errorBody(500, 'an unexpected error occurred');
      request.log.error(error);
    }
    const user = request.user?.title ?? null;
    const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
    // A 500's line names the request, whose id leads to the stack in Fastify's log (http/logger.ts).
    const line = `${request.method} ${url} → ${status}: ${status === 500 ? `${error.message || String(error)} (request ${request.id})` : body.message}`;
    if (status >= 500) await ctx.log.error(line, user);
    // Refusals are anyone's to cause: one line per kind and minute, repeats counted (log/aggregate.ts).
    else await ctx.log.warnRepeated(`${status} ${request.method} ${request.routeOptions.url ?? 'unrouted'} ${user ?? request.ip}`, line, user);
    if (status === 429 && 'headers' in error && error.headers && typeof error.headers === 'object') reply.headers(error.headers as Record<string, string>);
    reply.status(status).type('application/json').send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
    await ctx.log.warnRepeated(`404 no route ${request.ip}`, `${request.method} ${url} → 404: no such route`, request.user?.title ?? null);
    reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split('?')[0]}`));
  });
}
