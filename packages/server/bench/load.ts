// Load: 50 simulated planners for LOAD_SECONDS (300 by default) against the
// real server on PostgreSQL, with the API in one process and two worker
// processes calculating scenarios (`--role api`, `--role worker` twice).
// Each planner signs in through the built-in provider (as the browser does,
// from an address of its own: the server trusts X-Forwarded-For here), gets a
// scenario of its own, and then reads (its scenario's locations, one
// location's properties, outputs of a calculated scenario, area-set tiles,
// location and POI icons, the status poll) and writes (edit, close, undo,
// start-processing; after start-processing it waits for the calculation as
// the app does, reading meanwhile) with a think time between calls.
// At the end every planner has its scenario calculated again and the bench
// checks that every scenario ends at status 9 and that each scenario's
// changes are exactly the successful writes made to it.
//
// Prints: requests, errors, p50 / p95 / max per call type (cache hit and
// miss apart where the read is cacheable), scenarios completed.
// Run: npm run bench -- load   (LOAD_SECONDS=30 for a short try; LOAD_PLANNERS, LOAD_THINK_MS)
// PostgreSQL: TEST_DATABASE_URL, else the throw-away cluster of
// scripts/start-test-postgres.sh (started when it is not running).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { hashPassword } from '../src/identity/passwords.js';
import { freePort } from '../test/helpers/server.js';
import { signIn, TestBrowser } from '../test/helpers/sign-in.js';
import { buildWorld, childWithEdit, type World } from '../test/helpers/world.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const PLANNERS = Number(process.env.LOAD_PLANNERS ?? 50);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const PASSWORD = 'Load-Planner-2026';
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

// ------------------------------------------------------------------ database

let adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  const started = spawnSync('bash', [join(root, 'scripts/start-test-postgres.sh')], { stdio: 'inherit' });
  if (started.status !== 0) throw new Error('no PostgreSQL: set TEST_DATABASE_URL or install postgresql');
  adminUrl = 'postgresql://postgres@127.0.0.1:55432/postgres';
}
const dbName = `locus_load_${randomBytes(5).toString('hex')}`;
{
  const admin = await openDatabase({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.close();
}
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const db = await openDatabase({ databaseUrl });
await migrate(db);
const world: World = await buildWorld(db);
// A calculated scenario that nobody edits: the outputs the planners read.
const outputScenarioId = await childWithEdit(db, world.baseScenarioId, world.stores.Bravo!, 'Bravo bigger (read only)', { salesArea: 1100 });
const hash = await hashPassword(PASSWORD);
const emails: string[] = [];
for (let i = 1; i <= PLANNERS; i++) {
  const email = `planner${i}@load.nl`;
  const login = (
    await db.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $1, $3) RETURNING id', [
      email,
      `Planner ${i}`,
      hash,
    ])
  ).rows[0]!;
  const user = (
    await db.query<{ id: number }>('INSERT INTO app_user (subject, title, email) VALUES ($1, $2, $3) RETURNING id', [String(login.id), `Planner ${i}`, email])
  ).rows[0]!;
  await db.query('INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, false)', [world.modelId, user.id]);
  emails.push(email);
}
const slug = (await db.query<{ slug: string }>('SELECT slug FROM area_set WHERE id = $1', [world.cellSetId])).rows[0]!.slug;
const poiSetId = (await db.query<{ id: number }>('SELECT id FROM poi_set WHERE model_id = $1', [world.modelId])).rows[0]!.id;

// ------------------------------------------------------------------ processes

const dataDir = mkdtempSync(join(tmpdir(), 'locus-load-'));
const port = await freePort();
const baseUrl = `https://127.0.0.1:${port}`;
const children: ChildProcess[] = [];
// However the bench ends, its server processes end with it.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function startProcess(args: string[], readyText: RegExp, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_DATA: 'false', ENVIRONMENT: 'Bench', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      if (readyText.test(output)) resolve(child);
    });
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

async function stopAll() {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
  );
}

await startProcess(['--role', 'api'], /Ready in/, { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, TRUST_PROXY: 'true' });
await Promise.all(
  [1, 2].map((n) =>
    startProcess(['--role', 'worker'], /calculating scenarios/, { PROCESSING_WORKER_NAME: `load-worker-${n}`, WORKERS: '1', PROCESSING_POLL_MS: '200' }),
  ),
);
console.log(`API and 2 worker processes on PostgreSQL (${dbName}); ${PLANNERS} planners for ${SECONDS} s, think time ${THINK_MS} ms on average`);

// ------------------------------------------------------------------ client

const agent = new Agent({ rejectUnauthorized: false, keepAlive: true, maxSockets: PLANNERS * 2 });
interface Answer {
  status: number;
  body: string;
  etag?: string;
}

function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const h: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, ...headers };
  if (payload !== undefined) {
    h['content-type'] = 'application/json';
    h['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${baseUrl}${path}`, { method, headers: h, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), etag: res.headers.etag as string | undefined }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const latencies = new Map<string, number[]>();
const errors: string[] = [];
let requests = 0;

/** One timed call of a type; anything but 2xx (and 304 where asked for) is an error. */
async function timed(
  type: string | ((a: Answer) => string),
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer | undefined> {
  const started = performance.now();
  let answer: Answer | undefined;
  try {
    answer = await call(method, path, token, body, headers);
  } catch (error) {
    errors.push(`${method} ${path}: ${(error as Error).message}`);
    requests++;
    return undefined;
  }
  const ms = performance.now() - started;
  requests++;
  const name = typeof type === 'string' ? type : type(answer);
  (latencies.get(name) ?? latencies.set(name, []).get(name)!).push(ms);
  if (!(answer.status >= 200 && answer.status < 300) && answer.status !== 304) {
    errors.push(`${name}: ${method} ${path} → ${answer.status} ${answer.body.slice(0, 200)}`);
    return undefined;
  }
  return answer;
}

/** A browser from an address of its own, so each planner signs in as a separate client. */
class ClientBrowser extends TestBrowser {
  constructor(private readonly address: string) {
    super();
  }

  override request(target: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    return super.request(target, { ...init, headers: { 'x-forwarded-for': this.address, ...init.headers } });
  }
}

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: T[]): T => list[random(list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

function tileOf(longitude: number, latitude: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return { z: zoom, x: Math.floor(((longitude + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}
/** The tiles over the world's grid at zoom 10 to 14. */
const tiles: string[] = [];
for (let z = 10; z <= 14; z++) {
  const a = tileOf(5.0, 52.145, z);
  const b = tileOf(5.235, 52.0, z);
  for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) tiles.push(`${z}/${x}/${y}`);
}
const tilesAsked = new Set<string>();
const stores = Object.values(world.stores);

interface Planner {
  index: number;
  token: string;
  scenarioId: number;
  /** Successful writes, as the scenario must show them: edited (with the sales area) and closed locations. */
  edited: Map<number, number>;
  closed: Set<number>;
  etag?: string;
  status: number;
  changedSinceCalculation: boolean;
  writes: number;
  /** Scenarios removed by undoing their last change: they must be gone at the end. */
  removed: number[];
}

async function scenarioStatus(p: Planner): Promise<number | undefined> {
  const a = await timed('status poll', 'GET', `/api/models/${world.modelId}/scenarios/only-status`, p.token);
  if (!a) return undefined;
  return (JSON.parse(a.body) as { id: number; status: number }[]).find((s) => s.id === p.scenarioId)?.status;
}

async function read(p: Planner) {
  const kind = random(10);
  if (kind < 3) {
    const conditional = p.etag && Math.random() < 0.6;
    const a = await timed(
      (r) => (r.status === 304 ? 'locations (hit: 304)' : conditional ? 'locations (miss: changed)' : 'locations (full)'),
      'GET',
      `/api/models/scenarios/${p.scenarioId}/locations`,
      p.token,
      undefined,
      conditional ? { 'if-none-match': p.etag! } : {},
    );
    if (a?.etag) p.etag = a.etag;
  } else if (kind < 4) {
    await timed('location properties', 'GET', `/api/models/scenarios/${p.scenarioId}/locations/${pick(stores)}/properties`, p.token);
  } else if (kind < 6) {
    const store = pick(stores);
    if (Math.random() < 0.5) {
      await timed(
        'output: catchment area',
        'GET',
        `/api/models/${world.subModelId}/scenarios/${outputScenarioId}/locations/${store}/catchment-areas/${world.cellCatchmentId}`,
        p.token,
      );
    } else {
      await timed('output: differences', 'GET', `/api/models/${world.subModelId}/scenarios/${outputScenarioId}/differences`, p.token);
    }
  } else if (kind < 8) {
    const tile = pick(tiles);
    const miss = !tilesAsked.has(tile);
    tilesAsked.add(tile);
    await timed(miss ? 'tile (miss: drawn)' : 'tile (hit: cached)', 'GET', `/api/tile-proxy/${slug}/${tile}`, p.token, undefined, { accept: 'image/png' });
  } else if (kind < 9) {
    const group = pick([world.groups.super, world.groups.discount, -1]);
    await timed(
      'icon: location',
      'GET',
      `/api/models/location-groups/${group}/logo/${pick(['round', 'square'])}/${pick(['true', 'false'])}/${random(4)}`,
      p.token,
      undefined,
      { accept: 'image/svg+xml' },
    );
  } else {
    await timed('icon: POI set', 'GET', `/api/models/${world.modelId}/poisets/${poiSetId}/logo`, p.token, undefined, { accept: 'image/svg+xml' });
  }
}

async function write(p: Planner) {
  const unchanged = stores.filter((s) => !p.edited.has(s) && !p.closed.has(s));
  const options: string[] = [];
  if (unchanged.length) options.push('edit', 'edit', 'close');
  if (p.edited.size) options.push('edit', 'undo edit');
  if (p.closed.size) options.push('undo close');
  if (p.changedSinceCalculation) options.push('start-processing');
  const action = pick(options);
  const base = `/api/models/scenarios/${p.scenarioId}/locations`;
  if (action === 'edit') {
    const store = pick([...unchanged, ...p.edited.keys()]);
    const location = await timed('location properties', 'GET', `${base}/${store}/properties`, p.token);
    if (!location) return;
    const l = JSON.parse(location.body);
    const salesArea = 500 + random(2000);
    const body = {
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
      locationProperties: (l.locationProperties as { id: number; name: string; stringValue: string | null; numberValue: number | null; propertyType: number }[])
        .filter((q) => q.propertyType !== 4)
        .map((q) => ({ id: q.id, stringValue: q.stringValue, numberValue: q.name === 'salesArea' ? salesArea : q.numberValue })),
    };
    if (await timed('write: edit', 'PUT', `/api/models/${world.modelId}/scenarios/${p.scenarioId}/locations/${store}`, p.token, body)) {
      p.edited.set(store, salesArea);
      p.changedSinceCalculation = true;
      p.writes++;
    }
  } else if (action === 'close') {
    const store = pick(unchanged);
    if (await timed('write: close', 'DELETE', `${base}/${store}/close`, p.token)) {
      p.closed.add(store);
      p.changedSinceCalculation = true;
      p.writes++;
    }
  } else if (action === 'undo edit' || action === 'undo close') {
    const store = action === 'undo edit' ? pick([...p.edited.keys()]) : pick([...p.closed]);
    const answer = await timed('write: undo', 'PUT', `${base}/${store}/${action === 'undo edit' ? 'undo-edit' : 'undo-close'}`, p.token);
    if (answer) {
      p.edited.delete(store);
      p.closed.delete(store);
      p.changedSinceCalculation = true;
      p.writes++;
      // Undoing the last change removes the scenario: the planner starts a new one.
      if ((JSON.parse(answer.body) as { scenarioDeleted?: boolean }).scenarioDeleted) {
        p.removed.push(p.scenarioId);
        await newScenario(p);
      }
    }
  } else {
    await startAndWait(p, Date.now() + 120_000);
  }
}

/** A new scenario of the planner's own under the base scenario. */
async function newScenario(p: Planner): Promise<void> {
  const created = await timed('write: create scenario', 'POST', `/api/models/${world.modelId}/scenarios`, p.token, {
    name: `Planner ${p.index + 1} plan ${p.removed.length + 1}`,
    parentScenarioId: world.baseScenarioId,
  });
  if (!created) throw new Error(`planner ${p.index + 1} could not create a scenario`);
  p.scenarioId = (JSON.parse(created.body) as { id: number }).id;
  p.edited.clear();
  p.closed.clear();
  p.etag = undefined;
  p.status = 0;
  p.changedSinceCalculation = true;
  p.writes++;
}

/** Start-processing, then (as the app) poll the status until the calculation is done, reading meanwhile. */
async function startAndWait(p: Planner, until: number) {
  if (!(await timed('write: start-processing', 'PUT', `/api/models/scenarios/${p.scenarioId}/start-processing`, p.token))) return;
  p.changedSinceCalculation = false;
  p.writes++;
  for (;;) {
    const status = await scenarioStatus(p);
    if (status === 9 || status === 10) {
      p.status = status;
      return;
    }
    if (Date.now() > until) {
      p.status = status ?? -1;
      return;
    }
    await read(p);
    await think();
  }
}

let exitCode = 1;
try {
  // ------------------------------------------------------------------ run

  const planners: Planner[] = [];
  const signInStarted = performance.now();
  for (let i = 0; i < PLANNERS; i++) {
    const browser = new ClientBrowser(`10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    const token = (await signIn(baseUrl, emails[i]!, PASSWORD, { browser })).accessToken;
    browser.close();
    const planner: Planner = {
      index: i,
      token,
      scenarioId: 0,
      edited: new Map(),
      closed: new Set(),
      status: 0,
      changedSinceCalculation: true,
      writes: 0,
      removed: [],
    };
    await newScenario(planner);
    planners.push(planner);
  }
  console.log(`${PLANNERS} planners signed in through the built-in provider in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);
  // The base scenario and the read-only output scenario are calculated first (setup, not timed).
  for (const id of [world.baseScenarioId, outputScenarioId]) {
    const queued = await call('PUT', `/api/models/scenarios/${id}/start-processing`, planners[0]!.token);
    if (queued.status !== 200) throw new Error(`start-processing of scenario ${id}: ${queued.status} ${queued.body}`);
  }
  for (const id of [world.baseScenarioId, outputScenarioId]) {
    const end = Date.now() + 120_000;
    while ((await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [id])).rows[0]!.status !== 9) {
      if (Date.now() > end) throw new Error(`scenario ${id} was not calculated`);
      await sleep(100);
    }
  }

  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    planners.map(async (p) => {
      await sleep(random(THINK_MS * 4));
      while (Date.now() < deadline) {
        if (Math.random() < 0.7) await read(p);
        else await write(p);
        await think();
      }
      // The last changes are calculated too.
      if (p.changedSinceCalculation || p.status !== 9) await startAndWait(p, Date.now() + 180_000);
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // ------------------------------------------------------------------ checks

  const final = new Map(
    (await db.query<{ id: number; status: number }>('SELECT id, status FROM scenario WHERE id = ANY($1)', [planners.map((p) => p.scenarioId)])).rows.map(
      (r) => [r.id, r.status],
    ),
  );
  let completed = 0;
  const inconsistent: string[] = [];
  for (const p of planners) {
    if (final.get(p.scenarioId) === 9) completed++;
    const changesAnswer = await call('GET', `/api/models/scenarios/${p.scenarioId}/changes`, p.token);
    if (changesAnswer.status !== 200) throw new Error(`changes of scenario ${p.scenarioId}: ${changesAnswer.status} ${changesAnswer.body.slice(0, 200)}`);
    const changes = JSON.parse(changesAnswer.body) as { locationId: number; changeType: number }[];
    const expected = new Map<number, number>([...[...p.edited.keys()].map((id) => [id, 3] as const), ...[...p.closed].map((id) => [id, 2] as const)]);
    const actual = new Map(changes.map((c) => [c.locationId, c.changeType]));
    const same = expected.size === actual.size && [...expected].every(([id, type]) => actual.get(id) === type);
    if (!same) inconsistent.push(`scenario ${p.scenarioId}: changes ${JSON.stringify([...actual])}, successful writes say ${JSON.stringify([...expected])}`);
    for (const id of p.removed) {
      const gone = await call('GET', `/api/models/scenarios/${id}/changes`, p.token);
      if (gone.status !== 404) inconsistent.push(`scenario ${id} was removed by undoing its last change but answers ${gone.status}`);
    }
    for (const [store, salesArea] of p.edited) {
      const l = JSON.parse((await call('GET', `/api/models/scenarios/${p.scenarioId}/locations/${store}/properties`, p.token)).body) as {
        locationProperties: { name: string; numberValue: number | null }[];
      };
      const stored = l.locationProperties.find((q) => q.name === 'salesArea')?.numberValue;
      if (stored !== salesArea) inconsistent.push(`scenario ${p.scenarioId}, location ${store}: sales area ${stored}, last successful edit wrote ${salesArea}`);
    }
  }

  const quantile = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  };
  console.log(`\nload: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)} per second), ${errors.length} errors`);
  console.log(`${'call type'.padEnd(28)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const [type, xs] of [...latencies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${type.padEnd(28)} ${String(xs.length).padStart(7)} ${quantile(xs, 0.5).toFixed(1).padStart(8)} ${quantile(xs, 0.95).toFixed(1).padStart(8)} ${Math.max(
        ...xs,
      )
        .toFixed(1)
        .padStart(8)}`,
    );
  }
  const writes = planners.reduce((n, p) => n + p.writes, 0);
  const removed = planners.reduce((n, p) => n + p.removed.length, 0);
  console.log(
    `scenarios completed (status 9): ${completed} of ${PLANNERS}; successful writes: ${writes}; scenarios removed by undoing their last change (checked gone): ${removed}; inconsistencies between a scenario and its successful writes: ${inconsistent.length}`,
  );
  for (const e of errors.slice(0, 20)) console.log(`  error: ${e}`);
  for (const e of inconsistent.slice(0, 20)) console.log(`  inconsistent: ${e}`);
  exitCode = errors.length === 0 && completed === PLANNERS && inconsistent.length === 0 ? 0 : 1;
} finally {
  agent.destroy();
  await stopAll();
  await db.close();
  const admin = await openDatabase({ databaseUrl: adminUrl });
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
