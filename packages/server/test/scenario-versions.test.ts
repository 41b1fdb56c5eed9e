// No lost updates (docs/scenarios.md, "Versions"): every read of a location
// and a scenario carries its version; every write of one sends the version
// its user saw and is refused with 409 changedElsewhere (who and when) when
// the row moved on, or 404 locationNoLongerExists / scenarioNoLongerExists
// when it is gone; a refused write changes nothing. A property-based test
// (fast-check) lets two planners read and write one store in every order,
// also at the same moment: no acknowledged write is ever overwritten by a
// writer who had not seen it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { LocationWriteBody } from '@locus/contract';
import { startTestServer, type TestServer } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { createLogin, createScenarioModel, type ScenarioFixture } from './helpers/scenario-fixture.js';
import { newLocationBody, scenarioApi, type Answer, type ScenarioApi } from './helpers/scenario-api.js';

let server: TestServer;
let f: ScenarioFixture;
let anna: ScenarioApi;
let bert: ScenarioApi;

test.before(async () => {
  server = await startTestServer();
  f = await createScenarioModel(server.ctx.db, { name: 'Versioned model' });
  const a = await createLogin(server.ctx.db, { email: 'anna.v@example.com', displayName: 'Anna Visser', modelIds: [f.modelId] });
  const b = await createLogin(server.ctx.db, { email: 'bert.v@example.com', displayName: 'Bert de Vries', modelIds: [f.modelId] });
  anna = scenarioApi(server, (await signIn(server.baseUrl, a.email, a.password)).accessToken);
  bert = scenarioApi(server, (await signIn(server.baseUrl, b.email, b.password)).accessToken);
});

test.after(async () => {
  await server?.close();
});

const L = (index: number) => f.locations[index]!.id;

const withSurface = (body: LocationWriteBody, value: number): LocationWriteBody => ({
  ...body,
  locationProperties: body.locationProperties.map((p) => (p.id === f.properties.surface ? { ...p, numberValue: value } : p)),
});

const surfaceOf = async (scenarioId: number, locationId: number) =>
  (await anna.location(scenarioId, locationId)).locationProperties.find((p) => p.name === 'surface')?.numberValue;

/** A 409 changedElsewhere naming who and when; answers the version now stored. */
function changedElsewhere(a: Answer, by: string): number {
  assert.is(a.status, 409, `refused as changed elsewhere: ${a.status} ${a.message ?? ''}`);
  assert.is(a.message, 'changedElsewhere');
  const params = a.body.params as { modifiedBy: string; modified: string; version: number };
  assert.is(params.modifiedBy, by);
  assert.ok(Math.abs(Date.parse(params.modified) - Date.now()) < 60_000, `modified is a recent time: ${params.modified}`);
  assert.ok(Number.isInteger(params.version) && params.version > 0);
  return params.version;
}

async function newScenario(name: string): Promise<number> {
  const { id } = await anna.ok(anna.createScenario(f.modelId, { name, parentScenarioId: f.baseId }));
  // A scenario keeps its name from its second change on; the first close makes it a plan of several changes.
  await anna.ok(anna.close(id, L(4)));
  await anna.ok(anna.close(id, L(5)));
  return id;
}

test('reads carry the version: the list and the detail agree, a write makes a new one, a photo is told', async () => {
  await server.ctx.db.query(`INSERT INTO location_photo (location_id, content_type, image) VALUES ($1, 'image/png', '\\x89504e47'::bytea)`, [L(1)]);
  const s = await newScenario('Reads');
  const list = await anna.locations(s);
  const detail = await anna.location(s, L(0));
  const inList = list.find((l) => l.id === L(0))!;
  assert.is(inList.version, detail.version);
  assert.ok(detail.version > 0);
  assert.is(detail.hasPhoto, false);
  assert.is(inList.hasPhoto, false);
  assert.is((await anna.location(s, L(1))).hasPhoto, true);
  assert.is((await anna.locations(s)).find((l) => l.id === L(1))!.hasPhoto, true);

  await anna.ok(anna.edit(f.modelId, s, L(0), withSurface(await anna.editBody(s, L(0), { version: detail.version }), 1234)));
  const after = await anna.location(s, L(0));
  assert.ok(after.version > detail.version, 'an edit makes a new version');
  // The base scenario still shows the version it has: the edit is the child's own.
  assert.is((await anna.location(f.baseId, L(0))).version, detail.version);
});

test('a stale edit is refused with who changed it and when; the stored value stays; the fresh version goes through', async () => {
  const s = await newScenario('Stale edit');
  const seen = (await bert.location(s, L(0))).version;
  await anna.ok(anna.edit(f.modelId, s, L(0), withSurface(await anna.editBody(s, L(0), { version: seen }), 1500)));
  const refused = await bert.edit(f.modelId, s, L(0), withSurface(await bert.editBody(s, L(0), { version: seen }), 2500));
  const now = changedElsewhere(refused, 'Anna Visser');
  assert.is(await surfaceOf(s, L(0)), 1500, "Anna's value stays");
  assert.is((await anna.location(s, L(0))).version, now);
  // Overwrite: Bert sends his edit again with the version he was told.
  await bert.ok(bert.edit(f.modelId, s, L(0), withSurface(await bert.editBody(s, L(0), { version: now }), 2500)));
  assert.is(await surfaceOf(s, L(0)), 2500);
  // Without a version a write is not checked (older clients).
  await anna.ok(anna.edit(f.modelId, s, L(0), withSurface(await anna.editBody(s, L(0)), 2600)));
});

test('a change in the parent scenario is a new version of the location the child inherits', async () => {
  const parent = await newScenario('Parent');
  const { id: child } = await anna.ok(anna.createScenario(f.modelId, { name: 'Child', parentScenarioId: parent }));
  const seen = (await bert.location(child, L(2))).version;
  await anna.ok(anna.edit(f.modelId, parent, L(2), withSurface(await anna.editBody(parent, L(2)), 777)));
  changedElsewhere(await bert.edit(f.modelId, child, L(2), withSurface(await bert.editBody(child, L(2), { version: seen }), 888)), 'Anna Visser');
  changedElsewhere(await bert.close(child, L(2), { version: seen }), 'Anna Visser');
  assert.is(await surfaceOf(child, L(2)), 777);
});

test('close, undo close, undo edit and delete check the version; a refused one changes nothing', async () => {
  const s = await newScenario('Actions');
  // Close.
  const v0 = (await bert.location(s, L(3))).version;
  await anna.ok(anna.edit(f.modelId, s, L(3), withSurface(await anna.editBody(s, L(3), { version: v0 }), 900)));
  const before = await anna.snapshot(f.modelId, [s]);
  changedElsewhere(await bert.close(s, L(3), { version: v0 }), 'Anna Visser');
  // Undo edit with the stale version, then with the fresh one.
  changedElsewhere(await bert.undoEdit(s, L(3), { version: v0 }), 'Anna Visser');
  assert.equal(await anna.snapshot(f.modelId, [s]), before, 'refused writes change nothing');
  await bert.ok(bert.undoEdit(s, L(3), { version: (await bert.location(s, L(3))).version }));
  // Undo close: Anna reopens L(5) while Bert still holds the closure's version.
  const closed = (await bert.location(s, L(5))).version;
  await anna.ok(anna.undoClose(s, L(5), { version: closed }));
  // The closure is gone: the location is the base scenario's again (written by the import: no name to tell).
  changedElsewhere(await bert.undoClose(s, L(5), { version: closed }), '');
  // Delete: an opened store edited by Anna while Bert looks at it.
  const opened = await anna.ok(anna.open(s, newLocationBody({ name: 'Hoofddorp Nieuw', latitude: 52.3, longitude: 4.69, locationGroupId: f.groups.albert })));
  const openedSeen = (await bert.location(s, opened.locationId)).version;
  await anna.ok(anna.edit(f.modelId, s, opened.locationId, withSurface(await anna.editBody(s, opened.locationId, { version: openedSeen }), 640)));
  changedElsewhere(await bert.remove(s, opened.locationId, { version: openedSeen }), 'Anna Visser');
  assert.ok(
    (await anna.locations(s)).some((l) => l.id === opened.locationId),
    'the store is still there',
  );
  await bert.ok(bert.remove(s, opened.locationId, { version: (await bert.location(s, opened.locationId)).version }));
});

test('a location or scenario deleted elsewhere is told as such (404 with its key and field), not as a failure', async () => {
  const s = await newScenario('Deleted elsewhere');
  const opened = await anna.ok(anna.open(s, newLocationBody({ name: 'Zaandam Oost', latitude: 52.44, longitude: 4.83, locationGroupId: f.groups.jumbo })));
  const body = await bert.editBody(s, opened.locationId);
  await anna.ok(anna.remove(s, opened.locationId));
  const gone = await bert.edit(f.modelId, s, opened.locationId, withSurface(body, 300));
  assert.is(gone.status, 404);
  assert.is(gone.message, 'locationNoLongerExists');
  assert.is(gone.field, 'locationId');
  const { id: doomed } = await anna.ok(anna.createScenario(f.modelId, { name: 'Doomed', parentScenarioId: f.baseId }));
  const editBody = await bert.editBody(doomed, L(1));
  await anna.ok(anna.deleteScenario(f.modelId, doomed));
  for (const answer of [
    await bert.edit(f.modelId, doomed, L(1), editBody),
    await bert.close(doomed, L(1)),
    await bert.deleteScenario(f.modelId, doomed),
    await bert.updateScenario(f.modelId, { id: doomed, name: 'Late rename', isTop: false, competition: false }),
  ]) {
    assert.is(answer.status, 404);
    assert.is(answer.message, 'scenarioNoLongerExists');
    assert.is(answer.field, 'scenarioId');
  }
});

test('scenario update and delete check the version; a calculation status does not make a new one', async () => {
  const s = await newScenario('Scenario versions');
  const seen = (await bert.scenario(f.modelId, s))!.version;
  await server.ctx.db.query('UPDATE scenario SET status = 9 WHERE id = $1', [s]);
  await server.ctx.db.query('UPDATE scenario SET status = 0 WHERE id = $1', [s]);
  assert.is((await bert.scenario(f.modelId, s))!.version, seen, 'a status change is no new version');
  await anna.ok(anna.updateScenario(f.modelId, { id: s, name: 'Renamed by Anna', isTop: false, competition: false, version: seen }));
  changedElsewhere(await bert.updateScenario(f.modelId, { id: s, name: 'Renamed by Bert', isTop: true, competition: false, version: seen }), 'Anna Visser');
  changedElsewhere(await bert.deleteScenario(f.modelId, s, { version: seen }), 'Anna Visser');
  assert.is((await anna.scenario(f.modelId, s))!.name, 'Renamed by Anna');
  // A location change in the scenario is a change of the scenario too: a delete that did not see it is refused.
  const seen2 = (await bert.scenario(f.modelId, s))!.version;
  await anna.ok(anna.close(s, L(3)));
  changedElsewhere(await bert.deleteScenario(f.modelId, s, { version: seen2 }), 'Anna Visser');
  await bert.ok(bert.deleteScenario(f.modelId, s, { version: (await bert.scenario(f.modelId, s))!.version }));
});

/** One step of the property: a planner reads, writes, or both write at the same moment. */
type Step = { kind: 'read'; who: 0 | 1 } | { kind: 'write'; who: 0 | 1 } | { kind: 'both' };

test('property: no interleaving of two writers loses an acknowledged write', async () => {
  const s = await newScenario('Interleavings');
  const writers = [anna, bert];
  let counter = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('read' as const), who: fc.constantFrom(0 as const, 1 as const) }),
          fc.record({ kind: fc.constant('write' as const), who: fc.constantFrom(0 as const, 1 as const) }),
          fc.constant({ kind: 'both' as const }),
        ),
        { minLength: 1, maxLength: 8 },
      ),
      async (steps: Step[]) => {
        // What each planner last read: the version and the value it saw.
        const read = async (who: 0 | 1) => {
          const l = await writers[who]!.location(s, L(0));
          return { version: l.version, value: l.locationProperties.find((p) => p.name === 'surface')!.numberValue };
        };
        const seen = [await read(0), await read(1)];
        const start = seen[0]!.value;
        /** Acknowledged writes: the value written and the value its writer had seen (what it was built on). */
        const acknowledged: { value: number; builtOn: number | null }[] = [];
        const write = async (who: 0 | 1) => {
          const value = 10_000 + ++counter;
          const body = withSurface(await writers[who]!.editBody(s, L(0), { version: seen[who]!.version }), value);
          const a = await writers[who]!.edit(f.modelId, s, L(0), body);
          if (a.status === 200) acknowledged.push({ value, builtOn: seen[who]!.value });
          else assert.is(a.message, 'changedElsewhere', `a write is accepted or refused as changed elsewhere, not ${a.status} ${a.message}`);
        };
        for (const step of steps) {
          if (step.kind === 'read') seen[step.who] = await read(step.who);
          else if (step.kind === 'write') await write(step.who);
          else await Promise.all([write(0), write(1)]);
        }
        // The acknowledged writes form one chain from the start: each built on the one before it.
        let current = start;
        const left = [...acknowledged];
        while (left.length) {
          const next = left.findIndex((w) => w.builtOn === current);
          assert.ok(next >= 0, `a write was acknowledged on a value nobody saw: ${JSON.stringify({ current, left })}`);
          current = left.splice(next, 1)[0]!.value;
        }
        assert.is((await read(0)).value, current, 'the stored value is the last acknowledged write');
      },
    ),
    { numRuns: 30 },
  );
});

test.run();
