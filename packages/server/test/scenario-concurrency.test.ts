// Two planners saving the same scenario at once, through the HTTP API of the
// real server with their own tokens: with the modified stamp they read,
// exactly one save wins and the other gets 409 scenarioWasModified; the same
// closure sent twice at once is saved once; a burst of writes in a parent and
// its child from both planners leaves every change in place, no error, and
// the invariants intact. On PostgreSQL the saves really run side by side.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LocationWriteBody } from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { createLogin, createScenarioModel, type ScenarioFixture } from './helpers/scenario-fixture.js';
import { newLocationBody, scenarioApi, type Answer, type ScenarioApi } from './helpers/scenario-api.js';
import { brokenInvariants, readTree } from './helpers/scenario-invariants.js';
import { DomainError } from '../src/domain/errors.js';
import { updateLocation } from '../src/scenarios/location-writes.js';

let server: TestServer;
let f: ScenarioFixture;
let anna: ScenarioApi;
let bert: ScenarioApi;

test.before(async () => {
  server = await startTestServer();
  f = await createScenarioModel(server.ctx.db, { name: 'Shared model' });
  const a = await createLogin(server.ctx.db, { email: 'anna@example.com', displayName: 'Anna', modelIds: [f.modelId] });
  const b = await createLogin(server.ctx.db, { email: 'bert@example.com', displayName: 'Bert', modelIds: [f.modelId] });
  anna = scenarioApi(server, (await signIn(server.baseUrl, a.email, a.password)).accessToken);
  bert = scenarioApi(server, (await signIn(server.baseUrl, b.email, b.password)).accessToken);
});

test.after(async () => {
  await server?.close();
});

const L = (index: number) => f.locations[index]!.id;

const surfaceOf = async (scenarioId: number, locationId: number) =>
  (await anna.location(scenarioId, locationId)).locationProperties.find((p) => p.name === 'surface')?.numberValue;

const withSurface = (body: LocationWriteBody, value: number): LocationWriteBody => ({
  ...body,
  locationProperties: body.locationProperties.map((p) => (p.id === f.properties.surface ? { ...p, numberValue: value } : p)),
});

function oneWins(answers: Answer[], loserKey: string): number {
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses, [200, 409], `one save wins, the other is refused: ${answers.map((a) => `${a.status} ${a.message ?? ''}`).join(', ')}`);
  const loser = answers.find((a) => a.status === 409)!;
  assert.is(loser.message, loserKey);
  return answers.findIndex((a) => a.status === 200);
}

test('two planners save the same scenario at once with the stamp they read: exactly one wins, the other is told to reload', async () => {
  const { id: s } = await anna.ok(anna.createScenario(f.modelId, { name: 'Shared plan', parentScenarioId: f.baseId }));
  await anna.ok(anna.close(s, L(5)));
  for (let round = 0; round < 6; round++) {
    const stamp = (await anna.scenario(f.modelId, s))!.modified;
    // Both edit the same store (the lost update the stamp prevents), or two different ones on odd rounds.
    const [aLocation, bLocation] = round % 2 === 0 ? [L(0), L(0)] : [L(1), L(2)];
    const aBody = withSurface(await anna.editBody(s, aLocation, { scenarioModified: stamp }), 2000 + round);
    const bBody = withSurface(await bert.editBody(s, bLocation, { scenarioModified: stamp }), 3000 + round);
    const answers = await Promise.all([anna.edit(f.modelId, s, aLocation, aBody), bert.edit(f.modelId, s, bLocation, bBody)]);
    const winner = oneWins(answers, 'scenarioWasModified');
    const [wonAt, lostAt, wonValue] = winner === 0 ? [aLocation, bLocation, 2000 + round] : [bLocation, aLocation, 3000 + round];
    assert.is(await surfaceOf(s, wonAt), wonValue, `round ${round}: the winner's value is saved`);
    if (lostAt !== wonAt) assert.is.not(await surfaceOf(s, lostAt), winner === 0 ? 3000 + round : 2000 + round, `round ${round}: the loser's value is not`);
    // The loser reloads the scenario and the location, makes his change again and saves: now it goes through.
    const [loser, location, value] = winner === 0 ? [bert, bLocation, 3000 + round] : [anna, aLocation, 2000 + round];
    const fresh = (await loser.scenario(f.modelId, s))!.modified;
    const retry = await loser.edit(f.modelId, s, location, withSurface(await loser.editBody(s, location, { scenarioModified: fresh }), value));
    assert.is(retry.status, 200, `round ${round}: the reloaded save is accepted (${retry.message ?? ''})`);
    assert.is(await surfaceOf(s, location), value);
  }
});

test('two planners open a store in the same scenario at once with the same stamp: one store is opened', async () => {
  const { id: s } = await anna.ok(anna.createScenario(f.modelId, { name: 'Who opens', parentScenarioId: f.baseId }));
  await anna.ok(anna.close(s, L(5)));
  const stamp = (await anna.scenario(f.modelId, s))!.modified;
  const body = (name: string) => newLocationBody({ name, latitude: 52.37, longitude: 4.95, locationGroupId: f.groups.albert }, { scenarioModified: stamp });
  oneWins(await Promise.all([anna.open(s, body("Anna's store")), bert.open(s, body("Bert's store"))]), 'scenarioWasModified');
  assert.is((await anna.changes(s)).filter((c) => c.changeType === 1).length, 1);
});

test('the same closure sent by two planners at once is saved once; the second is refused by the changeType rule', async () => {
  const { id: s } = await anna.ok(anna.createScenario(f.modelId, { name: 'Closing twice', parentScenarioId: f.baseId }));
  await anna.ok(anna.close(s, L(5)));
  oneWins(await Promise.all([anna.close(s, L(3)), bert.close(s, L(3))]), 'actionNotAllowedForChangeType');
  assert.equal(
    (await anna.changes(s)).map((c) => [c.locationId, c.changeType]).sort(),
    [
      [L(3), 2],
      [L(5), 2],
    ].sort(),
  );
  // And two undos of the same closure: one undoes it, the other finds nothing to undo.
  oneWins(await Promise.all([anna.undoClose(s, L(3)), bert.undoClose(s, L(3))]), 'actionNotAllowedForChangeType');
});

test('two planners rename the same scenario at once with the stamp they read: one name wins', async () => {
  const { id: s } = await anna.ok(anna.createScenario(f.modelId, { name: 'Unnamed', parentScenarioId: f.baseId }));
  const stamp = (await anna.scenario(f.modelId, s))!.modified;
  const answers = await Promise.all([
    anna.updateScenario(f.modelId, { id: s, name: "Anna's name", isTop: false, competition: false, modified: stamp }),
    bert.updateScenario(f.modelId, { id: s, name: "Bert's name", isTop: false, competition: false, modified: stamp }),
  ]);
  const winner = oneWins(answers, 'scenarioWasModified');
  assert.is((await anna.scenario(f.modelId, s))?.name, winner === 0 ? "Anna's name" : "Bert's name");
});

test('at the database: a write waits for the scenario row another transaction holds (FOR UPDATE), then sees its change and is refused', async () => {
  const db = server.ctx.db;
  const { id: s } = await anna.ok(anna.createScenario(f.modelId, { name: 'Locked', parentScenarioId: f.baseId }));
  const stamp = (await anna.scenario(f.modelId, s))!.modified;
  const body = await anna.editBody(s, L(0), { excluded: true, scenarioModified: stamp });
  let release!: () => void;
  let locked!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  // Another writer holds the scenario row and changes it.
  const other = db.transaction(async (tx) => {
    await tx.query('SELECT id FROM scenario WHERE id = $1 FOR UPDATE', [s]);
    locked();
    await held;
    await tx.query(`UPDATE scenario SET modified = modified + interval '1 second' WHERE id = $1`, [s]);
  });
  await isLocked;
  let settled = false;
  const write = updateLocation(db, { modelId: f.modelId, scenarioId: s, createScenario: false }, L(0), body)
    .then(
      () => 'saved',
      (error: unknown) => (error instanceof DomainError ? error.message : String(error)),
    )
    .finally(() => {
      settled = true;
    });
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.is(settled, false, 'the write waits while the row is held');
  release();
  await other;
  assert.is(await write, 'scenarioWasModified');
  assert.equal(await anna.changes(s), [], 'nothing was saved');
});

test('a burst of writes from both planners in a parent and its child: every change is kept, no error, the invariants hold', async () => {
  const { id: parent } = await anna.ok(anna.createScenario(f.modelId, { name: 'Busy parent', parentScenarioId: f.baseId }));
  const { id: kid } = await anna.ok(anna.createScenario(f.modelId, { name: 'Busy child', parentScenarioId: parent }));
  const { id: top } = await anna.ok(anna.createScenario(f.modelId, { name: 'Busy top', parentScenarioId: f.baseId, isTop: true }));
  const store = (name: string, i: number) => newLocationBody({ name, latitude: 52.3 + i * 0.01, longitude: 4.8, locationGroupId: f.groups.jumbo });
  const kidEdit = withSurface(await anna.editBody(kid, L(2)), 1234);
  const parentEdit = withSurface(await bert.editBody(parent, L(3)), 4321);
  const answers = await Promise.all([
    anna.close(parent, L(0)),
    bert.close(kid, L(1)),
    anna.open(kid, store('Kid store A', 1)),
    bert.open(parent, store('Parent store B', 2)),
    anna.edit(f.modelId, kid, L(2), kidEdit),
    bert.edit(f.modelId, parent, L(3), parentEdit),
    anna.open(top, store('Top store', 3)),
    bert.close(top, L(4)),
    anna.createScenario(f.modelId, { name: 'Busy grandchild', parentScenarioId: kid }),
  ]);
  assert.equal(
    answers.map((a) => a.status),
    answers.map(() => 200),
    answers.map((a) => `${a.status} ${a.message ?? ''}`).join(', '),
  );
  assert.is((await anna.changes(parent)).length, 3);
  assert.is((await anna.changes(kid)).length, 3);
  assert.is((await anna.changes(top)).length, 2);
  assert.is(await surfaceOf(kid, L(2)), 1234);
  assert.is(await surfaceOf(kid, L(3)), 4321, "the child sees the parent's edit");
  for (const id of [parent, kid, top]) assert.is((await anna.scenario(f.modelId, id))?.status, 0);
  assert.equal(brokenInvariants(await readTree(server.ctx.db, f.modelId)), []);
  // And the busy child is copied into the top scenario while the parent is edited once more.
  const changed = (await anna.changes(kid)).map((c) => c.locationId);
  const more = await Promise.all([
    bert.copyChanges(kid, top, { changedLocations: changed, selectedLocations: changed, deleteSourceScenario: false }),
    anna.close(parent, L(5)),
  ]);
  assert.equal(
    more.map((a) => a.status),
    [409, 200],
    'the child has a child of its own, so it cannot be copied from',
  );
  assert.is(more[0]!.message, 'scenarioHasChildren');
  assert.equal(brokenInvariants(await readTree(server.ctx.db, f.modelId)), []);
});

test.run();
