// Every output read on calculated scenarios of the test
// world, answered from the stored results (the server validates each JSON
// answer against the contract in tests).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, catchmentOf, estimatorProvider } from '@locus/engine';
import { loadSummary } from '../src/repo/results.js';
import { areaSetKey, loadDemandAreas, loadScenarioLocations } from '../src/processing/inputs.js';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';
import { distanceMetres } from '../src/repo/pois.js';

let ws: WorldServer;
let editScenario: number;
let quietScenario: number;
let isoLineSetId: number;

const calculate = (scenarioId: number) => ws.calculate(scenarioId);

test.before(async () => {
  ws = await startWorldServer();
  const { db } = ws.server.ctx;
  const { world } = ws;
  await db.query(
    `INSERT INTO normalized_scores_function (model_id, title, function, weight, sort_order) VALUES
    ($1, 'Size', 'salesArea', 2, 0), ($1, 'Turnover', 'turnover', 1, 1), ($1, 'Schools', 'schoolsInRange', 1, 2)`,
    [world.modelId],
  );
  const filter = (
    await db.query<{ id: number }>(
      `INSERT INTO driver_filter (model_id, title, function) VALUES ($1, 'Supermarkets', 'locationGroupCode = ''SUP''') RETURNING id`,
      [world.modelId],
    )
  ).rows[0]!;
  await db.query(
    `INSERT INTO driver (driver_filter_id, title, function, weight, rounding_digits, sort_order) VALUES
    ($1, 'Sales area', 'salesArea', 100, 0, 0), ($1, 'Turnover per m²', 'turnover / salesArea', 80, 2, 1)`,
    [filter.id],
  );
  await db.query(`INSERT INTO driver_filter (model_id, title, function) VALUES ($1, 'Discounters', 'locationGroupCode = ''DIS''')`, [world.modelId]);
  isoLineSetId = (
    await db.query<{ id: number }>(
      `INSERT INTO iso_line_set (model_id, name, title, maximum_minutes, minutes, profile, post_processing_actions)
     VALUES ($1, 'car10', '10 minutes by car', 30, 10, 'car', '[{"type": "smoothing", "iterations": 2}]') RETURNING id`,
      [world.modelId],
    )
  ).rows[0]!.id;
  await calculate(world.baseScenarioId);
  editScenario = await childWithEdit(db, world.baseScenarioId, world.stores.Echo!, 'Echo extends', { salesArea: 3200 });
  await calculate(editScenario);
  // A change the model does not read: every catchment stays as it was.
  quietScenario = await childWithEdit(db, editScenario, world.stores.Alpha!, 'Alpha cost price', { costPrice: 1 });
  await calculate(quietScenario);
});
test.after(async () => {
  await ws?.close();
});

const get = async (path: string, token = ws.tokens.planner) => {
  const r = await ws.call(path, token);
  assert.is(r.status, 200, `${path}: ${r.text().slice(0, 300)}`);
  return r.json();
};
const outputPath = (scenarioId: number, locationId: number) => `/api/models/${ws.world.subModelId}/scenarios/${scenarioId}/locations/${locationId}`;

test('catchment area on the demand cells: features, ranking, defaults and the stored pairs', async () => {
  const { world } = ws;
  const echo = world.stores.Echo!;
  const ca = await get(`${outputPath(editScenario, echo)}/catchment-areas/${world.cellCatchmentId}`);
  const features = ca.featureCollection.features;
  assert.ok(features.length > 10);
  const { db } = ws.server.ctx;
  const summary = (await loadSummary(db, editScenario, world.subModelId))!;
  const j = Array.from(summary.locationIds).indexOf(echo);
  const output = summary.arrays.output[j];
  const valueSum = features.reduce((s: number, f: { properties: { value: number } }) => s + f.properties.value, 0);
  assert.ok(Math.abs(valueSum - output) < 1e-6 * output, 'the areas add up to the output');
  // The engine's own catchment of a full calculation of the scenario: the same areas in the same
  // order, values and fractions equal up to the stored Float32 probabilities.
  const areas = await loadDemandAreas(db, world.cellSetId, await areaSetKey(db, world.cellSetId));
  const inputs = await loadScenarioLocations(db, world.modelId, editScenario);
  const full = await calculateScenario(
    {
      areas,
      parameters: summary.parameters,
      locations: {
        latitude: inputs.rows.map((r) => r.latitude),
        longitude: inputs.rows.map((r) => r.longitude),
        properties: inputs.records,
        active: inputs.active,
      },
    },
    estimatorProvider(),
  );
  const engine = catchmentOf(
    full,
    inputs.rows.findIndex((r) => r.location_id === echo),
  );
  const byCode = new Map(features.map((f: { properties: { areaCode: string; value: number; fraction: number } }) => [f.properties.areaCode, f.properties]));
  const drawn = engine.areas.filter((a) => a.value > 0);
  assert.is(features.filter((f: { properties: { value: number } }) => f.properties.value > 0).length, drawn.length);
  for (const a of drawn) {
    const p = byCode.get(areas.codes[a.area]) as { value: number; fraction: number } | undefined;
    assert.ok(
      p && Math.abs(p.value - a.value) <= 1e-7 * a.value && Math.abs(p.fraction - a.fraction) <= 1e-7 * a.fraction,
      `${areas.codes[a.area]}: ${p?.value} vs ${a.value}`,
    );
  }
  assert.is(features[0].properties.areaCode, areas.codes[drawn[0].area], 'the largest value first');
  assert.is(features[0].properties.valueSharePrevious, 0, 'nothing is ranked before the first area');
  for (let k = 1; k < features.length; k++) assert.ok(features[k].properties.valueSharePrevious >= features[k - 1].properties.valueSharePrevious);
  // The base scenario's values are there as defaults, and Echo grew.
  const grown = features.filter((f: { properties: { value: number; valueDefault: number } }) => f.properties.value > f.properties.valueDefault);
  assert.ok(grown.length > features.length / 2);
  assert.ok(features.every((f: { properties: { fractionDefault: number | null } }) => f.properties.fractionDefault !== null));
  assert.ok(ca.areas.length > 0 && ca.areas.length <= 25);
  assert.is(ca.areas[0].areaCode, features[0].properties.areaCode);
  assert.ok(ca.areas[0].areaProperties.some((p: { name: string; titleShort: string }) => p.name === 'population' && p.titleShort === 'Pop.'));
  const turnover = ca.locationProperties.find((p: { name: string }) => p.name === 'turnover');
  assert.is(turnover.numberValue, output);
  const schools = ca.locationProperties.find((p: { name: string }) => p.name === 'schoolsInRange');
  assert.type(schools.numberValue, 'number');
  assert.is(ca.sameAsParent, false, 'Echo grew: its catchment changed');
});

test('catchment area on the districts: values carried by surface add up to the output', async () => {
  const { world } = ws;
  const ca = await get(`${outputPath(editScenario, world.stores.Echo!)}/catchment-areas/${world.districtCatchmentId}`);
  const features = ca.featureCollection.features;
  assert.ok(features.length >= 2 && features.length <= 16);
  assert.ok(features.every((f: { properties: { areaCode: string } }) => /^D\d\d$/.test(f.properties.areaCode)));
  const sum = features.reduce((s: number, f: { properties: { value: number } }) => s + f.properties.value, 0);
  const turnover = ca.locationProperties.find((p: { name: string }) => p.name === 'turnover').numberValue;
  assert.ok(Math.abs(sum - turnover) < 1e-6 * turnover);
  for (const f of features) assert.ok(f.properties.fraction > 0 && f.properties.fraction <= 1);
});

test('sameAsParent: a change the model does not read leaves every catchment as in the parent', async () => {
  const { world } = ws;
  for (const name of ['Alpha', 'Delta']) {
    const ca = await get(`${outputPath(quietScenario, world.stores[name]!)}/catchment-areas/${world.cellCatchmentId}`);
    assert.is(ca.sameAsParent, true, name);
  }
  const derived = (
    await ws.server.ctx.db.query<{ pair_count: number }>('SELECT count(*)::int AS pair_count FROM scenario_result_block WHERE scenario_id = $1', [
      quietScenario,
    ])
  ).rows[0]!;
  assert.ok(derived.pair_count > 0);
});

test('matching locations: the reference first, scores from 0 to 1, outputs and actual values', async () => {
  const { world } = ws;
  const list = await get(`${outputPath(editScenario, world.stores.Alpha!)}/matching-locations?topN=11`);
  assert.is(list.length, 6);
  assert.is(list[0].locationId, world.stores.Alpha);
  assert.is(list[0].score, 1);
  for (let k = 2; k < list.length; k++) assert.ok(list[k].score <= list[k - 1].score);
  assert.ok(list.every((m: { score: number }) => m.score >= 0 && m.score <= 1));
  assert.is(list[0].outputLocationPropertyTitle, 'Turnover');
  assert.type(list[0].outputLocationPropertyValue, 'number');
  assert.is(list[0].actualOutputLocationPropertyValue, 1200 * 9000);
  assert.equal(
    list[0].normalizedScores.map((s: { title: string }) => s.title),
    ['Size', 'Turnover', 'Schools'],
  );
  const top = await get(`${outputPath(editScenario, world.stores.Alpha!)}/matching-scores?topN=3`);
  assert.is(top.length, 3);
});

test('location scores: the table for a planner, expression and calculation for a model administrator', async () => {
  const { world } = ws;
  const planner = await get(`${outputPath(editScenario, world.stores.Echo!)}/scores`);
  assert.is(planner.length, 2);
  assert.is(planner[0].expression, null);
  assert.ok(Math.abs(planner[0].score - Math.pow(3200, 0.9)) < 1e-9 * planner[0].score);
  assert.is(planner[1].score, 1.1);
  const admin = await get(`${outputPath(editScenario, world.stores.Echo!)}/scores`, ws.tokens.modelAdmin);
  assert.is(admin[0].expression, 'pow(salesArea, 0.9)');
  assert.is(admin[0].calculation, 'pow(3200, 0.9)');
});

test('drivers: the filters the location passes, with minimum, maximum, average and its value', async () => {
  const { world } = ws;
  const charts = await get(`/api/models/scenarios/${editScenario}/drivers?locationId=${world.stores.Echo}`);
  assert.is(charts.length, 1, 'Echo is a supermarket, not a discounter');
  assert.is(charts[0].title, 'Supermarkets');
  const size = charts[0].drivers[0];
  assert.equal([size.minimum, size.maximum, size.average, size.value], [1200, 3200, Math.round((1200 + 1500 + 3200) / 3), 3200]);
  assert.is(charts[0].drivers[1].roundingDigits, 2);
});

test('property values: two properties of every location, outputs included', async () => {
  const { world } = ws;
  const points = await get(`/api/models/scenarios/${editScenario}/property-values/${world.properties.salesArea}/${world.properties.output}`);
  assert.is(points.length, 6);
  const echo = points.find((p: { locationName: string }) => p.locationName === 'Echo');
  assert.is(echo.numberValue1, 3200);
  assert.ok(echo.numberValue2 > 0);
});

test('an area in a scenario: its locations with value, minutes and score, by code and by position', async () => {
  const { world } = ws;
  const path = `/api/models/${world.subModelId}/scenarios/${editScenario}/catchment-areas/${world.cellCatchmentId}/areas`;
  const area = await get(`${path}/C0808/properties`);
  assert.is(area.areaCode, 'C0808');
  assert.is(area.personType, 'inhabitants');
  assert.ok(area.locations.length >= 2);
  assert.is(area.locations[0].location.name, 'Echo', 'Echo stands in this cell');
  const total = area.locations.reduce((s: number, l: { value: number }) => s + l.value, 0);
  assert.ok(Math.abs(area.totalValue - total) < 1e-9 * total);
  const population = area.properties.find((p: { name: string }) => p.name === 'population').numberValue;
  const spend = area.properties.find((p: { name: string }) => p.name === 'spendPerHead').numberValue;
  assert.ok(Math.abs(total - population * spend) < 1e-6 * total, 'the cell divides all its demand');
  assert.type(area.locations[0].minutesCar, 'number');
  assert.ok(area.locations[0].score > 0);
  const byPosition = await get(`${path}/${5.0 + 8.5 * 0.0146}/${52.0 + 8.5 * 0.009}/properties`);
  assert.is(byPosition.areaCode, 'C0808');
  assert.equal(byPosition.locations, area.locations);
  const district = await get(`/api/models/${world.subModelId}/scenarios/${editScenario}/catchment-areas/${world.districtCatchmentId}/areas/D22/properties`);
  assert.ok(district.locations.length >= 1);
  assert.ok(district.totalValue > total);
  const missing = await ws.call(`${path}/NOPE/properties`, ws.tokens.planner);
  assert.is(missing.status, 404);
});

test('differences of the base scenario against itself are empty', async () => {
  const d = await get(`/api/models/${ws.world.subModelId}/scenarios/${ws.world.baseScenarioId}/differences`);
  assert.equal([d.locations, d.locationGroups, d.locationClusters], [[], [], []]);
});

test('an unknown location is 404', async () => {
  const unknown = await ws.call(`${outputPath(editScenario, 999999)}/scores`, ws.tokens.modelAdmin);
  assert.is(unknown.status, 404);
});

test("POIs in range: the count of the property's set within its range, used by the calculation", async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const echo = (
    await db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM location_version WHERE scenario_id = $1 AND location_id = $2', [
      world.baseScenarioId,
      world.stores.Echo,
    ])
  ).rows[0]!;
  const pois = (await db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM poi')).rows;
  const expected = pois.filter((p) => distanceMetres(echo.latitude, echo.longitude, p.latitude, p.longitude) <= 1500).length;
  assert.ok(expected > 0);
  const ca = await get(`${outputPath(editScenario, world.stores.Echo!)}/catchment-areas/${world.cellCatchmentId}`);
  assert.is(ca.locationProperties.find((p: { name: string }) => p.name === 'schoolsInRange').numberValue, expected);
  const matching = await get(`${outputPath(editScenario, world.stores.Echo!)}/matching-locations`);
  assert.ok(matching[0].normalizedScores.find((s: { title: string }) => s.title === 'Schools').score >= 0);
});

test('processing computes the isolines of a moved store and logs them missing; an edit in place leaves them to the first read', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const isolineOf = async (locationId: number) =>
    (
      await db.query<{ minutes: number; latitude: number; longitude: number; geometry: { type: string } }>(
        'SELECT minutes, latitude, longitude, geometry FROM isoline WHERE location_id = $1 AND iso_line_set_id = $2',
        [locationId, isoLineSetId],
      )
    ).rows[0];
  const missingLogged = async (scenarioId: number) =>
    (
      await db.query<{ isolines_missing: Date | null }>('SELECT isolines_missing FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [
        scenarioId,
      ])
    ).rows[0]!.isolines_missing;
  // Echo's sales area changed where it stands: its isoline is the location's own, computed when first asked for.
  assert.is(await isolineOf(world.stores.Echo!), undefined);
  assert.is(await missingLogged(editScenario), null);
  const lines = await get(`/api/models/scenarios/locations/${world.stores.Echo}/isolines`);
  assert.is(lines.features[0].properties.isoLineSet, 'car10');
  const echo = (
    await db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM location_version WHERE scenario_id = $1 AND location_id = $2', [
      world.baseScenarioId,
      world.stores.Echo,
    ])
  ).rows[0]!;
  assert.equal({ ...(await isolineOf(world.stores.Echo!))!, geometry: undefined, minutes: undefined }, { ...echo, geometry: undefined, minutes: undefined });

  // Foxtrot moved: processing computes its isoline at the new position before the status 9, and logs it missing.
  const moved = await childWithEdit(db, world.baseScenarioId, world.stores.Foxtrot!, 'Foxtrot moves', {});
  await db.query('UPDATE location_version SET latitude = latitude + 0.01 WHERE scenario_id = $1 AND location_id = $2', [moved, world.stores.Foxtrot]);
  await calculate(moved);
  const at = (
    await db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM location_version WHERE scenario_id = $1 AND location_id = $2', [
      moved,
      world.stores.Foxtrot,
    ])
  ).rows[0]!;
  const stored = await isolineOf(world.stores.Foxtrot!);
  assert.ok(stored, 'computed during processing');
  assert.is(stored!.minutes, 10);
  assert.ok(['Polygon', 'MultiPolygon'].includes(stored!.geometry.type));
  assert.equal([stored!.latitude, stored!.longitude], [at.latitude, at.longitude]);
  assert.ok((await missingLogged(moved)) instanceof Date);
});

test("the isoline tool: an isoline for any point, global administrators only, within the set's minutes", async () => {
  const path = `/api/isoline/${isoLineSetId}?longitude=5.1&latitude=52.07&minutes=8&profile=car`;
  const collection = await get(path, ws.tokens.globalAdmin);
  assert.is(collection.features.length, 1);
  assert.equal(collection.features[0].properties, { minutes: 8, isoLineSet: 'car10' });
  assert.is((await ws.call(path, ws.tokens.planner)).status, 403);
  assert.is((await ws.call(path.replace('minutes=8', 'minutes=45'), ws.tokens.globalAdmin)).status, 400);
});

test.run();
