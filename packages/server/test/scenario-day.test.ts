// A planner's day, through the HTTP API of the real server with a real token:
// a scenario under the base, a new store opened, another edited, a third
// closed and the closure undone, the changes copied into a top scenario with
// deleteSourceScenario. After every step the scenario list (order, names,
// statuses, changeCount, parents), the changes and the locations are read.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routes, type Scenario } from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { createLogin, createScenarioModel, type ScenarioFixture } from './helpers/scenario-fixture.js';
import { newLocationBody, scenarioApi, type ScenarioApi } from './helpers/scenario-api.js';

let server: TestServer;
let f: ScenarioFixture;
let planner: ScenarioApi;

test.before(async () => {
  server = await startTestServer();
  f = await createScenarioModel(server.ctx.db, { name: 'Supermarkets Noord-Holland' });
  const login = await createLogin(server.ctx.db, { email: 'anna@example.com', displayName: 'Anna Planner', modelIds: [f.modelId] });
  planner = scenarioApi(server, (await signIn(server.baseUrl, login.email, login.password)).accessToken);
});

test.after(async () => {
  await server?.close();
});

const L = (index: number) => f.locations[index]!.id;
const calculated = (id: number) => server.ctx.db.query('UPDATE scenario SET status = 9 WHERE id = $1', [id]);

/** The list as the scenario panel shows it: id, name, status, changeCount and parent names, in the list's order. */
const panel = async () => (await planner.scenarios(f.modelId)).map((s: Scenario) => [s.name, s.status, s.changeCount, s.parents.map((p) => p.name)]);

test("a planner's day: scenario, new store, edit, close, undo close, copy into a top scenario", async () => {
  assert.equal(await panel(), [['Base', 9, 0, []]], 'the morning: only the base scenario, calculated');

  // 1. A scenario under the base.
  const { id: plan } = await planner.ok(planner.createScenario(f.modelId, { name: 'Noord 2026', parentScenarioId: f.baseId }));
  assert.equal(await panel(), [
    ['Base', 9, 0, []],
    ['Noord 2026', 0, 0, ['Base']],
  ]);
  assert.equal(await planner.parents(plan), [{ id: f.baseId, name: 'Base', parentScenarioId: null }]);
  assert.equal(await planner.changes(plan), []);
  assert.is((await planner.locations(plan)).length, f.locations.length, "the new scenario has the base's locations");

  // 2. A new store.
  const opened = await planner.ok(
    planner.open(
      plan,
      newLocationBody(
        { name: 'Jumbo Buikslotermeer', latitude: 52.3995, longitude: 4.9301, locationGroupId: f.groups.jumbo, locationClusterId: f.clusters.north },
        { locationProperties: [{ id: f.properties.surface, stringValue: null, numberValue: 1800 }] },
      ),
    ),
  );
  assert.is(opened.scenarioId, plan);
  const store = opened.locationId;
  assert.equal(await planner.changes(plan), [{ locationId: store, locationName: 'Jumbo Buikslotermeer', changeType: 1 }]);
  assert.equal(await panel(), [
    ['Base', 9, 0, []],
    ['Noord 2026', 0, 1, ['Base']],
  ]);
  assert.is((await planner.locations(plan)).find((l) => l.id === store)?.locationGroup, 'Jumbo');
  assert.is(
    (await planner.locations(f.baseId)).find((l) => l.id === store),
    undefined,
    'the base does not have it',
  );

  // The scenario is calculated over lunch.
  await calculated(plan);
  assert.equal((await panel())[1], ['Noord 2026', 9, 1, ['Base']]);

  // 3. Another store edited: Amsterdam Zuid grows.
  const zuid = await planner.editBody(plan, L(1));
  zuid.locationProperties = zuid.locationProperties.map((p) => (p.id === f.properties.surface ? { ...p, numberValue: 1500 } : p));
  const modified = (await planner.scenario(f.modelId, plan))!.modified;
  await planner.ok(planner.edit(f.modelId, plan, L(1), { ...zuid, scenarioModified: modified }));
  assert.equal(await planner.changes(plan), [
    { locationId: L(1), locationName: 'Amsterdam Zuid', changeType: 3 },
    { locationId: store, locationName: 'Jumbo Buikslotermeer', changeType: 1 },
  ]);
  assert.equal((await panel())[1], ['Noord 2026', 0, 2, ['Base']], 'the edit sets the scenario back to status 0');
  const zuidProperties = (await planner.location(plan, L(1))).locationProperties;
  assert.equal(zuidProperties.find((p) => p.name === 'surface')?.oldNumberValue, 1100, 'the drawer shows the value before the edit');
  assert.is(zuidProperties.find((p) => p.name === 'surface')?.numberValue, 1500);

  // 4. A third store closed.
  await planner.ok(planner.close(plan, L(4)));
  assert.equal(
    (await planner.changes(plan)).map((c) => [c.locationName, c.changeType]),
    [
      ['Amsterdam Zuid', 3],
      ['Diemen', 2],
      ['Jumbo Buikslotermeer', 1],
    ],
  );
  assert.equal((await panel())[1], ['Noord 2026', 0, 3, ['Base']]);
  assert.is((await planner.locations(plan)).find((l) => l.id === L(4))?.changeType, 2);

  // 5. Second thoughts: the closure is undone; two changes are left, so the name stays.
  const undone = await planner.ok(planner.undoClose(plan, L(4)));
  assert.equal(undone, { scenarioId: plan, locationId: L(4) });
  assert.equal(
    (await planner.changes(plan)).map((c) => [c.locationName, c.changeType]),
    [
      ['Amsterdam Zuid', 3],
      ['Jumbo Buikslotermeer', 1],
    ],
  );
  assert.equal((await panel())[1], ['Noord 2026', 0, 2, ['Base']]);
  assert.is((await planner.locations(plan)).find((l) => l.id === L(4))?.changeType, 0);

  // 6. The top scenario the region agrees on, calculated earlier.
  const { id: top } = await planner.ok(planner.createScenario(f.modelId, { name: 'Regio plan', parentScenarioId: f.baseId, isTop: true }));
  await calculated(top);
  assert.equal(
    await panel(),
    [
      ['Base', 9, 0, []],
      ['Regio plan', 9, 0, ['Base']],
      ['Noord 2026', 0, 2, ['Base']],
    ],
    'top scenarios first, then by name descending',
  );

  // 7. Copy the changes into the top scenario and delete the source.
  const changed = (await planner.changes(plan)).map((c) => c.locationId);
  const merged = await planner.ok(planner.copyChanges(plan, top, { changedLocations: changed, selectedLocations: changed, deleteSourceScenario: true }));
  assert.equal(merged, { destinationScenarioId: top, copiedLocations: changed, sourceScenarioDeleted: true });
  assert.equal(await panel(), [
    ['Base', 9, 0, []],
    ['Regio plan', 0, 2, ['Base']],
  ]);
  assert.equal(await planner.changes(top), [
    { locationId: L(1), locationName: 'Amsterdam Zuid', changeType: 3 },
    { locationId: store, locationName: 'Jumbo Buikslotermeer', changeType: 1 },
  ]);
  assert.equal(await planner.parents(top), [{ id: f.baseId, name: 'Base', parentScenarioId: null }]);
  const inTop = await planner.location(top, store);
  assert.equal([inTop.name, inTop.changeType, inTop.locationProperties.find((p) => p.name === 'surface')?.numberValue], ['Jumbo Buikslotermeer', 1, 1800]);
  assert.is((await planner.location(top, L(1))).locationProperties.find((p) => p.name === 'surface')?.numberValue, 1500);
  assert.is((await planner.call(routes.scenarioChanges, { scenarioId: plan })).status, 404, 'the source is gone');

  // 8. End of the day: the edit of Zuid is taken back; one change is left, so the top scenario is named after it.
  const last = await planner.ok(planner.undoEdit(top, L(1)));
  assert.equal(last, { scenarioId: top, locationId: L(1), scenarioRenamedTo: 'Jumbo Buikslotermeer' });
  assert.equal(await panel(), [
    ['Base', 9, 0, []],
    ['Jumbo Buikslotermeer', 0, 1, ['Base']],
  ]);
});

test.run();
