// The last part of a processing loop's warm start, per model: its base
// scenario's locations are read (kept: inputs.ts), and each engine thread
// calculates the base scenario with every sub-model, so the first real
// calculation finds the code compiled and the areas grouped for its reach,
// like the second. Where the base scenario's stored result was calculated
// from exactly these inputs (same basis key, same locations in the same
// order, every block hash equal), the thread keeps the calculation under the
// stored result's version: it is that result, exactly, and the first change
// of a scenario below the base after a start is calculated incrementally
// from it instead of whole.
import type { Database } from '../db/database.js';
import { baseScenario } from '../repo/scenarios.js';
import { fullPlan, planFrom } from './basis.js';
import { locationPayload, type DemandAreaCache } from './calculation.js';
import type { EngineThread } from './engine-thread.js';
import { basisKey, demandAreaSetId, loadModelInfo, loadSubModels, type ScenarioInputCache } from './inputs.js';
import type { WarmJob } from './jobs.js';
import { hexOf } from './result-codec.js';
import { loadBasisCandidates } from '../repo/results.js';
import { routingKey, type ProcessingSettings } from './settings.js';
import { resultBlockHashes } from '../repo/results.js';

export interface WarmContext {
  db: Database;
  settings: ProcessingSettings;
  areas: DemandAreaCache;
  inputs: ScenarioInputCache;
  threads: EngineThread[];
}

const sameIds = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((x, j) => x === b[j]);

export async function warmModel(ctx: WarmContext, modelId: number): Promise<void> {
  const { db } = ctx;
  const base = await baseScenario(db, modelId);
  const setId = await demandAreaSetId(db, modelId);
  if (!base || setId === undefined) return;
  const [model, subModels, inputs, areas] = await Promise.all([
    loadModelInfo(db, modelId),
    loadSubModels(db, modelId),
    ctx.inputs.load(db, modelId, base.id),
    ctx.areas.get(db, setId),
  ]);
  const routing = routingKey(ctx.settings.routing);
  const keys = subModels.map((s) => basisKey(s.parameters, model.outputType, areas.key, routing));
  const stored = (
    await loadBasisCandidates(
      db,
      [base.id],
      subModels.map((s) => s.id),
    )
  ).filter((s) => s.basisKey === keys[subModels.findIndex((m) => m.id === s.subModelId)] && s.areaCount === areas.ids.length);
  // The stored result's location order when its inputs are exactly the current ones.
  const exact = stored.length ? planFrom(inputs, stored[0]!) : undefined;
  const plan = exact && exact.changed.length === 0 ? exact : fullPlan(inputs);
  const matching = subModels.map((subModel) =>
    plan === exact ? stored.find((s) => s.subModelId === subModel.id && sameIds(s.locationIds, plan.locationIds)) : undefined,
  );
  // The block hashes of those stored results, in one read.
  const hashes = new Map<number, string[]>();
  const ids = subModels.filter((_, k) => matching[k]).map((s) => s.id);
  if (ids.length) {
    for (const r of await resultBlockHashes(db, base.id, ids)) hashes.set(r.sub_model_id, [...(hashes.get(r.sub_model_id) ?? []), hexOf(r.hash)]);
  }
  const keep: WarmJob['keep'] = [];
  matching.forEach((summary, k) => {
    if (summary) keep.push({ index: k, version: summary.version, blockHashes: hashes.get(subModels[k]!.id) ?? [] });
  });
  const { payload } = locationPayload(plan, inputs);
  await Promise.all(
    ctx.threads.map(async (thread) => {
      if (!thread.areaSets.has(areas.key)) return;
      const warmed = await thread.run<{ type: 'warmed'; jobId: number; milliseconds: number; kept: string[] }>({
        type: 'warm',
        routing: ctx.settings.routing,
        areaKey: areas.key,
        locations: payload,
        parameters: subModels.map((s) => s.parameters),
        keep,
      });
      for (const version of warmed.kept) thread.kept('result', version);
    }),
  );
}
