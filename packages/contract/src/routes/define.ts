// The shape of one route of the table, and the helpers that keep each
// route's literal types so a typed client can infer params, query, body and
// response from it.
import * as z from 'zod';

/** Who may call: anonymous (no token), any signed-in user (model access checked from the ids), a model administrator, a global administrator. */
export type Role = 'anonymous' | 'user' | 'modelAdmin' | 'globalAdmin';
/** The answer's kind; `events` is a text/event-stream that stays open. */
export type Produces = 'json' | 'image' | 'pdf' | 'csv' | 'xlsx' | 'events';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Unique camelCase name, the key in `routes`. */
  name: string;
  method: Method;
  /** Fastify syntax: '/api/models/:modelId/scenarios'. */
  path: string;
  /** As the spec writes it: 'GET /api/models/{id}/scenarios'. */
  specPath: string;
  params: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer; z.unknown() for the other kinds of produces. */
  response: z.ZodType;
  produces: Produces;
  role: Role;
  description: string;
}

/** Keeps the literal types of a route definition. */
export function defineRoute<const T extends RouteDef>(route: T): T {
  return route;
}

/** Params of a route without path parameters. */
export const NoParams = z.object({});

/** What a caller passes (ids as numbers or strings) and what the server reads after parsing. */
export type RouteParamsInput<R extends RouteDef> = z.input<R['params']>;
export type RouteParams<R extends RouteDef> = z.output<R['params']>;
export type RouteQueryInput<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
export type RouteBodyInput<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The query string for a query object: lists repeated (?locations=1&locations=2), empty values left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL of a call: every ':name' of the route's path filled from params
 * (URI-encoded), then the query string. A missing parameter throws, since
 * the call could only go to the wrong address.
 */
export function fillPath<R extends RouteDef>(route: R, params: RouteParamsInput<R>, query?: RouteQueryInput<R>): string {
  const values = params as Record<string, unknown>;
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.name}: path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
  return path + queryString(query as Record<string, QueryValue> | undefined);
}

/** The names of the path parameters of a Fastify path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
}
