// The queue is first come, first served: scenarios are claimed in the order
// their calculation was asked for, not by id, so under a steady stream of
// requests a newer scenario does not wait behind older ones asked later.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { claimNext, endClaim, requestProcessing } from '../src/repo/queue.js';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
test.before(async () => {
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await ws?.close();
});

test('claimed in the order asked for', async () => {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const older = await childWithEdit(db, world.baseScenarioId, world.stores.Alpha!, 'Older', { salesArea: 1200 });
  const newer = await childWithEdit(db, world.baseScenarioId, world.stores.Bravo!, 'Newer', { salesArea: 1200 });
  assert.ok(newer > older);
  await requestProcessing(db, newer, null);
  await requestProcessing(db, older, null);
  const first = await claimNext(db, 'w', 60_000);
  assert.is(first?.scenarioId, newer, 'the scenario asked for first is claimed first');
  await db.transaction((tx) => endClaim(tx, newer, 'w', 9, null, null));
  // Asked for again: now behind the other one.
  await requestProcessing(db, newer, null);
  assert.is((await claimNext(db, 'w', 60_000))?.scenarioId, older);
  assert.is((await claimNext(db, 'w', 60_000))?.scenarioId, newer);
  assert.is(await claimNext(db, 'w', 60_000), undefined);
});

test.run();
