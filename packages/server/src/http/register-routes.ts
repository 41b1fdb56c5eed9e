// Registers every route of the contract's table on Fastify. Params, query and
// body are validated with the contract's zod schemas (400 naming the field);
// the role is checked (401 / 403); a route whose handler is not built answers
// 501. Handlers are plain functions grouped per domain in ../routes/.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeList, type RouteDef } from '@locus/contract';
import type { ServerContext } from '../context.js';
import { ApiError, errorBody, fromZodError, forbidden, unauthorized } from './errors.js';
import type { CurrentUser } from './current-user.js';

export interface HandlerInput<R extends RouteDef = RouteDef> {
  params: any;
  query: any;
  body: any;
  /** The signed-in user; undefined only on anonymous routes. */
  user: CurrentUser;
  request: FastifyRequest;
  reply: FastifyReply;
  route: R;
}

/** A handler returns the JSON body, or sends the reply itself (binary downloads) and returns undefined. */
export type Handler = (input: HandlerInput) => Promise<unknown>;
export type Handlers = Partial<Record<string, Handler>>;

export interface RegisterOptions {
  authenticate(request: FastifyRequest): Promise<CurrentUser>;
  /** Validate every JSON response against the contract (tests switch this on). */
  validateResponses?: boolean;
}

export function registerRoutes(app: FastifyInstance, ctx: ServerContext, handlers: Handlers, options: RegisterOptions) {
  const unknown = Object.keys(handlers).filter((name) => !routeList.some((r) => r.name === name));
  if (unknown.length) throw new Error(`handlers for routes not in the contract: ${unknown.join(', ')}`);
  for (const route of routeList) {
    const handler = handlers[route.name];
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        if (!ctx.readiness.ready && route.role !== 'anonymous') {
          throw new ApiError(503, `the database is starting (${ctx.readiness.phase})`);
        }
        const user = route.role === 'anonymous' ? undefined : await options.authenticate(request);
        if (user && route.role === 'globalAdmin' && !user.isGlobalAdmin) throw forbidden('only a global administrator may do this');
        if (!handler) {
          reply.status(501);
          return errorBody(501, `${route.specPath} is not available yet`);
        }
        const params = route.params.safeParse(request.params ?? {});
        if (!params.success) throw fromZodError('params', params.error);
        const query = route.query ? route.query.safeParse(request.query ?? {}) : { success: true as const, data: {} };
        if (!query.success) throw fromZodError('query', query.error);
        const body = route.body ? route.body.safeParse(request.body ?? null) : { success: true as const, data: undefined };
        if (!body.success) throw fromZodError('body', body.error);
        const result = await handler({
          params: params.data, query: query.data, body: body.data, user: user as CurrentUser, request, reply, route,
        });
        if (reply.sent) return reply;
        if (result === undefined) return reply;
        if (options.validateResponses && route.produces === 'json') {
          const check = route.response.safeParse(result);
          if (!check.success) {
            throw new Error(`response of ${route.name} does not match the contract: ${check.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
          }
        }
        return result;
      },
    });
  }
}

/** The bearer-token authentication with a short cache of users. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
