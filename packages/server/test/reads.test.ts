// The read calls against the real server on a real database
// with the demo data, signed in through the built-in provider's real
// endpoints as the planner (access to the turnover model only).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PNG } from 'pngjs';
import { routeList, type Model } from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { demoData } from './helpers/seeded.js';
import { signIn } from './helpers/sign-in.js';
import { DEMO_ACCOUNTS } from '../src/demo/index.js';

let server: TestServer;
let planner: string;
let admin: string;
let turnoverModelId: number;
let scoreModelId: number;
let baseScenarioId: number;

const account = (role: string) => {
  const a = DEMO_ACCOUNTS.find((x) => x.role === role);
  if (!a) throw new Error(`no demo account with role ${role}`);
  return a;
};

test.before(async () => {
  server = await startTestServer({ fill: demoData });
  const p = account('planner');
  const g = account('globalAdmin');
  planner = (await signIn(server.baseUrl, p.email, p.password)).accessToken;
  admin = (await signIn(server.baseUrl, g.email, g.password)).accessToken;
  const models = (await server.ctx.db.query<{ id: number; output_type: number }>('SELECT id, output_type FROM model ORDER BY id')).rows;
  turnoverModelId = models.find((m) => m.output_type !== 4)!.id;
  scoreModelId = models.find((m) => m.output_type === 4)!.id;
  baseScenarioId = (
    await server.ctx.db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [
      turnoverModelId,
    ])
  ).rows[0]!.id;
});

test.after(async () => {
  await server?.close();
});

/** A GET as the planner, as another user (a token), or without a token (null). */
const get = (path: string, token: string | null = planner) => server.fetch(path, { token: token ?? undefined });

test('a call without a token is 401 with a JSON message', async () => {
  const r = await get('/api/models', null);
  assert.is(r.status, 401);
  assert.type(r.json().message, 'string');
  assert.not.match(r.text(), /at .*\.ts:\d+/, 'no stack trace');
});

test('a tampered token is 401', async () => {
  const r = await get('/api/models', planner.slice(0, -4) + 'AAAA');
  assert.is(r.status, 401);
});

test('system calls answer without a token', async () => {
  assert.equal((await get('/api/system/status', null)).json(), 1);
  assert.equal((await get('/api/system/environment', null)).json(), { environment: 'Test' });
  const version = (await get('/api/system/version', null)).json();
  assert.match(version.version, /^\d+\.\d+\.\d+/);
  assert.match(version.buildDate, /^\d{4}-\d{2}-\d{2}$/);
  const msal = (await get('/api/system/msal-configuration', null)).json();
  assert.is(msal.options.auth.authority, `${server.baseUrl}/oidc`);
  assert.is(msal.options.system.protocolMode, 'OIDC');
});

test('the planner sees exactly the one model he has access to, with his flags from the database', async () => {
  const models = (await get('/api/models')).json();
  assert.is(models.length, 1);
  assert.is(models[0].id, turnoverModelId);
  assert.is(models[0].userIsAdmin, false);
  assert.is(models[0].userIsGlobalAdmin, false);
  assert.ok(models[0].locationGroups.length > 1);
  const all = (await get('/api/models', admin)).json();
  assert.ok(all.length >= 2, 'a global administrator sees every model');
  assert.ok(all.every((m: { userIsGlobalAdmin: boolean }) => m.userIsGlobalAdmin));
});

test('the planner gets 403 on the other model', async () => {
  for (const path of [`/api/models/${scoreModelId}/scenarios`, `/api/models/${scoreModelId}/submodels`, `/api/models/${scoreModelId}/location-groups`]) {
    assert.is((await get(path)).status, 403, path);
  }
});

test('a malformed id is 400 with the field named', async () => {
  const r = await get('/api/models/abc/scenarios');
  assert.is(r.status, 400);
  assert.is(r.json().field, 'modelId');
  const s = await get('/api/models/scenarios/-3/locations');
  assert.is(s.status, 400);
  assert.is(s.json().field, 'scenarioId');
});

test('an unknown model is 404', async () => {
  assert.is((await get('/api/models/999999/scenarios', admin)).status, 404);
});

test('scenarios come in the spec order with the base scenario first and its changes counted', async () => {
  const scenarios = (await get(`/api/models/${turnoverModelId}/scenarios`)).json();
  assert.ok(scenarios.length >= 3);
  assert.is(scenarios[0].parentScenarioId, null);
  assert.is(scenarios[0].id, baseScenarioId);
  const children = scenarios.filter((s: { parentScenarioId: number | null }) => s.parentScenarioId === baseScenarioId);
  assert.ok(children.length >= 2);
  const tops = children.filter((s: { isTop: boolean }) => s.isTop).length;
  assert.ok(
    children.slice(0, tops).every((s: { isTop: boolean }) => s.isTop),
    'top scenarios first',
  );
  for (const s of scenarios) assert.is(s.changeCount, s.changes.length);
  const status = (await get(`/api/models/${turnoverModelId}/scenarios/only-status`)).json();
  assert.is(status.length, scenarios.length);
});

test('the base scenario lists its shops without retail areas, with an ETag that answers 304', async () => {
  const r = await get(`/api/models/scenarios/${baseScenarioId}/locations`);
  assert.is(r.status, 200);
  const locations = r.json();
  assert.ok(locations.length > 1000, `${locations.length} locations`);
  assert.ok(locations.every((l: { type: number }) => l.type !== 2));
  const etag = r.headers.etag as string;
  assert.ok(etag);
  const again = await server.fetch(`/api/models/scenarios/${baseScenarioId}/locations`, { token: planner, headers: { 'If-None-Match': etag } });
  assert.is(again.status, 304);
});

test('one location with its properties and clusters', async () => {
  const [first] = (await get(`/api/models/scenarios/${baseScenarioId}/locations`)).json();
  const location = (await get(`/api/models/scenarios/${baseScenarioId}/locations/${first.id}/properties`)).json();
  assert.is(location.id, first.id);
  assert.ok(location.locationProperties.length > 3);
  assert.ok(location.locationClusters.length > 0);
  const area = location.locationProperties.find((p: { name: string }) => p.name === 'salesFloorArea');
  assert.ok(area && typeof area.numberValue === 'number' && area.numberValue > 0);
});

test('reference data of the model: groups, sub-models, parameters, properties, drivers, POIs, heat maps', async () => {
  const m = turnoverModelId;
  assert.ok((await get(`/api/models/${m}/location-groups`)).json().length > 1);
  const submodels = (await get(`/api/models/${m}/submodels`)).json();
  assert.ok(submodels.some((s: { name: string }) => s.name === 'Default'));
  const parameters = (await get(`/api/models/${submodels[0].id}/model-parameters`)).json();
  assert.ok(parameters.functions.length > 0);
  assert.ok(parameters.car.maximumMinutes > 0);
  assert.ok((await get(`/api/models/${m}/location-properties`)).json().length > 3);
  const fresh = (await get(`/api/models/${m}/new-location-properties`)).json();
  assert.ok(
    fresh.every((p: { propertyType: number }) => p.propertyType !== 4),
    'no output property for a new location',
  );
  assert.ok(Array.isArray((await get(`/api/models/${m}/drivers`)).json()));
  assert.ok(Array.isArray((await get(`/api/models/${m}/normalized-scores-functions`)).json()));
  assert.ok(Array.isArray((await get(`/api/models/${m}/isolines-parameters`)).json()));
  assert.ok(Array.isArray((await get(`/api/models/${m}/processing-log`)).json()));
  const model = (await get('/api/models')).json()[0];
  const pois = (await get(`/api/models/${m}/poisets/${model.poiSets[0].id}/pois`)).json();
  assert.ok(pois.length > 0 && pois[0].poiSetId === model.poiSets[0].id);
  const heat = (await get(`/api/models/${m}/heatmapsets/${model.heatMapSets[0].id}/points`)).json();
  assert.ok(heat.length > 100 && heat.every((p: { weight: number }) => p.weight >= 0 && p.weight <= 255));
  // A count is drawn as a density, a rate per inhabitant per area; area sets coloured by value give their ramp.
  const all = (await get('/api/models')).json() as Model[];
  const supermarkets = all.find((x) => x.heatMapSets.some((h) => h.name === 'purchasing-power'))!;
  assert.equal(
    supermarkets.heatMapSets.map((h) => [h.name, h.rendering]),
    [
      ['population', 'density'],
      ['purchasing-power', 'rate'],
    ],
  );
  assert.ok(all.every((x) => x.heatMapSets.every((h) => h.name === 'purchasing-power' || h.rendering === 'density')));
  assert.ok(
    all.some((x) => x.areaSets.some((a) => a.colorRamp !== null && a.colorRamp.every((c) => /^#[0-9a-f]{6}$/i.test(c)))),
    'a coloured area set gives its ramp',
  );
});

test('search for Utrecht finds the city from anywhere, best match first, then nearest the view, names in natural order', async () => {
  const results = (await get(`/api/search/52.2/4.9/51.9/5.3/Utrecht`)).json();
  assert.ok(results.length > 0);
  assert.is(results[0].title, 'Utrecht');
  assert.is(results[0].category, 'place');
  assert.ok(Math.abs(results[0].latitude - 52.09) < 0.05);
  const elsewhere = (await get(`/api/search/53.5/6.0/53.0/7.0/Utrecht`)).json() as { title: string; category: string; latitude: number; longitude: number }[];
  assert.ok(
    elsewhere.some((r) => r.title === 'Utrecht' && r.category === 'place'),
    'found from a view in Groningen too',
  );
  // Among results of the same match, nearer the view's centre first.
  const prefix = elsewhere.filter((r) => r.title.toLowerCase().startsWith('utrecht') && r.title.toLowerCase() !== 'utrecht');
  const d = (r: { latitude: number; longitude: number }) => (r.latitude - 53.25) ** 2 + ((r.longitude - 6.5) * Math.cos((53.25 * Math.PI) / 180)) ** 2;
  for (let i = 1; i < prefix.length; i++) assert.ok(d(prefix[i - 1]!) <= d(prefix[i]!) + 1e-12, `${prefix[i - 1]!.title} before ${prefix[i]!.title}`);
});

test('area properties for a point in Amsterdam return the cell holding it; a point at sea is 404', async () => {
  const model = (await get('/api/models')).json()[0];
  const gridSet = model.areaSets[0].id;
  const r = await get(`/api/models/${turnoverModelId}/areasets/${gridSet}/areas/4.8952/52.3702/properties`);
  assert.is(r.status, 200);
  const area = r.json();
  const row = (
    await server.ctx.db.query<{ min_lng: number; max_lng: number; min_lat: number; max_lat: number }>(
      'SELECT min_lng, max_lng, min_lat, max_lat FROM area WHERE area_set_id = $1 AND code = $2',
      [gridSet, area.areaCode],
    )
  ).rows[0]!;
  assert.ok(row.min_lng <= 4.8952 && row.max_lng >= 4.8952 && row.min_lat <= 52.3702 && row.max_lat >= 52.3702);
  assert.ok(area.properties.some((p: { name: string; numberValue: number }) => p.name === 'population' && p.numberValue > 0));
  const byCode = (await get(`/api/models/${turnoverModelId}/areasets/${gridSet}/areas/${encodeURIComponent(area.areaCode)}/properties`)).json();
  assert.is(byCode.areaCode, area.areaCode);
  assert.is((await get(`/api/models/${turnoverModelId}/areasets/${gridSet}/areas/3.0/53.5/properties`)).status, 404);
});

test('an area-set tile over Amsterdam has coloured pixels and one over the North Sea is transparent', async () => {
  const slug = (await server.ctx.db.query<{ slug: string }>('SELECT slug FROM area_set WHERE model_id = $1 ORDER BY id LIMIT 1', [turnoverModelId])).rows[0]!
    .slug;
  // z 10 tiles: Amsterdam (525, 336); the North Sea west of Den Helder (516, 330).
  const city = await get(`/api/tile-proxy/${slug}/10/525/336`);
  assert.is(city.status, 200);
  assert.is(city.headers['content-type'], 'image/png');
  const png = PNG.sync.read(city.body);
  assert.is(png.width, 256);
  let coloured = 0;
  for (let i = 3; i < png.data.length; i += 4) if (png.data[i]! > 0) coloured++;
  assert.ok(coloured > 256 * 256 * 0.3, `${coloured} coloured pixels`);
  const sea = PNG.sync.read((await get(`/api/tile-proxy/${slug}/10/516/330`)).body);
  let opaque = 0;
  for (let i = 3; i < sea.data.length; i += 4) if (sea.data[i]! > 0) opaque++;
  assert.is(opaque, 0);
});

test('location-group icons and logos are images', async () => {
  const model = (await get('/api/models')).json()[0];
  const group = model.locationGroups[0].id;
  const icon = await get(`/api/models/location-groups/${group}/logo/round/true/1`);
  assert.is(icon.status, 200);
  assert.match(String(icon.headers['content-type']), /image\//);
  assert.match(String(icon.headers['content-type']), /svg/);
  const png = await server.fetch(`/api/models/location-groups/${group}/logo/round/false/2`, { token: planner, headers: { Accept: 'image/png' } });
  assert.is(png.headers['content-type'], 'image/png');
  assert.is(PNG.sync.read(png.body).width, 32);
  assert.is((await get(`/api/models/location-groups/-1/logo/square/false/0`)).status, 200);
  assert.is((await get(`/api/models/${turnoverModelId}/poisets/${model.poiSets[0].id}/logo`)).status, 200);
  if (model.hasMainLogo) assert.is((await get(`/api/models/${turnoverModelId}/main-logo`)).status, 200);
});

test('the help PDF is a real document in Dutch and English', async () => {
  for (const locale of ['nl', 'en']) {
    const r = await get(`/api/help/${locale}`, null);
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'application/pdf');
    assert.is(r.body.subarray(0, 5).toString(), '%PDF-');
    assert.ok(r.body.length > 3000);
  }
});

test('admin reads need a global administrator', async () => {
  assert.is((await get('/api/admin/users')).status, 403);
  const users = (await get('/api/admin/users', admin)).json();
  assert.ok(users.length >= 3);
  const status = (await get('/api/admin/scenarioStatus', admin)).json();
  assert.ok(status.some((s: { modelId: number; total: number }) => s.modelId === turnoverModelId && s.total >= 3));
  const logins = (await get('/api/admin/logins', admin)).json();
  assert.ok(logins.some((l: { identity: string }) => l.identity === account('planner').email));
  const log = (await get('/api/admin/log?eventType=8', admin)).json();
  assert.ok(
    log.some((e: { message: string }) => /sign/i.test(e.message)),
    'sign-ins are in the log',
  );
});

test('errors are written to the log with event type 4 or 2', async () => {
  await get('/api/models/999999/scenarios', admin);
  const { rows } = await server.ctx.db.query<{ event_type: number; message: string }>(
    `SELECT event_type, message FROM log WHERE message LIKE '%999999%' ORDER BY id DESC LIMIT 1`,
  );
  assert.is(rows[0]?.event_type, 4);
});

test('scenario reads: find, changes, parents, locations of scenarios', async () => {
  const scenarios = (await get(`/api/models/${turnoverModelId}/scenarios`)).json();
  const child = scenarios.find((s: { parentScenarioId: number | null; changeCount: number }) => s.parentScenarioId === baseScenarioId && s.changeCount > 0);
  const found = (await get(`/api/models/${turnoverModelId}/find-scenarios/${encodeURIComponent(child.name.slice(0, 6).toLowerCase())}`)).json();
  assert.ok(
    found.some((s: { id: number }) => s.id === child.id),
    'find-scenarios matches case-insensitively',
  );
  const changes = (await get(`/api/models/scenarios/${child.id}/changes`)).json();
  assert.equal(changes, child.changes);
  const parents = (await get(`/api/models/scenarios/${child.id}/parents`)).json();
  assert.equal(
    parents.map((p: { id: number }) => p.id),
    [baseScenarioId],
  );
  assert.equal((await get(`/api/models/scenarios/${baseScenarioId}/parents`)).json(), []);
  const held = (await get(`/api/models/scenarios/${child.id}/locations-of-scenarios`)).json();
  const changed = held
    .filter((h: { scenarioId: number }) => h.scenarioId === child.id)
    .map((h: { locationId: number }) => h.locationId)
    .sort();
  assert.equal(changed, changes.map((c: { locationId: number }) => c.locationId).sort(), 'the child holds exactly its own changes');
  const inChild = (await get(`/api/models/scenarios/${child.id}/locations`)).json();
  for (const c of changes) {
    const l = inChild.find((x: { id: number }) => x.id === c.locationId);
    assert.ok(l, `changed location ${c.locationId} is in the child's list`);
    assert.is(l.changeType, c.changeType);
  }
});

test('reference reads: area outlines, clusters near a point, POIs in range, photos, isolines, logos', async () => {
  const model = (await get('/api/models')).json()[0];
  const placesSet = model.areaSets[1].id;
  const outlines = await get(`/api/models/${turnoverModelId}/areasets/${placesSet}/areas`);
  assert.is(outlines.status, 200);
  const fc = outlines.json();
  assert.is(fc.type, 'FeatureCollection');
  assert.ok(fc.features.length > 1000 && fc.features.every((f: { properties: { areaCode: string } }) => typeof f.properties.areaCode === 'string'));
  const clusters = (await get(`/api/models/${turnoverModelId}/location-clusters/near-by/5?latitude=52.09&longitude=5.12`)).json();
  assert.is(clusters.length, 5);
  assert.is(clusters[0].name, 'Regio Utrecht', 'the nearest cluster to Utrecht comes first');
  const [first] = (await get(`/api/models/scenarios/${baseScenarioId}/locations`)).json();
  const station = (
    await server.ctx.db.query<{ latitude: number; longitude: number }>(
      `SELECT p.latitude, p.longitude FROM poi p JOIN poi_set s ON s.id = p.poi_set_id WHERE s.model_id = $1 AND p.name = 'Station Amsterdam'`,
      [turnoverModelId],
    )
  ).rows[0]!;
  // 300 m north of the station: inside the 500 m range; 2 km north: outside.
  const near = (
    await get(`/api/models/${turnoverModelId}/locations/${first.id}/pois-in-range?latitude=${station.latitude + 0.0027}&longitude=${station.longitude}`)
  ).json();
  assert.ok(near.find((s: { name: string }) => s.name === 'stations').pois.some((p: { name: string }) => p.name === 'Station Amsterdam'));
  const far = (
    await get(`/api/models/${turnoverModelId}/locations/${first.id}/pois-in-range?latitude=${station.latitude + 0.018}&longitude=${station.longitude}`)
  ).json();
  assert.not.ok(far.find((s: { name: string }) => s.name === 'stations').pois.some((p: { name: string }) => p.name === 'Station Amsterdam'));
  const photo = await get(`/api/models/scenarios/locations/${first.id}/photo`);
  assert.is(photo.status, 200);
  assert.is(photo.headers['content-type'], 'image/png');
  // A base location's isolines are computed when first asked for, one per isoline set, then stored.
  const isolines = (await get(`/api/models/scenarios/locations/${first.id}/isolines`)).json();
  assert.is(isolines.type, 'FeatureCollection');
  assert.equal(
    isolines.features.map((f: { properties: { isoLineSet: string } }) => f.properties.isoLineSet).sort(),
    model.isoLineSets.map((i: { name: string }) => i.name).sort(),
  );
  assert.ok(
    isolines.features.every(
      (f: { geometry: { type: string }; properties: { minutes: number } }) => /Polygon/.test(f.geometry.type) && f.properties.minutes > 0,
    ),
  );
  const stored = (await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM isoline WHERE location_id = $1', [first.id])).rows[0]!.n;
  assert.is(stored, model.isoLineSets.length);
  // The isoline tool calls no routing service but the configured ones.
  const set = model.isoLineSets[0].id;
  const tool = await get(`/api/isoline/${set}?longitude=4.9&latitude=52.37&minutes=5&profile=car`, admin);
  assert.is(tool.status, 200);
  assert.ok(tool.json().features.length > 0);
  const elsewhere = await get(
    `/api/isoline/${set}?longitude=4.9&latitude=52.37&minutes=5&profile=car&baseUrl=${encodeURIComponent('http://127.0.0.1:9/')}`,
    admin,
  );
  assert.is(elsewhere.status, 400);
  assert.is(elsewhere.json().field, 'baseUrl');
  assert.is((await get(`/api/search/category-logo?category=place`)).status, 200);
  assert.is((await get(`/api/search/category-logo?category=nonsense`)).status, 400);
  assert.is((await get(`/api/models/${turnoverModelId}/secondary-logo`)).status, model.hasSecondaryLogo ? 200 : 404);
  assert.is((await get(`/api/models/${scoreModelId}/secondary-logo`, admin)).status, 404, 'the score model has no secondary logo');
});

test("admin reads of access: a user's models and a model's users", async () => {
  const users = (await get('/api/admin/users', admin)).json();
  const plannerUser = users.find((u: { title: string }) => u.title === account('planner').displayName);
  const access = (await get(`/api/admin/models/${plannerUser.id}`, admin)).json();
  assert.equal(
    access.filter((m: { hasAccess: boolean }) => m.hasAccess).map((m: { id: number }) => m.id),
    [turnoverModelId],
  );
  const modelUsers = (await get(`/api/admin/users/${turnoverModelId}`, admin)).json();
  assert.ok(modelUsers.some((u: { id: number; hasAccess: boolean; isAdmin: boolean }) => u.id === plannerUser.id && u.hasAccess && !u.isAdmin));
  assert.ok(modelUsers.some((u: { title: string; isAdmin: boolean }) => u.title === account('modelAdmin').displayName && u.isAdmin));
  const models = (await get('/api/admin/models', admin)).json();
  assert.ok(models.length >= 2);
});

test('every call of the contract has a handler: none answers 501', async () => {
  const built = new Set(Object.keys((await import('../src/routes/index.js')).allHandlers(server.ctx, { onAccessChanged() {} })));
  assert.equal(
    routeList.filter((r) => !built.has(r.name)).map((r) => r.name),
    [],
  );
});

test.run();
