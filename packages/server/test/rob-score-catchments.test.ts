// Score-model catchments: a score model (outputType 4) with demand areas is
// calculated with the interaction as well, so after a calculation its
// catchment areas read and export as a turnover model's do. The location's
// output stays its score; each area's value is the part of the area's demand
// the location serves (the demand split by the locations' scores and the
// travel-time decay), ranked by its share of all the demand it serves.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';
import { storedOutputs } from './helpers/stored-outputs.js';

let ws: WorldServer;
let cellCatchment: number;
let districtCatchment: number;
let sites: Record<string, number>;

interface Feature {
  properties: { areaCode: string; value: number; fraction: number; valueDefault: number | null; fractionDefault: number | null; valueSharePrevious: number };
}

test.before(async () => {
  ws = await startWorldServer();
  const { db } = ws.server.ctx;
  const { world } = ws;
  // The score model gets its own copies of the test world's cells (its demand: inhabitants) and districts.
  const copySet = async (from: number, name: string) => {
    const set = (
      await db.query<{ id: number }>(
        `INSERT INTO area_set (model_id, name, slug, title, person_type) SELECT $1, name, $2, title, person_type FROM area_set WHERE id = $3 RETURNING id`,
        [world.scoreModelId, `${name}-${world.scoreModelId}`, from],
      )
    ).rows[0]!.id;
    await db.query(
      `INSERT INTO area (area_set_id, code, properties, latitude, longitude, min_lng, min_lat, max_lng, max_lat, geometry)
       SELECT $1, code, properties, latitude, longitude, min_lng, min_lat, max_lng, max_lat, geometry FROM area WHERE area_set_id = $2`,
      [set, from],
    );
    await db.query(
      `INSERT INTO area_property (area_set_id, name, title, title_short, data_type) SELECT $1, name, title, title_short, data_type FROM area_property WHERE area_set_id = $2`,
      [set, from],
    );
    return set;
  };
  const cells = await copySet(world.cellSetId, 'cells');
  const districts = await copySet(world.districtSetId, 'districts');
  const insert = async (name: string, title: string, set: number, demand: boolean, order: number) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO catchment_area (model_id, name, title, area_set_id, is_demand, on_map, sort_order) VALUES ($1, $2, $3, $4, $5, true, $6) RETURNING id`,
        [world.scoreModelId, name, title, set, demand, order],
      )
    ).rows[0]!.id;
  cellCatchment = await insert('cells', 'Grid cells', cells, true, 0);
  districtCatchment = await insert('districts', 'Districts', districts, false, 1);
  await db.query(`UPDATE model SET catchment_area_mode = 1 WHERE id = $1`, [world.scoreModelId]);
  const sub = (await db.query<{ parameters: { functions: unknown[] } }>('SELECT parameters FROM sub_model WHERE id = $1', [world.scoreSubModelId])).rows[0]!;
  sub.parameters.functions.push({ id: 3, description: 'inhabitants', function: 'population', defaultValue: 0, type: 2 });
  await db.query('UPDATE sub_model SET parameters = $2 WHERE id = $1', [world.scoreSubModelId, JSON.stringify(sub.parameters)]);
  const rows = (
    await db.query<{ location_id: number; name: string }>('SELECT location_id, name FROM location_version WHERE scenario_id = $1', [world.scoreBaseScenarioId])
  ).rows;
  sites = Object.fromEntries(rows.map((r) => [r.name, r.location_id]));
});
test.after(async () => {
  await ws?.close();
});

const base = (scenarioId: number, locationId: number) => `/api/models/${ws.world.scoreSubModelId}/scenarios/${scenarioId}/locations/${locationId}`;

async function json(path: string) {
  const r = await ws.call(path, ws.tokens.planner);
  assert.is(r.status, 200, `${path}: ${r.text().slice(0, 300)}`);
  return r.json();
}

const populationOf = async (setId: number) =>
  new Map(
    (
      await ws.server.ctx.db.query<{ code: string; population: number }>(
        `SELECT code, (properties->>'population')::float8 AS population FROM area WHERE area_set_id = $1`,
        [setId],
      )
    ).rows.map((r) => [r.code, Number(r.population)]),
  );

test('before the calculation the catchment answers 409 scenarioIsNotCalculated', async () => {
  const r = await ws.call(`${base(ws.world.scoreBaseScenarioId, sites['Site A']!)}/catchment-areas/${cellCatchment}`, ws.tokens.planner);
  assert.is(r.status, 409);
  assert.is(r.json().message, 'scenarioIsNotCalculated');
});

test('after the calculation: the demand of each area split by score, the output still the score', async () => {
  const { world } = ws;
  await ws.calculate(world.scoreBaseScenarioId);
  // The three sites stand on one spot, so every area splits its inhabitants 12 : 5 : 18 (their scores).
  const outputs = new Map((await storedOutputs(ws.server.ctx.db, world.scoreBaseScenarioId)).map((r) => [r.location_id, r.output]));
  assert.ok(Math.abs(outputs.get(sites['Site A']!)! - 12) < 1e-9, 'the output is the score');
  const population = await populationOf(world.cellSetId);
  const ca = await json(`${base(world.scoreBaseScenarioId, sites['Site A']!)}/catchment-areas/${cellCatchment}`);
  const features: Feature[] = ca.featureCollection.features;
  assert.ok(features.length > 20, `${features.length} areas`);
  const share = 12 / 35;
  for (const f of features) {
    const p = f.properties;
    assert.ok(Math.abs(p.fraction - share) < 1e-6, `${p.areaCode}: fraction ${p.fraction}`);
    assert.ok(Math.abs(p.value - population.get(p.areaCode)! * share) < 1e-4 * p.value, `${p.areaCode}: value ${p.value}`);
    // The base scenario is the default scenario: its values are the defaults.
    assert.ok(p.valueDefault !== null && Math.abs(p.valueDefault - p.value) < 1e-9 * p.value);
  }
  // Ranked by value; the shares are of the demand the site serves (they add up to 1), not of its score.
  for (let k = 1; k < features.length; k++) assert.ok(features[k]!.properties.value <= features[k - 1]!.properties.value);
  const served = features.reduce((s, f) => s + f.properties.value, 0);
  const last = features[features.length - 1]!.properties;
  assert.ok(Math.abs(last.valueSharePrevious + last.value / served - 1) < 1e-9, 'the shares add up to the whole');
  const score = ca.locationProperties.find((p: { name: string }) => p.name === 'score');
  assert.ok(Math.abs(score.numberValue - 12) < 1e-9, 'the location properties show the score');
  assert.ok(ca.areas.length > 0 && ca.areas.length <= 25);
  assert.is(ca.areas[0].areaCode, features[0]!.properties.areaCode);
});

test('on another area set: carried over by surface, adding up to the same served demand', async () => {
  const { world } = ws;
  const cells = await json(`${base(world.scoreBaseScenarioId, sites['Site C']!)}/catchment-areas/${cellCatchment}`);
  const districts = await json(`${base(world.scoreBaseScenarioId, sites['Site C']!)}/catchment-areas/${districtCatchment}`);
  const sum = (features: Feature[]) => features.reduce((s, f) => s + f.properties.value, 0);
  const features: Feature[] = districts.featureCollection.features;
  assert.ok(features.length >= 2 && features.every((f) => /^D\d\d$/.test(f.properties.areaCode)));
  assert.ok(Math.abs(sum(features) - sum(cells.featureCollection.features)) < 1e-6 * sum(features));
  // A district wholly in reach gives Site C its score's part (18 of 35); one partly in reach less.
  for (const f of features)
    assert.ok(f.properties.fraction > 0 && f.properties.fraction < 18 / 35 + 1e-6, `${f.properties.areaCode}: ${f.properties.fraction}`);
  assert.ok(Math.abs(Math.max(...features.map((f) => f.properties.fraction)) - 18 / 35) < 1e-6);
});

test('a child scenario: a better score serves more, the default scenario beside it', async () => {
  const { world } = ws;
  const child = await childWithEdit(ws.server.ctx.db, world.scoreBaseScenarioId, sites['Site B']!, 'Site B extends', { salesArea: 1000 });
  await ws.calculate(child);
  // Site B: 1000/100 x 1 = 10 of 12 + 10 + 18 = 40.
  const ca = await json(`${base(child, sites['Site B']!)}/catchment-areas/${cellCatchment}`);
  for (const f of ca.featureCollection.features as Feature[]) {
    assert.ok(Math.abs(f.properties.fraction - 10 / 40) < 1e-6);
    assert.ok(Math.abs(f.properties.fractionDefault! - 5 / 35) < 1e-6);
  }
  assert.is(ca.sameAsParent, false);
});

test('the catchment exports: every catchment area, one by name, and the areas with their properties', async () => {
  const { world } = ws;
  const path = `${base(world.scoreBaseScenarioId, sites['Site A']!)}/catchment-area/export`;
  const csv = async (p: string) => {
    const r = await ws.call(p, ws.tokens.planner);
    assert.is(r.status, 200, `${p}: ${r.text().slice(0, 300)}`);
    return r
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
  };
  const all = await csv(`${path}?culture=en`);
  assert.ok(all.length > 20);
  assert.ok(all.some((r) => r[0] === 'Grid cells') && all.some((r) => r[0] === 'Districts'));
  const districts = await csv(`${path}/districts?culture=en`);
  assert.ok(districts.slice(1).length >= 2 && districts.slice(1).every((r) => r[0] === 'Districts'));
  const areas = await csv(`/api/models/scenarios/locations/${sites['Site A']}/areas/export/cells?culture=en`);
  assert.ok(areas[0]!.includes('Population'));
  assert.ok(areas.length > 20);
});

test.run();
