// The process's last line of defence: an error nobody handled (a promise
// rejected without a handler, an exception thrown from a timer or an event)
// is logged and the process goes on serving and calculating. Node.js would
// otherwise end the process, taking every open request and calculation with
// it, for what is almost always a fault of one request or one calculation
// (the database going away mid-way among them). States that are truly fatal
// end the process where they are found (the embedded database's thread dying,
// main.ts), as docs/install.md says.
import { isDatabaseUnavailable } from './db/faults.js';

import type { AppLog } from './log/app-log.js';

export interface ProcessGuard {
  /** How many unhandled errors were met so far. */
  readonly count: number;
  /**
   * From now on the process goes on after an unhandled error. Until then
   * (while it starts: configuration, database, migrations) such an error ends
   * it with code 1, as a start that failed must.
   */
  started(): void;
  /** Removes the handlers (tests). */
  remove(): void;
}

const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));

/**
 * Installs the handlers for `unhandledRejection` and `uncaughtException`;
 * `log` answers the application log once there is one.
 * Each error is printed (stderr) and written to the application log (source
 * `backend`) unless it is the database being away, whose log would fail too.
 * A burst is limited: after 100 errors a minute only a count is printed.
 */
export function installProcessGuard(
  log: () => AppLog | undefined = () => undefined,
  print: (line: string) => void = (line) => console.error(line),
): ProcessGuard {
  let count = 0;
  let windowStart = Date.now();
  let inWindow = 0;
  let quiet = 0;
  let started = false;
  const handle = (kind: string) => (error: unknown) => {
    count++;
    if (!started) {
      print(`${kind} while starting: ${describe(error)}`);
      process.exit(1);
    }
    const now = Date.now();
    if (now - windowStart > 60_000) {
      if (quiet) print(`${quiet} more unhandled errors were not printed`);
      windowStart = now;
      inWindow = 0;
      quiet = 0;
    }
    if (++inWindow > 100) {
      quiet++;
      return;
    }
    print(`${kind} (the server goes on): ${describe(error)}`);
    const appLog = log();
    if (appLog && !isDatabaseUnavailable(error)) {
      const message = error instanceof Error ? error.message : String(error);
      appLog.error(`${kind}: ${message}`, null, 'backend').catch(() => undefined);
    }
  };
  const onRejection = handle('unhandled rejection');
  const onException = handle('uncaught exception');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    get count() {
      return count;
    },
    started() {
      started = true;
    },
    remove() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
