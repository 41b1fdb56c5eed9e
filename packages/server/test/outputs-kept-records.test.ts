// The records behind matching, drivers, scores and the properties chart are
// kept per result while none of their tables is written (outputs/records.ts):
// a later read answers as a fresh one would, a location changed and
// calculated again is read changed, and the read-only loader gives the
// calculation's own records.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadScenarioLocations } from '../src/processing/inputs.js';
import { LocationRowCache } from '../src/processing/location-cache.js';
import { loadSummary } from '../src/repo/results.js';
import { recordsFor, scenarioRecords } from '../src/outputs/records.js';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
let scenarioId: number;

const calculate = (scenarioId: number) => ws.calculate(scenarioId);

test.before(async () => {
  ws = await startWorldServer();
  const { db } = ws.server.ctx;
  await db.query(
    `INSERT INTO normalized_scores_function (model_id, title, function, weight, sort_order) VALUES
    ($1, 'Size', 'salesArea', 2, 0), ($1, 'Turnover', 'turnover', 1, 1)`,
    [ws.world.modelId],
  );
  await db.query(`INSERT INTO driver_filter (model_id, title, function) VALUES ($1, 'All', '1')`, [ws.world.modelId]);
  const filter = (await db.query<{ id: number }>('SELECT id FROM driver_filter WHERE model_id = $1', [ws.world.modelId])).rows[0]!;
  await db.query(
    `INSERT INTO driver (driver_filter_id, title, function, weight, rounding_digits, sort_order) VALUES ($1, 'Sales area', 'salesArea', 100, 0, 0)`,
    [filter.id],
  );
  await calculate(ws.world.baseScenarioId);
  scenarioId = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Echo!, 'Echo extends', { salesArea: 3200 });
  await calculate(scenarioId);
});
test.after(async () => {
  await ws?.close();
});

const get = async (path: string) => {
  const r = await ws.call(path, ws.tokens.planner);
  assert.is(r.status, 200, `${path}: ${r.text().slice(0, 300)}`);
  return r.json();
};
const matchingPath = (locationId: number) => `/api/models/${ws.world.subModelId}/scenarios/${scenarioId}/locations/${locationId}/matching-locations?topN=5`;
const driversPath = (locationId: number) => `/api/models/scenarios/${scenarioId}/drivers?locationId=${locationId}`;
const echoSize = (list: Array<{ locationId: number; normalizedScores: Array<{ title: string; score: number }> }>) =>
  list.find((m) => m.locationId === ws.world.stores.Echo)!.normalizedScores.find((s) => s.title === 'Size')!.score;

test("the read-only loader gives the calculation's records, with the stored output of the result", async () => {
  const { db } = ws.server.ctx;
  const result = (await loadSummary(db, scenarioId, ws.world.subModelId))!;
  const inputs = await loadScenarioLocations(db, ws.world.modelId, scenarioId);
  const read = await scenarioRecords(db, new LocationRowCache(), ws.world.modelId, ws.world.subModelId, scenarioId, result);
  assert.equal(
    read.rows.map((r) => r.location_id),
    inputs.rows.map((r) => r.location_id),
  );
  const output = read.outputProperty!.name;
  read.records.forEach((record, q) => {
    const { [output]: value, ...rest } = record;
    assert.equal(rest, inputs.records[q], `record of location ${read.rows[q]!.location_id}`);
    assert.is(value ?? null, read.outputs[q]);
  });
  assert.ok(read.outputs.some((o) => typeof o === 'number' && o > 0));
});

test('a second read answers as the first, from the kept records', async () => {
  recordsFor(ws.server.ctx).forget();
  const first = await get(matchingPath(ws.world.stores.Alpha!));
  const again = await get(matchingPath(ws.world.stores.Alpha!));
  assert.equal(again, first);
  assert.is(first[0].locationId, ws.world.stores.Alpha);
  assert.equal(await get(driversPath(ws.world.stores.Alpha!)), await get(driversPath(ws.world.stores.Alpha!)));
});

test('a location changed and calculated again is read changed (nothing stale is served)', async () => {
  const { db } = ws.server.ctx;
  const before = echoSize(await get(matchingPath(ws.world.stores.Echo!)));
  const driversBefore = await get(driversPath(ws.world.stores.Echo!));
  // Echo far smaller than every other store: its size score goes to 0.
  await db.query(`UPDATE location_version SET properties = properties || '{"salesArea": 1}'::jsonb WHERE scenario_id = $1 AND location_id = $2`, [
    scenarioId,
    ws.world.stores.Echo,
  ]);
  await calculate(scenarioId);
  const after = await get(matchingPath(ws.world.stores.Echo!));
  assert.is(echoSize(after), 0);
  assert.ok(before > 0, `size score before the change: ${before}`);
  const driversAfter = await get(driversPath(ws.world.stores.Echo!));
  assert.is(driversAfter[0].drivers[0].value, 1);
  assert.is(driversBefore[0].drivers[0].value, 3200);
});

test('a change to the functions is read at once, without a new calculation', async () => {
  const { db } = ws.server.ctx;
  await get(matchingPath(ws.world.stores.Alpha!));
  await db.query(`UPDATE normalized_scores_function SET title = 'Floor space' WHERE model_id = $1 AND title = 'Size'`, [ws.world.modelId]);
  const list = await get(matchingPath(ws.world.stores.Alpha!));
  assert.ok(list[0].normalizedScores.some((s: { title: string }) => s.title === 'Floor space'));
  assert.not.ok(list[0].normalizedScores.some((s: { title: string }) => s.title === 'Size'));
});

test.run();
