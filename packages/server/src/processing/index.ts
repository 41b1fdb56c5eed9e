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

export function startProcessing(
  ctx: { db: Database; log: AppLog },
  settings: ProcessingSettings = processingSettings(),
  hooks?: ProcessorHooks,
): ScenarioProcessor {
  const processor = new ScenarioProcessor(ctx.db, ctx.log, settings, hooks, locationRowsFor(ctx)).start();
  local.add(processor);
  const stop = processor.stop.bind(processor);
  const die = processor.die.bind(processor);
  processor.stop = async () => {
    local.delete(processor);
    await stop();
  };
  processor.die = async () => {
    local.delete(processor);
    await die();
  };
  return processor;
}

export function wakeProcessors(): void {
  for (const p of local) p.wake();
}

export { ScenarioProcessor } from './processor.js';
export { processingSettings, type ProcessingSettings } from './settings.js';
export { requestProcessing, requestProcessingOfUnprocessed, markModelForRecalculation, queueUncalculatedBases } from './queue.js';
