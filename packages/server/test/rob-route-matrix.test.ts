// Every call of the contract's route table, by every kind of caller: no token,
// a token with a broken signature, an expired token, a token of another
// issuer, and the real tokens of the planner, the model administrator and the
// global administrator, each on the model the user has access to ("own") and
// on one the user has not ("foreign", the same world built a second time).
// The expected status of every cell is the table EXPECTED below; the test
// also renders it into docs/api.md ("Who may call what") and fails when the
// document differs (ROB_WRITE_DOCS=1 rewrites it). A route added to the
// contract without a row here fails the test.
//
// Then, for every path that names two or more model objects, each of them in
// turn is replaced by the foreign world's object of the same kind: the answer
// is 403 or 404 and carries no data, for the planner and for the global
// administrator (who may reach both models, but not a mix of them).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiError, fillPath, routeList, type RouteDef } from '@locus/contract';
import { startRobWorlds, type RobWorlds } from './helpers/rob-world.js';
import { callBuilders, SEARCH_BOX, type Builder, type Call } from './helpers/rob-calls.js';

const COLUMNS = [
  'none',
  'badSignature',
  'expired',
  'otherIssuer',
  'planner',
  'plannerForeign',
  'modelAdmin',
  'modelAdminForeign',
  'globalAdmin',
  'globalAdminForeign',
] as const;
type Column = (typeof COLUMNS)[number];

const COLUMN_TITLES: Record<Column, string> = {
  none: 'no token',
  badSignature: 'bad signature',
  expired: 'expired',
  otherIssuer: 'other issuer',
  planner: 'planner, own',
  plannerForeign: 'planner, foreign',
  modelAdmin: 'model admin, own',
  modelAdminForeign: 'model admin, foreign',
  globalAdmin: 'global admin, own',
  globalAdminForeign: 'global admin, foreign',
};

/**
 * The expected status of every call, in the order of COLUMNS. "own" is a model
 * the planner and the model administrator have access to (the model
 * administrator as its administrator); "foreign" is a model neither can reach.
 * Calls that name no model (the model list, search, admin lists) are made the
 * same way in both. 200 stands for every success (the API answers 200 on writes too).
 */
const EXPECTED: Record<string, string> = {
  // System
  systemEnvironment: '200 200 200 200 200 200 200 200 200 200',
  systemVersion: '200 200 200 200 200 200 200 200 200 200',
  systemStreetViewKey: '401 401 401 401 200 200 200 200 200 200',
  systemMsalConfiguration: '200 200 200 200 200 200 200 200 200 200',
  systemStatus: '200 200 200 200 200 200 200 200 200 200',
  help: '200 200 200 200 200 200 200 200 200 200',
  userSettings: '401 401 401 401 200 200 200 200 200 200',
  userSettingsSave: '401 401 401 401 200 200 200 200 200 200',
  // Models
  models: '401 401 401 401 200 200 200 200 200 200',
  locationGroups: '401 401 401 401 200 403 200 403 200 200',
  isolinesParameters: '401 401 401 401 200 403 200 403 200 200',
  submodels: '401 401 401 401 200 403 200 403 200 200',
  driverFilters: '401 401 401 401 200 403 200 403 200 200',
  modelParameters: '401 401 401 401 200 403 200 403 200 200',
  normalizedScoresFunctions: '401 401 401 401 200 403 200 403 200 200',
  processingLog: '401 401 401 401 200 403 200 403 200 200',
  locationProperties: '401 401 401 401 200 403 200 403 200 200',
  newLocationProperties: '401 401 401 401 200 403 200 403 200 200',
  mainLogo: '401 401 401 401 200 403 200 403 200 200',
  secondaryLogo: '401 401 401 401 200 403 200 403 200 200',
  // Reference data
  pois: '401 401 401 401 200 403 200 403 200 200',
  heatMapPoints: '401 401 401 401 200 403 200 403 200 200',
  areas: '401 401 401 401 200 403 200 403 200 200',
  areaPropertiesByCode: '401 401 401 401 200 403 200 403 200 200',
  areaPropertiesByPosition: '401 401 401 401 200 403 200 403 200 200',
  nearByLocationClusters: '401 401 401 401 200 403 200 403 200 200',
  poiSetLogo: '401 401 401 401 200 403 200 403 200 200',
  poiSetsLogo: '401 401 401 401 200 403 200 403 200 200',
  locationGroupLogo: '401 401 401 401 200 403 200 403 200 200',
  // Search
  search: '401 401 401 401 200 200 200 200 200 200',
  searchCategoryLogo: '401 401 401 401 200 200 200 200 200 200',
  // Tiles
  areaSetTile: '401 401 401 401 200 403 200 403 200 200',
  // Isoline tool
  isoline: '401 401 401 401 403 403 403 403 200 200',
  // Scenario reads
  scenarios: '401 401 401 401 200 403 200 403 200 200',
  scenariosOnlyStatus: '401 401 401 401 200 403 200 403 200 200',
  findScenarios: '401 401 401 401 200 403 200 403 200 200',
  scenarioDifferences: '401 401 401 401 200 403 200 403 200 200',
  catchmentAreaPropertiesByCode: '401 401 401 401 200 403 200 403 200 200',
  catchmentAreaPropertiesByPosition: '401 401 401 401 200 403 200 403 200 200',
  locationsOfScenarios: '401 401 401 401 200 403 200 403 200 200',
  scenarioChanges: '401 401 401 401 200 403 200 403 200 200',
  scenarioParents: '401 401 401 401 200 403 200 403 200 200',
  scenarioDrivers: '401 401 401 401 200 403 200 403 200 200',
  propertyValues: '401 401 401 401 200 403 200 403 200 200',
  comparableValues: '401 401 401 401 200 403 200 403 200 200',
  // Location reads
  scenarioLocations: '401 401 401 401 200 403 200 403 200 200',
  scenarioLocationProperties: '401 401 401 401 200 403 200 403 200 200',
  matchingLocations: '401 401 401 401 200 403 200 403 200 200',
  matchingScores: '401 401 401 401 200 403 200 403 200 200',
  locationScores: '401 401 401 401 200 403 200 403 200 200',
  locationCatchmentArea: '401 401 401 401 200 403 200 403 200 200',
  locationPhoto: '401 401 401 401 200 403 200 403 200 200',
  locationIsolines: '401 401 401 401 200 403 200 403 200 200',
  poisInRange: '401 401 401 401 200 403 200 403 200 200',
  // Scenario and location writes
  locationCreate: '401 401 401 401 200 403 200 403 200 200',
  locationUpdate: '401 401 401 401 200 403 200 403 200 200',
  locationClose: '401 401 401 401 200 403 200 403 200 200',
  locationUndoClose: '401 401 401 401 200 403 200 403 200 200',
  locationUndoEdit: '401 401 401 401 200 403 200 403 200 200',
  locationDelete: '401 401 401 401 200 403 200 403 200 200',
  scenarioCreate: '401 401 401 401 200 403 200 403 200 200',
  scenarioUpdate: '401 401 401 401 200 403 200 403 200 200',
  scenarioDelete: '401 401 401 401 200 403 200 403 200 200',
  scenarioStartProcessing: '401 401 401 401 200 403 200 403 200 200',
  scenarioCopyChanges: '401 401 401 401 200 403 200 403 200 200',
  // Functions and model editors
  functionsValidate: '401 401 401 401 200 403 200 403 200 200',
  modelParametersSave: '401 401 401 401 403 403 200 403 200 200',
  normalizedScoresFunctionsSave: '401 401 401 401 403 403 200 403 200 200',
  driversSave: '401 401 401 401 403 403 200 403 200 200',
  propertyRangesSave: '401 401 401 401 403 403 200 403 200 200',
  // Admin
  adminLog: '401 401 401 401 403 403 403 403 200 200',
  adminUsers: '401 401 401 401 403 403 403 403 200 200',
  adminScenarioStatus: '401 401 401 401 403 403 403 403 200 200',
  adminLogins: '401 401 401 401 403 403 403 403 200 200',
  adminModels: '401 401 401 401 403 403 403 403 200 200',
  adminUserModels: '401 401 401 401 403 403 403 403 200 200',
  adminModelUsers: '401 401 401 401 403 403 403 403 200 200',
  adminLoginUpdate: '401 401 401 401 403 403 403 403 200 200',
  adminLoginDelete: '401 401 401 401 403 403 403 403 200 200',
  adminLoginCreate: '401 401 401 401 403 403 403 403 200 200',
  adminModelUsersSave: '401 401 401 401 403 403 403 403 200 200',
  adminUserModelsSave: '401 401 401 401 403 403 403 403 200 200',
  adminStartProcessingUnprocessed: '401 401 401 401 403 403 403 403 200 200',
  adminUsersSync: '401 401 401 401 403 403 403 403 200 200',
  // Downloads
  scenarioLocationsExport: '401 401 401 401 200 403 200 403 200 200',
  modelScenariosLocationsExport: '401 401 401 401 403 403 403 403 200 200',
  calculationModelWorkbook: '401 401 401 401 403 403 403 403 200 200',
  scenarioOutputExport: '401 401 401 401 200 403 200 403 200 200',
  modelOutputExport: '401 401 401 401 200 403 200 403 200 200',
  areaExport: '401 401 401 401 200 403 200 403 200 200',
  locationCatchmentAreaExport: '401 401 401 401 200 403 200 403 200 200',
  locationCatchmentAreaExportByName: '401 401 401 401 200 403 200 403 200 200',
  locationAreasExport: '401 401 401 401 200 403 200 403 200 200',
  // Calibration
  calibrationStart: '401 401 401 401 403 403 200 403 200 200',
  calibrationStatus: '401 401 401 401 403 403 200 403 200 200',
  // Live updates (the stream's first event is read, then the connection is closed)
  events: '401 401 401 401 200 200 200 200 200 200',
};

const DOC_START = '<!-- who may call what: generated by packages/server/test/rob-route-matrix.test.ts (ROB_WRITE_DOCS=1), do not edit by hand -->';
const DOC_END = '<!-- end of who may call what -->';
const apiDocPath = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

/** The "Who may call what" section: the EXPECTED table as Markdown. */
function renderMatrix(): string {
  const lines = [DOC_START, ''];
  lines.push(`| Call | Role | ${COLUMNS.map((c) => COLUMN_TITLES[c]).join(' | ')} |`);
  lines.push(`|---|---|${COLUMNS.map(() => '---').join('|')}|`);
  for (const route of routeList) {
    lines.push(`| \`${route.name}\` | ${route.role} | ${EXPECTED[route.name]!.split(' ').join(' | ')} |`);
  }
  lines.push('', DOC_END);
  return lines.join('\n');
}

let rw: RobWorlds;

test.before(async () => {
  rw = await startRobWorlds();
  ({ builderOf } = callBuilders(rw));
});
test.after(async () => {
  await rw?.close();
});

// ---------------------------------------------------------------- calls

let builderOf: (route: RouteDef) => Builder;

const isWrite = (route: RouteDef) => route.method !== 'GET';
/** Saves that mark every scenario of the model for recalculation go last. */
const resetsResults = (route: RouteDef) =>
  ['modelParametersSave', 'normalizedScoresFunctionsSave', 'driversSave', 'adminStartProcessingUnprocessed'].includes(route.name);
const ordered = [...routeList].sort((a, b) => Number(isWrite(a)) - Number(isWrite(b)) || Number(resetsResults(a)) - Number(resetsResults(b)));

function tokenOf(column: Column): string | undefined {
  switch (column) {
    case 'none':
      return undefined;
    case 'badSignature':
      return rw.tokens.badSignature;
    case 'expired':
      return rw.tokens.expired;
    case 'otherIssuer':
      return rw.tokens.otherIssuer;
    case 'planner':
    case 'plannerForeign':
      return rw.tokens.planner;
    case 'modelAdmin':
    case 'modelAdminForeign':
      return rw.tokens.modelAdmin;
    default:
      return rw.tokens.globalAdmin;
  }
}

async function send(route: RouteDef, call: Call, token: string | undefined) {
  const path = fillPath(route, call.params as never, call.query as never);
  return rw.server.fetch(path, { method: route.method, token, body: call.body, headers: call.headers });
}

const ErrorKeys = new Set(['statusCode', 'error', 'message', 'field', 'reason', 'key']);

/** An error answer is the error contract and nothing else: no data of the object asked for. */
function assertErrorBody(what: string, status: number, text: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.unreachable(`${what}: ${status} answer is not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = ApiError.safeParse(body);
  assert.ok(parsed.success, `${what}: ${status} body is not the error contract: ${text.slice(0, 200)}`);
  assert.is(parsed.data!.statusCode, status, `${what}: statusCode in the body`);
  const extra = Object.keys(body as object).filter((k) => !ErrorKeys.has(k));
  assert.equal(extra, [], `${what}: error body carries other keys: ${extra.join(', ')}`);
}

// ---------------------------------------------------------------- tests

test('the table has one row of ten statuses for every call of the contract, and docs/api.md shows it', () => {
  const names = routeList.map((r) => r.name).sort();
  assert.equal(Object.keys(EXPECTED).sort(), names, 'EXPECTED rows = the route table');
  for (const [name, row] of Object.entries(EXPECTED)) assert.is(row.split(' ').length, COLUMNS.length, name);
  for (const route of routeList) {
    const row = EXPECTED[route.name]!.split(' ');
    const anonymous = route.role === 'anonymous';
    assert.equal(row.slice(0, 4), Array(4).fill(anonymous ? '200' : '401'), `${route.name}: tokenless or invalid-token columns follow the role`);
    if (route.role === 'globalAdmin') assert.equal(row.slice(4, 8), Array(4).fill('403'), `${route.name}: only a global administrator`);
    if (route.role === 'modelAdmin') assert.equal(row.slice(4, 6), ['403', '403'], `${route.name}: a planner may not`);
  }
  const section = renderMatrix();
  const document = readFileSync(apiDocPath, 'utf8');
  const start = document.indexOf(DOC_START);
  const end = document.indexOf(DOC_END);
  if (process.env.ROB_WRITE_DOCS === '1') {
    assert.ok(start >= 0 && end > start, 'docs/api.md has the who-may-call-what markers');
    writeFileSync(apiDocPath, document.slice(0, start) + section + document.slice(end + DOC_END.length));
    return;
  }
  assert.ok(start >= 0 && end > start, 'docs/api.md has the "Who may call what" section');
  assert.fixture(document.slice(start, end + DOC_END.length), section);
});

test("the planner's model list and search show nothing of the foreign models", async () => {
  const models = (await rw.server.fetch('/api/models', { token: rw.tokens.planner })).json<{ id: number }[]>();
  assert.equal(
    models.map((m) => m.id).sort((a, b) => a - b),
    [rw.own.modelId, rw.own.scoreModelId].sort((a, b) => a - b),
  );
  const route = routeList.find((r) => r.name === 'search')!;
  const found = (await send(route, { params: { ...SEARCH_BOX, text: 'Alpha' } }, rw.tokens.planner)).json<{ id?: number; modelId?: number }[]>();
  assert.ok(found.length > 0, 'the own Alpha is found');
  const text = JSON.stringify(found);
  for (const id of [rw.foreign.modelId, rw.foreign.stores.Alpha])
    assert.not.ok(
      found.some((f) => f.id === id || f.modelId === id),
      `foreign id ${id} in ${text}`,
    );
});

/** Path and query parameters that name an object of a model, by the kind of object. */
const MODEL_OBJECT_PARAMS = [
  'modelId',
  'submodelId',
  'scenarioId',
  'locationId',
  'catchmentAreaId',
  'areaSetId',
  'poiSetId',
  'heatMapSetId',
  'locationGroupId',
  'propertyId1',
  'propertyId2',
  'sourceScenarioId',
  'destinationScenarioId',
  'isoLineSetId',
  'areaSetNameSlug',
];

/** Body and query fields that must name the same object as a path parameter. */
const BODY_ALIASES: Record<string, string[]> = {
  locationId: ['id', 'changedLocations', 'selectedLocations', 'locations'],
  sourceScenarioId: ['scenarioId'],
  destinationScenarioId: ['destinationScenarioId'],
};

test("an id of another model's object in a path the caller may use is 403 or 404, never data", async () => {
  const leaks: string[] = [];
  let checked = 0;
  for (const route of ordered) {
    if (route.role === 'anonymous') continue;
    const own = await builderOf(route)(rw.own);
    const named = [
      ...Object.keys(own.params)
        .filter((k) => MODEL_OBJECT_PARAMS.includes(k))
        .map((k) => ({ part: 'params' as const, key: k })),
      ...Object.keys(own.query ?? {})
        .filter((k) => MODEL_OBJECT_PARAMS.includes(k))
        .map((k) => ({ part: 'query' as const, key: k })),
    ];
    if (named.length < 2) continue;
    for (const { part, key } of named) {
      for (const [who, token] of [
        ['planner', rw.tokens.planner],
        ['global admin', rw.tokens.globalAdmin],
      ] as const) {
        if (route.role === 'globalAdmin' && who === 'planner') continue;
        const mine = await builderOf(route)(rw.own);
        const theirs = await builderOf(route)(rw.foreign);
        const call: Call = { ...mine, params: { ...mine.params }, query: { ...mine.query } };
        call[part]![key] = theirs[part]![key];
        // A body (or query list) that must agree with the path names the same object: swap it there too.
        for (const alias of BODY_ALIASES[key] ?? []) {
          const swap = (value: unknown) =>
            Array.isArray(value)
              ? value.map((v) => (v === mine[part]![key] ? theirs[part]![key] : v))
              : value === mine[part]![key]
                ? theirs[part]![key]
                : value;
          if (call.body && typeof call.body === 'object' && alias in (call.body as object))
            call.body = { ...(call.body as object), [alias]: swap((call.body as Record<string, unknown>)[alias]) };
          if (call.query && alias in call.query) call.query[alias] = swap(call.query[alias]);
        }
        if (call.params[key] === mine.params[key] && part === 'params') continue;
        const r = await send(route, call, token);
        checked++;
        const what = `${route.name} with the foreign ${key} as ${who}`;
        if (r.status !== 403 && r.status !== 404) leaks.push(`${what}: ${r.status} ${r.text().slice(0, 160)}`);
        else assertErrorBody(what, r.status, r.text());
      }
    }
  }
  console.log(`  mixed-model ids: ${checked} calls checked, ${leaks.length} answered otherwise`);
  assert.equal(leaks, [], leaks.join('\n'));
});

test('every call by every kind of caller answers the status of the table', async () => {
  const wrong: string[] = [];
  let cells = 0;
  for (const route of ordered) {
    const expected = EXPECTED[route.name]!.split(' ').map(Number);
    for (const [index, column] of COLUMNS.entries()) {
      const world = column.endsWith('Foreign') ? rw.foreign : rw.own;
      const call = await builderOf(route)(world);
      const r = await send(route, call, tokenOf(column));
      cells++;
      const what = `${route.name} as ${COLUMN_TITLES[column]}`;
      const status = r.status === 204 ? 200 : r.status;
      if (status !== expected[index]) wrong.push(`${what}: ${r.status} (expected ${expected[index]}) ${r.text().slice(0, 160)}`);
      if (r.status >= 400) assertErrorBody(what, r.status, r.text());
    }
  }
  console.log(`  route x role matrix: ${routeList.length} calls x ${COLUMNS.length} callers = ${cells} cells checked, ${wrong.length} differ`);
  assert.equal(wrong, [], wrong.join('\n'));
});

test.run();
