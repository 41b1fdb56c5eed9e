// Errors the API answers with. Every error body is JSON with a message, never
// a stack trace: { statusCode, error, message, field?, reason?, key? }.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { errorName } from '@locus/contract';
import type { ServerContext } from '../context.js';
import { databaseFaultAnswer } from './database-faults.js';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { field?: string; reason?: string; key?: string; params?: Record<string, string | number> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string, reason: string) => new ApiError(400, reason, { field, reason });
export const unauthorized = (message = 'a valid bearer token is required') => new ApiError(401, message);
export const forbidden = (message = 'you have no access to this resource') => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
/** A scenario rule (status, change type, ownership) forbids the action: the message is the key the app translates. */
export const conflict = (key: string, reason?: string) => new ApiError(409, key, { key, reason });

/** The first problem of a zod error as a 400 naming the field (prefixed by where it was: params, query, body). */
export function fromZodError(where: 'params' | 'query' | 'body', error: ZodError): ApiError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const field = path || where;
  const reason = issue?.message ?? 'invalid value';
  // The message is the reason itself, so the spec's message keys ('nameRequired') reach the app as they are.
  return new ApiError(400, reason, { field, reason });
}

export function errorBody(statusCode: number, message: string, details: ApiError['details'] = {}) {
  return { statusCode, error: errorName(statusCode), message, ...details };
}

export function registerErrorHandling(app: FastifyInstance, ctx: ServerContext) {
  app.setErrorHandler(async (error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) => {
    let status: number;
    let body: ReturnType<typeof errorBody>;
    if (error instanceof ApiError) {
      status = error.statusCode;
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
    const line = `${request.method} ${url} → ${status}: ${status === 500 ? error.message || String(error) : body.message}`;
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
