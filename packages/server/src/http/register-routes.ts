// Registers every route of the contract's table on Fastify. Params, query and
// body are validated with the contract's zod schemas (400 naming the field);
// the role is checked (401 / 403); a route whose handler is not given answers
// 501. Handlers are plain functions grouped per domain in ../routes/, typed
// from the same table: each receives its route's parsed params, query and
// body and answers its route's response (RouteHandlers), so a handler with a
// wrong name or a wrong answer fails the typecheck.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import {
  fillPath,
  routeList,
  TextLimit,
  type RouteBody,
  type RouteDef,
  type RouteName,
  type RouteParams,
  type RouteResponse,
  type Routes,
} from '@locus/contract';
import type { ServerContext } from '../context.js';
import { DomainError, forbidden, invalid, unauthenticated } from '../domain/errors.js';
import type { CurrentUser } from '../domain/user.js';
import { errorBody, fromZodError } from './errors.js';
import { LOGIN_CREATE_RATE_LIMIT } from './web-security.js';
import { sendCached } from './cached.js';

export interface HandlerInput<R extends RouteDef = RouteDef> {
  params: RouteParams<R>;
  /** The parsed query; an empty object for a route without one. */
  query: R['query'] extends z.ZodType ? z.output<R['query']> : Record<string, never>;
  body: RouteBody<R>;
  /** The signed-in user; undefined only on anonymous routes. */
  user: R['role'] extends 'anonymous' ? undefined : CurrentUser;
  request: FastifyRequest;
  reply: FastifyReply;
  route: R;
}

/**
 * What a handler answers: a JSON route's response as the contract declares it
 * (or the reply, when it sent the body itself with an ETag: http/cached.ts);
 * any other route (images, PDFs, downloads, the event stream) sends its reply
 * itself and returns it, or undefined once it took the connection over.
 */
export type HandlerResult<R extends RouteDef> = R['produces'] extends 'json' ? RouteResponse<R> | FastifyReply : FastifyReply | undefined;

export type RouteHandler<R extends RouteDef> = (input: HandlerInput<R>) => Promise<HandlerResult<R>>;

/** One handler per route of the contract, keyed by the route's name. */
export type RouteHandlers = { [N in RouteName]: RouteHandler<Routes[N]> };

/** A handler's input as registration builds it, before the route is known. */
interface ParsedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  user: CurrentUser | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  route: RouteDef;
}

export interface RegisterOptions {
  authenticate(request: FastifyRequest): Promise<CurrentUser>;
  /** Validate every JSON answer against the contract (an answer that does not match is a 500): on in development and tests. */
  validateResponses?: boolean;
}

/** JSON reads answered with an ETag computed from the body (304 for If-None-Match), besides those that send their own. */
const ETAG_READS = new Set(['models', 'scenarios']);

/** Calls with a non-GET method that change nothing: not written to the audit log. */
const NOT_WRITES = new Set(['functionsValidate']);

/** Per-route Fastify config: the rate limit of the login-creation route. */
function routeConfig(route: RouteDef): { rateLimit?: typeof LOGIN_CREATE_RATE_LIMIT } {
  return route.name === 'adminLoginCreate' ? { rateLimit: LOGIN_CREATE_RATE_LIMIT } : {};
}

const AUDIT_FIELDS = [
  'id',
  'ID',
  'name',
  'displayName',
  'email',
  'parentScenarioId',
  'scenarioId',
  'locationId',
  'destinationScenarioId',
  'deleted',
  'scenarioDeleted',
  'scenarioRenamedTo',
];

/** Which objects a write touched, from its path, query, body and answer: "scenarioId=12 body.name='North'". */
export function auditDetails(params: Record<string, unknown>, query: unknown, body: unknown, result: unknown): string {
  const parts: string[] = [];
  const scalar = (value: unknown) => (typeof value === 'string' ? `'${value.slice(0, 80)}'` : String(value));
  const pick = (prefix: string, value: unknown) => {
    const one = (item: unknown, label: string) => {
      if (!item || typeof item !== 'object') return;
      for (const key of AUDIT_FIELDS) {
        const v = (item as Record<string, unknown>)[key];
        if (v !== undefined && v !== null && typeof v !== 'object') parts.push(`${label}${key}=${scalar(v)}`);
      }
      // The admin object an access save is about: { user: { id } } or { model: { id } }.
      for (const key of ['user', 'model']) {
        const v = (item as Record<string, unknown>)[key];
        if (v && typeof v === 'object' && 'id' in v) parts.push(`${label}${key}.id=${scalar((v as { id: unknown }).id)}`);
      }
    };
    if (Array.isArray(value)) {
      parts.push(`${prefix}rows=${value.length}`);
      // The rows sent (the first 20); of an answer only how many.
      if (prefix === 'body.') value.slice(0, 20).forEach((item, index) => one(item, `${prefix}${index}.`));
    } else one(value, prefix);
  };
  for (const [key, value] of Object.entries(params)) parts.push(`${key}=${scalar(value)}`);
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== false && key !== 'r') parts.push(`${key}=${Array.isArray(value) ? value.join(',') : scalar(value)}`);
  }
  pick('body.', body);
  pick('result.', result);
  return parts.join(' ');
}

export function registerRoutes(app: FastifyInstance, ctx: ServerContext, handlers: Partial<RouteHandlers>, options: RegisterOptions) {
  const unknown = Object.keys(handlers).filter((name) => !routeList.some((r) => r.name === name));
  if (unknown.length) throw new Error(`handlers for routes not in the contract: ${unknown.join(', ')}`);
  for (const route of routeList) {
    // The one place the table's routes are taken together: each handler was typed against its own route.
    const handler = handlers[route.name as RouteName] as ((input: ParsedInput) => Promise<unknown>) | undefined;
    app.route({
      method: route.method,
      url: route.path,
      config: routeConfig(route),
      handler: async (request, reply) => {
        if (!ctx.readiness.ready && route.role !== 'anonymous') {
          throw new DomainError('unavailable', `the database is starting (${ctx.readiness.phase})`);
        }
        const user = route.role === 'anonymous' ? undefined : await options.authenticate(request);
        if (user && route.role === 'globalAdmin' && !user.isGlobalAdmin) throw forbidden('only a global administrator may do this');
        if (!handler) {
          reply.status(501);
          return errorBody(501, `${route.specPath} is not available yet`);
        }
        // A path segment over the limit is refused before anything reads it (the router takes segments of up to
        // 2,000 characters, so that such a path is told why, not answered 404).
        for (const [field, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
          if (typeof value === 'string' && value.length > TextLimit.param) throw invalid(field, `${field} must be at most ${TextLimit.param} characters`);
        }
        const params = route.params.safeParse(request.params ?? {});
        if (!params.success) throw fromZodError('params', params.error);
        const query = route.query ? route.query.safeParse(request.query ?? {}) : { success: true as const, data: {} };
        if (!query.success) throw fromZodError('query', query.error);
        // PostgreSQL text cannot hold the NUL character: refused naming the field, before any write tries to store it.
        const nul = route.body ? nulField(request.body) : undefined;
        if (nul !== undefined) throw invalid(nul ? `body.${nul}` : 'body', 'text must not contain the NUL character (U+0000)');
        const body = route.body ? route.body.safeParse(request.body ?? null) : { success: true as const, data: undefined };
        if (!body.success) throw fromZodError('body', body.error);
        const result = await handler({
          params: params.data,
          query: query.data,
          body: body.data,
          user,
          request,
          reply,
          route,
        });
        if (route.method !== 'GET' && !NOT_WRITES.has(route.name) && user) {
          // The audit log: who (the user), when (the row's time), what (the route) and which objects.
          const path = fillPath(route, params.data as Record<string, string | number>).split('?')[0];
          await ctx.log.info(`${route.name}: ${route.method} ${path} ${auditDetails(params.data, query.data, body.data, result)}`.trim(), user.title);
        }
        // Sent by the handler itself (http/cached.ts, a download, the event stream).
        if (result === reply || result === undefined || reply.sent) return reply;
        if (options.validateResponses && route.produces === 'json') {
          const check = route.response.safeParse(result);
          if (!check.success) {
            throw new Error(
              `response of ${route.name} does not match the contract: ${check.error.issues
                .slice(0, 3)
                .map((i) => `${i.path.join('.')}: ${i.message}`)
                .join('; ')}`,
            );
          }
        }
        if (ETAG_READS.has(route.name)) {
          return sendCached(request, reply, { contentType: 'application/json; charset=utf-8', body: JSON.stringify(result) });
        }
        return result;
      },
    });
  }
}

/** The path of the first string holding a NUL character in a JSON value ('' for the value itself); undefined when none does. */
export function nulField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The bearer-token authentication with a short cache of users. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
