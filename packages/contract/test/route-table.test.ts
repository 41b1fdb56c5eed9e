// The route table's own consistency: unique names and method+path, params
// that match the path, roles as docs/api.md states them, typed URLs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as z from 'zod';
import {
  fillPath,
  pathParamNames,
  queryString,
  routeDomains,
  routeList,
  routes,
  routesOf,
  type RouteBodyInput,
  type RouteQuery,
  type RouteResponse,
} from '../src/index';
import { pathShape } from './spec-calls';

test('route names are unique camelCase and each is its key in routes', () => {
  const names = Object.values(routeDomains).flatMap((domain) => routesOf(domain).map((route) => route.name));
  assert.is(new Set(names).size, names.length, `duplicate names: ${names.filter((name, i) => names.indexOf(name) !== i).join(', ')}`);
  assert.is(routeList.length, names.length, 'every route of every domain is in routes');
  for (const [key, route] of Object.entries(routes)) {
    assert.is(route.name, key, `routes.${key} is named ${route.name}`);
    assert.ok(/^[a-z][A-Za-z0-9]*$/.test(key), `${key} is camelCase`);
  }
});

test('no two routes share a method and path (parameter names aside)', () => {
  const seen = new Map<string, string>();
  for (const route of routeList) {
    const key = `${route.method} ${pathShape(route.path)}`;
    assert.not.ok(seen.has(key), `${route.name} and ${seen.get(key)} are both ${key}`);
    seen.set(key, route.name);
  }
});

test('the params schema of every route has exactly the parameters of its path', () => {
  for (const route of routeList) {
    assert.equal(Object.keys(route.params.shape).sort(), pathParamNames(route.path).sort(), route.name);
  }
});

test('every route is under /api, its specPath starts with its method, non-JSON answers are unchecked', () => {
  for (const route of routeList) {
    assert.ok(route.path.startsWith('/api/') || route.path === '/api/models', route.name);
    assert.ok(route.specPath.startsWith(`${route.method} /api`), `${route.name}: ${route.specPath}`);
    assert.ok(route.description.length > 10, `${route.name} has a description`);
    if (route.produces !== 'json') assert.instance(route.response, z.ZodUnknown, route.name);
    if (route.method === 'GET') assert.is(route.body, undefined, `${route.name}: a GET has no body`);
  }
});

test('roles: anonymous only before sign-in, globalAdmin for admin calls and the privileged exports, modelAdmin for the editor saves', () => {
  const withRole = (role: string) =>
    routeList
      .filter((route) => route.role === role)
      .map((route) => route.name)
      .sort();
  assert.equal(withRole('anonymous'), ['help', 'systemEnvironment', 'systemMsalConfiguration', 'systemStatus', 'systemVersion']);
  assert.equal(withRole('modelAdmin'), [
    'calibrationStart',
    'calibrationStatus',
    'driversSave',
    'modelParametersSave',
    'normalizedScoresFunctionsSave',
    'propertyRangesSave',
  ]);
  const adminRoutes = routeList
    .filter((route) => route.path.startsWith('/api/admin/'))
    .map((route) => route.name)
    .sort();
  assert.equal(withRole('globalAdmin'), [...adminRoutes, 'calculationModelWorkbook', 'isoline', 'modelScenariosLocationsExport'].sort());
});

test('fillPath fills and encodes every parameter, repeats lists in the query, and refuses a missing parameter', () => {
  assert.is(
    fillPath(routes.scenarioCopyChanges, { sourceScenarioId: 4, destinationScenarioId: 9 }, { deleteSourceScenario: true, locations: [3, 8] }),
    '/api/models/scenarios/4/copy-changes/9?deleteSourceScenario=true&locations=3&locations=8',
  );
  assert.is(fillPath(routes.findScenarios, { modelId: 1, text: 'Nieuw & open/dicht' }), '/api/models/1/find-scenarios/Nieuw%20%26%20open%2Fdicht');
  assert.is(fillPath(routes.models, {}), '/api/models');
  assert.is(queryString({ culture: 'nl', includeHidden: undefined }), '?culture=nl');
  // @ts-expect-error locationId is required
  assert.throws(() => fillPath(routes.locationPhoto, {}), /locationPhoto: path parameter locationId is missing/);
});

/** The path parameters of a URL filled from a Fastify path, as a router would read them. */
function readParams(path: string, url: string): Record<string, string> {
  const names = pathParamNames(path);
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z0-9_]+/g, '([^/?]+)')}(?:\\?|$)`);
  const match = pattern.exec(url);
  if (!match) throw new Error(`${url} does not match ${path}`);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
}

test('a filled path parses back through the route params to the same values', () => {
  const route = routes.catchmentAreaPropertiesByPosition;
  const values = { submodelId: 2, scenarioId: 7, catchmentAreaId: 1, longitude: 4.8952, latitude: 52.3702 };
  assert.equal(route.params.parse(readParams(route.path, fillPath(route, values))), values);
  const logo = routes.locationGroupLogo;
  const icon = { locationGroupId: -1, shape: 'round' as const, selected: false, change: 2 };
  assert.equal(logo.params.parse(readParams(logo.path, fillPath(logo, icon, { r: '2025-09-03T10:00:00.000Z' }))), icon);
});

test('route types follow the schemas: a typed client gets the parsed query, the body input and the answer', () => {
  const query: RouteQuery<typeof routes.scenarioCopyChanges> = routes.scenarioCopyChanges.query.parse({ locations: '3' });
  const locations: number[] = query.locations;
  const body: RouteBodyInput<typeof routes.scenarioCreate> = { name: 'Nieuw', parentScenarioId: 1 };
  const answer: RouteResponse<typeof routes.scenarioCreate> = routes.scenarioCreate.response.parse({ id: 12 });
  // @ts-expect-error the answer of scenario create is { id }
  const wrong: RouteResponse<typeof routes.scenarioCreate> = { scenarioId: 12 };
  assert.equal([locations, body.name, answer.id, wrong !== undefined], [[3], 'Nieuw', 12, true]);
});

test.run();
