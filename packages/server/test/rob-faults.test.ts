// Faults, with nothing lost (the worker killed mid-calculation is in
// processing-workers.test.ts):
//   - PostgreSQL restarted while a worker process calculates, and a worker's
//     database connection ended mid-calculation: the scenario still ends at 9;
//   - PostgreSQL restarted during writes: each write is whole or absent, and
//     the API answers again once the database is back;
//   - PostgreSQL unreachable at start: the status call answers 0 (not ready)
//     and other calls 503; the server comes up when the database does;
//   - the embedded PGlite database killed (SIGKILL) during writes: the
//     server starts again on the same data folder and every write it had
//     confirmed is there;
//   - the data folder's disk full: a write is refused with a clear error,
//     nothing half-written, and after space is freed the server starts on the
//     same folder with every confirmed write. The disk is a small tmpfs
//     mounted for the test (root only; skipped, and said so, where mounting
//     is not allowed).
// The PostgreSQL tests run on a cluster of their own (helpers/rob-postgres.ts)
// so restarts touch no other test; like every PostgreSQL test they run when
// TEST_DATABASE_URL is set and skip on PGlite-only runs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { requestProcessing } from '../src/repo/queue.js';
import { buildWorld, childWithEdit, type World } from './helpers/world.js';
import { freePort, request, type TestResponse } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { startFakeOsrm, type FakeOsrm } from './helpers/fake-osrm.js';
import { openTestDatabase, testDatabaseKind } from './helpers/test-db.js';
import { postgresBin, startOwnCluster, type OwnCluster } from './helpers/rob-postgres.js';
import { killAllServers, spawnServer, type ServerProcess } from './helpers/rob-process.js';
import { storedOutputs } from './helpers/stored-outputs.js';

const onPostgres = testDatabaseKind === 'postgres' && postgresBin() !== undefined;
const pgTest = onPostgres ? test : test.skip;
// The embedded-database faults run in the PGlite pass of the suite (the PostgreSQL pass has its own above).
const pgliteTest = testDatabaseKind === 'pglite' ? test : test.skip;

let cluster: OwnCluster | undefined;
let osrm: FakeOsrm | undefined;
const folders: string[] = [];

test.after(async () => {
  await killAllServers();
  cluster?.destroy();
  await osrm?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statusOf = async (db: Database, id: number) => (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [id])).rows[0]!.status;

async function freshWorldOnCluster(name: string): Promise<{ url: string; db: Database; world: World }> {
  cluster ??= await startOwnCluster();
  const url = await cluster.createDatabase(name);
  const db = await openDatabase({ databaseUrl: url });
  await migrate(db);
  return { url, db, world: await buildWorld(db) };
}

async function apiServer(env: Record<string, string>): Promise<{ server: ServerProcess; baseUrl: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-rob-faults-'));
  folders.push(dataDir);
  const baseUrl = `https://127.0.0.1:${port}`;
  const server = spawnServer(env.ROLE_ARGS === 'all' ? [] : ['--role', 'api'], { PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, ...env });
  return { server, baseUrl, dataDir };
}

pgTest('PostgreSQL restarted while a worker process calculates: the scenario still ends at 9', async () => {
  const { url, db, world } = await freshWorldOnCluster('restart_processing');
  osrm = await startFakeOsrm();
  const worker = spawnServer(['--role', 'worker'], {
    DATABASE_URL: url,
    PROCESSING_WORKER_NAME: 'rob-worker',
    PROCESSING_HEARTBEAT_MS: '200',
    PROCESSING_CLAIM_TIMEOUT_MS: '3000',
    PROCESSING_POLL_MS: '100',
    ROUTING_PROVIDER: 'osrm',
    ROUTING_OSRM_URL: osrm.url,
  });
  await worker.waitFor(/calculating scenarios/);
  const scenario = await childWithEdit(db, world.baseScenarioId, world.stores.Charlie!, 'Charlie bigger', { salesArea: 1900 });
  osrm.hold();
  await requestProcessing(db, world.baseScenarioId, null);
  await requestProcessing(db, scenario, null);
  await until('the worker to wait for travel times', async () => (osrm!.waiting() > 0 ? true : undefined));
  cluster!.restart();
  osrm.release();
  for (const id of [world.baseScenarioId, scenario]) {
    const status = await until(
      `scenario ${id} to end`,
      async () => {
        const s = await statusOf(db, id);
        return s === 9 || s === 10 ? s : undefined;
      },
      90_000,
    );
    assert.is(status, 9, `scenario ${id} ended at ${status}: ${worker.output().slice(-1500)}`);
  }
  assert.ok((await storedOutputs(db, scenario)).length > 0, 'the results were stored');
  await worker.stop();
  await db.close();
});

pgTest("a worker's database connection ended mid-calculation: the scenario is calculated again and ends at 9, not failed", async () => {
  const { url, db, world } = await freshWorldOnCluster('dropped_connection');
  const worker = spawnServer(['--role', 'worker'], {
    DATABASE_URL: url,
    PROCESSING_WORKER_NAME: 'rob-dropped',
    PROCESSING_HEARTBEAT_MS: '200',
    PROCESSING_CLAIM_TIMEOUT_MS: '3000',
    PROCESSING_POLL_MS: '100',
  });
  await worker.waitFor(/calculating scenarios/);
  // Hold the results table, so the worker waits on it; then end the waiting connection (as a failover or a connection killer would).
  const pg = (await import('pg')).default;
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE scenario_result IN ACCESS EXCLUSIVE MODE');
  await requestProcessing(db, world.baseScenarioId, null);
  const pid = await until(
    'the worker to wait for the results table',
    async () =>
      (
        await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND backend_type = 'client backend' AND query ILIKE '%scenario_result%' AND pid <> $1`,
          [(await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid],
        )
      ).rows[0]?.pid,
    60_000,
  );
  await db.query('SELECT pg_terminate_backend($1)', [pid]);
  await holder.query('ROLLBACK');
  await holder.end();
  const status = await until(
    'the scenario to end',
    async () => {
      const s = await statusOf(db, world.baseScenarioId);
      return s === 9 || s === 10 ? s : undefined;
    },
    90_000,
  );
  assert.is(status, 9, `ended at ${status}: ${worker.output().slice(-1500)}`);
  // The worker meets the fault on one of two paths, whichever comes first: the calculation's query fails
  // (connection lost), or its heartbeat finds the claim gone (claim lost). Both leave the scenario to be
  // calculated again; neither may end it at 10.
  const lostLine = (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM log WHERE source = 'scenario-processing' AND (message LIKE '%database connection was lost%' OR message LIKE '%lost its claim%')`,
    )
  ).rows[0]!;
  const lines = (await db.query<{ message: string }>(`SELECT message FROM log WHERE source = 'scenario-processing' ORDER BY 1`)).rows.map((r) => r.message);
  assert.ok(lostLine.n > 0, `the worker met the lost connection and left the scenario to be calculated again: ${lines.join(' | ').slice(0, 1500)}`);
  await worker.stop();
  await db.close();
});

pgTest('PostgreSQL restarted during writes: each write is whole or absent, and the API answers again', async () => {
  const { url, db, world } = await freshWorldOnCluster('restart_writes');
  const { server, baseUrl } = await apiServer({ DATABASE_URL: url });
  await server.waitFor(/Ready in/);
  const token = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
  const location = await request(baseUrl, `/api/models/scenarios/${world.baseScenarioId}/locations/${world.stores.Delta}/properties`, { token });
  const l = location.json();
  // Each write makes a new child scenario holding one edited location: two tables, one transaction.
  const write = (k: number) =>
    request(
      baseUrl,
      `/api/models/${world.modelId}/scenarios/${world.baseScenarioId}/locations/${world.stores.Delta}?createScenario=true&overrideScenarioName=${encodeURIComponent(`Fault write ${k}`)}`,
      {
        method: 'PUT',
        token,
        body: {
          id: l.id,
          name: l.name,
          latitude: l.latitude,
          longitude: l.longitude,
          type: l.type,
          visibility: l.visibility,
          excluded: l.excluded,
          locationGroupId: l.locationGroupId,
          locationClusterId: l.locationClusterId,
          scenarioCreation: null,
          locationProperties: l.locationProperties
            .filter((p: { propertyType: number }) => p.propertyType !== 4)
            .map((p: { id: number; name: string; stringValue: string | null; numberValue: number | null }) => ({
              id: p.id,
              stringValue: p.stringValue,
              numberValue: p.name === 'salesArea' ? 1000 + k : p.numberValue,
            })),
        },
      },
    ).catch((error: Error) => ({ status: 0, text: () => error.message }) as unknown as TestResponse);
  const answers: { k: number; status: number; body: string }[] = [];
  let k = 0;
  const writers = Array.from({ length: 4 }, async () => {
    const end = Date.now() + 4000;
    while (Date.now() < end) {
      const n = ++k;
      const r = await write(n);
      answers.push({ k: n, status: r.status, body: r.text() });
    }
  });
  await new Promise((r) => setTimeout(r, 700));
  cluster!.restart();
  await Promise.all(writers);
  // The API answers again once the database is back.
  await until(
    'the API to answer after the restart',
    async () => ((await request(baseUrl, `/api/models/${world.modelId}/scenarios`, { token })).status === 200 ? true : undefined),
    30_000,
  );
  const confirmed = answers.filter((a) => a.status === 200).map((a) => a.k);
  const refused = answers.filter((a) => a.status !== 200);
  for (const a of refused) {
    assert.is(a.status, 503, `a write refused during the restart says the database is not reachable: ${a.body}`);
    assert.match(a.body, /database is not reachable/);
    assert.not.match(a.body, /SELECT|INSERT|UPDATE|at .*\.ts:\d+/, 'no SQL or stack trace in the answer');
  }
  const rows = (
    await db.query<{ name: string; versions: number; edited: number }>(
      `SELECT s.name, count(v.location_id)::int AS versions, count(v.location_id) FILTER (WHERE v.change_type = 3 AND v.location_id = $2)::int AS edited
       FROM scenario s LEFT JOIN location_version v ON v.scenario_id = s.id
      WHERE s.model_id = $1 AND s.name LIKE 'Fault write %' GROUP BY s.name`,
      [world.modelId, world.stores.Delta],
    )
  ).rows;
  for (const row of rows) assert.equal([row.versions, row.edited], [1, 1], `${row.name}: a whole write is a scenario with its one edited location`);
  const stored = new Set(rows.map((r) => Number(r.name.replace('Fault write ', ''))));
  for (const n of confirmed) assert.ok(stored.has(n), `confirmed write ${n} is stored`);
  console.log(
    `  writes during a PostgreSQL restart: ${answers.length} sent, ${confirmed.length} confirmed (all stored whole), ${refused.length} refused (${rows.length - confirmed.length} of them stored whole nevertheless, none half)`,
  );
  // Usually one to a few writes meet the restart itself; each of them is checked above, every one is whole or absent.
  assert.ok(confirmed.length > 0, 'writes were confirmed around the restart');
  await server.stop();
  await db.close();
});

pgTest('PostgreSQL unreachable at start: status 0 and 503 meanwhile, the server comes up when the database does', async () => {
  const { url, db, world } = await freshWorldOnCluster('late_database');
  await db.close();
  cluster!.stop();
  const { server, baseUrl } = await apiServer({ DATABASE_URL: url });
  await server.waitFor(/answers 0 \(not ready\)/, 60_000);
  const status = await request(baseUrl, '/api/system/status');
  assert.is(status.status, 200);
  assert.is(status.text(), '0');
  const other = await request(baseUrl, '/api/system/environment');
  assert.is(other.status, 503);
  assert.is(other.json().statusCode, 503);
  assert.match(other.json().message, /database/);
  cluster!.start();
  await server.waitFor(/Ready in/, 60_000);
  assert.is((await request(baseUrl, '/api/system/status')).text(), '1');
  const token = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
  assert.is((await request(baseUrl, `/api/models/${world.modelId}/scenarios`, { token })).status, 200);
  await server.stop();
});

/** Fills a PGlite data folder with the test world (a copy of the process's template: test-db.ts), then closes it. */
async function seedPglite(dataDir: string): Promise<World> {
  const database = await openTestDatabase({ dataDir, fill: buildWorld });
  await database.close();
  return database.filled;
}

/** Creates scenarios through the API, four at a time, until stopped; returns the names confirmed with 200. */
function scenarioWriter(baseUrl: string, token: string, modelId: number, parentId: number, prefix: string) {
  const confirmed: string[] = [];
  const failed: { name: string; status: number; body: string }[] = [];
  let running = true;
  let k = 0;
  const done = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (running) {
        const name = `${prefix} ${++k}`;
        try {
          const r = await request(baseUrl, `/api/models/${modelId}/scenarios`, { method: 'POST', token, body: { name, parentScenarioId: parentId } });
          if (r.status === 200) confirmed.push(name);
          else failed.push({ name, status: r.status, body: r.text() });
        } catch {
          return;
        }
      }
    }),
  );
  return {
    confirmed,
    failed,
    async stop() {
      running = false;
      await done;
    },
  };
}

pgliteTest('PGlite killed (SIGKILL) during writes: the server starts again and every confirmed write is there', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-rob-kill-'));
  folders.push(dataDir);
  const world = await seedPglite(dataDir);
  const port = await freePort();
  const baseUrl = `https://127.0.0.1:${port}`;
  const env = { PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, PLACES_COUNTRIES: 'none' };
  const first = spawnServer([], env);
  await first.waitFor(/Ready in/, 120_000);
  const token = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
  const writer = scenarioWriter(baseUrl, token, world.modelId, world.baseScenarioId, 'Before the crash');
  await until('some confirmed writes', async () => (writer.confirmed.length >= 20 ? true : undefined), 60_000);
  await first.kill();
  await writer.stop();
  const second = spawnServer([], env);
  await second.waitFor(/Ready in/, 120_000);
  const again = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
  const names = new Set((await request(baseUrl, `/api/models/${world.modelId}/scenarios`, { token: again })).json<{ name: string }[]>().map((s) => s.name));
  const lost = writer.confirmed.filter((n) => !names.has(n));
  console.log(`  PGlite killed during writes: ${writer.confirmed.length} writes confirmed before SIGKILL, ${lost.length} lost after the restart`);
  assert.equal(lost, [], 'no confirmed scenario is lost');
  // And it takes writes again.
  const after = await request(baseUrl, `/api/models/${world.modelId}/scenarios`, {
    method: 'POST',
    token: again,
    body: { name: 'After the crash', parentScenarioId: world.baseScenarioId },
  });
  assert.is(after.status, 200, after.text());
  await second.stop();
});

/** Mounts a tmpfs of `megabytes` at a new folder; undefined where mounting is not allowed. */
function mountTmpfs(megabytes: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'locus-rob-disk-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return dir;
}

pgliteTest("the data folder's disk full: writes are refused with a clear error, nothing half-written, nothing lost after space is freed", async () => {
  const mount = mountTmpfs(256);
  if (!mount) {
    console.log('  disk full: skipped, a tmpfs cannot be mounted here (needs root)');
    return;
  }
  try {
    const dataDir = join(mount, 'data');
    mkdirSync(dataDir);
    const world = await seedPglite(dataDir);
    const port = await freePort();
    const baseUrl = `https://127.0.0.1:${port}`;
    const env = { PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, PLACES_COUNTRIES: 'none' };
    const first = spawnServer([], env);
    await first.waitFor(/Ready in/, 120_000);
    const token = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
    // Fill the disk but for a few kilobytes.
    const filler = join(mount, 'filler');
    const free = () => {
      const s = statfsSync(mount);
      return s.bavail * s.bsize;
    };
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 64 * 1024)));
    const writer = scenarioWriter(baseUrl, token, world.modelId, world.baseScenarioId, 'On a full disk');
    await until(
      'a write refused for the full disk',
      async () => (writer.failed.length > 0 || first.child.exitCode !== null || first.child.signalCode !== null ? true : undefined),
      60_000,
    );
    await writer.stop();
    const refusal = writer.failed[0];
    console.log(
      `  disk full: ${writer.confirmed.length} writes confirmed, ${writer.failed.length} refused, first refusal: ${refusal ? `${refusal.status} ${refusal.body.slice(0, 160)}` : 'none'}; server ${first.child.exitCode === null && first.child.signalCode === null ? 'still running' : `stopped (${first.child.exitCode ?? first.child.signalCode})`}`,
    );
    if (refusal) {
      assert.is(refusal.status, 507, `a write on a full disk is 507 Insufficient Storage: ${refusal.body}`);
      assert.match(refusal.body, /disk of the database is full/, 'the answer says the disk is full');
      assert.not.match(refusal.body, /SELECT|INSERT|at .*\.ts:\d+/);
    } else {
      assert.match(first.output(), /No space left|ENOSPC|disk|space/i, 'the server says why it stopped');
    }
    await first.stop().catch(() => undefined);
    await first.kill();
    rmSync(filler);
    const second = spawnServer([], env);
    await second.waitFor(/Ready in/, 120_000);
    const again = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
    const scenarios = (await request(baseUrl, `/api/models/${world.modelId}/scenarios`, { token: again })).json<{ id: number; name: string }[]>();
    const names = new Set(scenarios.map((s) => s.name));
    assert.equal(
      writer.confirmed.filter((n) => !names.has(n)),
      [],
      'every confirmed write is there',
    );
    assert.equal(
      writer.failed.filter((f) => names.has(f.name)).map((f) => f.name),
      [],
      'no refused write is there',
    );
    const after = await request(baseUrl, `/api/models/${world.modelId}/scenarios`, {
      method: 'POST',
      token: again,
      body: { name: 'After freeing space', parentScenarioId: world.baseScenarioId },
    });
    assert.is(after.status, 200, after.text());
    await second.stop();
  } finally {
    await killAllServers();
    spawnSync('umount', ['-l', mount]);
    rmSync(mount, { recursive: true, force: true });
  }
});

test.run();
