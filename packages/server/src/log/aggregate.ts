// Warnings anyone can cause (wrong passwords, calls without a valid token,
// refused requests) must not flood the log. The first event of a kind is
// written at once; repeats within the window are only counted, and one line
// "… (N more in the last M s)" is written when the window ends. The number
// of kinds tracked is bounded: beyond it, events are counted under one
// overflow kind, so made-up names cannot grow memory or the log either.
import type { AppLog, LogSource } from './app-log.js';

export interface AggregatedLog {
  /** A warning of the given kind: written now when it is the first in its window, else counted. */
  warn(kind: string, message: string, user?: string | null, source?: LogSource): Promise<void>;
  /** Writes the counts of every open window now (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer. */
  close(): Promise<void>;
}

export interface AggregateOptions {
  /** Length of one window, ms (default 60 s). */
  windowMs?: number;
  /** At most this many kinds are tracked at once (default 200). */
  maxKinds?: number;
}

interface Window {
  started: number;
  repeats: number;
  message: string;
  user: string | null;
  source: LogSource;
}

const OVERFLOW_KIND = '\u0000overflow';

export function createAggregatedLog(log: Pick<AppLog, 'warn'>, options: AggregateOptions = {}): AggregatedLog {
  const windowMs = options.windowMs ?? 60_000;
  const maxKinds = options.maxKinds ?? 200;
  const windows = new Map<string, Window>();

  const summary = (w: Window) => `${w.message} (${w.repeats} more like this in the last ${Math.round(windowMs / 1000)} s)`;

  const closeWindow = async (kind: string, w: Window) => {
    windows.delete(kind);
    if (w.repeats > 0) await log.warn(summary(w), w.user, w.source);
  };

  const closeDue = async (now: number) => {
    for (const [kind, w] of [...windows]) if (now - w.started >= windowMs) await closeWindow(kind, w);
  };

  const timer = setInterval(
    () => {
      void closeDue(Date.now());
    },
    Math.max(1000, Math.floor(windowMs / 4)),
  );
  timer.unref();

  return {
    async warn(kind, message, user = null, source = 'backend') {
      const now = Date.now();
      let key = kind;
      let w = windows.get(key);
      if (w && now - w.started >= windowMs) {
        await closeWindow(key, w);
        w = undefined;
      }
      if (!w && windows.size >= maxKinds) {
        key = OVERFLOW_KIND;
        w = windows.get(key);
        message = 'warnings of many different kinds (not each written)';
        user = null;
      }
      if (w) {
        w.repeats++;
        return;
      }
      windows.set(key, { started: now, repeats: 0, message, user, source });
      await log.warn(message, user, source);
    },
    async flush() {
      for (const [kind, w] of [...windows]) await closeWindow(kind, w);
    },
    async close() {
      clearInterval(timer);
      await this.flush();
    },
  };
}
