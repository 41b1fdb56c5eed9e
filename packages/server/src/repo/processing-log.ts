// The processing log (table processing_log): one row per calculation asked
// for, with when it was scheduled, started and ended, and its error. Written
// by the queue (repo/queue.ts), read by the model's processing log.
import type { ProcessingLogEntry } from '@locus/contract';
import type { Queryable } from '../db/database.js';

/** The last 100 calculations of a model, newest first, errors included. */
export async function processingLogOf(db: Queryable, modelId: number): Promise<ProcessingLogEntry[]> {
  const { rows } = await db.query<{
    scenario_name: string;
    scheduled: Date;
    started: Date | null;
    isolines_missing: Date | null;
    ended: Date | null;
    user_name: string | null;
    error: string | null;
  }>('SELECT * FROM processing_log WHERE model_id = $1 ORDER BY id DESC LIMIT 100', [modelId]);
  return rows.map((r) => ({
    scenarioName: r.scenario_name,
    scheduledDateTimeUtc: r.scheduled.toISOString(),
    startedDateTimeUtc: r.started?.toISOString() ?? null,
    isolinesMissingDateTimeUtc: r.isolines_missing?.toISOString() ?? null,
    endedDateTimeUtc: r.ended?.toISOString() ?? null,
    userName: r.user_name ?? '',
    error: r.error,
  }));
}
