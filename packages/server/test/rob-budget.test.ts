// The memory budget of a calculation: one whose estimated pairs of areas and
// locations exceed CALCULATION_MEMORY_MB is refused before the engine starts
// (status 10, the reason in the processing log, no result stored); one that
// takes more than half the budget is calculated and its engine thread
// replaced afterwards, and the next calculation runs on the fresh thread.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BYTES_PER_PAIR, estimatePairs } from '@locus/engine';
import { areaSetKey, loadDemandAreas, loadScenarioLocations, loadSubModels } from '../src/processing/inputs.js';
import { loadSummary } from '../src/repo/results.js';
import { requestProcessing, startProcessing, type ScenarioProcessor } from '../src/processing/index.js';
import { DEFAULT_CALCULATION_MEMORY_MB, processingSettings } from '../src/processing/settings.js';
import type { CalculationReport } from '../src/processing/calculation.js';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, testProcessingSettings, waitForStatus, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
let processor: ScenarioProcessor | undefined;
const reports: Array<CalculationReport | { scenarioId: number; error: string }> = [];

test.before(async () => {
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await processor?.stop();
  await ws?.close();
});

async function run(budgetBytes: number, scenarioId: number): Promise<{ status: number; report: (typeof reports)[number] }> {
  await processor?.stop();
  processor = startProcessing(ws.server.ctx, testProcessingSettings({ calculationMemoryBytes: budgetBytes }), { onCompleted: (r) => reports.push(r) });
  const before = reports.length;
  await requestProcessing(ws.server.ctx.db, scenarioId, null);
  processor.wake();
  const status = await waitForStatus(ws.server.ctx.db, scenarioId);
  for (const end = Date.now() + 30_000; !reports.slice(before).some((r) => r.scenarioId === scenarioId);) {
    if (Date.now() > end) throw new Error(`no report of scenario ${scenarioId}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { status, report: reports.filter((r) => r.scenarioId === scenarioId).pop()! };
}

/** The engine's estimate of the base scenario's pairs, as the calculation makes it. */
async function estimatedBytes(scenarioId: number): Promise<number> {
  const { db } = ws.server.ctx;
  const { world } = ws;
  const areas = await loadDemandAreas(db, world.cellSetId, await areaSetKey(db, world.cellSetId));
  const inputs = await loadScenarioLocations(db, world.modelId, scenarioId);
  const [subModel] = await loadSubModels(db, world.modelId);
  const locations = { latitude: inputs.rows.map((r) => r.latitude), longitude: inputs.rows.map((r) => r.longitude), active: inputs.active };
  return estimatePairs(subModel!.parameters, areas, locations).bytes;
}

test('the budget is a setting in megabytes with a default', () => {
  assert.is(processingSettings({}).calculationMemoryBytes, DEFAULT_CALCULATION_MEMORY_MB * 1024 * 1024);
  assert.is(processingSettings({ CALCULATION_MEMORY_MB: '64' }).calculationMemoryBytes, 64 * 1024 * 1024);
  for (const bad of ['0', '-5', 'lots', 'Infinity']) assert.throws(() => processingSettings({ CALCULATION_MEMORY_MB: bad }), /CALCULATION_MEMORY_MB/, bad);
});

test('a calculation over the budget is refused before it starts, with the reason', async () => {
  const { world } = ws;
  const needed = await estimatedBytes(world.baseScenarioId);
  assert.ok(needed > 10_000, `${needed} bytes`);
  const { status, report } = await run(needed - BYTES_PER_PAIR, world.baseScenarioId);
  assert.is(status, 10);
  assert.ok('error' in report);
  assert.match(report.error, /too large/);
  assert.match(report.error, /CALCULATION_MEMORY_MB/);
  assert.match(report.error, /sub-model 'Default'/);
  const log = (await ws.call(`/api/models/${world.modelId}/processing-log`, ws.tokens.globalAdmin)).json();
  assert.match(log[0].error, /the calculation is too large: it would hold about [\d,]+ pairs/);
  assert.is(await loadSummary(ws.server.ctx.db, world.baseScenarioId, world.subModelId), undefined, 'nothing stored');
  const read = await ws.call(`/api/models/${world.subModelId}/scenarios/${world.baseScenarioId}/differences`, ws.tokens.planner);
  assert.is(read.status, 409);
});

test('a calculation within the budget but over half of it: calculated, then its engine thread replaced', async () => {
  const { world } = ws;
  const budget = await estimatedBytes(world.baseScenarioId);
  const first = await run(budget, world.baseScenarioId);
  assert.is(first.status, 9);
  assert.ok(!('error' in first.report));
  const report = first.report as CalculationReport;
  assert.ok(report.pairCount * BYTES_PER_PAIR > budget / 2, `${report.pairCount} pairs`);
  assert.ok(report.pairCount * BYTES_PER_PAIR <= budget, 'the estimate is not below the pairs held');
  assert.is(report.threadReplaced, true);
  // The next calculation (same processor) starts the fresh thread, which is sent the demand areas again.
  const child = await childWithEdit(ws.server.ctx.db, world.baseScenarioId, world.stores.Alpha!, 'Alpha larger', { salesArea: 1400 });
  await requestProcessing(ws.server.ctx.db, child, null);
  processor!.wake();
  assert.is(await waitForStatus(ws.server.ctx.db, child), 9);
  for (const end = Date.now() + 30_000; !reports.some((r) => r.scenarioId === child);) {
    if (Date.now() > end) throw new Error(`no report of scenario ${child}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const next = reports.find((r) => r.scenarioId === child) as CalculationReport;
  assert.is(next.areasHeld, false, 'the fresh thread did not hold the areas');
  assert.is(next.incremental, false, 'the replaced thread took its results with it');
});

test('with the default budget the calculation is not replaced', async () => {
  const { world } = ws;
  const child = await childWithEdit(ws.server.ctx.db, world.baseScenarioId, world.stores.Bravo!, 'Bravo larger', { salesArea: 1400 });
  const { status, report } = await run(processingSettings({}).calculationMemoryBytes, child);
  assert.is(status, 9);
  assert.not.ok((report as CalculationReport).threadReplaced);
});

test.run();
