// Scenario processing end to end through the API on the test world: queue,
// poll only-status to 9, outputs that differ from the base, the incremental
// path equal to a full calculation, errors ending at 10 with the error in the
// processing log, and the admin calls.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, estimatorProvider } from '@locus/engine';
import { loadDemandAreas, areaSetKey, loadScenarioLocations, engineParameters } from '../src/processing/inputs.js';
import { loadSummary } from '../src/repo/results.js';
import { childWithClosure, childWithEdit, childWithNewStore, WORLD_PARAMETERS } from './helpers/world.js';
import { startWorldServer, waitForStatus, type WorldServer } from './helpers/world-server.js';
import { storedOutputs } from './helpers/stored-outputs.js';

let ws: WorldServer;
let editScenario: number;

test.before(async () => {
  ws = await startWorldServer();
});
test.after(async () => {
  await ws?.close();
});

const onlyStatus = async (token: string, modelId = ws.world.modelId) =>
  (await ws.call(`/api/models/${modelId}/scenarios/only-status`, token)).json<Array<{ id: number; status: number }>>();

/** Starts processing through the API and polls only-status (as the app does) until 9 or 10. */
async function calculate(scenarioId: number, modelId = ws.world.modelId): Promise<number> {
  const start = await ws.call(`/api/models/scenarios/${scenarioId}/start-processing`, ws.tokens.planner, { method: 'PUT' });
  assert.is(start.status, 200, start.text());
  assert.is(start.json().status, 1);
  for (let i = 0; i < 1500; i++) {
    const status = (await onlyStatus(ws.tokens.planner, modelId)).find((s) => s.id === scenarioId)!.status;
    if (status === 9 || status === 10) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`scenario ${scenarioId} did not finish`);
}

const outputs = async (scenarioId: number) => new Map((await storedOutputs(ws.server.ctx.db, scenarioId)).map((r) => [r.location_id, r.output]));

test('a read on a scenario that is not calculated answers 409 scenarioIsNotCalculated', async () => {
  const { world } = ws;
  const base = `/api/models/${world.subModelId}/scenarios/${world.baseScenarioId}`;
  for (const path of [
    `${base}/locations/${world.stores.Alpha}/matching-locations`,
    `${base}/locations/${world.stores.Alpha}/catchment-areas/${world.cellCatchmentId}`,
    `${base}/locations/${world.stores.Alpha}/scores`,
    `${base}/differences`,
    `/api/models/scenarios/${world.baseScenarioId}/drivers?locationId=${world.stores.Alpha}`,
    `/api/models/scenarios/${world.baseScenarioId}/property-values/${world.properties.salesArea}/${world.properties.output}`,
  ]) {
    const r = await ws.call(path, ws.tokens.planner);
    assert.is(r.status, 409, path);
    assert.is(r.json().message, 'scenarioIsNotCalculated', path);
  }
  // The area information panel shows the area without locations instead.
  const area = await ws.call(`${base}/catchment-areas/${world.cellCatchmentId}/areas/C0303/properties`, ws.tokens.planner);
  assert.is(area.status, 200);
  assert.equal(area.json().locations, []);
  assert.is(area.json().totalValue, null);
});

test('start-processing queues the scenario, a worker steps it to 9, and the log shows the run', async () => {
  const { world } = ws;
  assert.is(await calculate(world.baseScenarioId), 9);
  const out = await outputs(world.baseScenarioId);
  assert.is(out.size, 6);
  for (const v of out.values()) assert.ok(v > 0);
  const log = (await ws.call(`/api/models/${world.modelId}/processing-log`, ws.tokens.globalAdmin)).json();
  assert.is(log[0].scenarioName, 'Base');
  assert.is(log[0].userName, 'Pat Planner');
  assert.ok(log[0].startedDateTimeUtc && log[0].endedDateTimeUtc);
  assert.is(log[0].error, null);
});

/** The engine run on the base scenario's inputs as the server reads them, apart from the server's calculation. */
async function engineRunOfBase() {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const areas = await loadDemandAreas(db, world.cellSetId, await areaSetKey(db, world.cellSetId));
  const locations = await loadScenarioLocations(db, world.modelId, world.baseScenarioId);
  const engine = await calculateScenario(
    {
      areas,
      locations: {
        latitude: locations.rows.map((r) => r.latitude),
        longitude: locations.rows.map((r) => r.longitude),
        properties: locations.records,
        active: locations.active,
      },
      parameters: engineParameters(WORLD_PARAMETERS),
    },
    estimatorProvider(),
  );
  return { areas, locations, engine };
}

test('the stored outputs equal the engine run on the same inputs', async () => {
  const { world } = ws;
  const { areas, locations, engine } = await engineRunOfBase();
  const stored = await outputs(world.baseScenarioId);
  locations.rows.forEach((r, j) => assert.ok(Math.abs(stored.get(r.location_id)! - engine.output[j]) <= 1e-9 * engine.output[j], r.name));
  // Every area's demand in reach is divided over the stores: outputs add up to it.
  const total = [...stored.values()].reduce((s, v) => s + v, 0);
  const demand = areas.properties.reduce((s, p) => s + Number(p.population) * Number(p.spendPerHead), 0);
  assert.ok(total <= demand * (1 + 1e-12) && total > 0.5 * demand);
});

test("the location list and a location's properties answer the engine's output as the score (read from the stored result)", async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const { locations, engine } = await engineRunOfBase();
  const expected = new Map(locations.rows.map((r, j) => [r.location_id, engine.output[j]!]));
  const list = (await ws.call(`/api/models/scenarios/${world.baseScenarioId}/locations`, ws.tokens.planner)).json<
    Array<{ id: number; score: number | null }>
  >();
  const scored = list.filter((l) => expected.has(l.id));
  assert.is(scored.length, 6);
  for (const l of scored) assert.ok(Math.abs(l.score! - expected.get(l.id)!) <= 1e-9 * expected.get(l.id)!, `list score of ${l.id}`);
  const one = (await ws.call(`/api/models/scenarios/${world.baseScenarioId}/locations/${world.stores.Echo}/properties`, ws.tokens.planner)).json<{
    score: number | null;
  }>();
  assert.ok(Math.abs(one.score! - expected.get(world.stores.Echo!)!) <= 1e-9 * expected.get(world.stores.Echo!)!, "the location's score");
  // A scenario not calculated has no scores.
  const child = await childWithEdit(db, world.baseScenarioId, world.stores.Alpha!, 'Alpha not calculated', { salesArea: 1000 });
  const pending = (await ws.call(`/api/models/scenarios/${child}/locations`, ws.tokens.planner)).json<Array<{ score: number | null }>>();
  assert.ok(pending.length > 0 && pending.every((l) => l.score === null));
  await db.query('DELETE FROM scenario WHERE id = $1', [child]);
});

test('a one-store change: outputs differ from the base, incrementally and equal to a full calculation', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  editScenario = await childWithEdit(db, world.baseScenarioId, world.stores.Echo!, 'Echo extends', { salesArea: 3200 });
  assert.is(await calculate(editScenario), 9);
  const base = await outputs(world.baseScenarioId);
  const edit = await outputs(editScenario);
  assert.ok(edit.get(world.stores.Echo!)! > base.get(world.stores.Echo!)! * 1.1, 'the bigger store gains');
  for (const name of ['Alpha', 'Charlie', 'Delta']) assert.ok(edit.get(world.stores[name]!)! < base.get(world.stores[name]!)!, `${name} loses`);
  const summary = (await loadSummary(db, editScenario, world.subModelId))!;
  const baseSummary = (await loadSummary(db, world.baseScenarioId, world.subModelId))!;
  const derived = (await db.query<{ derived_from: string }>('SELECT derived_from FROM scenario_result WHERE scenario_id = $1', [editScenario])).rows[0]!
    .derived_from;
  assert.is(derived, baseSummary.version, 'calculated from the base result');

  // The same scenario calculated fully by the engine gives the same outputs.
  const areas = await loadDemandAreas(db, world.cellSetId, await areaSetKey(db, world.cellSetId));
  const locations = await loadScenarioLocations(db, world.modelId, editScenario);
  const full = await calculateScenario(
    {
      areas,
      locations: {
        latitude: locations.rows.map((r) => r.latitude),
        longitude: locations.rows.map((r) => r.longitude),
        properties: locations.records,
        active: locations.active,
      },
      parameters: engineParameters(WORLD_PARAMETERS),
    },
    estimatorProvider(),
  );
  locations.rows.forEach((r, j) => {
    const position = Array.from(summary.locationIds).indexOf(r.location_id);
    assert.ok(Math.abs(summary.arrays.output[position] - full.output[j]) <= 1e-9 * full.output[j], r.name);
  });

  const differences = (
    await ws.call(`/api/models/${world.subModelId}/scenarios/${editScenario}/differences?thresholdPercentage=0.001`, ws.tokens.planner)
  ).json();
  assert.is(differences.impactOutputLocationPropertyTitle, 'Turnover');
  assert.is(differences.locations[0].locationID, world.stores.Echo);
  assert.ok(differences.locations[0].outputDifference > 0);
  const total = differences.locations.reduce((s: number, l: { outputDifference: number }) => s + l.outputDifference, 0);
  assert.ok(Math.abs(total) < 1e-6 * base.get(world.stores.Echo!)!, 'what Echo gains, the others lose (total demand is unchanged)');
  assert.ok(differences.locationGroups.some((g: { locationGroupName: string }) => g.locationGroupName === 'SuperCo'));
  assert.ok(differences.locationClusters.some((c: { locationClusterName: string }) => c.locationClusterName === 'East'));
});

test('closing a store and opening one: both calculate from the base and move the turnover', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const closure = await childWithClosure(db, world.baseScenarioId, world.stores.Charlie!, 'Charlie closes');
  assert.is(await calculate(closure), 9);
  const base = await outputs(world.baseScenarioId);
  const closed = await outputs(closure);
  assert.is(closed.get(world.stores.Charlie!), 0);
  const gained = [...closed].filter(([id]) => id !== world.stores.Charlie).reduce((s, [id, v]) => s + v - base.get(id)!, 0);
  assert.ok(gained > 0 && gained <= base.get(world.stores.Charlie!)! * (1 + 1e-9), 'the others take over what Charlie reached');

  const opened = await childWithNewStore(db, editScenario, 'Golf', 14, 2, { salesArea: 1100, formula: 'super' });
  assert.is(await calculate(opened.scenarioId), 9);
  const withGolf = await outputs(opened.scenarioId);
  assert.ok(withGolf.get(opened.locationId)! > 0);
  const derived = (await db.query<{ derived_from: string | null }>('SELECT derived_from FROM scenario_result WHERE scenario_id = $1', [opened.scenarioId]))
    .rows[0]!.derived_from;
  const parentVersion = (await loadSummary(db, editScenario, world.subModelId))!.version;
  assert.is(derived, parentVersion, 'calculated from its parent, the Echo scenario');
});

test('start-processing while waiting or processing answers 409', async () => {
  const { db } = ws.server.ctx;
  // Held by a live worker elsewhere (fresh heartbeat), so this process's worker leaves it alone.
  await db.query(`UPDATE scenario SET status = 3, claimed_by = 'elsewhere', heartbeat_at = now() + interval '1 hour' WHERE id = $1`, [ws.world.baseScenarioId]);
  const r = await ws.call(`/api/models/scenarios/${ws.world.baseScenarioId}/start-processing`, ws.tokens.planner, { method: 'PUT' });
  assert.is(r.status, 409);
  await db.query('UPDATE scenario SET status = 9, claimed_by = NULL, heartbeat_at = NULL WHERE id = $1', [ws.world.baseScenarioId]);
});

test('a function that does not parse ends at 10 with the error in the processing log', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const broken = {
    ...WORLD_PARAMETERS,
    functions: [
      ...WORLD_PARAMETERS.functions.slice(0, 2),
      { id: 3, description: 'spending', function: 'population * (spendPerHead', defaultValue: 0, type: 2 },
    ],
  };
  await db.query('UPDATE sub_model SET parameters = $2 WHERE id = $1', [world.subModelId, JSON.stringify(broken)]);
  const scenario = await childWithEdit(db, world.baseScenarioId, world.stores.Alpha!, 'Alpha edit', { salesArea: 1300 });
  assert.is(await calculate(scenario), 10);
  const log = (await ws.call(`/api/models/${world.modelId}/processing-log`, ws.tokens.globalAdmin)).json();
  assert.is(log[0].scenarioName, 'Alpha edit');
  assert.match(log[0].error, /spending/);
  assert.match(log[0].error, /position/);
  const plannerLog = (await ws.call(`/api/models/${world.modelId}/processing-log`, ws.tokens.planner)).json();
  assert.is(plannerLog[0].error, null, 'only a global administrator sees the error');
  const appLog = (await ws.call('/api/admin/log?eventType=2&source=scenario-processing', ws.tokens.globalAdmin)).json();
  assert.ok(appLog.some((e: { message: string }) => e.message.includes('Alpha edit')));
  const read = await ws.call(`/api/models/${world.subModelId}/scenarios/${scenario}/differences`, ws.tokens.planner);
  assert.is(read.status, 409);
  await db.query('UPDATE sub_model SET parameters = $2 WHERE id = $1', [world.subModelId, JSON.stringify(WORLD_PARAMETERS)]);
});

test('admin: start-processing-unprocessed queues every scenario at 0, scenarioStatus counts them', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const a = await childWithEdit(db, world.baseScenarioId, world.stores.Bravo!, 'Bravo 1', { salesArea: 900 });
  const b = await childWithEdit(db, world.baseScenarioId, world.stores.Bravo!, 'Bravo 2', { salesArea: 1000 });
  const forbidden = await ws.call(`/api/admin/${world.modelId}/start-processing-unprocessed`, ws.tokens.planner, { method: 'PUT' });
  assert.is(forbidden.status, 403);
  const r = await ws.call(`/api/admin/${world.modelId}/start-processing-unprocessed`, ws.tokens.globalAdmin, { method: 'PUT' });
  assert.equal(r.json(), { modelId: world.modelId, scenarioCount: 2 });
  assert.is(await waitForStatus(db, a), 9);
  assert.is(await waitForStatus(db, b), 9);
  const counts = (await ws.call('/api/admin/scenarioStatus', ws.tokens.globalAdmin)).json();
  const row = counts.find((c: { modelId: number }) => c.modelId === world.modelId);
  assert.is(row.unprocessed, 0);
  assert.is(row.processing, 0);
  assert.is(row.failed, 1);
  assert.is(row.completed, row.total - 1);
});

test('a score model (outputType 4) stores the product of the score functions', async () => {
  const { world } = ws;
  assert.is(await calculate(world.scoreBaseScenarioId, world.scoreModelId), 9);
  const out = [...(await outputs(world.scoreBaseScenarioId)).values()].sort((a, b) => a - b);
  // Site B: 500/100 x 1 = 5; Site A: 1000/100 x 1.2 = 12; Site C: 1500/100 x 1.2 = 18.
  assert.equal(
    out.map((v) => Math.round(v * 1e9) / 1e9),
    [5, 12, 18],
  );
});

test.run();
