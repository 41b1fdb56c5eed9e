// Calculating one claimed scenario: load the inputs (status 2), let the engine
// thread calculate every sub-model (3 travel times, 4 attractiveness and
// demand, 5 interaction, 6 outputs), bring catchment overlaps and missing
// isolines up to date (7), and store the results (8) in one transaction that
// still holds the claim; then 9.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { tableCache } from '../db/table-cache.js';
import type { AppLog } from '../log/app-log.js';
import { scenarioPath } from '../repo/scenario-locations.js';
import { choosePlan, type LocationPlan } from './basis.js';
import type { EngineThread } from './engine-thread.js';
import {
  areaSetKey,
  basisKey,
  demandAreaSetId,
  loadDemandAreas,
  loadModelInfo,
  loadSubModels,
  type DemandAreas,
  type ScenarioInputCache,
  type ScenarioLocationInputs,
} from './inputs.js';
import type { AreaPayload, CalculateJob, EngineMessage, LocationPayload, SubModelTask, TaskResult } from './jobs.js';
import { blockFolder, writingBlocks } from './block-files.js';
import { ensureCatchmentOverlaps } from './overlaps.js';
import { computeMissingIsolines } from './isolines.js';
import { endClaim, lockClaim, setStep, type Claim } from '../repo/queue.js';
import { collectBlocks, loadBasisCandidates, rememberResult, saveResult, storeNewBlocks, type BasisSummary } from '../repo/results.js';
import { hexOf, type StoredBlock } from './result-codec.js';
import { routingKey, type ProcessingSettings } from './settings.js';
import { checkPairBudget, isLargeCalculation } from './budget.js';
import { PhaseClock, type PhaseTiming } from './phases.js';

export interface CalculationReport {
  scenarioId: number;
  milliseconds: number;
  incremental: boolean;
  recomputedAreas: number;
  areaCount: number;
  /** Pairs of areas and locations of every sub-model's result. */
  pairCount: number;
  /** The engine thread was replaced after this calculation (a large one): its memory went back to the system. */
  threadReplaced?: boolean;
  newBlocks: number;
  /** From status 8 to the end of the storing transaction. */
  storingMilliseconds: number;
  /** The engine thread held the demand areas before this calculation (preloaded at start, or kept from an earlier one). */
  areasHeld: boolean;
  /** Wall and CPU time per phase, in order (the engine thread's own phases inside 'engine'). */
  phases: PhaseTiming[];
  /** performance.now() right after the commit that made the status 9 (the clock of this process). */
  committedAt: number;
}

/** Demand areas by key, shared by the slots of one process (loading a national set takes a while). */
export class DemandAreaCache {
  private entries = new Map<string, DemandAreas>();
  /** Per area set: its key, read again only after a write that may have touched the areas (db/table-cache.ts). */
  private keys = new Map<number, { db: Database; key: () => Promise<string> }>();
  /** The areas held under a key, if loaded. */
  peek(key: string): DemandAreas | undefined {
    return this.entries.get(key);
  }
  /** The key of an area set (count and largest id), read again only after a write to the areas. */
  key(db: Database, areaSetId: number): Promise<string> {
    let kept = this.keys.get(areaSetId);
    if (!kept || kept.db !== db) {
      kept = { db, key: tableCache(db, ['area'], () => areaSetKey(db, areaSetId)) };
      this.keys.set(areaSetId, kept);
    }
    return kept.key();
  }
  async get(db: Database, areaSetId: number): Promise<DemandAreas> {
    const key = await this.key(db, areaSetId);
    const hit = this.entries.get(key);
    if (hit) return hit;
    const areas = await loadDemandAreas(db, areaSetId, key);
    for (const k of [...this.entries.keys()]) if (k.startsWith(`${areaSetId}:`)) this.entries.delete(k);
    this.entries.set(key, areas);
    return areas;
  }
}

export interface CalculationContext {
  db: Database;
  log: AppLog;
  settings: ProcessingSettings;
  thread: EngineThread;
  areas: DemandAreaCache;
  /** The scenarios' locations and records kept between calculations. */
  inputs: ScenarioInputCache;
  workerName: string;
}

export function locationPayload(plan: LocationPlan, inputs: ScenarioLocationInputs): { payload: LocationPayload; fingerprints: Uint8Array } {
  const n = plan.locationIds.length;
  const payload: LocationPayload = {
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    properties: new Array(n),
    active: new Uint8Array(n),
  };
  const fingerprints = new Uint8Array(8 * n);
  for (let j = 0; j < n; j++) {
    const s = plan.source[j];
    if (s < 0) {
      payload.properties[j] = {};
      continue;
    }
    const row = inputs.rows[s];
    payload.latitude[j] = row.latitude;
    payload.longitude[j] = row.longitude;
    payload.properties[j] = inputs.records[s];
    payload.active[j] = inputs.active[s];
    fingerprints.set(inputs.fingerprints.subarray(8 * s, 8 * s + 8), 8 * j);
  }
  return { payload, fingerprints };
}

/**
 * Calculates a claimed scenario and stores its results; the blocks its result
 * replaced are collected after the commit. Block files (block-files.ts) are
 * written and named only while no removal of them runs.
 */
export async function calculateClaimed(ctx: CalculationContext, claim: Claim): Promise<CalculationReport> {
  const { report, replaced, clock } = await writingBlocks(ctx.db, () => calculate(ctx, claim));
  if (replaced.length) await collectBlocks(ctx.db, replaced);
  // A large calculation's engine thread is replaced: the memory it grew to goes back to the system.
  if (isLargeCalculation(report.pairCount, ctx.settings.calculationMemoryBytes)) report.threadReplaced = await ctx.thread.recycle();
  report.phases = (clock.lap('after 9: cache and collect'), clock.phases);
  return report;
}

async function calculate(ctx: CalculationContext, claim: Claim): Promise<{ report: CalculationReport; replaced: Uint8Array[]; clock: PhaseClock }> {
  const started = performance.now();
  const clock = new PhaseClock();
  const { db, thread } = ctx;
  const model = await loadModelInfo(db, claim.modelId);
  const subModels = await loadSubModels(db, claim.modelId);
  if (!subModels.length) throw new Error(`model ${model.name} has no sub-model`);
  const scoreModel = model.outputType === 4;
  // A score model without demand areas is calculated without interaction (and has no catchments).
  const demandSetId = await demandAreaSetId(db, model.id);
  if (!scoreModel && demandSetId === undefined) throw new Error(`model ${model.name} has no area set for its demand`);
  const areas = demandSetId === undefined ? undefined : await ctx.areas.get(db, demandSetId);
  // The isolines of the locations this scenario adds or moves are computed on the engine thread while
  // the locations are read here (they need none of them); the calculation's job queues behind them.
  // Awaited before the status 9 (their absence is logged with it); a failure fails the calculation there.
  const isolines = computeMissingIsolines(db, thread, model.id, claim.scenarioId).then(
    (missing) => ({ missing }),
    (error: unknown) => ({ error }),
  );
  clock.lap('model and areas');
  const inputs = await ctx.inputs.load(db, model.id, claim.scenarioId);
  clock.lap('locations');
  const routing = routingKey(ctx.settings.routing);
  const keys = new Map(subModels.map((s) => [s.id, basisKey(s.parameters, model.outputType, areas?.key ?? '', routing)]));

  // Candidate bases: the scenario's own result and its ancestors', per sub-model, under the same key.
  const candidates = new Map<number, BasisSummary[]>();
  if (!scoreModel) {
    // The scenario itself first, then its parent, up to the base.
    const path = (await scenarioPath(db, claim.scenarioId)).reverse();
    for (const s of await loadBasisCandidates(
      db,
      path,
      subModels.map((m) => m.id),
    )) {
      if (s.basisKey !== keys.get(s.subModelId) || s.areaCount !== areas!.ids.length) continue;
      const list = candidates.get(s.scenarioId) ?? [];
      list.push(s);
      candidates.set(s.scenarioId, list);
    }
  }
  // A basis the engine thread still holds makes the calculation incremental: preferred to one with fewer changes it let go.
  const plan = choosePlan(inputs, candidates, (summaries) => summaries.every((s) => thread.results.has(s.version)));
  const { payload, fingerprints } = locationPayload(plan, inputs);
  clock.lap('basis');
  // Refused before the engine allocates anything when its pairs would exceed the memory budget.
  if (areas) checkPairBudget(subModels, areas, payload, ctx.settings.calculationMemoryBytes);
  clock.lap('pair estimate');

  const tasks: SubModelTask[] = [];
  const derivedFrom = new Map<number, string>();
  for (const subModel of subModels) {
    const task: SubModelTask = { subModelId: subModel.id, version: randomUUID(), outputType: model.outputType, parameters: subModel.parameters };
    const basis = plan.basis?.summaries.find((s) => s.subModelId === subModel.id);
    // Incremental only from a result the engine thread keeps (the stored form is not exact enough to
    // be a basis). Otherwise a full calculation in the basis's location order: the same bits as the
    // incremental one, and the blocks of the areas the change does not reach equal the basis's, so
    // storing writes only the others.
    if (basis && !scoreModel && thread.results.has(basis.version)) {
      task.incremental = { basisVersion: basis.version, changed: plan.changed };
      derivedFrom.set(subModel.id, basis.version);
      thread.kept('result', basis.version);
    }
    tasks.push(task);
  }
  let areaPayload: CalculateJob['areas'] = null;
  const areasHeld = areas !== undefined && thread.areaSets.has(areas.key);
  if (areas) {
    const full: AreaPayload = { key: areas.key, ids: areas.ids, latitude: areas.latitude, longitude: areas.longitude, properties: areas.properties };
    areaPayload = thread.areaSets.has(areas.key) ? { key: areas.key } : full;
    thread.kept('areas', areas.key);
  }

  // Status steps come from the engine thread; they are written in order, and a lost claim stops the scenario.
  let steps: Promise<void> = Promise.resolve();
  // The chain is awaited only after the engine is done: until then a failed step (the database went away,
  // the claim was lost) is held, not left unhandled, and the later steps are not written.
  const onStep = (status: number) => {
    steps = steps.then(() => setStep(db, claim.scenarioId, ctx.workerName, status));
    steps.catch(() => undefined);
  };
  // New pair blocks come as the engine thread encodes them and are written at once (COPY, a statement per
  // message), while it goes on: content-addressed and referred to by nothing until the storing transaction,
  // so a calculation that fails leaves only blocks the next collection removes.
  const blockBytes = new Map<string, Uint8Array>();
  let blockWrites: Promise<number> = Promise.resolve(0);
  const onBlocks = (blocks: StoredBlock[]) => {
    for (const b of blocks) if (b.data) blockBytes.set(hexOf(b.hash), b.data);
    blockWrites = blockWrites.then(async (written) => written + (await storeNewBlocks(db, blocks)));
    blockWrites.catch(() => undefined);
  };
  const job = {
    type: 'calculate' as const,
    routing: ctx.settings.routing,
    areas: areaPayload,
    locations: payload,
    tasks,
    forget: thread.takeForgotten(),
    sentAt: performance.timeOrigin + performance.now(),
  };
  let results: TaskResult[];
  let enginePhases: PhaseTiming[];
  try {
    ({ results, phases: enginePhases } = await thread.run<Extract<EngineMessage, { type: 'calculated' }>>(job, onStep, onBlocks));
    clock.lap('engine');
    for (const p of enginePhases) clock.add({ ...p, name: `  ${p.name}` });
  } finally {
    await steps.catch(() => undefined);
    await blockWrites.catch(() => undefined);
  }
  await steps;
  // The results' new blocks with their bytes again (saveResult writes any a collection removed meanwhile; the cache keeps them).
  for (const r of results) r.blocks = r.blocks.map((b) => ({ ...b, data: blockBytes.get(hexOf(b.hash)) }));
  clock.lap('pair blocks written after the engine');
  for (const task of tasks) if (task.outputType !== 4) thread.kept('result', task.version);

  await setStep(db, claim.scenarioId, ctx.workerName, 7);
  if (areas) await ensureCatchmentOverlaps(db, thread, model.id, areas, (setId) => ctx.areas.key(db, setId));
  const isolinesDone = await isolines;
  if ('error' in isolinesDone) throw isolinesDone.error;
  const isolinesMissing = isolinesDone.missing;
  clock.lap('catchments and isolines');

  await setStep(db, claim.scenarioId, ctx.workerName, 8);
  const storingStarted = performance.now();
  const replaced: Uint8Array[] = [];
  // The bulk (new pair blocks) was written while the engine thread worked; the transaction itself is a few small statements.
  let newBlocks = await blockWrites;
  await db.transaction(async (tx) => {
    await lockClaim(tx, claim.scenarioId, ctx.workerName);
    for (const result of results) {
      const saved = await saveResult(
        tx,
        {
          scenarioId: claim.scenarioId,
          result,
          parameters: subModels.find((s) => s.id === result.subModelId)!.parameters,
          basisKey: keys.get(result.subModelId)!,
          derivedFrom: derivedFrom.get(result.subModelId) ?? null,
          areaSetId: areas?.areaSetId ?? null,
          locationIds: plan.locationIds,
          locationInputs: fingerprints,
          areaIds: areas?.ids ?? new Float64Array(0),
        },
        { concurrent: db.kind === 'postgres', folder: blockFolder(db) },
      );
      newBlocks += saved.newBlocks;
      replaced.push(...saved.replacedHashes);
    }
    await endClaim(tx, claim.scenarioId, ctx.workerName, 9, null, isolinesMissing);
  });
  const committedAt = performance.now();
  const storingMilliseconds = committedAt - storingStarted;
  clock.lap('store result and status 9');
  for (const result of results) rememberResult(result);

  const fallbacks = results.flatMap((r) => [...r.fallbacks.attractiveness, ...r.fallbacks.demand]);
  if (fallbacks.length) {
    await ctx.log.warn(
      `scenario '${claim.name}' (${claim.scenarioId}): ${fallbacks.map((f) => `function ${f.description ?? f.functionId ?? ''} used its default value ${f.count} times (${f.firstReason})`).join('; ')}`,
      null,
      'scenario-processing',
    );
  }
  const huff = results.filter((r) => r.outputType !== 4);
  const report: CalculationReport = {
    scenarioId: claim.scenarioId,
    milliseconds: performance.now() - started,
    incremental: huff.length > 0 && huff.every((r) => r.incremental),
    recomputedAreas: huff.reduce((s, r) => s + r.recomputedAreas, 0),
    areaCount: areas?.ids.length ?? 0,
    pairCount: results.reduce((s, r) => s + r.pairCount, 0),
    newBlocks,
    storingMilliseconds,
    areasHeld,
    phases: clock.phases,
    committedAt,
  };
  return { report, replaced, clock };
}
