// Waiting for the database at start: PostgreSQL may come up after the server.
/**
 * Waits until the database answers a query: at once for PGlite (a failure
 * there is not a matter of waiting), retrying every `retryMs` for PostgreSQL.
 * `onWaiting` is called once, at the first failure.
 */
export async function waitForDatabase(
  db: { kind: 'pglite' | 'postgres'; query(sql: string): Promise<unknown> },
  options: { retryMs?: number; onWaiting?: (error: Error) => Promise<void> | void } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query('SELECT 1');
      return;
    } catch (error) {
      if (db.kind !== 'postgres') throw error;
      if (attempt === 1) await options.onWaiting?.(error as Error);
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 2000));
    }
  }
}
