// Bench: scenario processing on the demo data's turnover model through the
// real path: the real server (HTTPS, the API), the queue, the engine thread,
// the stored results, PGlite in a data folder as the server runs it. Prints, like for like:
//   - the warm start (engine thread started, demand areas loaded and indexed
//     in the background) and whether the first calculation found them;
//   - start-processing to status 9 (to the commit that sets it, and to the
//     first API read that answers it) for the base scenario on a freshly
//     started processing loop (nothing of it in memory, its pair blocks not
//     stored) and on a warm one (the blocks stored anew too), with the wall
//     and process CPU time of every phase (claim, inputs, engine, storing, ...);
//     and the plain dense all-pairs model in the same run;
//   - one-store changes on a warm loop (basis kept by the engine thread:
//     incremental) and on fresh loops (a restart before each: the basis is
//     the base result the warm start calculated again and kept);
//   - reads of the stored result: a location's catchment and an area, with
//     nothing in memory and again (processing-results.ts);
//   - GET /api/system/status and GET /api/models, p50 and p99, while idle and
//     during calculations run apart for it (reads back to back; the timed runs
//     above run without them, since the reads take CPU from the calculation),
//     and how late the main thread's event loop ran, sampled only meanwhile;
//   - the engine thread's peak and this bench process's maxRSS (the server's own memory: memory.ts).
// Exits non-zero when the stored outputs differ from the dense model by more
// than 1e-9 (relative, or a billionth of the largest output near 0).
// PGlite by default (on its own thread); BENCH_DATABASE_URL (or DATABASE_URL) runs it on PostgreSQL.
import { performance } from 'node:perf_hooks';
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (benchDatabaseUrl) process.env.TEST_DATABASE_URL = benchDatabaseUrl;
const { startTestServer } = await import('../test/helpers/server.js');
const { signIn } = await import('../test/helpers/sign-in.js');
const { seedDemoData, DEMO_ACCOUNTS } = await import('../src/demo/index.js');
const { startProcessing } = await import('../src/processing/index.js');
const { areaSetKey, demandAreaSetId, loadDemandAreas, loadScenarioLocations, loadSubModels } = await import('../src/processing/inputs.js');
const { requestProcessing } = await import('../src/repo/queue.js');
const { processingSettings } = await import('../src/processing/settings.js');
const { collectBlocks, loadSummary } = await import('../src/repo/results.js');
const { denseHuff } = await import('../../engine/test/dense-huff.js');
const { measureResultReads, printResultReads } = await import('./processing-results.js');
import type { CalculationReport } from '../src/processing/calculation.js';
import type { PhaseTiming } from '../src/processing/phases.js';
import type { ScenarioProcessor } from '../src/processing/index.js';

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const pct = (a: number[], p: number) => sorted(a)[Math.min(a.length - 1, Math.floor((a.length - 1) * p))]!;
const med = (a: number[]) => pct(a, 0.5);

let t0 = performance.now();
// PGlite in a data folder, as the server runs it (BENCH_MEMORY=1: in memory, where large writes cost more, see test/helpers/test-db.ts).
const onDisk = process.env.BENCH_MEMORY !== '1';
const server = await startTestServer({
  seed: async (ctx) => {
    await seedDemoData(ctx.db, { seed: 1 });
  },
  databaseOnDisk: onDisk,
});
const loadMs = performance.now() - t0;
const db = server.ctx.db;
// BENCH_TRACE=<ms> (1 meaning 100): statements that held the database for more than that, with their SQL.
if (process.env.BENCH_TRACE) {
  const slowMs = Number(process.env.BENCH_TRACE) > 1 ? Number(process.env.BENCH_TRACE) : 100;
  const traced =
    <A extends unknown[], R>(what: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const start = performance.now();
      try {
        return await run(...args);
      } finally {
        const ms = performance.now() - start;
        if (ms > slowMs) console.log(`  slow ${what} ${ms.toFixed(0)} ms: ${String(args[0]).replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    };
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = traced('query', query) as typeof db.query;
  db.transaction = (async (fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) =>
      fn({
        query: traced('tx query', tx.query.bind(tx)) as typeof tx.query,
        copyBinary: traced('tx copy', tx.copyBinary.bind(tx)),
      }),
    )) as typeof db.transaction;
  db.copyBinary = traced('copy', db.copyBinary.bind(db));
}
const quick = process.env.BENCH_QUICK === '1';
const planner = DEMO_ACCOUNTS.find((a) => a.role === 'planner')!;
const token = (await signIn(server.baseUrl, planner.email, planner.password)).accessToken;
const model = (await db.query<{ id: number }>(`SELECT id FROM model WHERE output_type <> 4 ORDER BY id LIMIT 1`)).rows[0]!;
const baseScenarioId = (
  await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [model.id])
).rows[0]!.id;

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
/**
 * How late the main thread's event loop runs a 5 ms timer, sampled only while
 * started (the bench's own synchronous work between samplings, such as the
 * dense baseline, is not counted: node's histogram would count the whole
 * pause as one late tick when enabled again).
 */
function loopLateness() {
  const late: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const tick = (expected: number) => {
    timer = setTimeout(() => {
      const now = performance.now();
      late.push(Math.max(0, now - expected));
      tick(now + 5);
    }, 5);
  };
  return {
    late,
    start() {
      tick(performance.now() + 5);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
/** Latencies of the two reads, and how late the main thread's event loop ran meanwhile (it answers every request). */
interface Latencies {
  status: number[];
  models: number[];
  late: number[];
}
const newLatencies = (): Latencies => ({ status: [], models: [], late: [] });
/** Reads status and the model list one after the other until stop() (or `count` rounds). */
function sampleApi(count = Infinity): { done: Promise<Latencies>; stop(): void } {
  const lat: Latencies = newLatencies();
  const loop = loopLateness();
  let running = true;
  const done = (async () => {
    loop.start();
    for (let k = 0; running && k < count; k++) {
      lat.status.push(await timedGet('/api/system/status', false));
      lat.models.push(await timedGet('/api/models', true));
    }
    loop.stop();
    lat.late = loop.late;
    return lat;
  })();
  return {
    done,
    stop: () => {
      running = false;
    },
  };
}
const p = (a: number[], q: number) => (a.length ? pct(a, q).toFixed(1) : '-');
const latencyLine = (l: Latencies) =>
  `status p50 ${p(l.status, 0.5)} / p99 ${p(l.status, 0.99)} ms, models p50 ${p(l.models, 0.5)} / p99 ${p(l.models, 0.99)} ms (${l.status.length} reads each); ` +
  `main thread's event loop late p99 ${p(l.late, 0.99)} / max ${l.late.length ? Math.max(...l.late).toFixed(1) : '-'} ms`;

/** Start-processing to the storing commit (status 9), to the API answering 9, and to the worker's end. */
interface Run {
  toCommit: number;
  seenByApi: number;
  toEnd: number;
  report: CalculationReport;
}

const reports = new Map<number, CalculationReport>();
const completed = new Map<number, () => void>();
function newProcessor(): ScenarioProcessor {
  return startProcessing(
    server.ctx,
    { ...processingSettings({}), pollMs: 1_000 },
    {
      onCompleted(report) {
        if ('milliseconds' in report) reports.set(report.scenarioId, report);
        completed.get(report.scenarioId)?.();
      },
    },
  );
}

const busy = newLatencies();
/** How often the bench asks the API for the scenario's status (the planner app asks every 10 s). */
const STATUS_POLL_MS = 50;
/**
 * start-processing to status 9, as the API does it: the time to the storing
 * commit (the worker's clock), to the first status read through the API that
 * answers 9 (polled every STATUS_POLL_MS), and to the worker's end (after the
 * commit it caches the blocks it stored, collects replaced ones and writes
 * its log line). `underLoad`: the status and the model list are read back to
 * back meanwhile (their latencies go to `busy`); such runs are not the timed
 * ones, since the reads take CPU from the calculation.
 */
async function processScenario(processor: ScenarioProcessor, scenarioId: number, underLoad = false): Promise<Run> {
  const done = new Promise<void>((resolve) => completed.set(scenarioId, resolve));
  const sampler = underLoad ? sampleApi(Infinity) : undefined;
  const start = performance.now();
  await requestProcessing(db, scenarioId, null);
  processor.wake();
  let seen = Infinity;
  const poll = (async () => {
    for (;;) {
      const r = await server.fetch(`/api/models/${model.id}/scenarios/only-status`, { token });
      const row = (r.json() as Array<{ id: number; status: number }>).find((x) => x.id === scenarioId);
      if (row?.status === 9 || row?.status === 10) {
        seen = performance.now() - start;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
  })();
  await done;
  const toEnd = performance.now() - start;
  await poll;
  if (sampler) {
    sampler.stop();
    const l = await sampler.done;
    busy.status.push(...l.status);
    busy.models.push(...l.models);
    busy.late.push(...l.late);
  }
  const status = (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenarioId])).rows[0]!.status;
  if (status !== 9)
    throw new Error(
      `scenario ${scenarioId} ended at status ${status}: ${(await db.query<{ error: string }>('SELECT error FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [scenarioId])).rows[0]?.error}`,
    );
  const report = reports.get(scenarioId)!;
  return { toCommit: report.committedAt - start, seenByApi: seen, toEnd, report };
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

// Warm: again from nothing (result and its blocks removed), on the same loop.
async function forgetBase() {
  await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [baseScenarioId]);
  await collectBlocks(db);
}
const warmRuns: Run[] = [];
for (let k = 0; k < (quick ? 1 : 3); k++) {
  await forgetBase();
  warmRuns.push(await processScenario(processor, baseScenarioId));
}
// Reads of the stored base scenario (see processing-results.ts).
const reads = await measureResultReads(server, token, model.id, baseScenarioId, quick ? 5 : 20);

// The plain dense all-pairs model on the same inputs, in this run (no API sampling meanwhile: it holds this thread).
const subModel = (await loadSubModels(db, model.id))[0]!;
const areaSetId = (await demandAreaSetId(db, model.id))!;
const areas = await loadDemandAreas(db, areaSetId, await areaSetKey(db, areaSetId));
const inputs = await loadScenarioLocations(db, model.id, baseScenarioId);
t0 = performance.now();
const dense = quick
  ? new Float64Array(0)
  : denseHuff(
      areas,
      {
        latitude: inputs.rows.map((r) => r.latitude),
        longitude: inputs.rows.map((r) => r.longitude),
        properties: inputs.records,
        active: inputs.active,
      },
      subModel.parameters,
    );
const denseMs = performance.now() - t0;
const summary = (await loadSummary(db, baseScenarioId, subModel.id))!;
const stored = new Map(Array.from(summary.locationIds, (id, j) => [id, summary.arrays.output[j]!]));
let scale = 0;
for (const v of dense) scale = Math.max(scale, Math.abs(v));
let worst = 0;
let worstAt = '';
if (!quick)
  inputs.rows.forEach((r, j) => {
    const d = Math.abs(stored.get(r.location_id)! - dense[j]!) / Math.max(Math.abs(dense[j]!), 1e-9 * scale, Number.MIN_VALUE);
    if (!(d <= worst)) {
      worst = d;
      worstAt = `location ${r.location_id}: ${stored.get(r.location_id)} vs dense ${dense[j]}`;
    }
  });

// One-store changes: a store grows (as planners try "what if we extend"), or moves 400 m north (its isolines
// are computed during processing, for every isoline set of the model).
let changeIndex = 0;
async function oneStoreChild(move = false): Promise<number> {
  const row = inputs.rows[(changeIndex++ * 997 + 123) % inputs.rows.length]!;
  const child = (
    await db.query<{ id: number }>(`INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id`, [
      model.id,
      `${row.name} ${move ? 'moves' : 'extends'}`,
      baseScenarioId,
    ])
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, 3, name, latitude + $4, longitude, location_group_id, location_cluster_id, properties || $5::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [child, baseScenarioId, row.location_id, move ? 0.0036 : 0, move ? '{}' : '{"salesArea": 2800}'],
  );
  return child;
}
const warmChanges: Run[] = [];
for (let k = 0; k < (quick ? 2 : 7); k++) warmChanges.push(await processScenario(processor, await oneStoreChild()));
const warmMoves: Run[] = [];
for (let k = 0; k < (quick ? 1 : 3); k++) warmMoves.push(await processScenario(processor, await oneStoreChild(true)));

// The API while calculations run: the base scenario and one-store changes again, the API read back to back meanwhile.
const loaded: Run[] = [];
for (let k = 0; k < (quick ? 1 : 2); k++) {
  await forgetBase();
  loaded.push(await processScenario(processor, baseScenarioId, true));
}
for (let k = 0; k < (quick ? 1 : 3); k++) loaded.push(await processScenario(processor, await oneStoreChild(), true));

// Fresh loops: a restart before each one-store change (nothing of the last loop in memory; the new loop's
// warm start calculates the base scenario again and keeps it when it equals the stored result, warm.ts).
const freshChanges: Run[] = [];
for (let k = 0; k < (quick ? 1 : 3); k++) {
  await processor.stop();
  processor = newProcessor();
  await processor.warm;
  freshChanges.push(await processScenario(processor, await oneStoreChild()));
}
const peakThread = processor.peakThreadBytes;
await processor.stop();
await server.close();

const maxRss = process.resourceUsage().maxRSS / 1024;
const spread = (a: number[]) =>
  a.length === 1 ? fmt(a[0]!) : `median ${fmt(med(a))} (fastest ${fmt(sorted(a)[0]!)}, slowest ${fmt(sorted(a)[a.length - 1]!)})`;
const runsLine = (runs: Run[]) =>
  `to the commit of status 9 ${spread(runs.map((r) => r.toCommit))}; seen 9 through the API ${spread(runs.map((r) => r.seenByApi))}; worker done ${spread(runs.map((r) => r.toEnd))}`;
/** Per phase: the median wall and CPU time over the runs (phases in the order of the first run). */
function phaseLines(runs: Run[]): string[] {
  const names = runs[0]!.report.phases.map((x) => x.name);
  return names.map((name) => {
    const of = (pick: (x: PhaseTiming) => number) => med(runs.map((r) => r.report.phases.filter((x) => x.name === name).reduce((sum, x) => sum + pick(x), 0)));
    return `      ${(name + ':').padEnd(34)} ${of((x) => x.milliseconds)
      .toFixed(1)
      .padStart(7)} ms   CPU ${of((x) => x.cpuMilliseconds)
      .toFixed(1)
      .padStart(7)} ms`;
  });
}
const printRuns = (title: string, runs: Run[], extra: string) => {
  console.log(`    ${title} (${runs.length} run${runs.length > 1 ? 's' : ''}): ${runsLine(runs)}`);
  console.log(
    `      ${extra}; storing (status 8 to the commit) ${spread(runs.map((r) => r.report.storingMilliseconds))}; phases, median wall and process CPU (all threads):`,
  );
  for (const line of phaseLines(runs)) console.log(line);
};
const last = (runs: Run[]) => runs[runs.length - 1]!.report;
console.log(
  `processing bench (demo data, ${db.kind === 'pglite' ? `PGlite ${onDisk ? 'in a data folder' : 'in memory'}` : 'PostgreSQL'}, through the server's API): ${areas.ids.length.toLocaleString('en')} demand cells x ${inputs.rows.length.toLocaleString('en')} stores; loaded in ${fmt(loadMs)}`,
);
console.log(
  `  warm start of a processing loop (thread started, areas loaded and indexed, base scenarios read and calculated):  ${fmt(warmMs)}   (first calculation found the areas held: ${fresh.report.areasHeld})`,
);
console.log(
  `  start-processing to 9 is measured from the request (queued, the loop woken) to the commit that sets status 9; the API's answer is polled every ${STATUS_POLL_MS} ms.`,
);
console.log('  base scenario, all pair blocks stored (aim under 500 ms, storing under 150 ms):');
printRuns('fresh loop, first calculation after start', [fresh], `${fresh.report.newBlocks} blocks written`);
printRuns('warm loop', warmRuns, `${last(warmRuns).newBlocks} blocks written`);
console.log(
  `    plain dense all-pairs model, same inputs, same run:    ${fmt(denseMs)}   (${(denseMs / med(warmRuns.map((r) => r.toCommit))).toFixed(1)}x the warm processing path; largest relative difference of outputs ${worst.toExponential(1)})`,
);
console.log('  one-store change (aim under 300 ms):');
printRuns(
  'warm loop, basis kept by the engine thread',
  warmChanges,
  `${Math.round(warmChanges.reduce((s, r) => s + r.report.recomputedAreas, 0) / warmChanges.length)} of ${areas.ids.length.toLocaleString('en')} areas recomputed on average, ${last(warmChanges).newBlocks} blocks written`,
);
printRuns(
  'warm loop, a store moved (its isolines computed)',
  warmMoves,
  `${Math.round(warmMoves.reduce((s, r) => s + r.report.recomputedAreas, 0) / warmMoves.length)} areas recomputed on average, ${last(warmMoves).newBlocks} blocks written`,
);
printRuns(
  "fresh loop, a restart before each (the new loop's warm start calculates the base again)",
  freshChanges,
  `areas preloaded: ${freshChanges.every((r) => r.report.areasHeld)}; incremental from the base result the warm start kept: ${freshChanges.filter((r) => r.report.incremental).length} of ${freshChanges.length}; ${last(freshChanges).newBlocks} blocks written`,
);
printResultReads(reads);
console.log(`  the API (sequential reads; aim p99 under 50 ms during calculations; ${db.kind === 'pglite' ? 'PGlite on its own thread' : 'PostgreSQL'}):`);
console.log(`    idle:                                                  ${latencyLine(idle)}`);
console.log(`    during ${loaded.length} calculations (base and one-store changes, reads back to back, only while they ran): ${latencyLine(busy)}`);
console.log(`      those calculations, start-processing to the commit of 9 under this load: ${spread(loaded.map((r) => r.toCommit))}`);
console.log(
  `  memory: engine thread peak (heap + buffers) ${(peakThread / 1048576).toFixed(0)} MB; this bench's process maxRSS ${maxRss.toFixed(0)} MB (it seeds the demo data and runs the dense baseline in-process; the server's own memory: npm run bench -- memory)`,
);
if (!(worst <= 1e-9)) {
  console.log(`  FAILED: the stored outputs differ from the dense model beyond 1e-9, most at ${worstAt}`);
  process.exitCode = 1;
}
