// Database faults told apart from other errors: the database unreachable or
// restarting (try again), and the disk of the database full. The API answers
// them as 503 and 507 (http/database-faults.ts); the processor waits out an
// unreachable database (processing/processor.ts).

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

/** True for an error of a database whose disk is full. */
export function isDiskFull(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return codeOf(error) === '53100' || (error as { errno?: unknown } | null)?.errno === 28 || DISK_FULL_TEXT.test(message);
}
