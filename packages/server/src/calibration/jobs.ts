// Calibration jobs: each runs in its own worker thread (like a calculation,
// off the main thread), keeps its progress, and is answered by id until it
// expires. At most one job per sub-model runs at a time.
import { randomUUID } from 'node:crypto';
import type { ModelParameters, PropertyValues } from '@locus/engine';
import type { FitOutcome, FitRequest } from './fit.js';
import { startWorker, workerEntry } from '../worker-entry.js';

export interface CalibrationWorkerInput {
  areas: { latitude: Float64Array; longitude: Float64Array; properties: PropertyValues[] };
  locations: { latitude: Float64Array; longitude: Float64Array; properties: PropertyValues[]; active: Uint8Array };
  parameters: ModelParameters;
  observed: Float64Array;
  request: FitRequest;
  routing: { provider: 'estimator' | 'osrm'; osrmUrl?: string };
  /** Travel minutes given as origin-destination lists per mode (instead of the routing). */
  matrix?: Partial<Record<'car' | 'pedestrian', { origin: number[]; destination: number[]; minutes: number[] }>>;
}

export type CalibrationWorkerMessage = { type: 'progress'; percent: number } | { type: 'done'; outcome: FitOutcome } | { type: 'failed'; message: string };

/** The worker entry: next to this file in the source (tsx), or in calibration/ of the bundle's folder. */
export function calibrationWorkerUrl(): URL {
  return workerEntry(import.meta.url, 'worker', 'calibration');
}

/** Runs one fit in a new worker thread; progress in percent. */
export function runInWorker(input: CalibrationWorkerInput, onProgress: (percent: number) => void = () => {}): Promise<FitOutcome> {
  const url = calibrationWorkerUrl();
  const worker = startWorker(url, { workerData: input });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: CalibrationWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.percent);
      else if (message.type === 'done') {
        settled = true;
        resolve(message.outcome);
        void worker.terminate();
      } else {
        settled = true;
        reject(new Error(message.message));
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`calibration worker stopped (exit code ${code})`));
      settled = true;
    });
  });
}

export interface JobState<R> {
  id: string;
  submodelId: number;
  state: 'running' | 'completed' | 'failed';
  progress: number;
  error: string | null;
  result: R | null;
  finishedAt: number | null;
}

/** Finished jobs are answered this long. */
export const JOB_KEPT_MS = 30 * 60_000;

export class CalibrationJobs<R> {
  private jobs = new Map<string, JobState<R>>();

  /** Starts a job unless one runs for the sub-model already (that one is answered). */
  start(submodelId: number, work: (progress: (percent: number) => void) => Promise<R>): JobState<R> {
    this.prune();
    const running = [...this.jobs.values()].find((j) => j.submodelId === submodelId && j.state === 'running');
    if (running) return running;
    const job: JobState<R> = { id: randomUUID(), submodelId, state: 'running', progress: 0, error: null, result: null, finishedAt: null };
    this.jobs.set(job.id, job);
    work((percent) => {
      job.progress = Math.max(job.progress, Math.min(99, percent));
    })
      .then((result) => {
        job.result = result;
        job.progress = 100;
        job.state = 'completed';
      })
      .catch((error: unknown) => {
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        job.finishedAt = Date.now();
      });
    return job;
  }

  get(id: string): JobState<R> | undefined {
    return this.jobs.get(id);
  }

  private prune(now = Date.now()): void {
    for (const [id, job] of this.jobs) if (job.finishedAt !== null && now - job.finishedAt > JOB_KEPT_MS) this.jobs.delete(id);
  }
}
