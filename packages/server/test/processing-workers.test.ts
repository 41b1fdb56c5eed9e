// Workers that die and workers that compete. A worker waiting for its
// routing service (a test server that holds its answers) is stopped mid-way;
// another worker takes the scenario over after the claim timeout and
// finishes it. On PostgreSQL the same with a real `--role worker` process
// killed with SIGKILL, and two worker processes on one database that never
// calculate the same scenario twice (PGlite is one process: those two skip there).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startProcessing } from '../src/processing/index.js';
import { requestProcessing, requestProcessingOfUnprocessed } from '../src/repo/queue.js';
import { childWithEdit } from './helpers/world.js';
import { startFakeOsrm, type FakeOsrm } from './helpers/fake-osrm.js';
import { statusOf, startWorldServer, testProcessingSettings, waitForStatus, type WorldServer } from './helpers/world-server.js';
import { testDatabaseKind } from './helpers/test-db.js';
import { storedOutputs } from './helpers/stored-outputs.js';

const onPostgres = testDatabaseKind === 'postgres';
const serverDir = fileURLToPath(new URL('..', import.meta.url));

let ws: WorldServer;
let osrm: FakeOsrm;
const children: ChildProcess[] = [];

test.before(async () => {
  osrm = await startFakeOsrm();
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
  );
  await ws?.close();
  await osrm?.close();
});

const routing = () => ({ provider: 'osrm' as const, osrmUrl: osrm.url });

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const lastLog = async (scenarioId: number) =>
  (
    await ws.server.ctx.db.query<{ claims: number; worker: string; error: string | null; ended: Date | null }>(
      'SELECT claims, worker, error, ended FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1',
      [scenarioId],
    )
  ).rows[0]!;

/** A worker process as `npm start -- --role worker` runs it, on the test's PostgreSQL database. */
function workerProcess(name: string, env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role', 'worker'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: ws.server.database.url!,
      PROCESSING_WORKER_NAME: name,
      PROCESSING_HEARTBEAT_MS: '200',
      PROCESSING_CLAIM_TIMEOUT_MS: '1500',
      PROCESSING_POLL_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      if (output.includes('calculating scenarios')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited (${code}): ${output}`)));
  });
  ready.catch(() => undefined);
  return { child, ready };
}

test('a worker thread stopped mid-way: another worker takes the scenario over after the timeout and finishes it', async () => {
  const { db } = ws.server.ctx;
  osrm.hold();
  const first = startProcessing(ws.server.ctx, testProcessingSettings({ workerName: 'first', routing: routing() }));
  await requestProcessing(db, ws.world.baseScenarioId, null);
  first.wake();
  await until(async () => (await statusOf(db, ws.world.baseScenarioId)) === 3 && osrm.waiting() > 0, 'the first worker to wait for travel times');
  await first.die();
  osrm.release();
  // Nothing moves while the claim is fresh: the scenario stays at 3.
  await new Promise((r) => setTimeout(r, 300));
  assert.is(await statusOf(db, ws.world.baseScenarioId), 3);
  const second = startProcessing(ws.server.ctx, testProcessingSettings({ workerName: 'second', routing: routing() }));
  try {
    assert.is(await waitForStatus(db, ws.world.baseScenarioId), 9);
    const log = await lastLog(ws.world.baseScenarioId);
    assert.is(log.claims, 2);
    assert.is(log.worker, 'second');
    assert.is(log.error, null);
    const messages = (await db.query<{ message: string }>(`SELECT message FROM log WHERE source = 'scenario-processing' ORDER BY id`)).rows.map(
      (r) => r.message,
    );
    assert.ok(
      messages.some((m) => m.includes('claimed by second (taken over from first that stopped at status 3)')),
      messages.join('\n'),
    );
    assert.is((await storedOutputs(db, ws.world.baseScenarioId)).length, 6);
  } finally {
    await second.stop();
  }
});

(onPostgres ? test : test.skip)('a worker process killed mid-way (SIGKILL): the scenario still completes', async () => {
  const { db } = ws.server.ctx;
  const scenario = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Delta!, 'Delta bigger', { salesArea: 1600 });
  osrm.hold();
  const worker = workerProcess('process-1', { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url });
  await worker.ready;
  await requestProcessing(db, scenario, null);
  await until(async () => (await statusOf(db, scenario)) === 3 && osrm.waiting() > 0, 'the worker process to wait for travel times');
  worker.child.kill('SIGKILL');
  await new Promise<void>((resolve) => worker.child.once('exit', () => resolve()));
  osrm.release();
  const rescuer = startProcessing(ws.server.ctx, testProcessingSettings({ workerName: 'rescuer', routing: routing() }));
  try {
    assert.is(await waitForStatus(db, scenario), 9);
    const log = await lastLog(scenario);
    assert.is(log.claims, 2);
    assert.is(log.worker, 'rescuer');
  } finally {
    await rescuer.stop();
  }
});

(onPostgres ? test : test.skip)('two worker processes on one PostgreSQL never calculate the same scenario twice', async () => {
  const { db } = ws.server.ctx;
  const ids: number[] = [];
  for (let k = 0; k < 16; k++) {
    const store = Object.values(ws.world.stores)[k % 6]!;
    ids.push(await childWithEdit(db, ws.world.baseScenarioId, store, `Variant ${k}`, { salesArea: 700 + 50 * k }));
  }
  const a = workerProcess('process-a', { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url });
  const b = workerProcess('process-b', { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url });
  await Promise.all([a.ready, b.ready]);
  assert.is(await requestProcessingOfUnprocessed(db, ws.world.modelId, null), 16);
  for (const id of ids) assert.is(await waitForStatus(db, id, [9, 10], 60_000), 9);
  const logs = (
    await db.query<{ scenario_id: number; claims: number; worker: string }>(
      'SELECT scenario_id, claims, worker FROM processing_log WHERE scenario_id = ANY($1)',
      [ids],
    )
  ).rows;
  assert.is(logs.length, 16);
  assert.ok(
    logs.every((l) => l.claims === 1),
    'each scenario was claimed once',
  );
  const claimed = (await db.query<{ message: string }>(`SELECT message FROM log WHERE source = 'scenario-processing' AND message LIKE '%claimed by process-%'`))
    .rows;
  for (const id of ids) assert.is(claimed.filter((m) => m.message.includes(`(${id}) claimed`)).length, 1, `scenario ${id}`);
  const workers = new Set(logs.map((l) => l.worker));
  assert.equal([...workers].sort(), ['process-a', 'process-b'], 'both processes calculated');
});

test.run();
