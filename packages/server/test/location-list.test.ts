// A scenario's location list built from kept rows (scenarios/location-list.ts)
// answers exactly what the general read of every version on the scenario's
// path answers (repo/scenario-locations.ts), with the calculated scores, on a
// scenario tree with edits, closures, new stores, hidden stores and retail
// areas; and it stays exact after writes the server did not make itself:
// through another connection on PostgreSQL (as another server process
// writes), through the database handle past the server's write code on
// PGlite. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LocationSummary } from '@locus/contract';
import { openDatabase, type Database, type Queryable } from '../src/db/database.js';
import { groupAndClusterNames } from '../src/repo/models.js';
import { loadLocationOutputs } from '../src/repo/results.js';
import { scenarioLocations } from '../src/repo/scenario-locations.js';
import { LocationList } from '../src/scenarios/location-list.js';
import { childWithClosure, childWithEdit, childWithNewStore } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
/** The other writer: a second connection on PostgreSQL, the server's own handle on PGlite (one connection). */
let other: Database | undefined;
let writer: Database;
const tree: number[] = [];

/** The list as the general read makes it (the route's former code): every version on the path, outputs from the result. */
async function reference(db: Queryable, scenarioId: number): Promise<LocationSummary[]> {
  const s = (await db.query<{ model_id: number; status: number }>('SELECT model_id, status FROM scenario WHERE id = $1', [scenarioId])).rows[0]!;
  const names = await groupAndClusterNames(db, s.model_id);
  const outputs = s.status === 9 ? await loadLocationOutputs(db, scenarioId, null) : new Map<number, { output: number }>();
  return (await scenarioLocations(db, scenarioId))
    .filter((r) => r.type !== 2 && r.visibility !== 2)
    .map((r) => ({
      id: r.location_id,
      name: r.name,
      latitude: r.latitude,
      longitude: r.longitude,
      modelId: r.model_id,
      type: r.type,
      visibility: r.visibility as LocationSummary['visibility'],
      changeType: r.change_type as LocationSummary['changeType'],
      excluded: r.excluded,
      locationGroupId: r.location_group_id,
      locationGroup: r.location_group_id ? (names.group.get(r.location_group_id) ?? null) : null,
      locationClusterId: r.location_cluster_id,
      locationCluster: r.location_cluster_id ? (names.cluster.get(r.location_cluster_id) ?? null) : null,
      score: outputs.get(r.location_id)?.output ?? null,
      version: r.version,
      hasPhoto: r.has_photo,
    }));
}

async function listed(scenarioId: number): Promise<LocationSummary[]> {
  const r = await ws.call(`/api/models/scenarios/${scenarioId}/locations`, ws.tokens.planner);
  assert.is(r.status, 200, `list of scenario ${scenarioId}`);
  return r.json() as LocationSummary[];
}

async function checkAll(what: string) {
  for (const id of tree) assert.equal(await listed(id), await reference(ws.server.ctx.db, id), `${what}: scenario ${id}`);
}

/** A write as a server process makes it: the versions and the scenario's content stamp in one transaction. */
async function writeElsewhere(scenarioId: number, sql: string, params: unknown[]) {
  const { db } = ws.server.ctx;
  const seen = db.generation();
  await writer.transaction(async (tx) => {
    await tx.query(sql, params);
    await tx.query(`UPDATE scenario SET modified = clock_timestamp(), status = 0 WHERE id = $1`, [scenarioId]);
  });
  // Another process's write reaches the server by its announcement (NOTIFY locus_changed, a few ms later):
  // the list must show it from then on. A read in the moment before may still answer the previous list.
  if (writer === db) return;
  for (const end = Date.now() + 10_000; db.generation() === seen; await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > end) throw new Error('the write elsewhere was never announced to the server');
  }
}

test.before(async () => {
  ws = await startWorldServer();
  const { db } = ws.server.ctx;
  const { world } = ws;
  const edit = await childWithEdit(db, world.baseScenarioId, world.stores.Echo!, 'Echo bigger', { salesArea: 3100 });
  const closed = await childWithClosure(db, edit, world.stores.Alpha!, 'Alpha closed');
  const added = await childWithNewStore(db, closed, 'New "store" \\ ünïcode', 6, 6, { salesArea: 900 });
  // A retail area (type 2) and a hidden store: neither is listed.
  const area = (
    await db.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 2, $2) RETURNING id', [
      world.modelId,
      world.baseScenarioId,
    ])
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties) VALUES ($1, $2, 0, 'Centre', 52.1, 5.1, '{}')`,
    [world.baseScenarioId, area],
  );
  await db.query(`UPDATE location_version SET visibility = 2 WHERE scenario_id = $1 AND location_id = $2`, [world.baseScenarioId, world.stores.Foxtrot]);
  tree.push(world.baseScenarioId, edit, closed, added.scenarioId);
  if (ws.server.database.url) {
    other = await openDatabase({ databaseUrl: ws.server.database.url });
    writer = other;
  } else writer = db;
});
test.after(async () => {
  await other?.close();
  await ws?.close();
});

test('the list equals the general read on every scenario of a tree, before and after calculations (scores)', async () => {
  await checkAll('not calculated');
  const listedBefore = await listed(tree[1]!);
  assert.ok(listedBefore.length >= 4 && listedBefore.every((l) => l.score === null));
  assert.not.ok(
    listedBefore.some((l) => l.id === ws.world.stores.Foxtrot),
    'a hidden store is not listed',
  );
  await ws.calculate(tree[0]!);
  await ws.calculate(tree[1]!);
  await checkAll('two calculated');
  const scored = await listed(tree[1]!);
  assert.ok(
    scored.some((l) => l.score !== null && l.score > 0),
    'a calculated scenario lists its outputs',
  );
  // Calculated again after a change: the new outputs, not the kept ones.
  const before = new Map(scored.map((l) => [l.id, l.score]));
  await writeElsewhere(tree[1]!, `UPDATE location_version SET properties = properties || '{"salesArea": 9000}' WHERE scenario_id = $1 AND location_id = $2`, [
    tree[1],
    ws.world.stores.Echo,
  ]);
  await ws.calculate(tree[1]!);
  const after = await listed(tree[1]!);
  assert.ok(
    after.some((l) => l.score !== before.get(l.id)),
    'the outputs of the new calculation are listed',
  );
  await checkAll('calculated again');
});

test('writes made elsewhere show at once: an edit in an ancestor, a new version, an undo, a deletion, a hidden store shown', async () => {
  const { world } = ws;
  const [base, edit, closed, added] = tree as [number, number, number, number];
  const warm = await listed(added);
  assert.ok(warm.some((l) => l.id === world.stores.Charlie));
  await writeElsewhere(base, `UPDATE location_version SET name = 'Charlie renamed', latitude = latitude + 0.001 WHERE scenario_id = $1 AND location_id = $2`, [
    base,
    world.stores.Charlie,
  ]);
  const renamed = await listed(added);
  assert.is(renamed.find((l) => l.id === world.stores.Charlie)?.name, 'Charlie renamed', "an ancestor's edit reaches the descendants");
  await checkAll('an edit in the base');
  // A version of the middle scenario (Bravo closed there too), then undone.
  await writeElsewhere(
    closed,
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties)
     SELECT $1, location_id, 2, name, latitude, longitude, properties FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [closed, base, world.stores.Bravo],
  );
  assert.is((await listed(added)).find((l) => l.id === world.stores.Bravo)?.changeType, 2);
  await checkAll('a version added in the middle');
  await writeElsewhere(closed, 'DELETE FROM location_version WHERE scenario_id = $1 AND location_id = $2', [closed, world.stores.Bravo]);
  assert.is((await listed(added)).find((l) => l.id === world.stores.Bravo)?.changeType, 0, 'undone: the base version is in effect again');
  await checkAll('a change undone');
  // The hidden store shown again in the base, and the edited store deleted with its versions.
  await writeElsewhere(base, `UPDATE location_version SET visibility = 0 WHERE scenario_id = $1 AND location_id = $2`, [base, world.stores.Foxtrot]);
  assert.ok((await listed(edit)).some((l) => l.id === world.stores.Foxtrot));
  await writeElsewhere(base, 'DELETE FROM location WHERE id = $1', [world.stores.Delta]);
  assert.not.ok((await listed(added)).some((l) => l.id === world.stores.Delta));
  await checkAll('a store shown and a store deleted');
});

test('a list built afresh and one built over kept rows agree after renamed groups and added photos (read each time)', async () => {
  const { world } = ws;
  const { db } = ws.server.ctx;
  const list = new LocationList();
  const json = async (id: number) => {
    const s = (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [id])).rows[0]!;
    return JSON.parse(await list.json(db, { id, modelId: world.modelId, status: s.status })) as LocationSummary[];
  };
  for (const id of tree) assert.equal(await json(id), await reference(db, id), `scenario ${id}`);
  await writer.query(`UPDATE location_group SET name = 'Supermarkets renamed' WHERE id = $1`, [world.groups.super]);
  await writer.query(`INSERT INTO location_photo (location_id, content_type, image) VALUES ($1, 'image/png', '\\x89504e47')`, [world.stores.Echo]);
  for (const id of tree) assert.equal(await json(id), await reference(db, id), `scenario ${id}, renamed and with a photo`);
  assert.ok((await json(tree[1]!)).some((l) => l.locationGroup === 'Supermarkets renamed'));
  assert.is((await json(tree[1]!)).find((l) => l.id === world.stores.Echo)?.hasPhoto, true);
  // A version written without touching the scenario (no content stamp moved): the kept level is read again all the same.
  await writer.query(`UPDATE location_version SET name = 'Echo quietly' WHERE scenario_id = $1 AND location_id = $2`, [tree[1], world.stores.Echo]);
  assert.is((await json(tree[3]!)).find((l) => l.id === world.stores.Echo)?.name, 'Echo quietly');
  for (const id of tree) assert.equal(await json(id), await reference(db, id), `scenario ${id}, a quiet write`);
});

test.run();
