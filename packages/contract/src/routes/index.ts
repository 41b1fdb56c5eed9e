// The route table: every call the spec lists, keyed by its unique name.
import * as admin from './admin';
import * as calibration from './calibration';
import type { RouteDef } from './define';
import * as downloads from './downloads';
import * as events from './events';
import * as functions from './functions';
import * as isolines from './isolines';
import * as locations from './locations';
import * as models from './models';
import * as reference from './reference';
import * as scenarios from './scenarios';
import * as search from './search';
import * as system from './system';
import * as tiles from './tiles';
import * as writes from './writes';

/** The route modules by domain, in the order the spec lists the calls. */
export const routeDomains = {
  system,
  models,
  reference,
  search,
  tiles,
  isolines,
  scenarios,
  locations,
  writes,
  functions,
  admin,
  downloads,
  calibration,
  events,
} as const;

// IconShapes is a value export of reference.ts, not a route: pick routes by shape.
function isRoute(value: unknown): value is RouteDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'role' in value;
}

type RouteExports<M> = { [K in keyof M as M[K] extends RouteDef ? K : never]: M[K] };
type AllRoutes = RouteExports<typeof system> &
  RouteExports<typeof models> &
  RouteExports<typeof reference> &
  RouteExports<typeof search> &
  RouteExports<typeof tiles> &
  RouteExports<typeof isolines> &
  RouteExports<typeof scenarios> &
  RouteExports<typeof locations> &
  RouteExports<typeof writes> &
  RouteExports<typeof functions> &
  RouteExports<typeof admin> &
  RouteExports<typeof downloads> &
  RouteExports<typeof calibration> &
  RouteExports<typeof events>;

/** Every route of one domain module. */
export function routesOf(domain: Record<string, unknown>): RouteDef[] {
  return Object.values(domain).filter(isRoute);
}

export const routes = Object.fromEntries(Object.values(routeDomains).flatMap((domain) => routesOf(domain).map((route) => [route.name, route]))) as AllRoutes;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Every route as a list, in the order of routeDomains. */
export const routeList: RouteDef[] = Object.values(routes);

export * from './define';
export { IconShapes } from './reference';
export { CultureQuery, LocationWriteQuery } from './params';
