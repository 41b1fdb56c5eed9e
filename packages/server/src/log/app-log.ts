// The application log (table `log`), read by the log viewer. Event types follow
// the spec: 8 information, 4 warning, 2 error; sources: backend,
// scenario-processing, iso-line processing.
import type { Queryable } from '../db/database.js';
import { insertLogEntry } from '../repo/log.js';
import { createAggregatedLog, type AggregatedLog } from './aggregate.js';

export const LogEvent = { information: 8, warning: 4, error: 2 } as const;
export type LogSource = 'backend' | 'scenario-processing' | 'iso-line processing';

export interface AppLog {
  write(entry: { source: LogSource; eventType: number; message: string; user?: string | null }): Promise<void>;
  info(message: string, user?: string | null, source?: LogSource): Promise<void>;
  warn(message: string, user?: string | null, source?: LogSource): Promise<void>;
  error(message: string, user?: string | null, source?: LogSource): Promise<void>;
  /**
   * A warning anyone can cause again and again (failed sign-ins, calls without a
   * valid token, refused requests): the first of its kind per minute is written,
   * repeats are counted into one summary line (log/aggregate.ts).
   */
  warnRepeated(kind: string, message: string, user?: string | null, source?: LogSource): Promise<void>;
  /** Writes the pending summaries of warnRepeated now. */
  flushRepeated(): Promise<void>;
}

export function createAppLog(db: Queryable): AppLog {
  const write: AppLog['write'] = async ({ source, eventType, message, user }) => {
    // The log must never take a request down with it.
    await insertLogEntry(db, { user: user ?? null, source, eventType, message: message.slice(0, 4000) }).catch((err) =>
      console.error('log write failed:', err instanceof Error ? err.message : err),
    );
  };
  let aggregated: AggregatedLog | undefined;
  const repeated = () =>
    (aggregated ??= createAggregatedLog({
      warn: (message, user, source) => write({ source: source ?? 'backend', eventType: LogEvent.warning, message, user }),
    }));
  return {
    write,
    warnRepeated: (kind, message, user, source) => repeated().warn(kind, message, user, source),
    flushRepeated: () => aggregated?.flush() ?? Promise.resolve(),
    info: (message, user, source = 'backend') => write({ source, eventType: LogEvent.information, message, user }),
    warn: (message, user, source = 'backend') => write({ source, eventType: LogEvent.warning, message, user }),
    error: (message, user, source = 'backend') => write({ source, eventType: LogEvent.error, message, user }),
  };
}
