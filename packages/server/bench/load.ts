// Load: LOAD_PLANNERS (50) simulated planners for LOAD_SECONDS (300) against
// the real server as `npm start` runs it (the bundle, its allocator settings
// and Node.js options), on PGlite (one process: API and calculations), then on
// PostgreSQL when one is given (TEST_DATABASE_URL, or LOAD_DATABASES naming
// postgres: the throw-away cluster of scripts/start-test-postgres.sh) with the
// API in one process and two worker processes. Loopback only; the planners'
// count and the time are bounded.
//
// Each planner signs in through the built-in provider (from an address of its
// own: the server trusts X-Forwarded-For here), gets a scenario of its own
// and then reads (its scenario's locations, conditional or not, a location's
// properties, outputs of a calculated scenario, area-set tiles, icons, the
// status poll) and writes (edit, close, undo, new scenario, start-processing;
// after start-processing it polls the status until the calculation is done,
// reading meanwhile, as the app does) with a think time between calls (70 %
// reads). At the end every scenario is calculated again and the bench checks
// that each ends at status 9 and holds exactly the successful writes.
//
// Baseline, in the same run and on the same database: the same planners and
// request mix against bench/load-baseline-server.ts, a bare Fastify server
// answering the same URLs with one SQL statement per read and one transaction
// per write (no sign-in, validation, access rules, versions, results or
// calculations), for LOAD_BASELINE_SECONDS (60). The ratio Locus / baseline
// is what Locus's work beyond reaching the database costs per request under
// the same load.
//
// Prints per database: requests, errors, requests per second, p50 / p99 of
// reads and of writes (the calculations themselves are not requests), the
// server processes' peak resident set (VmHWM), the machine's load, and the
// same for the baseline; then p50 / p99 / max per call type.
// Run: npm run bench -- load   (LOAD_SECONDS=30 for a short try; LOAD_PLANNERS, LOAD_THINK_MS,
// LOAD_DATABASES=pglite,postgres, LOAD_BASELINE_SECONDS, LOAD_CPU_PROFILE=<folder> to profile the server)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { hashPassword } from '../src/identity/passwords.js';
import { freePort } from '../test/helpers/server.js';
import { signIn, TestBrowser } from '../test/helpers/sign-in.js';
import { buildWorld, childWithEdit, type World } from '../test/helpers/world.js';
import { buildServer, memoryOf, root, startCommand } from './server-process.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const BASELINE_SECONDS = Number(process.env.LOAD_BASELINE_SECONDS ?? Math.min(SECONDS, 60));
const PLANNERS = Math.min(200, Number(process.env.LOAD_PLANNERS ?? 50));
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const PROFILE_DIR = process.env.LOAD_CPU_PROFILE;
const PASSWORD = 'Load-Planner-2026';
const serverDir = join(root, 'packages/server');
const databases = (process.env.LOAD_DATABASES ?? (process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',').map((d) => d.trim());

// ------------------------------------------------------------------ setup

interface Seeded {
  world: World;
  emails: string[];
  outputScenarioId: number;
  slug: string;
  poiSetId: number;
}

async function seed(db: Database): Promise<Seeded> {
  await migrate(db);
  const world = await buildWorld(db);
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
  return { world, emails, outputScenarioId, slug, poiSetId };
}

const children: ChildProcess[] = [];
// However the bench ends, its server processes end with it.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A server process (the bundle as `npm start` runs it, or a script through tsx), resolved when it prints readyText. */
function startProcess(args: string[], readyText: RegExp, env: Record<string, string>, options: { tsx?: boolean } = {}): Promise<ChildProcess> {
  const command = startCommand();
  const profile = PROFILE_DIR && !options.tsx ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const argv = options.tsx ? ['--import', 'tsx', ...args] : [...command.nodeArgs, ...profile, join(serverDir, 'dist/main.js'), ...args];
  const child = spawn(process.execPath, argv, {
    cwd: serverDir,
    env: { ...process.env, ...(options.tsx ? {} : command.env), DEMO_DATA: 'false', ENVIRONMENT: 'Bench', AUTO_CALCULATE_BASE: 'false', ...env },
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
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

function stop(list: ChildProcess[]): Promise<void> {
  return Promise.all(
    list
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
  ).then(() => undefined);
}

// ------------------------------------------------------------------ client

interface Answer {
  status: number;
  body: string;
  etag?: string;
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

/** A browser from an address of its own, so each planner signs in as a separate client. */
class ClientBrowser extends TestBrowser {
  constructor(private readonly address: string) {
    super();
  }

  override request(target: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    return super.request(target, { ...init, headers: { 'x-forwarded-for': this.address, ...init.headers } });
  }
}

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

interface Figures {
  requests: number;
  seconds: number;
  errors: string[];
  latencies: Map<string, number[]>;
  inconsistent: string[];
  completed: number;
  writes: number;
  removed: number;
}

/** One load run of the planners against baseUrl (https with sign-in: Locus; http without: the baseline). */
async function runLoad(baseUrl: string, seeded: Seeded, seconds: number, locus: boolean): Promise<Figures> {
  const { world, outputScenarioId, slug, poiSetId } = seeded;
  const stores = Object.values(world.stores);
  const agent = new Agent({ rejectUnauthorized: false, keepAlive: true, maxSockets: PLANNERS * 2 });
  const latencies = new Map<string, number[]>();
  const errors: string[] = [];
  let requests = 0;
  const tilesAsked = new Set<string>();

  function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const h: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, ...headers };
    if (payload !== undefined) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const send = locus ? httpsRequest : httpRequest;
      const req = send(`${baseUrl}${path}`, { method, headers: h, ...(locus ? { agent } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), etag: res.headers.etag as string | undefined }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

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
        locationProperties: (
          l.locationProperties as { id: number; name: string; stringValue: string | null; numberValue: number | null; propertyType: number }[]
        )
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

  try {
    const planners: Planner[] = [];
    for (let i = 0; i < PLANNERS; i++) {
      let token = 'baseline';
      if (locus) {
        const browser = new ClientBrowser(`10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
        token = (await signIn(baseUrl, seeded.emails[i]!, PASSWORD, { browser })).accessToken;
        browser.close();
      }
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
    // The base scenario and the read-only output scenario are calculated first (setup, not timed).
    for (const id of [world.baseScenarioId, outputScenarioId]) {
      const queued = await call('PUT', `/api/models/scenarios/${id}/start-processing`, planners[0]!.token);
      if (queued.status !== 200) throw new Error(`start-processing of scenario ${id}: ${queued.status} ${queued.body}`);
    }
    for (const id of [world.baseScenarioId, outputScenarioId]) {
      for (const end = Date.now() + 120_000; ; await sleep(100)) {
        const list = JSON.parse((await call('GET', `/api/models/${world.modelId}/scenarios/only-status`, planners[0]!.token)).body) as {
          id: number;
          status: number;
        }[];
        if (list.find((s) => s.id === id)?.status === 9) break;
        if (Date.now() > end) throw new Error(`scenario ${id} was not calculated`);
      }
    }
    // Only the planners' own work counts.
    latencies.clear();
    requests = 0;

    const started = performance.now();
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      planners.map(async (p) => {
        await sleep(random(THINK_MS * 4));
        while (Date.now() < deadline) {
          if (Math.random() < 0.7) await read(p);
          else await write(p);
          await think();
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const figures: Figures = { requests, seconds: elapsed, errors, latencies: new Map(latencies), inconsistent: [], completed: 0, writes: 0, removed: 0 };
    if (!locus) return figures;

    // The last changes are calculated too (outside the timed part), then every scenario is checked.
    await Promise.all(planners.map((p) => (p.changedSinceCalculation || p.status !== 9 ? startAndWait(p, Date.now() + 180_000) : undefined)));
    const statuses = new Map(
      (JSON.parse((await call('GET', `/api/models/${world.modelId}/scenarios/only-status`, planners[0]!.token)).body) as { id: number; status: number }[]).map(
        (s) => [s.id, s.status],
      ),
    );
    for (const p of planners) {
      if (statuses.get(p.scenarioId) === 9) figures.completed++;
      const changesAnswer = await call('GET', `/api/models/scenarios/${p.scenarioId}/changes`, p.token);
      if (changesAnswer.status !== 200) throw new Error(`changes of scenario ${p.scenarioId}: ${changesAnswer.status} ${changesAnswer.body.slice(0, 200)}`);
      const changes = JSON.parse(changesAnswer.body) as { locationId: number; changeType: number }[];
      const expected = new Map<number, number>([...[...p.edited.keys()].map((id) => [id, 3] as const), ...[...p.closed].map((id) => [id, 2] as const)]);
      const actual = new Map(changes.map((c) => [c.locationId, c.changeType]));
      const same = expected.size === actual.size && [...expected].every(([id, type]) => actual.get(id) === type);
      if (!same)
        figures.inconsistent.push(`scenario ${p.scenarioId}: changes ${JSON.stringify([...actual])}, successful writes say ${JSON.stringify([...expected])}`);
      for (const id of p.removed) {
        const gone = await call('GET', `/api/models/scenarios/${id}/changes`, p.token);
        if (gone.status !== 404) figures.inconsistent.push(`scenario ${id} was removed by undoing its last change but answers ${gone.status}`);
      }
      for (const [store, salesArea] of p.edited) {
        const l = JSON.parse((await call('GET', `/api/models/scenarios/${p.scenarioId}/locations/${store}/properties`, p.token)).body) as {
          locationProperties: { name: string; numberValue: number | null }[];
        };
        const stored = l.locationProperties.find((q) => q.name === 'salesArea')?.numberValue;
        if (stored !== salesArea)
          figures.inconsistent.push(`scenario ${p.scenarioId}, location ${store}: sales area ${stored}, last successful edit wrote ${salesArea}`);
      }
    }
    figures.writes = planners.reduce((n, p) => n + p.writes, 0);
    figures.removed = planners.reduce((n, p) => n + p.removed.length, 0);
    return figures;
  } finally {
    agent.destroy();
  }
}

// ------------------------------------------------------------------ figures

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const isWrite = (type: string) => type.startsWith('write:');
const of = (f: Figures, writes: boolean) => [...f.latencies].filter(([t]) => isWrite(t) === writes).flatMap(([, xs]) => xs);

/** Peak resident sets of the processes, sampled until stopped (VmHWM at the end catches what the sampling misses). */
function memoryWatch(pids: number[]) {
  const peak = new Map(pids.map((p) => [p, 0]));
  const sample = () => {
    for (const pid of pids) {
      try {
        const mb = memoryOf(pid).peakMb;
        if (Number.isFinite(mb)) peak.set(pid, Math.max(peak.get(pid)!, mb));
      } catch {
        // ended
      }
    }
  };
  const timer = setInterval(sample, 500);
  return () => {
    sample();
    clearInterval(timer);
    return pids.map((p) => peak.get(p)!);
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0));

function summary(label: string, f: Figures, peaksMb: number[], loadBefore: string) {
  const reads = of(f, false);
  const writes = of(f, true);
  const mb = peaksMb.map((m) => m.toFixed(0)).join(' + ');
  console.log(
    `${label.padEnd(30)} ${String(f.requests).padStart(7)} ${String(f.errors.length).padStart(6)} ${(f.requests / f.seconds).toFixed(1).padStart(7)} ` +
      `${ms(quantile(reads, 0.5)).padStart(6)} ${ms(quantile(reads, 0.99)).padStart(6)} ${ms(quantile(writes, 0.5)).padStart(6)} ${ms(quantile(writes, 0.99)).padStart(6)}  ${mb.padStart(9)} MB  load ${loadBefore} → ${load()}`,
  );
}

function header() {
  console.log(
    `${'run'.padEnd(30)} ${'requests'.padStart(7)} ${'errors'.padStart(6)} ${'req/s'.padStart(7)} ${'read'.padStart(6)} ${'read'.padStart(6)} ${'write'.padStart(6)} ${'write'.padStart(6)}  ${'server'.padStart(9)}`,
  );
  console.log(
    `${''.padEnd(30)} ${''.padStart(7)} ${''.padStart(6)} ${''.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ${'peak RSS'.padStart(9)}`,
  );
}

function perType(f: Figures) {
  console.log(`  ${'call type'.padEnd(28)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const [type, xs] of [...f.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `  ${type.padEnd(28)} ${String(xs.length).padStart(7)} ${quantile(xs, 0.5).toFixed(1).padStart(8)} ${quantile(xs, 0.99).toFixed(1).padStart(8)} ${Math.max(
        ...xs,
      )
        .toFixed(1)
        .padStart(8)}`,
    );
  }
}

// ------------------------------------------------------------------ runs

interface Result {
  label: string;
  figures: Figures;
  peaks: number[];
  loadBefore: string;
}

async function baseline(label: string, seeded: Seeded, env: Record<string, string>): Promise<Result> {
  const port = await freePort();
  const loadBefore = load();
  const child = await startProcess(['bench/load-baseline-server.ts'], /baseline listening/, { PORT: String(port), ...env }, { tsx: true });
  const watch = memoryWatch([child.pid!]);
  try {
    const figures = await runLoad(`http://127.0.0.1:${port}`, seeded, BASELINE_SECONDS, false);
    return { label, figures, peaks: watch(), loadBefore };
  } finally {
    watch();
    await stop([child]);
  }
}

async function onPglite(): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-load-'));
  try {
    const db = await openDatabase({ dataDir });
    const seeded = await seed(db);
    await db.close();
    const port = await freePort();
    const baseUrl = `https://127.0.0.1:${port}`;
    const loadBefore = load();
    const server = await startProcess([], /Ready in/, {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      TRUST_PROXY: 'true',
    });
    console.log(`PGlite: the server (API and calculations, one process) on ${baseUrl}; ${PLANNERS} planners for ${SECONDS} s`);
    const watch = memoryWatch([server.pid!]);
    let figures: Figures;
    let peaks: number[];
    try {
      figures = await runLoad(baseUrl, seeded, SECONDS, true);
    } finally {
      peaks = watch();
      await stop([server]);
    }
    const locus = { label: 'Locus on PGlite', figures, peaks, loadBefore };
    console.log(`PGlite baseline: ${BASELINE_SECONDS} s`);
    return [locus, await baseline('baseline on PGlite', seeded, { DATA_DIR: dataDir })];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Result[]> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const started = spawnSync('bash', [join(root, 'scripts/start-test-postgres.sh')], { stdio: 'inherit' });
    if (started.status !== 0) throw new Error('no PostgreSQL: set TEST_DATABASE_URL or install postgresql');
    adminUrl = 'postgresql://postgres@127.0.0.1:55432/postgres';
  }
  const dbName = `locus_load_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-load-'));
  try {
    const db = await openDatabase({ databaseUrl });
    const seeded = await seed(db);
    await db.close();
    const port = await freePort();
    const baseUrl = `https://127.0.0.1:${port}`;
    const loadBefore = load();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    const api = await startProcess(['--role', 'api'], /Ready in/, { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, TRUST_PROXY: 'true' });
    const workers = await Promise.all(
      [1, 2].map((n) =>
        startProcess(['--role', 'worker'], /calculating scenarios/, {
          ...env,
          PROCESSING_WORKER_NAME: `load-worker-${n}`,
          WORKERS: '1',
          PROCESSING_POLL_MS: '200',
        }),
      ),
    );
    console.log(`PostgreSQL (${dbName}): the API and 2 worker processes; ${PLANNERS} planners for ${SECONDS} s`);
    const watch = memoryWatch([api.pid!, ...workers.map((w) => w.pid!)]);
    let figures: Figures;
    let peaks: number[];
    try {
      figures = await runLoad(baseUrl, seeded, SECONDS, true);
    } finally {
      peaks = watch();
      await stop([api, ...workers]);
    }
    const locus = { label: 'Locus on PostgreSQL', figures, peaks, loadBefore };
    console.log(`PostgreSQL baseline: ${BASELINE_SECONDS} s`);
    return [locus, await baseline('baseline on PostgreSQL', seeded, { DATABASE_URL: databaseUrl })];
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let exitCode = 1;
try {
  buildServer();
  const cpus = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 0;
  console.log(`load: ${PLANNERS} planners, think time ${THINK_MS} ms on average, ${cpus} cores, load average ${load()} at the start`);
  const results: Result[] = [];
  if (databases.includes('pglite')) results.push(...(await onPglite()));
  if (databases.includes('postgres')) results.push(...(await onPostgres()));

  console.log('\nlatencies in ms; reads and writes are requests (a calculation runs after its start-processing write returns)');
  header();
  for (const r of results) summary(r.label, r.figures, r.peaks, r.loadBefore);
  let ok = true;
  for (let k = 0; k + 1 < results.length; k += 2) {
    const [l, b] = [results[k]!, results[k + 1]!];
    const ratio = (writes: boolean, q: number) => (quantile(of(l.figures, writes), q) / quantile(of(b.figures, writes), q)).toFixed(1);
    console.log(
      `${l.label} / ${b.label}: reads p50 ${ratio(false, 0.5)}x, p99 ${ratio(false, 0.99)}x; writes p50 ${ratio(true, 0.5)}x, p99 ${ratio(true, 0.99)}x; ` +
        `requests/s ${(l.figures.requests / l.figures.seconds / (b.figures.requests / b.figures.seconds)).toFixed(2)}x`,
    );
  }
  for (const r of results) {
    console.log(`\n${r.label}:`);
    perType(r.figures);
    if (r.label.startsWith('Locus')) {
      const f = r.figures;
      const reads = quantile(of(f, false), 0.99);
      const writes = quantile(of(f, true), 0.99);
      const peak = Math.max(...r.peaks);
      const met = f.errors.length === 0 && reads < 1000 && writes < 1000 && peak < 600 && f.completed === PLANNERS && f.inconsistent.length === 0;
      ok &&= met;
      console.log(
        `  scenarios completed (status 9): ${f.completed} of ${PLANNERS}; successful writes: ${f.writes}; removed by undoing their last change (checked gone): ${f.removed}; ` +
          `inconsistencies: ${f.inconsistent.length}; targets (0 errors, p99 < 1 s, each process < 600 MB): ${met ? 'met' : 'NOT met'}`,
      );
      for (const e of f.inconsistent.slice(0, 20)) console.log(`  inconsistent: ${e}`);
    }
    for (const e of r.figures.errors.slice(0, 20)) console.log(`  error: ${e}`);
  }
  exitCode = ok ? 0 : 1;
} finally {
  await stop(children);
}
process.exit(exitCode);
