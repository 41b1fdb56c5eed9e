// The application log (table `log`): written by log/app-log.ts, read by the
// administrator's log viewer.
import type { LogEntry } from '@locus/contract';
import type { Queryable } from '../db/database.js';

export async function insertLogEntry(db: Queryable, entry: { user: string | null; source: string; eventType: number; message: string }): Promise<void> {
  await db.query('INSERT INTO log (user_name, source, event_type, message) VALUES ($1, $2, $3, $4)', [
    entry.user,
    entry.source,
    entry.eventType,
    entry.message,
  ]);
}

/** The last 100 entries of the event types (a bit mask) from one source ('' for any), newest first. */
export async function logEntries(db: Queryable, filter: { eventType: number; source: string }): Promise<LogEntry[]> {
  const { rows } = await db.query<{ date_time_utc: Date; user_name: string | null; source: string; event_type: number; message: string }>(
    `SELECT date_time_utc, user_name, source, event_type, message FROM log
      WHERE (event_type & $1) <> 0 AND ($2 = '' OR source = $2) ORDER BY id DESC LIMIT 100`,
    [filter.eventType, filter.source],
  );
  return rows.map((r): LogEntry => ({
    dateTimeUtc: r.date_time_utc.toISOString(),
    user: r.user_name ?? '',
    source: r.source,
    eventType: r.event_type as LogEntry['eventType'],
    message: r.message,
  }));
}
