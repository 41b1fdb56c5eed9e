// The calculation's inputs: a scenario's kept locations (its own versions
// over its parent's, each level read as one row of arrays) equal the rows of
// the general read (repo/scenario-locations.ts) on a scenario tree with edits,
// closures, new stores, retail areas, odd names and missing groups; kept
// inputs equal a fresh read after every kind of write; the POI counts match a direct count; the fingerprint
// changes with any input and only then.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inputFingerprint, loadScenarioLocations, ScenarioInputCache, type ScenarioLocationInputs } from '../src/processing/inputs.js';
import { LocationRowCache } from '../src/processing/location-cache.js';
import { scenarioLocations } from '../src/repo/scenario-locations.js';
import { distanceMetres } from '../src/repo/pois.js';
import { buildWorld, childWithEdit, childWithNewStore, type World } from './helpers/world.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

let t: TestDatabase;
let world: World;
const scenarios: number[] = [];

test.before(async () => {
  t = await openTestDatabase();
  world = await buildWorld(t.db);
  const { db } = t;
  const edit = await childWithEdit(db, world.baseScenarioId, world.stores.Echo!, 'Echo bigger', { salesArea: 3100, formula: null });
  // Alpha closed in a grandchild (the helper copies the version of the scenario it is given: the base's).
  const closed = (
    await db.query<{ id: number }>(`INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, 'Alpha closed', $2) RETURNING id`, [
      world.modelId,
      edit,
    ])
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
    SELECT $1, location_id, 2, name, latitude, longitude, location_group_id, location_cluster_id, properties FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [closed, world.baseScenarioId, world.stores.Alpha],
  );
  const added = await childWithNewStore(db, closed, 'New "store", with {odd} \\ name', 6, 6, { salesArea: 900, formula: 'super' });
  // A retail area (type 2) and a store without group or cluster, hidden and excluded.
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
  const bare = (
    await db.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [
      world.modelId,
      added.scenarioId,
    ])
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, properties)
    VALUES ($1, $2, 1, 'Ĳssel ünïcode', 52.05, 5.05, 2, true, '{"salesArea": "1.5e3", "note": "a,b"}')`,
    [added.scenarioId, bare],
  );
  scenarios.push(world.baseScenarioId, edit, closed, added.scenarioId);
});
test.after(async () => {
  await t?.close();
});

test("the kept locations (each scenario's own versions over its parent's) equal the rows of the general read, retail areas left out, by location id", async () => {
  const cache = new LocationRowCache();
  for (const id of scenarios) {
    const expected = (await scenarioLocations(t.db, id))
      .filter((r) => r.type !== 2)
      .sort((a, b) => a.location_id - b.location_id)
      .map((r) => ({
        location_id: r.location_id,
        type: r.type,
        change_type: r.change_type,
        name: r.name,
        latitude: r.latitude,
        longitude: r.longitude,
        visibility: r.visibility,
        excluded: r.excluded,
        location_group_id: r.location_group_id,
        location_cluster_id: r.location_cluster_id,
        properties: r.properties,
      }));
    // Read through a cache that holds the ancestors already, and afresh.
    assert.equal(
      (await cache.rows(t.db, id)).map((r) => ({ ...r })),
      expected,
      `scenario ${id}, kept ancestors`,
    );
    assert.equal(
      (await new LocationRowCache().rows(t.db, id)).map((r) => ({ ...r })),
      expected,
      `scenario ${id}, afresh`,
    );
  }
  assert.equal(await cache.rows(t.db, 987654), [], 'an unknown scenario has none');
});

test('records: POI counts as a direct count, outputs left out, group code and cluster name', async () => {
  const id = scenarios[3]!;
  const inputs = await loadScenarioLocations(t.db, world.modelId, id);
  const pois = (await t.db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM poi')).rows;
  inputs.rows.forEach((row, j) => {
    const record = inputs.records[j]!;
    const direct = pois.filter((p) => distanceMetres(row.latitude, row.longitude, p.latitude, p.longitude) <= 1500).length;
    assert.is(record.schoolsInRange, direct, row.name);
    assert.not.ok('turnover' in record, 'the output property is not an input');
    assert.is(record.locationGroupCode, row.location_group_id === world.groups.super ? 'SUP' : row.location_group_id === world.groups.discount ? 'DIS' : null);
  });
  const bare = inputs.rows.findIndex((r) => r.name === 'Ĳssel ünïcode');
  assert.is(inputs.records[bare]!.salesArea, 1500, 'a numeric property given as text');
  assert.is(inputs.active[bare], 0, 'excluded: not active');
  assert.is(inputs.active[inputs.rows.findIndex((r) => r.location_id === world.stores.Alpha)], 0, 'closed: not active');
});

test('fingerprints: equal for equal inputs, different for any change', () => {
  const at = (lat: number, lon: number, active: number, record: Record<string, number | string | null>) => {
    const out = new Uint8Array(8);
    inputFingerprint(lat, lon, active, record, out, 0);
    return Buffer.from(out).toString('hex');
  };
  const base = at(52.1, 5.1, 1, { a: 1, b: 'x', c: null });
  assert.is(at(52.1, 5.1, 1, { a: 1, b: 'x', c: null }), base);
  const variants = [
    at(52.1000001, 5.1, 1, { a: 1, b: 'x', c: null }),
    at(52.1, 5.1, 0, { a: 1, b: 'x', c: null }),
    at(52.1, 5.1, 1, { a: 2, b: 'x', c: null }),
    at(52.1, 5.1, 1, { a: 1, b: 'y', c: null }),
    at(52.1, 5.1, 1, { a: 1, b: 'x', c: 0 }),
    at(52.1, 5.1, 1, { a: 1, b: 'x' }),
    at(52.1, 5.1, 1, { a: '1', b: 'x', c: null }),
    at(52.1, 5.1, 1, { a: 1, bx: '', c: null }),
    at(52.1, 5.1, 1, { a: 1, b: 'x', c: '' }),
  ];
  assert.is(new Set([base, ...variants]).size, variants.length + 1);
  // Many near-equal records, no two alike.
  const seen = new Set<string>();
  for (let k = 0; k < 50_000; k++) seen.add(at(52, 5, 1, { salesArea: k, formula: 'super' }));
  assert.is(seen.size, 50_000);
});

test('fingerprints of a scenario read twice are equal, and change only for the location edited', async () => {
  const first = await loadScenarioLocations(t.db, world.modelId, world.baseScenarioId);
  const again = await loadScenarioLocations(t.db, world.modelId, world.baseScenarioId);
  assert.equal([...again.fingerprints], [...first.fingerprints]);
  const child = await childWithEdit(t.db, world.baseScenarioId, world.stores.Charlie!, 'Charlie edited', { salesArea: 1501 });
  const edited = await loadScenarioLocations(t.db, world.modelId, child);
  const differing = edited.rows.filter(
    (_, j) => !Buffer.from(edited.fingerprints.subarray(8 * j, 8 * j + 8)).equals(Buffer.from(first.fingerprints.subarray(8 * j, 8 * j + 8))),
  );
  assert.equal(
    differing.map((r) => r.location_id),
    [world.stores.Charlie],
  );
});

/** The inputs as plain values (rows by content, records, activity, fingerprints). */
const plain = (inputs: ScenarioLocationInputs) => ({
  rows: inputs.rows.map((r) => ({ ...r })),
  records: inputs.records,
  active: [...inputs.active],
  fingerprints: Buffer.from(inputs.fingerprints).toString('hex'),
});

test('kept inputs equal a fresh read after edits in the scenario, in an ancestor, undone changes, deleted locations and renamed groups', async () => {
  const { db } = t;
  const cache = new ScenarioInputCache();
  const deepest = scenarios[3]!;
  const check = async (what: string) => {
    for (const id of scenarios)
      assert.equal(plain(await cache.load(db, world.modelId, id)), plain(await loadScenarioLocations(db, world.modelId, id)), `${what}, scenario ${id}`);
  };
  await check('first read');
  const base = await cache.load(db, world.modelId, world.baseScenarioId);
  const before = await cache.load(db, world.modelId, deepest);

  // The deepest scenario's own change: its ancestors' locations are kept (the same row objects), its own read again.
  await db.query(`UPDATE location_version SET properties = properties || '{"salesArea": 1234}' WHERE scenario_id = $1 AND change_type = 1`, [deepest]);
  const edited = await cache.load(db, world.modelId, deepest);
  const unchanged = edited.rows.filter((r) => base.rows.includes(r));
  assert.ok(unchanged.length >= base.rows.length - 3, 'the locations the scenario does not change are the kept rows of its base');
  assert.ok(edited.records.some((r) => r.salesArea === 1234));
  assert.not.equal(plain(edited), plain(before));
  await check('an edit in the scenario');

  // An ancestor's change reaches its descendants.
  await db.query(`UPDATE location_version SET latitude = latitude + 0.001 WHERE scenario_id = $1 AND location_id = $2`, [
    world.baseScenarioId,
    world.stores.Charlie,
  ]);
  await check('an edit in the base');
  // An undone change (the version removed): the parent's version is in effect again.
  await db.query('DELETE FROM location_version WHERE scenario_id = $1 AND location_id = $2', [scenarios[2], world.stores.Alpha]);
  await check('a change undone');
  // A location deleted with its versions (cascade), and a group's code renamed (the records' group codes).
  await db.query('DELETE FROM location WHERE id = $1', [world.stores.Delta]);
  await db.query(`UPDATE location_group SET code = 'SUPER' WHERE id = $1`, [world.groups.super]);
  await check('a location deleted and a group renamed');
  const renamed = await cache.load(db, world.modelId, world.baseScenarioId);
  assert.ok(renamed.records.some((r) => r.locationGroupCode === 'SUPER'));
  assert.not.ok(renamed.rows.some((r) => r.location_id === world.stores.Delta));
  // Every version gone at once (a data reset truncates the table).
  await db.query('TRUNCATE location_version');
  assert.equal((await cache.load(db, world.modelId, deepest)).rows, [], 'nothing kept survives a truncation');
});

test.run();
