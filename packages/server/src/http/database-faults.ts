// Database faults a request can meet, answered with what they are instead of a
// bare 500: the database unreachable or restarting (503, try again) and the
// disk of the database full (507). Neither answer names SQL or files.
import { errorBody } from './errors.js';

/** PostgreSQL error classes and codes of a connection that is gone or not there yet. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection (?:lost|closed)|Client has encountered a connection error|the database system is (?:shutting down|starting up|in recovery mode)|terminating connection/i;
/** disk_full (53100), and the operating system's ENOSPC as PGlite passes it on. */
const DISK_FULL_TEXT = /No space left on device|ENOSPC|could not extend file|disk full/i;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for an error of a database connection that is gone or not there yet (a restart, a dropped connection). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return (code !== undefined && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_TEXT.test(message);
}

/** The answer for a database fault, or undefined for any other error. */
export function databaseFaultAnswer(error: unknown): { status: 503 | 507; body: ReturnType<typeof errorBody> } | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  if (code === '53100' || (error as { errno?: unknown } | null)?.errno === 28 || DISK_FULL_TEXT.test(message)) {
    return { status: 507, body: errorBody(507, 'the disk of the database is full: nothing was saved; free disk space and try again') };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: errorBody(503, 'the database is not reachable at the moment: nothing was saved; try again shortly') };
  }
  return undefined;
}
