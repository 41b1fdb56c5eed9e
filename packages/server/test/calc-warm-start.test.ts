// Warm start: a processing loop started on a database with models loads the
// demand areas and hands them to its engine thread in the background, before
// any calculation is asked for. After a restart (a new processing loop), the
// first calculation finds the areas held by the thread (not sent with the
// job) and is no different from the ones after it: same outputs as before
// the restart. With the base result stored, the warm start's calculation of
// the base is kept as that result, so the first one-store change after a
// restart is incremental, with the outputs of a whole calculation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProcessing, type ScenarioProcessor } from '../src/processing/index.js';
import type { CalculationReport } from '../src/processing/calculation.js';
import { requestProcessing } from '../src/repo/queue.js';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, testProcessingSettings, waitForStatus, type WorldServer } from './helpers/world-server.js';
import { storedOutputs } from './helpers/stored-outputs.js';
import { calculateScenario, estimatorProvider } from '@locus/engine';
import { areaSetKey, loadDemandAreas, loadScenarioLocations, loadSubModels } from '../src/processing/inputs.js';

let ws: WorldServer;
test.before(async () => {
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await ws?.close();
});

type Report = CalculationReport | { scenarioId: number; error: string };

function processorWithReports(name: string): { processor: ScenarioProcessor; reports: Map<number, Report> } {
  const reports = new Map<number, Report>();
  const processor = startProcessing(ws.server.ctx, testProcessingSettings({ workerName: name }), { onCompleted: (r) => reports.set(r.scenarioId, r) });
  return { processor, reports };
}

async function calculate(processor: ScenarioProcessor, reports: Map<number, Report>, scenarioId: number): Promise<CalculationReport> {
  reports.delete(scenarioId);
  await requestProcessing(ws.server.ctx.db, scenarioId, null);
  processor.wake();
  assert.is(await waitForStatus(ws.server.ctx.db, scenarioId), 9);
  for (let i = 0; i < 200 && !reports.has(scenarioId); i++) await new Promise((r) => setTimeout(r, 10));
  const report = reports.get(scenarioId);
  assert.ok(report && 'milliseconds' in report, `a report of scenario ${scenarioId}`);
  return report as CalculationReport;
}

const outputs = async (scenarioId: number) =>
  (await storedOutputs(ws.server.ctx.db, scenarioId)).map((r) => ({ location_id: r.location_id, output: r.output }));

test('after a restart the first calculation uses the demand areas preloaded in the background', async () => {
  const { db } = ws.server.ctx;
  const first = processorWithReports('before-restart');
  await first.processor.warm;
  const before = await calculate(first.processor, first.reports, ws.world.baseScenarioId);
  assert.ok(before.areasHeld, 'even the very first calculation of a process finds the areas preloaded');
  const outputsBefore = await outputs(ws.world.baseScenarioId);
  await first.processor.stop();

  // Restart: a new processing loop (new engine thread, empty caches) on the same database.
  await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [ws.world.baseScenarioId]);
  const second = processorWithReports('after-restart');
  try {
    await second.processor.warm;
    const firstAfter = await calculate(second.processor, second.reports, ws.world.baseScenarioId);
    assert.ok(firstAfter.areasHeld, 'the first calculation after the restart did not have to send the demand areas');
    assert.is(firstAfter.incremental, false);
    assert.equal(await outputs(ws.world.baseScenarioId), outputsBefore, 'the same outputs as before the restart');
    const child = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Alpha, 'Alpha grows', { salesArea: 2600 });
    const next = await calculate(second.processor, second.reports, child);
    assert.ok(next.areasHeld);
    assert.ok(next.incremental, 'the one-store change is calculated from the kept result');
  } finally {
    await second.processor.stop();
  }
});

test('after a restart the warm start keeps its calculation of the stored base result: the first one-store change is incremental and exact', async () => {
  const { db } = ws.server.ctx;
  const first = processorWithReports('stores-the-base');
  await first.processor.warm;
  await calculate(first.processor, first.reports, ws.world.baseScenarioId);
  await first.processor.stop();

  const second = processorWithReports('keeps-the-base');
  try {
    await second.processor.warm;
    const child = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Charlie, 'Charlie grows', { salesArea: 2100 });
    const report = await calculate(second.processor, second.reports, child);
    assert.ok(report.incremental, 'calculated from the base result the warm start recomputed');
    assert.ok(report.recomputedAreas < report.areaCount, 'only the areas the change reaches');
    // The same outputs as a whole calculation of the child, independent of the processing path.
    const areas = await loadDemandAreas(db, ws.world.cellSetId, await areaSetKey(db, ws.world.cellSetId));
    const inputs = await loadScenarioLocations(db, ws.world.modelId, child);
    const [subModel] = await loadSubModels(db, ws.world.modelId);
    const full = await calculateScenario(
      {
        areas,
        locations: {
          latitude: inputs.rows.map((r) => r.latitude),
          longitude: inputs.rows.map((r) => r.longitude),
          properties: inputs.records,
          active: inputs.active,
        },
        parameters: subModel!.parameters,
      },
      estimatorProvider(),
    );
    const stored = new Map((await storedOutputs(db, child)).filter((o) => o.sub_model_id === subModel!.id).map((o) => [o.location_id, o.output]));
    inputs.rows.forEach((row, j) => {
      const expected = full.output[j]!;
      assert.ok(Math.abs(stored.get(row.location_id)! - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `location ${row.location_id}`);
    });
  } finally {
    await second.processor.stop();
  }
});

test('a calculation asked for while the warm start still runs waits for it on its thread and completes', async () => {
  const { db } = ws.server.ctx;
  await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [ws.world.baseScenarioId]);
  const p = processorWithReports('asked-at-once');
  try {
    const report = await calculate(p.processor, p.reports, ws.world.baseScenarioId);
    assert.ok(report.milliseconds >= 0);
    await p.processor.warm;
  } finally {
    await p.processor.stop();
  }
});

test.run();
