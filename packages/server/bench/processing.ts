// Bench: scenario processing on the demo data's turnover model through the
// real path: the real server (HTTPS, the API), the queue, the engine thread,
// the stored results. Prints, like for like:
//   - the warm start (engine thread started, demand areas loaded and indexed
//     in the background) and whether the first calculation found them;
//   - start-processing to status 9 for the base scenario on a freshly started
//     processing loop (nothing of it in memory, its pair blocks not stored)
//     and on a warm one (the blocks stored anew too), with the time spent
//     storing; and against the plain dense all-pairs model in the same run;
//   - one-store changes on a fresh loop (the basis not in memory: a full
//     calculation, storing only the blocks that changed) and a warm one
//     (basis kept by the engine thread: incremental);
//   - reads of the stored result: a location's catchment and an area, with
//     nothing in memory and again (processing-results.ts);
//   - GET /api/system/status and GET /api/models, p50 and p99, while idle and
//     while calculations run;
//   - the whole process's maxRSS.
// Exits non-zero when the stored outputs differ from the dense model by more
// than 1e-9 (relative, or a billionth of the largest output near 0).
// PGlite by default (on its own thread); BENCH_DATABASE_URL (or DATABASE_URL) runs it on PostgreSQL.
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (benchDatabaseUrl) process.env.TEST_DATABASE_URL = benchDatabaseUrl;
const { startTestServer } = await import('../test/helpers/server.js');
const { signIn } = await import('../test/helpers/sign-in.js');
const { seedDemoData, DEMO_ACCOUNTS } = await import('../src/demo/index.js');
const { startProcessing } = await import('../src/processing/index.js');
const { areaSetKey, demandAreaSetId, loadDemandAreas, loadScenarioLocations, loadSubModels } = await import('../src/processing/inputs.js');
const { requestProcessing } = await import('../src/processing/queue.js');
const { processingSettings } = await import('../src/processing/settings.js');
const { collectBlocks } = await import('../src/processing/results-store.js');
const { denseHuff } = await import('../../engine/test/dense-huff.js');
const { measureResultReads, printResultReads } = await import('./processing-results.js');
import type { CalculationReport } from '../src/processing/calculation.js';
import type { ScenarioProcessor } from '../src/processing/index.js';

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const pct = (a: number[], p: number) => sorted(a)[Math.min(a.length - 1, Math.floor((a.length - 1) * p))]!;
const med = (a: number[]) => pct(a, 0.5);

let t0 = performance.now();
const server = await startTestServer({ seed: async (ctx) => { await seedDemoData(ctx.db, { seed: 1 }); } });
const loadMs = performance.now() - t0;
const db = server.ctx.db;
// BENCH_TRACE=1: statements that held the database for more than 100 ms, with their SQL.
if (process.env.BENCH_TRACE) {
  const traced = <A extends unknown[], R>(what: string, run: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const start = performance.now();
    try {
      return await run(...args);
    } finally {
      const ms = performance.now() - start;
      if (ms > 100) console.log(`  slow ${what} ${ms.toFixed(0)} ms: ${String(args[0]).replace(/\s+/g, ' ').slice(0, 100)}`);
    }
  };
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = traced('query', query) as typeof db.query;
  db.transaction = (async (fn: Parameters<typeof transaction>[0]) => transaction((tx) => fn({ query: traced('tx query', tx.query.bind(tx)) as typeof tx.query }))) as typeof db.transaction;
}
const quick = process.env.BENCH_QUICK === '1';
const planner = DEMO_ACCOUNTS.find((a) => a.role === 'planner')!;
const token = (await signIn(server.baseUrl, planner.email, planner.password)).accessToken;
const model = (await db.query<{ id: number }>(`SELECT id FROM model WHERE output_type <> 4 ORDER BY id LIMIT 1`)).rows[0]!;
const baseScenarioId = (await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [model.id])).rows[0]!.id;

// The API as a planner's browser sees it.
async function timedGet(path: string, withToken: boolean): Promise<number> {
  const start = performance.now();
  // A kept-alive connection the server closed while idle is reset on reuse: ask again (the time counts).
  const r = await server.fetch(path, withToken ? { token } : {}).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
    return server.fetch(path, withToken ? { token } : {});
  });
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
  return performance.now() - start;
}
/** Latencies of the two reads, and how late the main thread's event loop ran meanwhile (it answers every request). */
interface Latencies { status: number[]; models: number[]; loop: IntervalHistogram }
const newLatencies = (): Latencies => ({ status: [], models: [], loop: monitorEventLoopDelay({ resolution: 5 }) });
/** Reads status and the model list one after the other until stop() (or `count` rounds); `loop` adds up over several. */
function sampleApi(count = Infinity, loop = monitorEventLoopDelay({ resolution: 5 })): { done: Promise<Latencies>; stop(): void } {
  const lat: Latencies = { status: [], models: [], loop };
  let running = true;
  const done = (async () => {
    lat.loop.enable();
    for (let k = 0; running && k < count; k++) {
      lat.status.push(await timedGet('/api/system/status', false));
      lat.models.push(await timedGet('/api/models', true));
    }
    lat.loop.disable();
    return lat;
  })();
  return { done, stop: () => { running = false; } };
}
const ms = (ns: number) => (ns / 1e6).toFixed(1);
const latencyLine = (l: Latencies) =>
  `status p50 ${l.status.length ? med(l.status).toFixed(1) : '-'} / p99 ${l.status.length ? pct(l.status, 0.99).toFixed(1) : '-'} ms, ` +
  `models p50 ${l.models.length ? med(l.models).toFixed(1) : '-'} / p99 ${l.models.length ? pct(l.models, 0.99).toFixed(1) : '-'} ms (${l.status.length} reads each); ` +
  `main thread's event loop late p99 ${ms(l.loop.percentile(99))} / max ${ms(l.loop.max)} ms`;

const reports = new Map<number, CalculationReport>();
const completed = new Map<number, () => void>();
function newProcessor(): ScenarioProcessor {
  return startProcessing(server.ctx, { ...processingSettings({}), pollMs: 1_000 }, {
    onCompleted(report) {
      if ('milliseconds' in report) reports.set(report.scenarioId, report);
      completed.get(report.scenarioId)?.();
    },
  });
}

const busy = newLatencies();
/** start-processing to status 9, as the API does it, with the API read meanwhile. */
async function processScenario(processor: ScenarioProcessor, scenarioId: number): Promise<number> {
  const done = new Promise<void>((resolve) => completed.set(scenarioId, resolve));
  const sampler = sampleApi(Infinity, busy.loop);
  const start = performance.now();
  await requestProcessing(db, scenarioId, null);
  processor.wake();
  await done;
  const ms = performance.now() - start;
  sampler.stop();
  const l = await sampler.done;
  busy.status.push(...l.status);
  busy.models.push(...l.models);
  const status = (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenarioId])).rows[0]!.status;
  if (status !== 9) throw new Error(`scenario ${scenarioId} ended at status ${status}: ${(await db.query<{ error: string }>('SELECT error FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [scenarioId])).rows[0]?.error}`);
  return ms;
}

// Idle API first (one round of warm-up reads).
await sampleApi(20).done;
const idle = await sampleApi(200).done;

// A fresh processing loop: its warm start, then the base scenario's first calculation.
let processor = newProcessor();
t0 = performance.now();
await processor.warm;
const warmMs = performance.now() - t0;
const fresh = await processScenario(processor, baseScenarioId);
const freshReport = reports.get(baseScenarioId)!;

// Warm: again from nothing (result and its blocks removed), on the same loop.
async function forgetBase() {
  await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [baseScenarioId]);
  await collectBlocks(db);
}
const warmRuns: number[] = [];
const warmStoring: number[] = [];
for (let k = 0; k < (quick ? 1 : 3); k++) {
  await forgetBase();
  warmRuns.push(await processScenario(processor, baseScenarioId));
  warmStoring.push(reports.get(baseScenarioId)!.storingMilliseconds);
}
const warmReport = reports.get(baseScenarioId)!;
// Reads of the stored base scenario (see processing-results.ts).
const reads = await measureResultReads(server, token, model.id, baseScenarioId, quick ? 5 : 20);

// The plain dense all-pairs model on the same inputs, in this run.
const subModel = (await loadSubModels(db, model.id))[0]!;
const areaSetId = (await demandAreaSetId(db, model.id))!;
const areas = await loadDemandAreas(db, areaSetId, await areaSetKey(db, areaSetId));
const inputs = await loadScenarioLocations(db, model.id, baseScenarioId);
t0 = performance.now();
const dense = quick ? new Float64Array(0) : denseHuff(areas, {
  latitude: inputs.rows.map((r) => r.latitude), longitude: inputs.rows.map((r) => r.longitude), properties: inputs.records, active: inputs.active,
}, subModel.parameters);
const denseMs = performance.now() - t0;
const stored = new Map((await db.query<{ location_id: number; output: number }>('SELECT location_id, output FROM location_output WHERE scenario_id = $1 AND sub_model_id = $2', [baseScenarioId, subModel.id])).rows.map((r) => [r.location_id, r.output]));
let scale = 0;
for (const v of dense) scale = Math.max(scale, Math.abs(v));
let worst = 0;
let worstAt = '';
if (!quick) inputs.rows.forEach((r, j) => {
  const d = Math.abs(stored.get(r.location_id)! - dense[j]!) / Math.max(Math.abs(dense[j]!), 1e-9 * scale, Number.MIN_VALUE);
  if (d > worst) { worst = d; worstAt = `location ${r.location_id}: ${stored.get(r.location_id)} vs dense ${dense[j]}`; }
});

// One-store changes: a store grows (as planners try "what if we extend").
let changeIndex = 0;
async function oneStoreChild(): Promise<number> {
  const row = inputs.rows[(changeIndex++ * 997 + 123) % inputs.rows.length]!;
  const child = (await db.query<{ id: number }>(`INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id`, [model.id, `${row.name} extends`, baseScenarioId])).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, 3, name, latitude, longitude, location_group_id, location_cluster_id, properties || '{"salesArea": 2800}'::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`, [child, baseScenarioId, row.location_id]);
  return child;
}
const warmChanges: number[] = [];
const recomputed: number[] = [];
for (let k = 0; k < (quick ? 2 : 7); k++) {
  const child = await oneStoreChild();
  warmChanges.push(await processScenario(processor, child));
  recomputed.push(reports.get(child)!.recomputedAreas);
}

// Fresh loops: a restart before each one-store change (the basis is not in memory).
const freshChanges: number[] = [];
const freshHeld: boolean[] = [];
for (let k = 0; k < (quick ? 1 : 3); k++) {
  await processor.stop();
  processor = newProcessor();
  await processor.warm;
  const child = await oneStoreChild();
  freshChanges.push(await processScenario(processor, child));
  freshHeld.push(reports.get(child)!.areasHeld);
}
const peakThread = processor.peakThreadBytes;
await processor.stop();
await server.close();

const maxRss = process.resourceUsage().maxRSS / 1024;
const minMax = (a: number[]) => `median ${fmt(med(a))}, fastest ${fmt(sorted(a)[0]!)}, slowest ${fmt(sorted(a)[a.length - 1]!)}`;
console.log(`processing bench (demo data, ${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, through the server's API): ${areas.ids.length.toLocaleString('en')} demand cells x ${inputs.rows.length.toLocaleString('en')} stores; loaded in ${fmt(loadMs)}`);
console.log(`  warm start of a processing loop (thread started, areas loaded, indexed):  ${fmt(warmMs)}   (first calculation found the areas held: ${freshReport.areasHeld})`);
console.log('  base scenario, start-processing to 9 (all pair blocks stored; aim under 500 ms, storing under 150 ms):');
console.log(`    fresh loop (first calculation after start):            ${fmt(fresh)}   (worker ${fmt(freshReport.milliseconds)}, of which storing ${fmt(freshReport.storingMilliseconds)}; ${freshReport.newBlocks} blocks)`);
console.log(`    warm loop (3 runs):                                    ${minMax(warmRuns)}   (storing median ${fmt(med(warmStoring))}; ${warmReport.newBlocks} blocks)`);
console.log(`    plain dense all-pairs model, same inputs, same run:    ${fmt(denseMs)}   (${(denseMs / med(warmRuns)).toFixed(1)}x the warm processing path; largest relative difference of outputs ${worst.toExponential(1)})`);
console.log('  one-store change, start-processing to 9 (aim under 300 ms):');
console.log(`    warm loop, basis kept by the engine thread (7 runs):   ${minMax(warmChanges)}   (${Math.round(recomputed.reduce((s, v) => s + v, 0) / recomputed.length)} of ${areas.ids.length.toLocaleString('en')} areas recomputed on average)`);
console.log(`    fresh loop, basis not in memory: calculated fully (3): ${minMax(freshChanges)}   (areas preloaded: ${freshHeld.every(Boolean)})`);
printResultReads(reads);
console.log(`  the API (sequential reads; aim p99 under 50 ms during calculations; ${db.kind === 'pglite' ? 'PGlite on its own thread' : 'PostgreSQL'}):`);
console.log(`    idle:                                                  ${latencyLine(idle)}`);
console.log(`    during the calculations above:                         ${latencyLine(busy)}`);
console.log(`  memory: engine thread peak (heap + buffers) ${(peakThread / 1048576).toFixed(0)} MB; whole process maxRSS ${maxRss.toFixed(0)} MB (aim under 600 MB)`);
if (!(worst <= 1e-9)) {
  console.log(`  FAILED: the stored outputs differ from the dense model beyond 1e-9, most at ${worstAt}`);
  process.exitCode = 1;
}
