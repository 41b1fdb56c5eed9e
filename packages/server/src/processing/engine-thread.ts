// One engine thread and what it holds. The main thread keeps the list of
// demand-area sets and results the thread keeps (the newest few), sends what
// is missing with a job and tells the thread what to forget. A thread that
// dies fails its job and is started again, empty, for the next one.
import type { Worker } from 'node:worker_threads';
import type { AreaPayload, EngineJobInput, EngineMessage } from './jobs.js';
import { startWorker, WORKER_YOUNG_GENERATION_MB, workerEntry } from '../worker-entry.js';

/** Results an engine thread keeps for incremental calculations (a national result is some 40 MB). */
const KEPT_RESULTS = 4;
export const KEPT_AREA_SETS = 2;

/** The worker entry: next to this file in the source (tsx), next to the bundle or in processing/ of dist. */
export function engineWorkerUrl(): URL {
  return workerEntry(import.meta.url, 'engine-worker', 'processing');
}

export class ThreadDiedError extends Error {}

/** A job the engine refused: modelError when the model's functions do not parse. */
export class EngineJobError extends Error {
  constructor(
    message: string,
    readonly modelError: boolean,
  ) {
    super(message);
  }
}

type Pending = {
  resolve(m: EngineMessage): void;
  reject(e: Error): void;
  onStep?: (status: number) => void;
  onBlocks?: (blocks: Extract<EngineMessage, { type: 'blocks' }>['blocks']) => void;
};

class LruSet {
  private items: string[] = [];
  constructor(private readonly capacity: number) {}
  has(key: string) {
    return this.items.includes(key);
  }
  /** Adds (or refreshes) a key; answers the keys pushed out. */
  touch(key: string): string[] {
    this.items = this.items.filter((k) => k !== key);
    this.items.push(key);
    return this.items.length > this.capacity ? this.items.splice(0, this.items.length - this.capacity) : [];
  }
  clear() {
    this.items = [];
  }
}

export class EngineThread {
  private worker: Worker | undefined;
  private pending = new Map<number, Pending>();
  private nextJobId = 1;
  readonly results = new LruSet(KEPT_RESULTS);
  readonly areaSets = new LruSet(KEPT_AREA_SETS);
  private forgotten: string[] = [];
  /** Largest memory the thread reported (heap + array buffers), bytes. */
  peakBytes = 0;

  private start(): Worker {
    const url = engineWorkerUrl();
    // A small young generation: the thread's bulk is typed arrays outside the JavaScript heap, and every
    // megabyte a young generation once used stays resident.
    const worker = startWorker(url, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    worker.on('message', (message: EngineMessage) => {
      const p = this.pending.get(message.jobId);
      if (!p) return;
      if (message.type === 'step') {
        p.onStep?.(message.status);
        return;
      }
      if (message.type === 'blocks') {
        p.onBlocks?.(message.blocks);
        return;
      }
      this.pending.delete(message.jobId);
      if (message.type === 'failed') {
        p.reject(new EngineJobError(message.message, message.modelError));
        return;
      }
      if (message.type === 'calculated') this.peakBytes = Math.max(this.peakBytes, message.memory.peakBytes);
      p.resolve(message);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.results.clear();
      this.areaSets.clear();
      this.forgotten = [];
      const pending = [...this.pending.values()];
      this.pending.clear();
      for (const p of pending) p.reject(error);
    };
    worker.on('error', (error: Error) => fail(new ThreadDiedError(`the engine thread failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new ThreadDiedError(`the engine thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Keys the thread should forget with the next job. */
  takeForgotten(): string[] {
    const list = this.forgotten;
    this.forgotten = [];
    return list;
  }

  /** Records that the thread now keeps a result or an area set. */
  kept(kind: 'result' | 'areas', key: string) {
    this.forgotten.push(...(kind === 'result' ? this.results : this.areaSets).touch(key));
  }

  run<T extends EngineMessage>(job: EngineJobInput, onStep?: Pending['onStep'], onBlocks?: Pending['onBlocks']): Promise<T> {
    const worker = this.worker ?? this.start();
    const jobId = this.nextJobId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(jobId, { resolve: resolve as (m: EngineMessage) => void, reject, onStep, onBlocks });
      worker.postMessage({ ...job, jobId });
    });
  }

  /**
   * Sends demand areas for the thread to hold (and warm its code on) before a
   * calculation asks for them. Recorded as held at once: jobs reach the
   * thread in order, and the thread takes the areas before any later job.
   */
  preload(areas: AreaPayload): Promise<EngineMessage> {
    const run = this.run({ type: 'preload', areas });
    this.kept('areas', areas.key);
    return run;
  }

  /**
   * Replaces an idle thread by a fresh one at the next job, so the memory it
   * grew to (a large calculation's arrays, its heap) goes back to the system;
   * the demand areas are sent again with that job. Answers false, doing
   * nothing, while the thread has a job.
   */
  async recycle(): Promise<boolean> {
    const worker = this.worker;
    if (!worker || this.pending.size > 0) return false;
    this.worker = undefined;
    this.results.clear();
    this.areaSets.clear();
    this.forgotten = [];
    await worker.terminate();
    return true;
  }

  /** Stops the thread; a running job fails with ThreadDiedError. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    if (worker) await worker.terminate();
  }
}
