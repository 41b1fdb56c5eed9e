// The stored results' part of the processing bench (imported by
// processing.ts): reads of one location's catchment (as the planner app's
// catchment panel and map ask for it) and of one demand area, on the base
// scenario the bench calculated, with nothing of the result in memory
// (decoded blocks and summaries forgotten before each read) and again with
// them kept. Wall time through the server's API and the process's CPU time
// meanwhile (server and client share the process), median and p95, beside the aims.
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/database.js';
import { forgetDecodedBlocks, loadSummary } from '../src/repo/results.js';
import { readerFor } from '../src/outputs/results.js';
import type { TestServer } from '../test/helpers/server.js';

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const pct = (a: number[], p: number) => sorted(a)[Math.min(a.length - 1, Math.floor((a.length - 1) * p))]!;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Timing {
  wall: number[];
  cpu: number[];
}
const line = (t: Timing) =>
  `median ${pct(t.wall, 0.5).toFixed(1)} ms (CPU ${pct(t.cpu, 0.5).toFixed(1)} ms), p95 ${pct(t.wall, 0.95).toFixed(1)} ms (CPU ${pct(t.cpu, 0.95).toFixed(1)} ms), ${t.wall.length} reads`;

export interface ReadFigures {
  catchmentUncached: Timing;
  catchmentCached: Timing;
  areaUncached: Timing;
  areaCached: Timing;
}

export async function measureResultReads(server: TestServer, token: string, modelId: number, scenarioId: number, count: number): Promise<ReadFigures> {
  const db: Database = server.ctx.db;
  const subModelId = (await db.query<{ id: number }>('SELECT id FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id LIMIT 1', [modelId])).rows[0]!.id;
  const catchment = (
    await db.query<{ id: number; area_set_id: number }>(
      'SELECT id, area_set_id FROM catchment_area WHERE model_id = $1 ORDER BY is_demand DESC, sort_order, id LIMIT 1',
      [modelId],
    )
  ).rows[0]!;
  const summary = (await loadSummary(db, scenarioId, subModelId))!;
  const locations = Array.from(summary.locationIds, (id, j) => ({ location_id: id, output: summary.arrays.output[j]! }))
    .filter((l) => l.location_id > 0 && l.output > 0)
    .sort((a, b) => a.location_id - b.location_id);
  const areas = (await db.query<{ code: string }>('SELECT code FROM area WHERE area_set_id = $1 ORDER BY id', [catchment.area_set_id])).rows;
  const reader = readerFor(server.ctx);
  const forget = () => {
    forgetDecodedBlocks();
    reader.forget();
  };
  const timed = async (path: string, into: Timing) => {
    const wall = performance.now();
    const cpu = cpuMs();
    const r = await server.fetch(path, { token });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text().slice(0, 200)}`);
    into.wall.push(performance.now() - wall);
    into.cpu.push(cpuMs() - cpu);
  };
  const figures: ReadFigures = {
    catchmentUncached: { wall: [], cpu: [] },
    catchmentCached: { wall: [], cpu: [] },
    areaUncached: { wall: [], cpu: [] },
    areaCached: { wall: [], cpu: [] },
  };
  for (let k = 0; k < count; k++) {
    const location = locations[Math.floor(((k + 0.5) * locations.length) / count)]!.location_id;
    const path = `/api/models/${subModelId}/scenarios/${scenarioId}/locations/${location}/catchment-areas/${catchment.id}`;
    forget();
    await timed(path, figures.catchmentUncached);
    await timed(path, figures.catchmentCached);
    const area = areas[Math.floor(((k + 0.5) * areas.length) / count)]!.code;
    const areaPath = `/api/models/${subModelId}/scenarios/${scenarioId}/catchment-areas/${catchment.id}/areas/${encodeURIComponent(area)}/properties`;
    forget();
    await timed(areaPath, figures.areaUncached);
    await timed(areaPath, figures.areaCached);
  }
  return figures;
}

export function printResultReads(f: ReadFigures) {
  console.log('  reads of the stored base scenario through the API (aim: a catchment selection drawn in 300 ms, so the server part well under 100 ms):');
  console.log(`    catchment of one location, nothing in memory:          ${line(f.catchmentUncached)}`);
  console.log(`    catchment of one location, blocks kept:                ${line(f.catchmentCached)}`);
  console.log(`    area information, nothing in memory:                   ${line(f.areaUncached)}`);
  console.log(`    area information, block kept:                          ${line(f.areaCached)}`);
}
