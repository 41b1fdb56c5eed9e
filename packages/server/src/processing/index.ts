// Scenario processing: the queue, the processing loop with its engine
// threads, the stored results. `startProcessing` runs the loop in this
// process (role all or worker); `wakeProcessors` lets a request that queued a
// scenario start it at once instead of at the next poll.
import type { Database } from '../db/database.js';
import type { AppLog } from '../log/app-log.js';
import { locationRowsFor } from './location-cache.js';
import { ScenarioProcessor, type ProcessorHooks } from './processor.js';
import { processingSettings, type ProcessingSettings } from './settings.js';

const local = new Set<ScenarioProcessor>();

/** Starts a processor in this process; it is woken by wakeProcessors until it stops or dies. */
export function startProcessing(
  ctx: { db: Database; log: AppLog },
  settings: ProcessingSettings = processingSettings(),
  hooks: ProcessorHooks = {},
): ScenarioProcessor {
  const processor: ScenarioProcessor = new ScenarioProcessor(
    ctx.db,
    ctx.log,
    settings,
    {
      ...hooks,
      onStopping() {
        local.delete(processor);
        hooks.onStopping?.();
      },
    },
    locationRowsFor(ctx),
  ).start();
  local.add(processor);
  return processor;
}

export function wakeProcessors(): void {
  for (const p of local) p.wake();
}

export { ScenarioProcessor } from './processor.js';
export { processingSettings, type ProcessingSettings } from './settings.js';
export { requestProcessing, requestProcessingOfUnprocessed, markModelForRecalculation, queueAllUncalculated, queueUncalculatedBases } from '../repo/queue.js';
