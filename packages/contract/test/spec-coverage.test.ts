// The route table holds every call the spec lists: checked against a list
// written by hand and against the calls read from the spec's own Markdown.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routeDomains, routeList, routesOf } from '../src/index';
import { callShape, pathShape, specCalls } from './spec-calls';
import { expandAlternatives, sectionSeven, specCallsOf } from './spec-parse';

const specFile = fileURLToPath(new URL('../../../../shared/spec/product-spec.md', import.meta.url));
const tableShapes = new Set(routeList.map((route) => `${route.method} ${pathShape(route.path)}`));
const has = (method: string, shape: string) => tableShapes.has(`${method} ${shape}`);

function readSpec(): string {
  if (!existsSync(specFile)) {
    throw new Error(`The spec is missing: expected ../shared/spec/product-spec.md beside the project root (looked at ${specFile})`);
  }
  return readFileSync(specFile, 'utf8');
}

test("every call of the hand-written list of the spec's calls is in the route table", () => {
  const missing = specCalls.filter((call) => {
    const { method, shape } = callShape(call);
    return !has(method, shape);
  });
  assert.equal(missing, [], `calls of the spec's call list missing from the route table:\n${missing.join('\n')}`);
});

test('every route of the table is a call of the hand-written list (nothing outside the spec calls but the calibration calls, the own settings, the property ranges and the event stream)', () => {
  const listed = new Set(
    specCalls.map((call) => {
      const { method, shape } = callShape(call);
      return `${method} ${shape}`;
    }),
  );
  // The calibration calls, a person's own settings, the property ranges and the event stream go beyond the spec (docs/api.md).
  const beyondSpec = new Set([
    ...routesOf(routeDomains.calibration).map((route) => route.name),
    'userSettings',
    'userSettingsSave',
    'propertyRangesSave',
    'comparableValues',
    'events',
  ]);
  const extra = routeList.filter((route) => !beyondSpec.has(route.name) && !listed.has(`${route.method} ${pathShape(route.path)}`)).map((route) => route.name);
  assert.equal(extra, [], `routes not in the spec's call list: ${extra.join(', ')}`);
  assert.is(routeList.length - beyondSpec.size, specCalls.length, 'one route per call');
});

test('every /api path written in section 7 of the spec is in the route table', () => {
  const calls = specCallsOf(readSpec(), has);
  const missing = calls.filter((call) => !call.candidates.some((path) => has(call.method, pathShape(path))));
  assert.equal(
    missing.map((call) => `${call.source} (tried ${call.candidates.join(', ')})`),
    [],
    'calls of the spec missing from the route table',
  );
  // The spec writes 84 paths (the scenario update, the three editor saves and
  // the user sync have none): fewer means the reader lost some.
  assert.ok(calls.length >= 84, `read only ${calls.length} calls from section 7`);
});

test('the spec reader finds calls in every form the spec writes them', () => {
  const markdown = [
    '## 7. The calls',
    '- GET /api/models/{id}/ followed by: location-groups, scenarios/only-status (polled), find-scenarios/{text}.',
    '- GET /api/models/{id}/poisets/{id}/pois; /heatmapsets/{id}/points; /areasets/{id}/areas/{code or lng/lat}/properties.',
    '- PUT .../locations/{lid}/undo-close and /undo-edit; DELETE /api/admin/logins/{id}.',
    '## 8. Errors',
    '- GET /api/not/in/section/seven',
  ].join('\n');
  const known = new Set([
    'GET /api/models/:/location-groups',
    'GET /api/models/:/scenarios/only-status',
    'GET /api/models/:/find-scenarios/:',
    'GET /api/models/:/poisets/:/pois',
    'GET /api/models/:/heatmapsets/:/points',
    'GET /api/models/:/areasets/:/areas/:/properties',
    'GET /api/models/:/areasets/:/areas/:/:/properties',
    'PUT /api/models/:/locations/:/undo-close',
    'PUT /api/models/:/locations/:/undo-edit',
    'DELETE /api/admin/logins/:',
  ]);
  const calls = specCallsOf(markdown, (method, shape) => known.has(`${method} ${shape}`));
  const resolved = calls.map((call) => {
    const found = call.candidates.find((path) => known.has(`${call.method} ${pathShape(path)}`));
    return found ? `${call.method} ${pathShape(found)}` : `unresolved ${call.source}`;
  });
  // Every call of the section resolves to its route, in the section's order; the other section's is not read.
  assert.equal(resolved, [...known]);
});

test('alternatives in braces are two paths, and a path shape ignores names, numbers, query and trailing slash', () => {
  assert.equal(expandAlternatives('/a/{code or lng/lat}/p'), ['/a/{code}/p', '/a/{lng}/{lat}/p']);
  assert.is(pathShape('/api/models/{id}/location-clusters/near-by/5?x=1'), '/api/models/:/location-clusters/near-by/:');
  assert.is(pathShape('/api/admin/logins/'), pathShape('/api/admin/logins'));
  assert.is(pathShape('/api/models/:modelId/scenarios'), '/api/models/:/scenarios');
});

test('a spec without section 7 is refused with a clear message', () => {
  assert.throws(() => sectionSeven('# no calls here'), /section "## 7\."/);
});

test.run();
