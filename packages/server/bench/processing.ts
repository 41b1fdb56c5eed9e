// Bench: scenario processing on a national model, through the real path
// (queue, engine thread, stored results). Uses the demo data's turnover model
// when the demo package is there, else the engine's synthetic national model
// loaded into the database (BENCH_CELLS demand cells, BENCH_STORES stores).
// Prints: the full calculation of the base scenario and its speed-up over the
// plain dense all-pairs model in the same run, the time from start-processing
// to status 9 for one-store changes, and the peak memory of a worker.
// PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createAppLog } from '../src/log/app-log.js';
import { startProcessing } from '../src/processing/index.js';
import { areaSetKey, demandAreaSetId, loadDemandAreas, loadScenarioLocations, loadSubModels } from '../src/processing/inputs.js';
import { requestProcessing } from '../src/processing/queue.js';
import { processingSettings } from '../src/processing/settings.js';
import { denseHuff } from '../../engine/test/dense-huff.js';
import { syntheticWorld } from '../../engine/test/synthetic-world.js';

const cells = Number(process.env.BENCH_CELLS ?? 40_000);
const stores = Number(process.env.BENCH_STORES ?? 5_000);
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/** The synthetic national model as rows: cells as small squares, stores in towns. */
async function loadSynthetic(db: Database): Promise<{ modelId: number; baseScenarioId: number }> {
  const world = syntheticWorld(cells, stores);
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  const model = await one<{ id: number }>(`INSERT INTO model (name, locations_type, areas_type, output_type) VALUES ('National groceries', 'Supermarkets', 'Grid cells', 1) RETURNING id`);
  await db.query(`INSERT INTO sub_model (model_id, name, parameters) VALUES ($1, 'Default', $2)`, [model.id, JSON.stringify(world.parameters)]);
  const set = await one<{ id: number }>(`INSERT INTO area_set (model_id, name, slug, title) VALUES ($1, 'cells', 'bench-cells', 'Grid cells') RETURNING id`, [model.id]);
  await db.query(`INSERT INTO catchment_area (model_id, name, title, area_set_id, is_demand) VALUES ($1, 'cells', 'Grid cells', $2, true)`, [model.id, set.id]);
  const half = 0.01;
  for (let from = 0; from < cells; from += 5000) {
    const to = Math.min(cells, from + 5000);
    const codes: string[] = [], props: string[] = [], lat: number[] = [], lon: number[] = [], geometry: string[] = [];
    for (let i = from; i < to; i++) {
      const y = world.areas.latitude[i]!, x = world.areas.longitude[i]!;
      codes.push(`C${i}`);
      props.push(JSON.stringify(world.areas.properties[i]));
      lat.push(y);
      lon.push(x);
      geometry.push(JSON.stringify({ type: 'Polygon', coordinates: [[[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half], [x - half, y - half]]] }));
    }
    await db.query(
      `INSERT INTO area (area_set_id, code, properties, latitude, longitude, min_lng, min_lat, max_lng, max_lat, geometry)
       SELECT $1, c, p, la, lo, lo - $7, la - $7, lo + $7, la + $7, g FROM unnest($2::text[], $3::jsonb[], $4::float8[], $5::float8[], $6::jsonb[]) AS t(c, p, la, lo, g)`,
      [set.id, codes, props, lat, lon, geometry, half]);
  }
  await db.query(`INSERT INTO location_property (model_id, name, title, data_type) VALUES ($1, 'salesArea', 'Sales area', 1), ($1, 'parking', 'Parking', 1), ($1, 'formula', 'Formula', 0)`, [model.id]);
  const output = await one<{ id: number }>(`INSERT INTO location_property (model_id, name, title, data_type, property_type) VALUES ($1, 'turnover', 'Turnover', 3, 4) RETURNING id`, [model.id]);
  await db.query('UPDATE model SET output_location_property_id = $2 WHERE id = $1', [model.id, output.id]);
  const base = await one<{ id: number }>(`INSERT INTO scenario (model_id, name) VALUES ($1, 'Base') RETURNING id`, [model.id]);
  const ids = (await db.query<{ id: number }>(`INSERT INTO location (model_id, type, created_scenario_id) SELECT $1, 1, $2 FROM generate_series(1, $3) RETURNING id`, [model.id, base.id, stores])).rows.map((r) => r.id).sort((a, b) => a - b);
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties)
     SELECT $1, id, 0, 'Store ' || id, la, lo, p FROM unnest($2::int[], $3::float8[], $4::float8[], $5::jsonb[]) AS t(id, la, lo, p)`,
    [base.id, ids, Array.from(world.locations.latitude), Array.from(world.locations.longitude), Array.from(world.locations.properties, (p) => JSON.stringify(p))]);
  return { modelId: model.id, baseScenarioId: base.id };
}

/** The demo data's turnover model, when the demo package is in place. */
async function loadDemo(db: Database): Promise<{ modelId: number; baseScenarioId: number } | undefined> {
  const path = new URL('../src/demo/index.ts', import.meta.url);
  if (!existsSync(path)) return undefined;
  const demo = (await import(path.href)) as { seedDemoData(db: Database, options: { seed: number }): Promise<unknown> };
  await demo.seedDemoData(db, { seed: 1 });
  const model = (await db.query<{ id: number }>(`SELECT id FROM model WHERE output_type <> 4 ORDER BY id LIMIT 1`)).rows[0]!;
  const base = (await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [model.id])).rows[0]!;
  return { modelId: model.id, baseScenarioId: base.id };
}

const db = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
await migrate(db);
const log = createAppLog(db);
let t0 = performance.now();
const demo = await loadDemo(db);
const { modelId, baseScenarioId } = demo ?? await loadSynthetic(db);
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

console.log(`processing bench (${demo ? 'demo data' : 'synthetic national model'}, ${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}): ${areas.ids.length.toLocaleString('en')} demand cells x ${inputs.rows.length.toLocaleString('en')} stores; loaded in ${fmt(loadMs)}`);
console.log(`  base scenario, first calculation (start-processing to 9):   ${fmt(cold)}   (engine thread start and demand areas loaded once)`);
console.log(`  base scenario, full calculation (start-processing to 9):    ${fmt(full)}   (of which the worker's calculation and storing ${fmt(fullReport.milliseconds)})`);
console.log(`  plain dense all-pairs model, same inputs, same run:          ${fmt(denseMs)}`);
console.log(`  speed-up of the processing path over the dense model:        ${(denseMs / full).toFixed(1)}x   (largest relative difference of outputs ${worst.toExponential(1)})`);
console.log(`  one-store change, start-processing to 9 (7 runs):           median ${fmt(sorted[3]!)}, fastest ${fmt(sorted[0]!)}, slowest ${fmt(sorted[6]!)}   (${Math.round(recomputed.reduce((s, v) => s + v, 0) / recomputed.length)} of ${areas.ids.length.toLocaleString('en')} areas recomputed on average)`);
console.log(`  peak memory of a worker's engine thread (heap + buffers):    ${(processor.peakThreadBytes / 1048576).toFixed(0)} MB;   whole process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
