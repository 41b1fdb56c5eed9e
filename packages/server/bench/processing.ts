// Bench: scenario processing on a national model, through the real path
// (queue, engine thread, stored results), on the demo data's turnover model.
// Prints: the full calculation of the base scenario and its speed-up over the
// plain dense all-pairs model in the same run, the time from start-processing
// to status 9 for one-store changes, and the peak memory of a worker.
// PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createAppLog } from '../src/log/app-log.js';
import { startProcessing } from '../src/processing/index.js';
import { areaSetKey, demandAreaSetId, loadDemandAreas, loadScenarioLocations, loadSubModels } from '../src/processing/inputs.js';
import { requestProcessing } from '../src/processing/queue.js';
import { processingSettings } from '../src/processing/settings.js';
import { denseHuff } from '../../engine/test/dense-huff.js';
import { seedDemoData } from '../src/demo/index.js';

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/** The demo data's turnover model: the national model a planner works with. */
async function loadDemo(db: Database): Promise<{ modelId: number; baseScenarioId: number }> {
  await seedDemoData(db, { seed: 1 });
  const model = (await db.query<{ id: number }>(`SELECT id FROM model WHERE output_type <> 4 ORDER BY id LIMIT 1`)).rows[0]!;
  const base = (await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [model.id])).rows[0]!;
  return { modelId: model.id, baseScenarioId: base.id };
}

const db = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
await migrate(db);
const log = createAppLog(db);
let t0 = performance.now();
const { modelId, baseScenarioId } = await loadDemo(db);
const loadMs = performance.now() - t0;

const completed = new Map<number, () => void>();
const reports = new Map<number, { milliseconds: number; incremental: boolean; recomputedAreas: number; newBlocks: number }>();
const processor = startProcessing({ db, log }, { ...processingSettings({}), pollMs: 1_000 }, {
  onCompleted(report) {
    if ('milliseconds' in report) reports.set(report.scenarioId, report);
    completed.get(report.scenarioId)?.();
  },
});

/** start-processing to status 9, as the API does it (queue, wake the worker). */
async function processScenario(scenarioId: number): Promise<number> {
  const done = new Promise<void>((resolve) => completed.set(scenarioId, resolve));
  const start = performance.now();
  await requestProcessing(db, scenarioId, null);
  processor.wake();
  await done;
  const ms = performance.now() - start;
  const status = (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenarioId])).rows[0]!.status;
  if (status !== 9) throw new Error(`scenario ${scenarioId} ended at status ${status}: ${(await db.query<{ error: string }>("SELECT error FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1", [scenarioId])).rows[0]?.error}`);
  return ms;
}

const cold = await processScenario(baseScenarioId);
// Again without a stored result to start from: a warm full calculation.
await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [baseScenarioId]);
const full = await processScenario(baseScenarioId);
const fullReport = reports.get(baseScenarioId)!;

// The plain dense all-pairs model on the same inputs, in this run.
const subModel = (await loadSubModels(db, modelId))[0]!;
const areaSetId = (await demandAreaSetId(db, modelId))!;
const areas = await loadDemandAreas(db, areaSetId, await areaSetKey(db, areaSetId));
const inputs = await loadScenarioLocations(db, modelId, baseScenarioId);
t0 = performance.now();
const dense = denseHuff(areas, {
  latitude: inputs.rows.map((r) => r.latitude), longitude: inputs.rows.map((r) => r.longitude), properties: inputs.records, active: inputs.active,
}, subModel.parameters);
const denseMs = performance.now() - t0;
const stored = new Map((await db.query<{ location_id: number; output: number }>('SELECT location_id, output FROM location_output WHERE scenario_id = $1 AND sub_model_id = $2', [baseScenarioId, subModel.id])).rows.map((r) => [r.location_id, r.output]));
let worst = 0;
let worstAt = '';
inputs.rows.forEach((r, j) => {
  const d = Math.abs(stored.get(r.location_id)! - dense[j]!) / Math.max(Math.abs(dense[j]!), 1e-300);
  if (d > worst) { worst = d; worstAt = `location ${r.location_id}: ${stored.get(r.location_id)} vs dense ${dense[j]}`; }
});
if (worst > 1e-9) console.log(`  outputs differ from the dense model most at ${worstAt}`);

// One-store changes: a store grows (as planners try "what if we extend").
const changeTimes: number[] = [];
const recomputed: number[] = [];
for (let k = 0; k < 7; k++) {
  const row = inputs.rows[(k * 997 + 123) % inputs.rows.length]!;
  const child = (await db.query<{ id: number }>(`INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id`, [modelId, `${row.name} extends`, baseScenarioId])).rows[0]!.id;
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, 3, name, latitude, longitude, location_group_id, location_cluster_id, properties || '{"salesArea": 2800}'::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`, [child, baseScenarioId, row.location_id]);
  changeTimes.push(await processScenario(child));
  recomputed.push(reports.get(child)!.recomputedAreas);
}
const sorted = [...changeTimes].sort((a, b) => a - b);
await processor.stop();
await db.close();

console.log(`processing bench (demo data, ${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}): ${areas.ids.length.toLocaleString('en')} demand cells x ${inputs.rows.length.toLocaleString('en')} stores; loaded in ${fmt(loadMs)}`);
console.log(`  base scenario, first calculation (start-processing to 9):   ${fmt(cold)}   (engine thread start and demand areas loaded once)`);
console.log(`  base scenario, full calculation (start-processing to 9):    ${fmt(full)}   (of which the worker's calculation and storing ${fmt(fullReport.milliseconds)})`);
console.log(`  plain dense all-pairs model, same inputs, same run:          ${fmt(denseMs)}`);
console.log(`  speed-up of the processing path over the dense model:        ${(denseMs / full).toFixed(1)}x   (largest relative difference of outputs ${worst.toExponential(1)})`);
console.log(`  one-store change, start-processing to 9 (7 runs):           median ${fmt(sorted[3]!)}, fastest ${fmt(sorted[0]!)}, slowest ${fmt(sorted[6]!)}   (${Math.round(recomputed.reduce((s, v) => s + v, 0) / recomputed.length)} of ${areas.ids.length.toLocaleString('en')} areas recomputed on average)`);
console.log(`  peak memory of a worker's engine thread (heap + buffers):    ${(processor.peakThreadBytes / 1048576).toFixed(0)} MB;   whole process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
