// What the scenario rule tests share: the real server on a fresh database
// with two small models (one with a mandatory location group and no top
// scenario), a planner with access to both, an outsider with access to
// neither, a global administrator and an anonymous caller, all with tokens
// from the built-in provider; and the small steps every rule test takes.
import * as assert from 'uvu/assert';
import type { LocationWriteBody } from '@locus/contract';
import { startTestServer, type TestServer } from './server.js';
import { signIn } from './sign-in.js';
import { createLogin, createScenarioModel, type ScenarioFixture } from './scenario-fixture.js';
import { newLocationBody, scenarioApi, type Answer, type ScenarioApi } from './scenario-api.js';

export function refused(a: Answer, status: number, message: string, field?: string): void {
  assert.is(a.status, status, `expected ${status} ${message}, got ${a.status} ${a.message} ${a.field ?? ''}`);
  assert.is(a.message, message);
  if (field !== undefined) assert.is(a.field, field);
}

export function accepted<T>(a: Answer<T>): T {
  assert.is(a.status, 200, `expected 200, got ${a.status} ${a.message} ${a.field ?? ''}`);
  return a.body;
}

export type ScenarioKit = Awaited<ReturnType<typeof startScenarioKit>>;

export async function startScenarioKit() {
  const server: TestServer = await startTestServer();
  const db = server.ctx.db;
  const f: ScenarioFixture = await createScenarioModel(db, { name: 'Supermarkets' });
  /** A second model whose location group is mandatory and which has no top scenario. */
  const fm: ScenarioFixture = await createScenarioModel(db, { name: 'Mandatory groups', locationGroupMandatory: true });
  const other = await createScenarioModel(db, { name: 'Other model', locationCount: 1 });
  const p = await createLogin(db, { email: 'planner@example.com', displayName: 'Pia Planner', modelIds: [f.modelId, fm.modelId] });
  const o = await createLogin(db, { email: 'outsider@example.com', displayName: 'Otto Outsider', modelIds: [other.modelId] });
  const g = await createLogin(db, { email: 'admin@example.com', displayName: 'Gerda Global', modelIds: [], globalAdmin: true });
  const planner: ScenarioApi = scenarioApi(server, (await signIn(server.baseUrl, p.email, p.password)).accessToken);
  const outsider: ScenarioApi = scenarioApi(server, (await signIn(server.baseUrl, o.email, o.password)).accessToken);
  const globalAdmin: ScenarioApi = scenarioApi(server, (await signIn(server.baseUrl, g.email, g.password)).accessToken);
  const anonymous: ScenarioApi = scenarioApi(server, undefined);

  return {
    server,
    f,
    fm,
    planner,
    outsider,
    globalAdmin,
    anonymous,
    /** The planner's password, for tests that sign in once more. */
    plannerLogin: p,
    /** The id of the fixture's base location at this index. */
    L: (index: number) => f.locations[index]!.id,
    /** A new scenario made by the planner; answers its id. */
    async child(name: string, parentScenarioId = f.baseId, isTop = false, model: ScenarioFixture = f): Promise<number> {
      return (await planner.ok(planner.createScenario(model.modelId, { name, parentScenarioId, isTop }))).id;
    },
    /** Runs refused calls and shows with a read that they changed nothing. */
    async unchangedBy(ids: number[], calls: () => Promise<void>, model: ScenarioFixture = f): Promise<void> {
      const before = await planner.snapshot(model.modelId, ids);
      await calls();
      assert.equal(await planner.snapshot(model.modelId, ids), before, 'a refused call changes nothing');
    },
    /** Sets a status as the calculation does. */
    setStatus: (id: number, status: number) => db.query('UPDATE scenario SET status = $2 WHERE id = $1', [id, status]),
    statusOf: async (id: number) => (await planner.scenario(f.modelId, id))?.status,
    /** A location as the scenario's list shows it. */
    shown: async (scenarioId: number, locationId: number) => (await planner.locations(scenarioId)).find((l) => l.id === locationId),
    newStore: (name: string, extra: Partial<LocationWriteBody> = {}) =>
      newLocationBody({ name, latitude: 52.36, longitude: 4.93, locationGroupId: f.groups.albert }, extra),
  };
}
