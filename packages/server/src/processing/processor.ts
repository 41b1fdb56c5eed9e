// The processing loop of one process: `workers` slots, each with its own
// engine thread, claim scenarios from the queue, calculate them and store the
// results. A claimed scenario's heartbeat is written from the main thread
// while the engine thread works, so a long calculation keeps its claim and a
// dead process loses it after the claim timeout.
import type { Database } from '../db/database.js';
import type { AppLog } from '../log/app-log.js';
import { calculateClaimed, DemandAreaCache, type CalculationReport } from './calculation.js';
import { warmModel } from './warm.js';
import { EngineJobError, EngineThread, KEPT_AREA_SETS, ThreadDiedError } from './engine-thread.js';
import { demandAreaSetId, ScenarioInputCache } from './inputs.js';
import { LocationRowCache } from './location-cache.js';
import type { AreaPayload } from './jobs.js';
import { ClaimLostError, claimNext, endClaim, heartbeat, releaseClaim, type Claim } from '../repo/queue.js';
import { collectBlocks } from '../repo/results.js';
import { sweepBlockFiles } from './block-files.js';
import type { ProcessingSettings } from './settings.js';
import { isDatabaseUnavailable } from '../db/faults.js';
import { guardedDatabase } from '../db/guarded.js';
import { calculatedModelsByUse } from '../repo/models.js';
import { PhaseClock, phaseLine } from './phases.js';

export interface ProcessorHooks {
  /** After a scenario ended at 9 or 10. */
  onCompleted?(report: CalculationReport | { scenarioId: number; error: string }): void;
  /** When stop or die begins: the processor claims nothing more and wakes no more. */
  onStopping?(): void;
}

/** Every hour an idle worker removes pair blocks that no result refers to any more. */
const COLLECT_EVERY_MS = 3_600_000;

class StoppedError extends Error {}

interface Slot {
  index: number;
  thread: EngineThread;
  claim?: Claim;
  idle: Promise<void>;
}

export class ScenarioProcessor {
  private running = false;
  private dead = false;
  private slots: Slot[] = [];
  private wakeUp: (() => void) | undefined;
  private wakeSignal: Promise<void> = Promise.resolve();
  private readonly areas = new DemandAreaCache();
  private readonly inputs: ScenarioInputCache;
  private lastCollect = Date.now();
  /** The last claim attempt met a database that was away. */
  private away = false;
  /** The database as this process sees it: after a simulated death every call fails. */
  private readonly db: Database;

  /** `locations`: the server's kept scenario locations (location-cache.ts), shared with its output reads. */
  constructor(
    db: Database,
    private readonly log: AppLog,
    readonly settings: ProcessingSettings,
    private readonly hooks: ProcessorHooks = {},
    locations = new LocationRowCache(),
  ) {
    this.inputs = new ScenarioInputCache(locations);
    this.db = guardedDatabase(db, () => {
      if (this.dead) throw new StoppedError('the processor stopped');
    });
    this.resetWake();
  }

  get workerName(): string {
    return this.settings.workerName;
  }

  /** Largest memory any engine thread of this process reported, bytes. */
  get peakThreadBytes(): number {
    return Math.max(0, ...this.slots.map((s) => s.thread.peakBytes));
  }

  /** Settles when the warm start is done: engine threads started, demand areas loaded and handed to them. */
  warm: Promise<void> = Promise.resolve();

  start(): this {
    if (this.running) return this;
    this.running = true;
    for (let i = 0; i < this.settings.workers; i++) {
      const slot: Slot = { index: i, thread: new EngineThread(), idle: Promise.resolve() };
      this.slots.push(slot);
    }
    this.warm = this.warmUp().catch(async (error) => {
      if (!this.running || this.dead) return;
      await this.log
        .warn(`warm start of ${this.workerName} incomplete: ${error instanceof Error ? error.message : String(error)}`, null, 'scenario-processing')
        .catch(() => undefined);
    });
    for (const slot of this.slots) slot.idle = this.loop(slot);
    return this;
  }

  /**
   * In the background from the start, before any calculation is asked for:
   * the demand areas of the models (the most recently used area sets first,
   * as many as a thread keeps) are loaded and handed to every engine thread,
   * which starts, indexes them and warms its code; then those models' base
   * scenarios are read and calculated once on every thread (warm.ts). A
   * calculation claimed meanwhile simply queues behind this on its thread.
   */
  private async warmUp(): Promise<void> {
    const rows = await calculatedModelsByUse(this.db);
    const sets: number[] = [];
    const models: number[] = [];
    for (const model of rows) {
      if (!this.running) return;
      const setId = await demandAreaSetId(this.db, model.id);
      if (setId === undefined) continue;
      if (!sets.includes(setId)) {
        if (sets.length >= KEPT_AREA_SETS) break;
        sets.push(setId);
      }
      models.push(model.id);
    }
    // Oldest first, so the most recently used set ends up the newest the threads keep.
    for (const setId of sets.reverse()) {
      if (!this.running) return;
      const areas = await this.areas.get(this.db, setId);
      const payload: AreaPayload = { key: areas.key, ids: areas.ids, latitude: areas.latitude, longitude: areas.longitude, properties: areas.properties };
      await Promise.all(this.slots.map((slot) => (slot.thread.areaSets.has(areas.key) ? undefined : slot.thread.preload(payload))));
    }
    // Each of those models' base scenario: its locations read and calculated on every engine thread (warm.ts);
    // the most recently used model last, so its results are the newest the threads keep.
    for (const modelId of models.reverse()) {
      if (!this.running) return;
      await warmModel({ db: this.db, settings: this.settings, areas: this.areas, inputs: this.inputs, threads: this.slots.map((s) => s.thread) }, modelId);
    }
    // Block files whose rows went while no process ran (a data reset, a stop before the files were removed).
    await sweepBlockFiles(this.db);
  }

  /** Something was queued: look now instead of at the next poll. */
  wake(): void {
    const wakeUp = this.wakeUp;
    this.resetWake();
    wakeUp?.();
  }

  private resetWake() {
    this.wakeSignal = new Promise<void>((resolve) => {
      this.wakeUp = resolve;
    });
  }

  private async pause(ms: number) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.wakeSignal,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }

  private async loop(slot: Slot): Promise<void> {
    while (this.running) {
      let claim: Claim | undefined;
      const clock = new PhaseClock();
      try {
        claim = await claimNext(this.db, this.workerName, this.settings.claimTimeoutMs);
        clock.lap('claim');
      } catch (error) {
        if (!this.running || this.dead) return;
        if (isDatabaseUnavailable(error)) {
          // The database is away: try again every second or so, quietly (the log itself is in the database).
          if (!this.away)
            console.error(`${this.workerName}: the database is not reachable (${error instanceof Error ? error.message : String(error)}); waiting for it`);
          this.away = true;
          await this.pause(Math.max(this.settings.pollMs, 1000));
          continue;
        }
        await this.log.error(`claiming a scenario failed: ${error instanceof Error ? error.message : String(error)}`, null, 'scenario-processing');
        await this.pause(this.settings.pollMs);
        continue;
      }
      if (this.away) {
        this.away = false;
        console.log(`${this.workerName}: the database answers again; calculating scenarios`);
      }
      if (!claim) {
        await this.collectWhenDue();
        await this.pause(this.settings.pollMs);
        continue;
      }
      slot.claim = claim;
      await this.process(slot, claim, clock).catch(async (error) => {
        // Ending the claim failed (the database went away): the claim times out and another worker takes it.
        if (!this.dead)
          await this.log.error(`scenario ${claim.scenarioId}: ${error instanceof Error ? error.message : String(error)}`, null, 'scenario-processing');
      });
      slot.claim = undefined;
    }
  }

  private async collectWhenDue() {
    if (Date.now() - this.lastCollect < COLLECT_EVERY_MS) return;
    this.lastCollect = Date.now();
    await collectBlocks(this.db).catch(() => 0);
    await sweepBlockFiles(this.db).catch(() => 0);
  }

  private async process(slot: Slot, claim: Claim, clock: PhaseClock): Promise<void> {
    const taken = claim.previousStatus !== 1 ? ` (taken over from ${claim.previousWorker ?? 'a worker'} that stopped at status ${claim.previousStatus})` : '';
    await this.log
      .info(`scenario '${claim.name}' (${claim.scenarioId}) claimed by ${this.workerName}${taken}`, null, 'scenario-processing')
      .catch(() => undefined);
    clock.lap('log the claim');
    let lost = false;
    const beat = setInterval(() => {
      heartbeat(this.db, claim.scenarioId, this.workerName).catch((error) => {
        if (error instanceof ClaimLostError) lost = true;
      });
    }, this.settings.heartbeatMs);
    try {
      const report = await calculateClaimed(
        { db: this.db, log: this.log, settings: this.settings, thread: slot.thread, areas: this.areas, inputs: this.inputs, workerName: this.workerName },
        claim,
      );
      report.phases.unshift(...clock.phases);
      await this.log.info(
        `scenario '${claim.name}' (${claim.scenarioId}) calculated in ${report.milliseconds.toFixed(0)} ms` +
          (report.incremental ? ` (incremental: ${report.recomputedAreas} of ${report.areaCount} areas recomputed)` : '') +
          `; ${phaseLine(report.phases)}`,
        null,
        'scenario-processing',
      );
      this.hooks.onCompleted?.(report);
    } catch (error) {
      if (this.dead || error instanceof StoppedError) return;
      if (error instanceof ClaimLostError || lost) {
        await this.log.warn(
          `scenario '${claim.name}' (${claim.scenarioId}): ${this.workerName} lost its claim; the result was not stored`,
          null,
          'scenario-processing',
        );
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // The database restarted or dropped the connection: not a fault of the scenario. Once the database
        // answers again the claim goes back to the queue and the scenario is calculated again; should this
        // process stop first, the claim times out and a worker claims it again.
        console.error(
          `scenario ${claim.scenarioId}: the database connection was lost (${error instanceof Error ? error.message : String(error)}); it will be calculated again`,
        );
        clearInterval(beat);
        await this.releaseWhenBack(claim);
        await this.log
          .warn(
            `scenario '${claim.name}' (${claim.scenarioId}): the database connection was lost (${error instanceof Error ? error.message : String(error)}); it will be calculated again`,
            null,
            'scenario-processing',
          )
          .catch(() => undefined);
        return;
      }
      const message =
        error instanceof EngineJobError && error.modelError
          ? `the model's functions are not valid: ${error.message}`
          : error instanceof Error
            ? error.message
            : String(error);
      if (error instanceof ThreadDiedError) await this.log.error(`engine thread of ${this.workerName} died: ${message}`, null, 'scenario-processing');
      try {
        await this.db.transaction((tx) => endClaim(tx, claim.scenarioId, this.workerName, 10, message, null));
        await this.log.error(`scenario '${claim.name}' (${claim.scenarioId}) failed: ${message}`, null, 'scenario-processing');
        this.hooks.onCompleted?.({ scenarioId: claim.scenarioId, error: message });
      } catch (endError) {
        if (!(endError instanceof ClaimLostError) && !(endError instanceof StoppedError)) throw endError;
      }
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * After a database outage: gives the claim back to the queue as soon as the
   * database answers, trying every second for as long as the claim would hold
   * (after that it times out and is claimed again anyway).
   */
  private async releaseWhenBack(claim: Claim): Promise<void> {
    const end = Date.now() + this.settings.claimTimeoutMs;
    while (this.running && !this.dead && Date.now() < end) {
      try {
        await releaseClaim(this.db, claim, this.workerName);
        this.wake();
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) return;
        await this.pause(1000);
      }
    }
  }

  /** Stops claiming, lets running calculations finish, then stops the engine threads. */
  async stop(): Promise<void> {
    this.hooks.onStopping?.();
    this.running = false;
    this.wake();
    await this.warm;
    await Promise.all(this.slots.map((s) => s.idle));
    await Promise.all(this.slots.map((s) => s.thread.terminate()));
  }

  /**
   * Stops at once as a crashed process would: engine threads terminated,
   * no heartbeat, nothing written any more, claims left as they are (another
   * worker takes them over after the claim timeout).
   */
  async die(): Promise<void> {
    this.hooks.onStopping?.();
    this.dead = true;
    this.running = false;
    this.wake();
    await Promise.all(this.slots.map((s) => s.thread.terminate()));
  }

  /** The scenarios this process holds now. */
  claims(): number[] {
    return this.slots.flatMap((s) => (s.claim ? [s.claim.scenarioId] : []));
  }
}
