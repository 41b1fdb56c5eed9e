// Property-based, through the HTTP API of the real server with a real token:
// random sequences of allowed and refused scenario actions answer what the
// documented rules predict, a refusal changes nothing, the invariants hold
// after every action, and what the API reads (scenario list with changeCount
// and parents, every scenario's changes and locations) agrees with what is
// stored. Fewer runs than scenario-invariants.test.ts, which walks the same
// sequences through the rule functions directly.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { routes, type LocationWriteBody } from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { createLogin, createScenarioModel } from './helpers/scenario-fixture.js';
import { scenarioApi, type Answer, type ScenarioApi } from './helpers/scenario-api.js';
import { actionCommands } from './helpers/scenario-actions.js';
import { ancestors, effectiveLocations, type Tree } from './helpers/scenario-invariants.js';
import { walk, type DriverAnswer, type ScenarioDriver } from './helpers/scenario-walk.js';

let server: TestServer;
let api: ScenarioApi;

test.before(async () => {
  server = await startTestServer();
  // A global administrator reaches the models each run creates without being given access first.
  const login = await createLogin(server.ctx.db, { email: 'walker@example.com', displayName: 'Walker', modelIds: [], globalAdmin: true });
  api = scenarioApi(server, (await signIn(server.baseUrl, login.email, login.password)).accessToken);
});

test.after(async () => {
  await server?.close();
});

function answer(a: Answer): DriverAnswer {
  if (a.status === 200) return { ok: true, result: a.body };
  if (a.status === 404) return { ok: false, outcome: 'notFound' };
  if (a.status === 400) return { ok: false, outcome: `400 ${a.field}` };
  if (a.status === 409) return { ok: false, outcome: String(a.message) };
  throw new Error(`unexpected answer ${a.status}: ${JSON.stringify(a.body)}`);
}

const httpDriver: ScenarioDriver = {
  open: async (t, body) => answer(await api.open(t.scenarioId, body, { createScenario: t.createScenario })),
  async edit(t, locationId, change) {
    const read = await api.call(routes.scenarioLocationProperties, { scenarioId: t.scenarioId, locationId });
    let body: LocationWriteBody;
    if (read.status === 200) {
      body = await api.editBody(t.scenarioId, locationId);
      if (change.rename) body.name = `${body.name}*`;
      const given = new Map(change.properties.map((p) => [p.id, p]));
      body.locationProperties = body.locationProperties.map((p) => given.get(p.id) ?? p);
    } else {
      body = {
        name: 'Nowhere',
        latitude: 52,
        longitude: 5,
        type: 1,
        visibility: 0,
        excluded: false,
        locationGroupId: null,
        locationClusterId: null,
        locationProperties: change.properties,
        scenarioCreation: null,
      };
    }
    return answer(await api.edit(t.modelId, t.scenarioId, locationId, body, { createScenario: t.createScenario }));
  },
  act: async (kind, t, locationId) => {
    const call = { close: api.close, undoClose: api.undoClose, undoEdit: api.undoEdit, delete: api.remove }[kind];
    return answer(await call(t.scenarioId, locationId, { createScenario: t.createScenario }));
  },
  createScenario: async (modelId, body) => answer(await api.createScenario(modelId, body)),
  deleteScenario: async (modelId, scenarioId) => answer(await api.deleteScenario(modelId, scenarioId)),
  copy: async (_modelId, r) =>
    answer(
      await api.copyChanges(r.sourceScenarioId, r.destinationScenarioId, {
        changedLocations: r.changedLocations,
        selectedLocations: r.selectedLocations,
        deleteSourceScenario: r.deleteSourceScenario,
      }),
    ),

  /** The API reads what is stored: list, changeCount, parents, changes and locations of every scenario. */
  async check(modelId: number, tree: Tree, describe: string) {
    const list = await api.scenarios(modelId);
    assert.equal(
      list.map((s) => s.id).sort((a, b) => a - b),
      tree.scenarios.map((s) => s.id),
      `${describe}: the scenario list`,
    );
    for (const s of list) {
      const own = tree.versions
        .filter((v) => v.scenario === s.id && s.parentScenarioId !== null)
        .map((v) => ({ locationId: v.location, locationName: v.name, changeType: v.changeType }))
        .sort((a, b) => a.locationId - b.locationId);
      const changes = (await api.changes(s.id)).sort((a, b) => a.locationId - b.locationId);
      assert.equal(changes, own, `${describe}: changes of scenario ${s.id}`);
      assert.is(s.changeCount, own.length, `${describe}: changeCount of scenario ${s.id}`);
      assert.equal(
        s.changes.slice().sort((a, b) => a.locationId - b.locationId),
        own,
        `${describe}: changes in the list, scenario ${s.id}`,
      );
      assert.equal(
        s.parents.map((p) => p.id),
        ancestors(tree, s.id),
        `${describe}: parents of scenario ${s.id}`,
      );
      const locations = (await api.locations(s.id)).map((l) => [l.id, l.changeType, l.name]);
      assert.equal(
        locations.sort((a, b) => Number(a[0]) - Number(b[0])),
        effectiveLocations(tree, s.id).map((v) => [v.location, v.changeType, v.name]),
        `${describe}: locations of scenario ${s.id}`,
      );
    }
  },
};

test('random sequences of scenario actions through the API: predicted answers, nothing changed by a refusal, the reads agree', async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(actionCommands(8), async (commands) => {
      const fixture = await createScenarioModel(server.ctx.db, { name: `HTTP model ${++runs}`, locationCount: 3 });
      await api.ok(api.createScenario(fixture.modelId, { name: 'Plan', parentScenarioId: fixture.baseId, isTop: true }));
      await walk(httpDriver, server.ctx.db, fixture, commands);
    }),
    { numRuns: Number(process.env.SCENARIO_FC_HTTP_RUNS ?? 6) },
  );
});

test.run();
