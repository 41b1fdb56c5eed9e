// One small interface over the two databases the server runs on: embedded
// PGlite (default, a data folder; it runs on a thread of its own) and
// PostgreSQL (DATABASE_URL). Everything else in the server talks to
// `Database` and never to a driver.
import { startPgliteThread, transactionQueryable } from './pglite-thread.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * A number that grows after every write that may have changed data: writes of this
   * process (once committed) and, on PostgreSQL, scenario changes of other processes
   * (NOTIFY locus_changed). Caches in front of the database compare it to know they are fresh.
   */
  generation(): number;
  close(): Promise<void>;
}

// PostgreSQL's bigint and numeric arrive as JavaScript numbers (also on the PGlite thread, pglite-worker.ts).
const INT8 = 20;
const NUMERIC = 1700;
/** The channel the migration 005 triggers notify on when scenarios or their results change. */
export const CHANGE_CHANNEL = 'locus_changed';

/** Statements that may write; a SELECT ... FOR UPDATE counts too, which only costs a cache miss. */
const WRITES = /\b(INSERT|UPDATE|DELETE|TRUNCATE|ALTER|DROP|CREATE)\b/i;

function changeCounter() {
  let generation = 0;
  return {
    get: () => generation,
    bump: () => { generation++; },
    /** Runs a statement and bumps after it completed when it may have written. */
    async after<T>(sql: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } finally {
        if (WRITES.test(sql)) generation++;
      }
    },
  };
}

export interface OpenOptions {
  /** PostgreSQL's connection URL; without it the embedded PGlite database. */
  databaseUrl?: string;
  /** PGlite's data folder (its files in pgdata/ under it); without it an in-memory database. */
  dataDir?: string;
  /** PGlite: told once when the database thread ended unexpectedly (every statement fails from then on). */
  onFailure?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.onFailure);
}

async function openPglite(dataDir: string | undefined, onFailure?: (error: Error) => void): Promise<Database> {
  // PGlite runs on a thread of its own (pglite-thread.ts): its work never holds up the requests on this one.
  const thread = await startPgliteThread(dataDir, onFailure);
  // One process owns an embedded database, so its own writes are all the changes there are.
  const changes = changeCounter();
  return {
    kind: 'pglite',
    query: (sql, params) => changes.after(sql, () => thread.query(sql, params)),
    async transaction(fn) {
      const tx = await thread.begin();
      try {
        let result;
        try {
          result = await fn(transactionQueryable(thread, tx));
        } catch (error) {
          await thread.finish(tx, false).catch(() => undefined);
          throw error;
        }
        await thread.finish(tx, true);
        return result;
      } finally {
        changes.bump();
      }
    },
    exec: async (sql) => { await changes.after(sql, () => thread.exec(sql)); },
    generation: changes.get,
    close: () => thread.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(INT8, Number);
  pg.types.setTypeParser(NUMERIC, Number);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server dropped must not take the process down; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  const changes = changeCounter();
  const listener = await listenForChanges(pg, url, changes.bump);
  const run = async <T>(client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> }, sql: string, params?: unknown[]) => {
    const r = await client.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => changes.after(sql, () => run(pool, sql, params)),
    async transaction(fn) {
      const client = await pool.connect();
      // A connection that failed (the server restarted) is destroyed instead of going back to the pool.
      // While the client is checked out the pool does not listen to it: an error it emits between two
      // queries (the server ending the connection) would otherwise be unhandled and end the process.
      let broken: Error | undefined;
      const onError = (error: Error) => { broken = error; };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
        changes.bump();
      }
    },
    exec: async (sql) => { await changes.after(sql, () => pool.query(sql)); },
    generation: changes.get,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A connection that LISTENs for changes made by other processes. While it is down,
 * every change counts as possible (the generation grows on each reconnect attempt),
 * so no cache trusts itself without it.
 */
async function listenForChanges(pg: typeof import('pg').default, url: string, bump: () => void) {
  let client: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    bump();
    const c = new pg.Client({ connectionString: url });
    c.on('notification', bump);
    c.on('error', () => undefined);
    c.on('end', () => {
      bump();
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = c;
  };
  await connect().catch(() => {
    if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000).unref();
  });
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
