// The API does not wait on a calculation: while a worker in the server's own
// process is in the middle of calculating a scenario (held at status 3 by a
// routing server that holds its answers), the system status, the model list
// and the scenario statuses answer, and the scenario is still running when
// they have answered. Once the processing log records the end of the run,
// the very next status read shows 9. The bound on the reads is generous (they
// must answer, not be fast): what is asserted is that they did not wait.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestProcessing } from '../src/repo/queue.js';
import { startFakeOsrm, type FakeOsrm } from './helpers/fake-osrm.js';
import { startWorldServer, statusOf, waitForStatus, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
let osrm: FakeOsrm;

test.before(async () => {
  osrm = await startFakeOsrm();
  ws = await startWorldServer({ routing: { provider: 'osrm', osrmUrl: osrm.url } });
});
test.after(async () => {
  osrm?.release();
  await ws?.close();
  await osrm?.close();
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Answers within the bound, or fails: a read that waited for the calculation would never come back while it is held. */
async function answered<T>(what: string, read: Promise<T>, boundMs = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${boundMs} ms during a calculation`)), boundMs);
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

test('status, models and scenario statuses answer while a calculation runs, and 9 shows as soon as the log says the run ended', async () => {
  const { db } = ws.server.ctx;
  const scenarioId = ws.world.baseScenarioId;
  osrm.hold();
  await requestProcessing(db, scenarioId, null);
  ws.processor!.wake();
  await until(async () => (await statusOf(db, scenarioId)) === 3 && osrm.waiting() > 0, 'the calculation to wait for travel times');

  for (let round = 0; round < 5; round++) {
    const status = await answered('GET /api/system/status', ws.server.fetch('/api/system/status'));
    assert.is(status.status, 200, status.text());
    const models = await answered('GET /api/models', ws.call('/api/models', ws.tokens.planner));
    assert.is(models.status, 200, models.text());
    assert.ok(Array.isArray(models.json()), 'the model list');
    const statuses = await answered('only-status', ws.call(`/api/models/${ws.world.modelId}/scenarios/only-status`, ws.tokens.planner));
    assert.is(statuses.status, 200);
    assert.is(statuses.json<Array<{ id: number; status: number }>>().find((s) => s.id === scenarioId)!.status, 3, 'the API shows the running step');
  }
  // All of that answered while the calculation was still held mid-way.
  assert.is(await statusOf(db, scenarioId), 3);
  assert.ok(osrm.waiting() > 0, 'the calculation is still waiting');

  osrm.release();
  await until(async () => {
    const log = (await db.query<{ ended: Date | null }>('SELECT ended FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [scenarioId]))
      .rows[0];
    return !!log?.ended;
  }, 'the processing log to record the end of the run');
  const after = await ws.call(`/api/models/${ws.world.modelId}/scenarios/only-status`, ws.tokens.planner);
  assert.is(after.json<Array<{ id: number; status: number }>>().find((s) => s.id === scenarioId)!.status, 9, 'status 9 at the first read after the log ended');
  assert.is(await waitForStatus(db, scenarioId), 9);
});

test.run();
