// Output reads of a location on the demo data's largest model, on the real
// server (the bundle, embedded database, a fresh data folder): catchment area,
// matching locations, matching scores and drivers, as the app's drawer and the
// location report ask them.
//   first:    the first read of a result after its calculation (nothing of it in memory);
//   repeated: later reads of other locations of the same result.
// Per read type: wall time median / p95 (ms) and the server's CPU time per
// read (user + system from /proc, all threads). Beside them the lateness of
// the server's event loop while the reads run: a cheap request
// (GET /api/system/version) every 20 ms, its latency idle and during reads.
// Run: npm run bench:reads -w packages/server   (READS_REPEATS, default 30)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, request } from '../test/helpers/server.js';
import { matchingLocations, normalizedScores } from '@locus/engine';
import { openDatabase } from '../src/db/database.js';
import { bestMatches } from '../src/outputs/comparisons.js';
import { scenarioRecords } from '../src/outputs/records.js';
import { loadScenarioLocations } from '../src/processing/inputs.js';
import { LocationRowCache } from '../src/processing/location-cache.js';
import { loadSummary } from '../src/repo/results.js';
import { buildServer, calculate, cpuMsOf, scenariosOf, signInAs, startServer, type ServerProcess } from './server-process.js';

const REPEATS = Number(process.env.READS_REPEATS ?? 30);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x: number) => x.toFixed(1).padStart(8);

console.log('building the server bundle ...');
buildServer();

interface Model {
  id: number;
  name: string;
  catchmentAreas: Array<{ id: number; isDemand?: boolean }>;
}

/** A cheap request every 20 ms until stopped: its latencies tell how late the server's event loop answers. */
function probe(server: ServerProcess, token: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await request(server.baseUrl, '/api/system/version', { token });
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/**
 * The matching read's work in this process on the same data folder (the
 * server stopped), CPU time of all threads per step (the database thread counts too), best and median of 7:
 * the path before records were kept (the calculation's inputs with their
 * fingerprints, every location's entry made and sorted) against the
 * read-only loader, and against a read that finds the records kept.
 */
async function inProcess(modelId: number, subModelId: number, scenarioId: number, locationId: number) {
  const db = await openDatabase({ dataDir });
  try {
    const summary = (await loadSummary(db, scenarioId, subModelId))!;
    const functions = (
      await db.query<{ title: string; function: string; weight: number; default_value: number }>(
        'SELECT title, function, weight, default_value FROM normalized_scores_function WHERE model_id = $1 ORDER BY sort_order, id',
        [modelId],
      )
    ).rows.map((f) => ({ title: f.title, function: f.function, weight: f.weight, defaultValue: f.default_value }));
    const cpuOf = async (run: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        const c = process.cpuUsage();
        await run();
        const d = process.cpuUsage(c);
        samples.push((d.user + d.system) / 1000);
      }
      return `best ${ms(Math.min(...samples))}  median ${ms(quantile(samples, 0.5))} ms`;
    };
    const open = () => true;
    const before = await cpuOf(async () => {
      const inputs = await loadScenarioLocations(db, modelId, scenarioId);
      const reference = inputs.rows.findIndex((r) => r.location_id === locationId);
      matchingLocations(normalizedScores(functions, inputs.records), reference, 11, open);
    });
    const loader = await cpuOf(async () => {
      const data = await scenarioRecords(db, new LocationRowCache(), modelId, subModelId, scenarioId, summary);
      const reference = data.rows.findIndex((r) => r.location_id === locationId);
      bestMatches(normalizedScores(functions, data.records), reference, 11, open);
    });
    const data = await scenarioRecords(db, new LocationRowCache(), modelId, subModelId, scenarioId, summary);
    const scores = normalizedScores(functions, data.records);
    const reference = data.rows.findIndex((r) => r.location_id === locationId);
    const kept = await cpuOf(async () => bestMatches(scores, reference, 11, open));
    const same = JSON.stringify(bestMatches(scores, reference, 11, open)) === JSON.stringify(matchingLocations(scores, reference, 11, open));
    console.log(
      `\nmatching read's work in this process, CPU of all threads (${data.rows.length.toLocaleString('en-US')} locations, ${functions.length} functions):`,
    );
    console.log(`  before (calculation's inputs with fingerprints, every entry made):  ${before}`);
    console.log(`  first read now (read-only loader, entries for those shown):        ${loader}`);
    console.log(`  read with the records and scores kept:                             ${kept}`);
    console.log(`  the same matches as the engine's matchingLocations: ${same ? 'yes' : 'NO'}`);
    if (!same) exitCode = 1;
  } finally {
    await db.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'locus-reads-'));
let server: ServerProcess | undefined;
let exitCode = 0;
try {
  server = await startServer(dataDir, await freePort());
  const pid = server.child.pid!;
  const token = await signInAs(server.baseUrl);
  const models = (await request(server.baseUrl, '/api/models', { token })).json<Model[]>();
  // The largest model: the most locations in its base scenario.
  let chosen: { model: Model; scenarios: Awaited<ReturnType<typeof scenariosOf>>; locations: number[] } | undefined;
  for (const model of models) {
    const scenarios = await scenariosOf(server.baseUrl, token, model.id);
    const base = scenarios.find((s) => s.parentScenarioId === null)!;
    const list = (await request(server.baseUrl, `/api/models/scenarios/${base.id}/locations`, { token })).json<Array<{ id: number; type: number }>>();
    const locations = list.filter((l) => l.type !== 2).map((l) => l.id);
    if (!chosen || locations.length > chosen.locations.length) chosen = { model, scenarios, locations };
  }
  const { model, scenarios, locations } = chosen!;
  const subModelId = (await request(server.baseUrl, `/api/models/${model.id}/submodels`, { token })).json<Array<{ id: number }>>()[0]!.id;
  const catchmentAreaId = model.catchmentAreas[0]!.id;
  console.log(
    `"${model.name}": ${locations.length.toLocaleString('en-US')} locations; ${REPEATS} repeated reads per type; server CPU = user + system of all its threads`,
  );

  const reads: Record<string, (sid: number, lid: number) => string> = {
    'catchment area': (sid, lid) => `/api/models/${subModelId}/scenarios/${sid}/locations/${lid}/catchment-areas/${catchmentAreaId}`,
    'matching locations': (sid, lid) => `/api/models/${subModelId}/scenarios/${sid}/locations/${lid}/matching-locations?topN=11`,
    'matching scores': (sid, lid) => `/api/models/${subModelId}/scenarios/${sid}/locations/${lid}/matching-scores?topN=5`,
    drivers: (sid, lid) => `/api/models/scenarios/${sid}/drivers?locationId=${lid}`,
  };
  const timedRead = async (path: string) => {
    const cpu = cpuMsOf(pid);
    const t = performance.now();
    const r = await request(server!.baseUrl, path, { token });
    const wall = performance.now() - t;
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text().slice(0, 200)}`);
    return { wall, cpu: cpuMsOf(pid) - cpu };
  };

  // First reads: each scenario of the model calculated, then each read type asked once on it (the first read of that result).
  const first = new Map<string, { wall: number[]; cpu: number[] }>(Object.keys(reads).map((k) => [k, { wall: [], cpu: [] }]));
  const firstProbe: number[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    await calculate(server.baseUrl, token, model.id, scenario.id);
    const lid = locations[(i * 97) % locations.length]!;
    const p = probe(server, token);
    for (const [name, path] of Object.entries(reads)) {
      const { wall, cpu } = await timedRead(path(scenario.id, lid));
      first.get(name)!.wall.push(wall);
      first.get(name)!.cpu.push(cpu);
    }
    firstProbe.push(...(await p.stop()));
  }

  // Repeated reads: other locations of the base scenario's result.
  const base = scenarios.find((s) => s.parentScenarioId === null)!;
  const repeated = new Map<string, { wall: number[]; cpu: number[] }>(Object.keys(reads).map((k) => [k, { wall: [], cpu: [] }]));
  const repeatProbe = probe(server, token);
  for (const path of Object.values(reads)) await timedRead(path(base.id, locations[0]!));
  for (let k = 1; k <= REPEATS; k++) {
    const lid = locations[(k * 131) % locations.length]!;
    for (const [name, path] of Object.entries(reads)) {
      const { wall, cpu } = await timedRead(path(base.id, lid));
      repeated.get(name)!.wall.push(wall);
      repeated.get(name)!.cpu.push(cpu);
    }
  }
  const repeatLatencies = await repeatProbe.stop();
  // Idle last: at start the server loads the demand areas into the engine thread in the background.
  const idle = probe(server, token);
  await new Promise((r) => setTimeout(r, 2000));
  const idleLatencies = await idle.stop();

  console.log(
    `\n${'read'.padEnd(22)} ${'first: median'.padStart(14)} ${'p95'.padStart(8)} ${'CPU med'.padStart(8)}   ${'repeated: median'.padStart(17)} ${'p95'.padStart(8)} ${'CPU med'.padStart(8)}   (ms; first: ${scenarios.length} results)`,
  );
  for (const name of Object.keys(reads)) {
    const f = first.get(name)!;
    const r = repeated.get(name)!;
    console.log(
      `${name.padEnd(22)} ${ms(quantile(f.wall, 0.5)).padStart(14)} ${ms(quantile(f.wall, 0.95))} ${ms(quantile(f.cpu, 0.5))}   ${ms(quantile(r.wall, 0.5)).padStart(17)} ${ms(quantile(r.wall, 0.95))} ${ms(quantile(r.cpu, 0.5))}`,
    );
  }
  const line = (label: string, xs: number[]) =>
    console.log(
      `${label.padEnd(40)} ${String(xs.length).padStart(5)} probes: p50 ${ms(quantile(xs, 0.5))}  p99 ${ms(quantile(xs, 0.99))}  max ${ms(Math.max(...xs))} ms`,
    );
  console.log('\nevent-loop lateness (GET /api/system/version every 20 ms):');
  line('  idle', idleLatencies);
  line('  during first reads (after calculations)', firstProbe);
  line('  during repeated reads', repeatLatencies);
  await server.stop();
  server = undefined;
  await inProcess(model.id, subModelId, base.id, locations[0]!);
} catch (error) {
  console.error((error as Error).stack ?? error);
  exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
