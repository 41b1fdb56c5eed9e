// Defect 9 of issue 12: the demo data must pass the product's own
// validation. Every demo object is read through the API and put through the
// zod schema of the route that writes it (the demo logins' e-mail addresses
// failed the e-mail rule, so an administrator could not save them); a demo
// login and a demo scenario are saved back unchanged through the real routes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import {
  DriversSaveBody,
  LocationWriteBody,
  LoginUpdateBody,
  ModelParametersSaveBody,
  ModelUsersSaveBody,
  NormalizedScoresFunctionsSaveBody,
  ScenarioUpdateBody,
  UserModelsSaveBody,
} from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { demoData } from './helpers/seeded.js';
import { signIn } from './helpers/sign-in.js';
import { DEMO_ACCOUNTS } from '../src/demo/index.js';

let server: TestServer;
let admin: string;

test.before(async () => {
  server = await startTestServer({ fill: demoData });
  const g = DEMO_ACCOUNTS.find((a) => a.role === 'globalAdmin')!;
  admin = (await signIn(server.baseUrl, g.email, g.password)).accessToken;
});
test.after(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const r = await server.fetch(path, { token: admin });
  assert.is(r.status, 200, `${path}: ${r.text().slice(0, 200)}`);
  return r.json();
};

/** Parses with the write schema; a failure names the object and the first problem. */
function passes(schema: z.ZodType, value: unknown, what: string) {
  const result = schema.safeParse(value);
  assert.ok(result.success, `${what}: ${result.success ? '' : JSON.stringify(result.error.issues[0])}`);
}

test('the demo logins pass the login rules, and a demo login saves back unchanged', async () => {
  const logins = (await get('/api/admin/logins')) as Array<{ id: string; displayName: string; email: string }>;
  assert.ok(logins.length >= DEMO_ACCOUNTS.length);
  for (const login of logins) passes(LoginUpdateBody, { id: login.id, displayName: login.displayName, email: login.email }, `login ${login.email}`);
  const planner = logins.find((l) => l.email === DEMO_ACCOUNTS.find((a) => a.role === 'planner')!.email)!;
  const saved = await server.fetch('/api/admin/logins', {
    method: 'PUT',
    token: admin,
    body: { id: planner.id, displayName: planner.displayName, email: planner.email },
  });
  assert.is(saved.status, 200, saved.text());
});

test("the demo models' scenarios, locations, editors and access lists pass their write schemas", async () => {
  const models = (await get('/api/models')) as Array<{ id: number; name: string }>;
  assert.ok(models.length >= 2);
  let locationsChecked = 0;
  for (const model of models) {
    const scenarios = (await get(`/api/models/${model.id}/scenarios`)) as Array<{
      id: number;
      name: string;
      isTop: boolean;
      competition: boolean;
      parentScenarioId: number | null;
      modified: string;
    }>;
    for (const s of scenarios)
      passes(ScenarioUpdateBody, { id: s.id, name: s.name, isTop: s.isTop, competition: s.competition, modified: s.modified }, `scenario ${s.name}`);
    const base = scenarios.find((s) => s.parentScenarioId === null)!;
    const locations = (await get(`/api/models/scenarios/${base.id}/locations`)) as Array<{ id: number }>;
    for (const [k, summary] of locations.entries()) {
      // Every location's full record (with its property values) only for a sample: the rest by their list entry.
      const location = k < 40 ? await get(`/api/models/scenarios/${base.id}/locations/${summary.id}/properties`) : { ...summary, locationProperties: [] };
      passes(
        LocationWriteBody,
        {
          id: location.id,
          name: location.name,
          latitude: location.latitude,
          longitude: location.longitude,
          type: location.type,
          visibility: location.visibility,
          excluded: location.excluded,
          locationGroupId: location.locationGroupId,
          locationClusterId: location.locationClusterId,
          scenarioCreation: null,
          locationProperties: location.locationProperties
            .filter((p: { propertyType: number }) => p.propertyType !== 4)
            .map((p: { id: number; stringValue: string | null; numberValue: number | null }) => ({
              id: p.id,
              stringValue: p.stringValue,
              numberValue: p.numberValue,
            })),
        },
        `location ${location.name} of ${model.name}`,
      );
      locationsChecked++;
    }
    const submodels = (await get(`/api/models/${model.id}/submodels`)) as Array<{ id: number }>;
    for (const sub of submodels) {
      const {
        locationProperties: _a,
        locationGroupProperties: _b,
        locationClusterProperties: _c,
        ...parameters
      } = await get(`/api/models/${sub.id}/model-parameters`);
      passes(ModelParametersSaveBody, parameters, `model parameters of sub-model ${sub.id}`);
      passes(NormalizedScoresFunctionsSaveBody, await get(`/api/models/${sub.id}/normalized-scores-functions`), `normalized scores of ${sub.id}`);
    }
    passes(DriversSaveBody, await get(`/api/models/${model.id}/drivers`), `drivers of ${model.name}`);
    passes(ModelUsersSaveBody, { model: { id: model.id, name: model.name }, users: await get(`/api/admin/users/${model.id}`) }, `users of ${model.name}`);
  }
  assert.ok(locationsChecked > 50, `${locationsChecked} locations`);
  for (const user of (await get('/api/admin/users')) as Array<{ id: number; title: string }>) {
    passes(UserModelsSaveBody, { user, models: await get(`/api/admin/models/${user.id}`) }, `models of ${user.title}`);
  }
});

test('a demo scenario saves back unchanged through its write route', async () => {
  const [model] = (await get('/api/models')) as Array<{ id: number }>;
  const scenarios = (await get(`/api/models/${model!.id}/scenarios`)) as Array<{
    id: number;
    name: string;
    isTop: boolean;
    competition: boolean;
    parentScenarioId: number | null;
    modified: string;
  }>;
  const child = scenarios.find((s) => s.parentScenarioId !== null)!;
  const saved = await server.fetch(`/api/models/${model!.id}/scenarios`, {
    method: 'PUT',
    token: admin,
    body: { id: child.id, name: child.name, isTop: child.isTop, competition: child.competition, modified: child.modified },
  });
  assert.is(saved.status, 200, saved.text());
  // The demo's model parameters saved back unchanged write nothing.
  const [sub] = (await get(`/api/models/${model!.id}/submodels`)) as Array<{ id: number }>;
  const {
    locationProperties: _a,
    locationGroupProperties: _b,
    locationClusterProperties: _c,
    ...parameters
  } = await get(`/api/models/${sub!.id}/model-parameters`);
  const modified = async () =>
    (await server.ctx.db.query<{ modified: Date }>('SELECT modified FROM sub_model WHERE id = $1', [sub!.id])).rows[0]!.modified.getTime();
  const before = await modified();
  const same = await server.fetch(`/api/models/${sub!.id}/model-parameters`, { method: 'PUT', token: admin, body: parameters });
  assert.is(same.status, 200, same.text());
  assert.is(await modified(), before);
});

test.run();
