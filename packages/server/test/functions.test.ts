// Function validation and the model editors' saves: one message per problem,
// a save with any message refused with nothing stored, and a saved model
// parameters change sending the model's scenarios back for calculation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WORLD_PARAMETERS } from './helpers/world.js';
import { startWorldServer, waitForStatus, type WorldServer } from './helpers/world-server.js';
import { markModelForRecalculation, queueAllUncalculated, queueUncalculatedBases, requestProcessing } from '../src/processing/index.js';
import { loadConfig } from '../src/config.js';

let ws: WorldServer;
test.before(async () => {
  ws = await startWorldServer();
});
test.after(async () => {
  await ws?.close();
});

const put = (path: string, body: unknown, token = ws.tokens.modelAdmin) => ws.call(path, token, { method: 'PUT', body });

test('validate: one message per problem, with positions', async () => {
  const r = await put(
    `/api/functions/validate?modelId=${ws.world.modelId}`,
    [
      'pow(salesArea, 0.9)',
      'population * spendPerHead * foo',
      'salesArea * (2',
      'unknownA + unknownB + unknownA',
      "if locationGroupCode = 'SUP' then schoolsInRange else turnover",
    ],
    ws.tokens.planner,
  );
  assert.is(r.status, 200);
  const { messages } = r.json();
  assert.equal(
    messages.map((m: { index: number }) => m.index),
    [1, 2, 3, 3],
  );
  assert.match(messages[0].message, /unknown property 'foo'/);
  assert.is(messages[0].position, 28);
  assert.match(messages[1].message, /syntax error/);
  assert.is(messages[1].position, 14);
  assert.match(messages[2].message, /unknownA/);
  assert.match(messages[3].message, /unknownB/);
});

test('model parameters: a save with any message is refused and nothing is stored', async () => {
  const { db } = ws.server.ctx;
  const before = (await db.query('SELECT parameters, modified FROM sub_model WHERE id = $1', [ws.world.subModelId])).rows[0];
  const body = {
    ...WORLD_PARAMETERS,
    fractionCutOffThreshold: 0.02,
    functions: [
      ...WORLD_PARAMETERS.functions,
      // Demand functions read area properties: salesArea is a location property.
      { description: 'wrong kind', function: 'salesArea / 1000', defaultValue: 1, type: 2 },
    ],
  };
  const r = await put(`/api/models/${ws.world.subModelId}/model-parameters`, body);
  assert.is(r.status, 409);
  assert.is(r.json().message, 'functionValidationFailed');
  assert.match(r.json().reason, /wrong kind.*unknown property 'salesArea'/);
  const after = (await db.query('SELECT parameters, modified FROM sub_model WHERE id = $1', [ws.world.subModelId])).rows[0];
  assert.equal(after, before);
});

test('model parameters: a valid save stores them and sends the scenarios back for calculation', async () => {
  const { db } = ws.server.ctx;
  await requestProcessing(db, ws.world.baseScenarioId, null);
  ws.processor?.wake();
  assert.is(await waitForStatus(db, ws.world.baseScenarioId), 9);
  const planner = await put(`/api/models/${ws.world.subModelId}/model-parameters`, WORLD_PARAMETERS, ws.tokens.planner);
  assert.is(planner.status, 403);
  const body = {
    ...WORLD_PARAMETERS,
    fractionCutOffThreshold: 0.02,
    functions: [...WORLD_PARAMETERS.functions, { description: 'schools nearby', function: '1 + schoolsInRange / 100', defaultValue: 1, type: 1 }],
  };
  const r = await put(`/api/models/${ws.world.subModelId}/model-parameters`, body);
  assert.is(r.status, 200, r.text());
  const saved = r.json();
  assert.is(saved.fractionCutOffThreshold, 0.02);
  assert.equal(
    saved.functions.map((f: { id: number }) => f.id),
    [1, 2, 3, 4],
  );
  assert.ok(saved.locationProperties.some((p: { name: string }) => p.name === 'salesArea'));
  // The base scenario is queued again by itself (AUTO_CALCULATE_BASE is on by default): nobody asks, it
  // reaches 9, and the processing log names no user for it.
  const logged = (
    await db.query<{ user_name: string | null }>('SELECT user_name FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [
      ws.world.baseScenarioId,
    ])
  ).rows[0]!;
  assert.is(logged.user_name, null);
  assert.is(await waitForStatus(db, ws.world.baseScenarioId), 9);
  const stored = (
    await db.query<{ parameters: { fractionCutOffThreshold: number } }>('SELECT parameters FROM scenario_result WHERE scenario_id = $1', [
      ws.world.baseScenarioId,
    ])
  ).rows[0]!;
  assert.is(stored.parameters.fractionCutOffThreshold, 0.02);
});

test('normalized scores functions: refused with a message, saved without', async () => {
  const { db } = ws.server.ctx;
  const path = `/api/models/${ws.world.subModelId}/normalized-scores-functions`;
  const bad = await put(path, [
    { title: 'Size', function: 'salesArea', weight: 1 },
    { title: 'Bad', function: 'max(salesArea,', weight: 1 },
  ]);
  assert.is(bad.status, 409);
  assert.match(bad.json().reason, /function 2 \(Bad\)/);
  assert.is((await db.query('SELECT * FROM normalized_scores_function WHERE model_id = $1', [ws.world.modelId])).rows.length, 0);
  const good = await put(path, [
    { title: 'Size', function: 'salesArea', weight: 2 },
    { title: 'Turnover', function: 'turnover', weight: 1 },
  ]);
  assert.is(good.status, 200, good.text());
  const saved = good.json();
  assert.equal(
    saved.map((f: { title: string; defaultValue: number; type: number }) => [f.title, f.defaultValue, f.type]),
    [
      ['Size', 1, 1],
      ['Turnover', 1, 1],
    ],
  );
  // Saving the list again with the first row edited and the second left out.
  const again = await put(path, [{ id: saved[0].id, title: 'Sales area', function: 'salesArea', weight: 3 }]);
  assert.equal(
    again.json().map((f: { id: number; title: string; weight: number }) => [f.id, f.title, f.weight]),
    [[saved[0].id, 'Sales area', 3]],
  );
});

test('drivers: refused with a message, saved without', async () => {
  const { db } = ws.server.ctx;
  const path = `/api/models/${ws.world.modelId}/drivers`;
  const body = [
    {
      title: 'Supermarkets',
      function: "locationGroupCode = 'SUP'",
      drivers: [
        { title: 'Size', function: 'salesArea', weight: 100 },
        { title: 'Per m²', function: 'turnover / floorSpace', weight: 80, roundingDigits: 1 },
      ],
    },
  ];
  const bad = await put(path, body);
  assert.is(bad.status, 409);
  assert.match(bad.json().reason, /driver 2 \(Per m²\) of filter 1: unknown property 'floorSpace'/);
  assert.is((await db.query('SELECT * FROM driver_filter WHERE model_id = $1', [ws.world.modelId])).rows.length, 0);
  body[0]!.drivers[1]!.function = 'turnover / salesArea';
  const statusOf = async () => (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [ws.world.baseScenarioId])).rows[0]!.status;
  const before = await statusOf();
  const good = await put(path, body);
  assert.is(good.status, 200, good.text());
  const [filter] = good.json();
  assert.equal(
    filter.drivers.map((d: { title: string; roundingDigits: number; inverse: boolean }) => [d.title, d.roundingDigits, d.inverse]),
    [
      ['Size', 2, false],
      ['Per m²', 1, false],
    ],
  );
  // Drivers are applied when outputs are read (docs/calculation-model.md section 14): no recalculation.
  assert.is(await statusOf(), before, "saving drivers leaves the scenarios' status alone");
  // Saving again: the filter and its first driver edited in place, the second left out, a new one last.
  const again = await put(path, [
    {
      id: filter.id,
      title: 'Supermarkets (all)',
      function: filter.function,
      drivers: [
        { title: 'New', function: 'turnover', weight: 60 },
        { id: filter.drivers[0].id, title: 'Size (m²)', function: 'salesArea', weight: 90 },
      ],
    },
  ]);
  assert.is(again.status, 200, again.text());
  const [edited] = again.json();
  assert.is(edited.id, filter.id, 'the filter keeps its id');
  assert.is(edited.title, 'Supermarkets (all)');
  assert.equal(
    edited.drivers.map((d: { id: number; title: string; weight: number }) => [d.title, d.weight, d.id === filter.drivers[0].id]),
    [
      ['New', 60, false],
      ['Size (m²)', 90, true],
    ],
  );
  assert.is((await db.query('SELECT * FROM driver WHERE id = $1', [filter.drivers[1].id])).rows.length, 0, 'the driver left out is removed');
});

test('base scenarios calculated by themselves: only a base at 0 is queued; AUTO_CALCULATE_BASE=false turns it off', async () => {
  assert.is(loadConfig({ DATA_DIR: 'data' }).autoCalculateBase, true);
  assert.is(loadConfig({ DATA_DIR: 'data', AUTO_CALCULATE_BASE: 'false' }).autoCalculateBase, false);
  const { db } = ws.server.ctx;
  const child = (
    await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NOT NULL ORDER BY id LIMIT 1', [ws.world.modelId])
  ).rows[0];
  // Without the option every scenario goes to 0 (what AUTO_CALCULATE_BASE=false does).
  await db.transaction((tx) => markModelForRecalculation(tx, ws.world.modelId));
  const statuses = async () =>
    new Map(
      (await db.query<{ id: number; status: number }>('SELECT id, status FROM scenario WHERE model_id = $1', [ws.world.modelId])).rows.map((r) => [
        r.id,
        r.status,
      ]),
    );
  for (const status of (await statuses()).values()) assert.ok(status === 0 || status === 1, 'not calculated or waiting');
  const queued = await db.transaction((tx) => queueUncalculatedBases(tx));
  assert.ok(
    queued.some((q) => q.id === ws.world.baseScenarioId),
    'the base is queued',
  );
  assert.ok(
    queued.every((q) => q.id !== child?.id),
    'a scenario with a parent is not',
  );
  const after = await statuses();
  assert.is(after.get(ws.world.baseScenarioId) === 0, false);
  if (child) assert.is(after.get(child.id), 0);
  // Queued again: nothing more (it is waiting or being calculated, not at 0).
  assert.equal(
    (await db.transaction((tx) => queueUncalculatedBases(tx, ws.world.modelId))).map((q) => q.id),
    [],
  );
  ws.processor?.wake();
  assert.is(await waitForStatus(db, ws.world.baseScenarioId), 9);
});

test('right after the demo data are generated every scenario is queued, the bases first, and each is calculated', async () => {
  const { db } = ws.server.ctx;
  await waitForStatus(db, ws.world.baseScenarioId);
  // An example scenario under the base, as the demo data have them.
  await db.query(`INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, 'Example under the base', $2)`, [
    ws.world.modelId,
    ws.world.baseScenarioId,
  ]);
  await db.transaction((tx) => markModelForRecalculation(tx, ws.world.modelId));
  const ids = (await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND status = 0 ORDER BY id', [ws.world.modelId])).rows.map(
    (r) => r.id,
  );
  assert.ok(ids.length >= 2, 'the base and a scenario under it');
  const queued = await db.transaction((tx) => queueAllUncalculated(tx));
  const mine = queued.filter((q) => q.modelId === ws.world.modelId).map((q) => q.id);
  assert.equal(mine, ids, 'every scenario of the model, in id order');
  assert.is(mine[0], ws.world.baseScenarioId, 'the base first');
  const logged = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM processing_log WHERE scenario_id = ANY($1) AND user_name IS NULL AND ended IS NULL',
    [ids],
  );
  assert.ok(logged.rows[0]!.n >= ids.length, 'each has its processing log row, without a user');
  ws.processor?.wake();
  for (const id of ids) assert.is(await waitForStatus(db, id), 9, `scenario ${id} calculated`);
});

test.run();
