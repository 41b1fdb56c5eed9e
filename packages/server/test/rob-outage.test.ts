// PostgreSQL going away again and again while scenarios are calculated: the
// real server (API and calculation in one process, as `npm start` runs it)
// and a worker process of its own on a PostgreSQL cluster this test starts
// (own port and data folder), which is stopped and started 20 times while
// planners write and calculations run. Neither process may end; while the
// database is away a write answers 503; every scenario queued ends at status
// 9, or at 10 with its reason in the processing log; every write confirmed
// with 200 is there at the end, whole.
//
// Needs the PostgreSQL binaries (Debian's postgresql package). Outside CI it
// skips, and says so, where they are missing; in CI (CI=true) it never skips.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { buildWorld, type World } from './helpers/world.js';
import { freePort, request, type TestResponse } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { postgresBin, startOwnCluster, type OwnCluster } from './helpers/rob-postgres.js';
import { killAllServers, spawnServer, type ServerProcess } from './helpers/rob-process.js';

const OUTAGES = 20;
const haveBinaries = postgresBin() !== undefined;
const inCi = process.env.CI === 'true';
if (!haveBinaries && !inCi)
  console.log('  rob-outage: skipped, the PostgreSQL binaries (/usr/lib/postgresql/*/bin) are not installed (apt-get install postgresql)');
const outageTest = haveBinaries || inCi ? test : test.skip;

let cluster: OwnCluster | undefined;
let db: Database | undefined;
const folders: string[] = [];

test.after(async () => {
  await killAllServers();
  await db?.close().catch(() => undefined);
  cluster?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (p: ServerProcess) => p.child.exitCode === null && p.child.signalCode === null;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

outageTest(
  `PostgreSQL stopped and started ${OUTAGES} times during calculations: no process ends, every scenario ends at 9 or failed with a reason, nothing confirmed is lost`,
  async () => {
    cluster = await startOwnCluster();
    const url = await cluster.createDatabase('outages');
    db = await openDatabase({ databaseUrl: url });
    await migrate(db);
    const world: World = await buildWorld(db);
    const port = await freePort();
    const baseUrl = `https://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'locus-rob-outage-'));
    folders.push(dataDir);
    const processing = { PROCESSING_HEARTBEAT_MS: '200', PROCESSING_CLAIM_TIMEOUT_MS: '3000', PROCESSING_POLL_MS: '100' };
    const server = spawnServer([], {
      DATABASE_URL: url,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      PROCESSING_WORKER_NAME: 'outage-api',
      ...processing,
    });
    const worker = spawnServer(['--role', 'worker'], { DATABASE_URL: url, DATA_DIR: dataDir, PROCESSING_WORKER_NAME: 'outage-worker', ...processing });
    await Promise.all([server.waitFor(/Ready in/, 120_000), worker.waitFor(/calculating scenarios/, 120_000)]);
    const token = (await signIn(baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
    const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
      request(baseUrl, path, { ...init, token }).catch(
        (error: Error) => ({ status: 0, text: () => error.message, json: () => undefined }) as unknown as TestResponse,
      );
    const template = (await call(`/api/models/scenarios/${world.baseScenarioId}/locations/${world.stores.Delta}/properties`)).json<{
      id: number;
      name: string;
      latitude: number;
      longitude: number;
      type: number;
      visibility: number;
      excluded: boolean;
      locationGroupId: number;
      locationClusterId: number | null;
      locationProperties: { id: number; name: string; propertyType: number; stringValue: string | null; numberValue: number | null }[];
    }>();
    // The base scenario calculated first (the server queues it by itself at start; asked for again in case it
    // has not): while it is calculated its children cannot be written from it.
    await call(`/api/models/scenarios/${world.baseScenarioId}/start-processing`, { method: 'PUT' });
    await until(
      'the base scenario to be calculated',
      async () =>
        (await db!.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [world.baseScenarioId])).rows[0]!.status === 9 ? true : undefined,
      60_000,
    );

    // A write: a new child scenario with Delta's sales area edited (two tables, one transaction), then queued.
    let k = 0;
    const confirmed = new Map<string, { salesArea: number; scenarioId: number }>();
    const queued = new Set<number>([world.baseScenarioId]);
    const refused: { status: number; body: string }[] = [];
    const writeAndQueue = async () => {
      const n = ++k;
      const name = `Outage write ${n}`;
      const salesArea = 800 + n;
      const body = {
        id: template.id,
        name: template.name,
        latitude: template.latitude,
        longitude: template.longitude,
        type: template.type,
        visibility: template.visibility,
        excluded: template.excluded,
        locationGroupId: template.locationGroupId,
        locationClusterId: template.locationClusterId,
        scenarioCreation: null,
        locationProperties: template.locationProperties
          .filter((p) => p.propertyType !== 4)
          .map((p) => ({ id: p.id, stringValue: p.stringValue, numberValue: p.name === 'salesArea' ? salesArea : p.numberValue })),
      };
      const written = await call(
        `/api/models/${world.modelId}/scenarios/${world.baseScenarioId}/locations/${world.stores.Delta}?createScenario=true&overrideScenarioName=${encodeURIComponent(name)}`,
        { method: 'PUT', body },
      );
      if (written.status !== 200) {
        refused.push({ status: written.status, body: written.text() });
        return;
      }
      const scenarioId =
        (await db!.query<{ id: number }>('SELECT id FROM scenario WHERE name = $1', [name]).catch(() => ({ rows: [] as { id: number }[] }))).rows[0]?.id ??
        written.json<{ scenarioId?: number; id?: number }>().scenarioId ??
        -1;
      confirmed.set(name, { salesArea, scenarioId });
      const start = await call(`/api/models/scenarios/${scenarioId}/start-processing`, { method: 'PUT' });
      if (start.status === 200) queued.add(scenarioId);
      else refused.push({ status: start.status, body: start.text() });
    };

    const whileDown: { status: number; body: string }[] = [];
    let calculatingAtStop = 0;
    for (let outage = 1; outage <= OUTAGES; outage++) {
      // Up: planners write and queue calculations for a while.
      const upUntil = Date.now() + 600 + Math.random() * 900;
      await Promise.all(
        [0, 1].map(async () => {
          while (Date.now() < upUntil) {
            await writeAndQueue();
            await sleep(80);
          }
        }),
      );
      calculatingAtStop += (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM scenario WHERE status BETWEEN 2 AND 8')).rows[0]!.n;
      // Down: stopped as an administrator would (fast) or as a crash would (immediate).
      cluster.stop(outage % 2 ? 'fast' : 'immediate');
      const answer = await call(`/api/models/${world.modelId}/scenarios`, {
        method: 'POST',
        body: { name: `While down ${outage}`, parentScenarioId: world.baseScenarioId },
      });
      whileDown.push({ status: answer.status, body: answer.text() });
      await sleep(200 + Math.random() * 600);
      assert.ok(alive(server), `the server process is alive after outage ${outage}:\n${server.output().slice(-3000)}`);
      assert.ok(alive(worker), `the worker process is alive after outage ${outage}:\n${worker.output().slice(-3000)}`);
      cluster.start();
    }

    // Every scenario queued with a confirmation ends at 9, or at 10 with its reason.
    const ids = [...queued];
    const ended = await until(
      'every queued scenario to end',
      async () => {
        const rows = (
          await db!.query<{ id: number; status: number; error: string | null }>(
            `SELECT s.id, s.status, (SELECT error FROM processing_log l WHERE l.scenario_id = s.id ORDER BY l.id DESC LIMIT 1) AS error
         FROM scenario s WHERE s.id = ANY($1)`,
            [ids],
          )
        ).rows;
        return rows.length === ids.length && rows.every((r) => r.status === 9 || r.status === 10) ? rows : undefined;
      },
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nserver:\n${server.output().slice(-2000)}\nworker:\n${worker.output().slice(-2000)}`);
    });
    const failed = ended.filter((r) => r.status === 10);
    for (const r of failed) assert.ok(r.error && r.error.length > 0, `scenario ${r.id} failed with a reason`);

    assert.ok(alive(server), `the server process never ended:\n${server.output().slice(-3000)}`);
    assert.ok(alive(worker), `the worker process never ended:\n${worker.output().slice(-3000)}`);
    assert.not.match(server.output() + worker.output(), /unhandled rejection|uncaught exception/, 'no error went unhandled');

    // While the database was away a write answered 503 (or, stopping, was still done): never another error.
    for (const a of whileDown)
      assert.ok(a.status === 503 || a.status === 200, `a write while the database is away answers 503: ${a.status} ${a.body.slice(0, 300)}`);
    assert.ok(
      whileDown.some((a) => a.status === 503),
      'writes met the outages',
    );
    for (const a of refused) {
      assert.is(a.status, 503, `a refused write says the database is not reachable: ${a.body.slice(0, 300)}`);
      assert.match(a.body, /database is not reachable/);
    }

    // Nothing confirmed is lost: each confirmed write is its scenario with Delta's sales area as written.
    const stored = new Map(
      (
        await db.query<{ name: string; sales_area: number | null; versions: number }>(
          `SELECT s.name, max((v.properties->>'salesArea')::numeric) AS sales_area, count(v.location_id)::int AS versions
       FROM scenario s LEFT JOIN location_version v ON v.scenario_id = s.id
      WHERE s.model_id = $1 AND s.name LIKE 'Outage write %' GROUP BY s.name`,
          [world.modelId],
        )
      ).rows.map((r) => [r.name, r]),
    );
    const lost = [...confirmed].filter(([name, w]) => stored.get(name)?.sales_area !== w.salesArea).map(([name]) => name);
    assert.equal(lost, [], 'every confirmed write is stored as written');
    for (const [name, row] of stored) assert.is(row.versions, 1, `${name}: a whole write, its one edited location`);

    // The server works normally again, and sees what other processes write (its change listener reconnected).
    assert.is((await call(`/api/models/${world.modelId}/scenarios`)).status, 200);
    await db.query(`UPDATE scenario SET name = 'Renamed after the outages' WHERE id = $1`, [world.baseScenarioId]);
    await until(
      'the server to see a change made by another process',
      async () =>
        (await call(`/api/models/${world.modelId}/scenarios`)).json<{ id: number; name: string }[]>().some((s) => s.name === 'Renamed after the outages')
          ? true
          : undefined,
      10_000,
    );
    console.log(
      `  ${OUTAGES} outages: ${confirmed.size} writes confirmed (all stored), ${refused.length} refused with 503, ${whileDown.filter((a) => a.status === 503).length} of ${OUTAGES} writes while down answered 503; ` +
        `${ids.length} scenarios queued, ${ended.length - failed.length} ended at 9, ${failed.length} failed with a reason; ${calculatingAtStop} calculations running at the stops`,
    );
    await server.stop();
    await worker.stop();
  },
);

test.run();
