// One small interface over the two databases the server runs on: embedded
// PGlite (default, a data folder) and PostgreSQL (DATABASE_URL). Everything
// else in the server talks to `Database` and never to a driver.
import { mkdirSync } from 'node:fs';

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
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const parsers = { [INT8]: Number, [NUMERIC]: Number };
  const db = await PGlite.create(dataDir ? `${dataDir}/pgdata` : undefined, { parsers });
  const wrap = (q: { query: typeof db.query }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => { await db.exec(sql); },
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(INT8, Number);
  pg.types.setTypeParser(NUMERIC, Number);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server dropped must not take the process down; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  const run = async <T>(client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> }, sql: string, params?: unknown[]) => {
    const r = await client.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}
