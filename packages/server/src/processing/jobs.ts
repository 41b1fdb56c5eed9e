// The messages between the processing loop (main thread) and an engine
// thread. Everything is plain data and typed arrays, so it crosses
// postMessage by structured clone. The main thread decides what the engine
// thread keeps (demand areas, recent results) and says so in each job, so no
// message ever has to ask back.
import type { ModelParameters, PropertyValues, ScenarioResult } from '@locus/engine';
import type { AreaFeature } from '@locus/engine';
import type { PostProcessingAction } from '@locus/engine';
import type { StoredBlock } from './result-codec.js';
import type { RoutingSettings } from './settings.js';
import type { PhaseTiming } from './phases.js';

export interface AreaPayload {
  key: string;
  ids: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  properties: PropertyValues[];
}

export interface LocationPayload {
  latitude: Float64Array;
  longitude: Float64Array;
  properties: PropertyValues[];
  active: Uint8Array;
}

export interface SubModelTask {
  subModelId: number;
  /** The version the new result gets (the engine thread keeps it under this name). */
  version: string;
  /** 4: a score model, no interaction. */
  outputType: number;
  parameters: ModelParameters;
  /** Recalculate from a result the thread keeps: the changed location indices of the new location list. */
  incremental?: { basisVersion: string; changed: number[] };
}

export interface CalculateJob {
  type: 'calculate';
  jobId: number;
  routing: RoutingSettings;
  /** The demand areas, or only their key when the thread has them already. */
  areas: AreaPayload | { key: string } | null;
  locations: LocationPayload;
  tasks: SubModelTask[];
  /** Results and area sets the thread may forget. */
  forget: string[];
  /** performance.timeOrigin + performance.now() when the main thread sent the job (the thread times its arrival). */
  sentAt: number;
}

export interface TaskResult {
  subModelId: number;
  version: string;
  outputType: number;
  areaCount: number;
  locationCount: number;
  pairCount: number;
  /** Every block in order (none for a score model); bytes only for the new ones, on the main thread (see 'blocks'). */
  blocks: StoredBlock[];
  active: Uint8Array;
  attractiveness: Float64Array;
  output: Float64Array;
  /** Per demand area: D_i (empty for a score model). */
  demand: Float64Array;
  /** Per location: the first and last demand area it draws from (see result-codec.ts). */
  reach: Uint32Array;
  fallbacks: ScenarioResult['fallbacks'];
  /** Demand areas recomputed by an incremental calculation; all areas for a full one. */
  recomputedAreas: number;
  incremental: boolean;
}

export interface OverlapJob {
  type: 'overlap';
  jobId: number;
  sources: AreaFeature[];
  targets: AreaFeature[];
}

export interface IsolineJob {
  type: 'isolines';
  jobId: number;
  routing: RoutingSettings;
  requests: Array<{ latitude: number; longitude: number; profile: 'car' | 'pedestrian'; minutes: number; postProcessingActions: PostProcessingAction[] }>;
}

/** Demand areas to hold before any calculation asks for them (warm start); the thread also warms its code on them. */
export interface PreloadJob {
  type: 'preload';
  jobId: number;
  areas: AreaPayload;
}

/**
 * A calculation to warm the thread's code on, its result thrown away: a
 * model's real sub-model parameters and base locations over demand areas the
 * thread holds, so the first real calculation finds the code compiled and the
 * areas grouped for the parameters' reach, as the second does.
 */
export interface WarmJob {
  type: 'warm';
  jobId: number;
  routing: RoutingSettings;
  areaKey: string;
  locations: LocationPayload;
  parameters: ModelParameters[];
  /**
   * Calculations to keep as a stored result (warm.ts): the parameters' index,
   * the stored result's version and its blocks' hashes (hex, in order); kept
   * only when the calculation's blocks hash the same.
   */
  keep: Array<{ index: number; version: string; blockHashes: string[] }>;
}

export type EngineJob = CalculateJob | OverlapJob | IsolineJob | PreloadJob | WarmJob;
/** A job as handed to an engine thread, which numbers it. */
export type EngineJobInput = EngineJob extends infer J ? (J extends EngineJob ? Omit<J, 'jobId'> : never) : never;

export interface ThreadMemory {
  /** Largest heap plus array buffers of the engine thread seen during the job, bytes. */
  peakBytes: number;
}

export type EngineMessage =
  | { type: 'step'; jobId: number; status: number }
  /** New blocks of a calculation, sent as they are encoded (their bytes moved); the final message lists hashes only. */
  | { type: 'blocks'; jobId: number; blocks: StoredBlock[] }
  | { type: 'calculated'; jobId: number; results: TaskResult[]; memory: ThreadMemory; phases: PhaseTiming[] }
  | { type: 'overlap'; jobId: number; offsets: Uint32Array; target: Uint32Array; weight: Float64Array }
  | { type: 'isolines'; jobId: number; geometries: Array<unknown | null> }
  | { type: 'warmed'; jobId: number; milliseconds: number; kept: string[] }
  | { type: 'preloaded'; jobId: number; milliseconds: number }
  | { type: 'failed'; jobId: number; message: string; modelError: boolean };
