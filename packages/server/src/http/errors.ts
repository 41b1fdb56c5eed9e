// Errors the API answers with. Every error body is JSON with a message, never
// a stack trace: { statusCode, error, message, field?, reason?, key? }.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import type { ServerContext } from '../context.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 500: 'Internal Server Error',
  501: 'Not Implemented', 503: 'Service Unavailable',
};

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: { field?: string; reason?: string; key?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string, reason: string) => new ApiError(400, reason, { field, reason });
export const unauthorized = (message = 'a valid bearer token is required') => new ApiError(401, message);
export const forbidden = (message = 'you have no access to this resource') => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
/** A rule of the scenario rules (spec point 4) forbids the action: the message is the key the app translates. */
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
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...details };
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
      body = errorBody(status, error.message);
    } else {
      status = 500;
      body = errorBody(500, 'an unexpected error occurred');
      request.log.error(error);
    }
    const user = request.user?.title ?? null;
    const line = `${request.method} ${request.url} → ${status}: ${status === 500 ? (error.message || String(error)) : body.message}`;
    await (status >= 500 ? ctx.log.error(line, user) : ctx.log.warn(line, user));
    reply.status(status).type('application/json').send(body);
  });
  app.setNotFoundHandler(async (request, reply) => {
    await ctx.log.warn(`${request.method} ${request.url} → 404: no such route`, request.user?.title ?? null);
    reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split('?')[0]}`));
  });
}
