// The engine thread: runs the calculation off the main thread so the API stays
// responsive. It keeps the demand areas (and with them the engine's spatial
// index) and the recent results the main thread tells it to keep, so a
// one-store change recalculates from memory. Started by engine-thread.ts.
import { parentPort } from 'node:worker_threads';
import {
  areaOverlap,
  calculateScenario,
  compileModel,
  estimatorProvider,
  functionProducts,
  isolines,
  ModelFunctionError,
  osrmProvider,
  recalculateChangedLocations,
  scoreFunctions,
  scoreModelOutputs,
  type AreaInput,
  type ScenarioResult,
  type TravelTimeProvider,
} from '@locus/engine';
import type { CalculateJob, EngineJob, EngineMessage, IsolineJob, OverlapJob, PreloadJob, SubModelTask, TaskResult, WarmJob } from './jobs.js';
import { blockCount, encodeAllBlocks, encodeBlock, encodeChangedBlocks, hashOf, hexOf, locationReach, type StoredBlock } from './result-codec.js';
import { PhaseClock } from './phases.js';
import type { RoutingSettings } from './settings.js';

interface Kept {
  result: ScenarioResult;
  blockHashes: Uint8Array[];
}

const areaSets = new Map<string, AreaInput & { ids: Float64Array }>();
const results = new Map<string, Kept>();
const providers = new Map<string, TravelTimeProvider>();
let peakBytes = 0;

const port = parentPort;
if (!port) throw new Error('engine-worker.ts runs as a worker thread');
const post = (message: EngineMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function sampleMemory() {
  const m = process.memoryUsage();
  peakBytes = Math.max(peakBytes, m.heapUsed + m.arrayBuffers);
}

function providerFor(routing: RoutingSettings): TravelTimeProvider {
  const key = routing.provider === 'osrm' ? `osrm:${routing.osrmUrl}` : 'estimator';
  let provider = providers.get(key);
  if (!provider) {
    provider = routing.provider === 'osrm' ? osrmProvider({ baseUrl: routing.osrmUrl ?? '' }) : estimatorProvider();
    providers.set(key, provider);
  }
  return provider;
}

function scoreResult(task: SubModelTask, job: CalculateJob): TaskResult {
  const functions = scoreFunctions(task.parameters.functions);
  const output = scoreModelOutputs(functions, job.locations.properties);
  const active = Uint8Array.from(job.locations.active);
  for (let j = 0; j < output.length; j++) if (!active[j]) output[j] = 0;
  return {
    subModelId: task.subModelId,
    version: task.version,
    outputType: task.outputType,
    areaCount: 0,
    locationCount: output.length,
    pairCount: 0,
    blocks: [],
    active,
    attractiveness: Float64Array.from(output),
    output,
    demand: new Float64Array(0),
    reach: new Uint32Array(0),
    fallbacks: { attractiveness: functionProducts(functions, job.locations.properties).fallbacks, demand: [] },
    recomputedAreas: 0,
    incremental: false,
  };
}

async function calculate(job: CalculateJob) {
  const clock = new PhaseClock();
  // The wait for this thread and the copy of the job (the locations' records) into it.
  clock.add({ name: 'engine: job received', milliseconds: Math.max(0, performance.timeOrigin + performance.now() - job.sentAt), cpuMilliseconds: 0 });
  for (const version of job.forget) {
    results.delete(version);
    areaSets.delete(version);
  }
  let areas: (AreaInput & { ids: Float64Array }) | undefined;
  if (job.areas) {
    if ('latitude' in job.areas) {
      const { key, ...input } = job.areas;
      areaSets.set(key, input);
    }
    areas = areaSets.get(job.areas.key);
    if (!areas) throw new Error(`the engine thread does not hold the demand areas ${job.areas.key}`);
  }
  const step = (status: number) => post({ type: 'step', jobId: job.jobId, status });
  const provider = providerFor(job.routing);
  // A score model's output is its score, but with demand areas it is calculated with the interaction too:
  // its pairs are the locations' catchments (which areas each serves), stored as a turnover model's are.
  const huff = job.tasks.filter((t) => t.outputType !== 4 || areas !== undefined);
  // Parse every function first: a syntax error fails the scenario before any work.
  for (const task of job.tasks) compileModel(task.parameters);
  if (huff.length && !areas) throw new Error('the model has no demand areas');
  clock.lap('engine: compile');
  step(3);
  const calculated = new Map<number, { result: ScenarioResult; blocks: TaskResult['blocks']; recomputed: number; incremental: boolean }>();
  for (const task of huff) {
    const basis = task.incremental ? results.get(task.incremental.basisVersion) : undefined;
    if (task.incremental && basis) {
      const next = await recalculateChangedLocations(basis.result, areas!, { locations: job.locations, changed: task.incremental.changed }, provider);
      // Fallback counts over every location, not only the changed ones.
      const compiled = compileModel(task.parameters);
      next.fallbacks = { attractiveness: functionProducts(compiled.attractiveness, job.locations.properties).fallbacks, demand: basis.result.fallbacks.demand };
      clock.lap(`engine: calculate ${task.subModelId}`);
      const blocks = new BlockSender(job.jobId);
      for (const block of encodeChangedBlocks(next, next.affectedAreas, basis.blockHashes)) blocks.add(block);
      calculated.set(task.subModelId, { result: next, blocks: blocks.end(), recomputed: next.affectedAreas.length, incremental: true });
    } else {
      const result = await calculateScenario({ areas: areas!, locations: job.locations, parameters: task.parameters }, provider);
      clock.lap(`engine: calculate ${task.subModelId}`);
      // Each block as it is encoded; the main thread stores them while this thread goes on.
      const blocks = new BlockSender(job.jobId);
      for (let b = 0; b < blockCount(result.pairs.areaCount); b++) {
        const data = encodeBlock(result, b);
        blocks.add({ index: b, hash: hashOf(data), data });
      }
      calculated.set(task.subModelId, { result, blocks: blocks.end(), recomputed: result.pairs.areaCount, incremental: false });
    }
    clock.lap(`engine: encode ${task.subModelId}`);
    sampleMemory();
  }
  step(4);
  const scores = job.tasks.filter((t) => t.outputType === 4 && !huff.includes(t)).map((t) => scoreResult(t, job));
  step(5);
  step(6);
  const out: TaskResult[] = [...scores];
  for (const task of huff) {
    const c = calculated.get(task.subModelId)!;
    const r = c.result;
    // A score model's result is no basis for an incremental calculation: not kept.
    if (task.outputType !== 4) results.set(task.version, { result: c.result, blockHashes: c.blocks.map((b) => b.hash) });
    out.push({
      subModelId: task.subModelId,
      version: task.version,
      outputType: task.outputType,
      areaCount: r.pairs.areaCount,
      locationCount: r.pairs.locationCount,
      pairCount: r.pairs.location.length,
      blocks: c.blocks,
      active: r.active,
      attractiveness: r.attractiveness,
      output: task.outputType === 4 ? scoreResult(task, job).output : r.output,
      demand: r.demand,
      reach: locationReach(r),
      fallbacks: r.fallbacks,
      recomputedAreas: c.recomputed,
      incremental: c.incremental,
    });
  }
  sampleMemory();
  clock.lap('engine: reach and send');
  // The location ranges move to the main thread instead of being copied (the new blocks' bytes went with
  // the 'blocks' messages; the result's own arrays stay, they are the next calculation's basis).
  const transfer = out.map((r) => r.reach.buffer as ArrayBuffer);
  post({ type: 'calculated', jobId: job.jobId, results: out, memory: { peakBytes }, phases: clock.phases }, transfer);
}

/** Bytes of new blocks per 'blocks' message: the main thread writes each message's blocks with one statement. */
const BLOCK_MESSAGE_BYTES = 1 << 20;

/**
 * Sends a result's new blocks to the main thread as they are encoded, about
 * BLOCK_MESSAGE_BYTES per message, their bytes moved (not copied); end()
 * answers the result's whole block list with hashes only.
 */
class BlockSender {
  private readonly all: StoredBlock[] = [];
  private chunk: StoredBlock[] = [];
  private bytes = 0;
  constructor(private readonly jobId: number) {}
  add(block: StoredBlock) {
    this.all.push({ index: block.index, hash: block.hash });
    if (!block.data) return;
    this.chunk.push(block);
    this.bytes += block.data.byteLength;
    if (this.bytes >= BLOCK_MESSAGE_BYTES) this.flush();
  }
  private flush() {
    if (!this.chunk.length) return;
    post(
      { type: 'blocks', jobId: this.jobId, blocks: this.chunk },
      this.chunk.map((b) => b.data!.buffer as ArrayBuffer),
    );
    this.chunk = [];
    this.bytes = 0;
  }
  end(): StoredBlock[] {
    this.flush();
    return this.all;
  }
}

function overlap(job: OverlapJob) {
  const o = areaOverlap(job.sources, job.targets);
  sampleMemory();
  post({ type: 'overlap', jobId: job.jobId, offsets: o.offsets, target: o.target, weight: o.weight });
}

async function isolinesOf(job: IsolineJob) {
  const provider = job.routing.provider === 'osrm' ? providerFor(job.routing) : undefined;
  const geometries: Array<unknown | null> = [];
  for (const r of job.requests) {
    const collection = await isolines({ ...r, minutes: [r.minutes], provider });
    geometries.push(collection.features[0]?.geometry ?? null);
  }
  sampleMemory();
  post({ type: 'isolines', jobId: job.jobId, geometries });
}

/** A few stores spread over the given areas, for warming the code. */
function warmLocations(areas: AreaInput, count: number) {
  const n = areas.latitude.length;
  const latitude = new Float64Array(count);
  const longitude = new Float64Array(count);
  for (let q = 0; q < count; q++) {
    const i = Math.floor(((q + 0.5) * n) / count);
    latitude[q] = areas.latitude[i] + 0.003;
    longitude[q] = areas.longitude[i] + 0.004;
  }
  return { latitude, longitude, properties: Array.from({ length: count }, () => ({})) };
}

const WARM_PARAMETERS = {
  fractionCutOffThreshold: 0.01,
  car: { maximumMinutes: 20, scale: 1, constant: 2, power: 2 },
  pedestrian: { maximumMinutes: 15, scale: 1.5, constant: 1, power: 2.5 },
  functions: [],
};

/**
 * Holds the demand areas before a calculation asks for them, builds their
 * spatial index (a one-store change sweeps it) and runs the calculation and
 * result encoding once on a part of them, so the first real calculation
 * finds compiled code, like the second.
 */
async function preload(job: PreloadJob) {
  const started = performance.now();
  const { key, ...input } = job.areas;
  areaSets.set(key, input);
  const n = input.latitude.length;
  if (n > 0) {
    const provider = estimatorProvider();
    // Few stores over all areas: the location-major sweep, which indexes these areas once and for all.
    await calculateScenario({ areas: input, locations: warmLocations(input, 4), parameters: WARM_PARAMETERS }, provider);
    // More stores over a part of them: the area-major sweep, the interaction, an incremental change and the encoding.
    const part = Math.min(n, 4000);
    const some = { latitude: input.latitude.slice(0, part), longitude: input.longitude.slice(0, part), properties: input.properties.slice(0, part) };
    const locations = warmLocations(some, Math.max(8, Math.floor(part / 8)));
    const full = await calculateScenario({ areas: some, locations, parameters: WARM_PARAMETERS }, provider);
    await recalculateChangedLocations(full, some, { locations, changed: [0] }, provider);
    encodeAllBlocks(full);
    locationReach(full);
  }
  sampleMemory();
  post({ type: 'preloaded', jobId: job.jobId, milliseconds: performance.now() - started });
}

/** See WarmJob: every sub-model calculated fully, encoded and changed once; a result equal to a stored one kept as it. */
async function warm(job: WarmJob) {
  const started = performance.now();
  const areas = areaSets.get(job.areaKey);
  const kept: string[] = [];
  if (areas && areas.latitude.length && job.locations.latitude.length) {
    const provider = providerFor(job.routing);
    for (const [index, parameters] of job.parameters.entries()) {
      const result = await calculateScenario({ areas, locations: job.locations, parameters }, provider);
      const blocks = encodeAllBlocks(result);
      locationReach(result);
      const keep = job.keep.find((k) => k.index === index);
      if (keep && keep.blockHashes.length === blocks.length && blocks.every((b, i) => hexOf(b.hash) === keep.blockHashes[i])) {
        results.set(keep.version, { result, blockHashes: blocks.map((b) => b.hash) });
        kept.push(keep.version);
      } else {
        await recalculateChangedLocations(result, areas, { locations: job.locations, changed: [0] }, provider);
      }
    }
  }
  sampleMemory();
  post({ type: 'warmed', jobId: job.jobId, milliseconds: performance.now() - started, kept });
}

port.on('message', (job: EngineJob) => {
  const run =
    job.type === 'calculate'
      ? calculate(job)
      : job.type === 'overlap'
        ? Promise.resolve().then(() => overlap(job))
        : job.type === 'preload'
          ? preload(job)
          : job.type === 'warm'
            ? warm(job)
            : isolinesOf(job);
  run.catch((error: unknown) => {
    const modelError = error instanceof ModelFunctionError;
    post({ type: 'failed', jobId: job.jobId, message: error instanceof Error ? error.message : String(error), modelError });
  });
});
