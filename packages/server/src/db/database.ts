// One small interface over the two databases the server runs on: embedded
// PGlite (default, a data folder; it runs on a thread of its own) and
// PostgreSQL (DATABASE_URL). Everything else in the server talks to
// `Database` and never to a driver.
import { startPgliteThread, transactionQueryable } from './pglite-thread.js';
import { PGLITE_COPY_SOURCE } from './thread-protocol.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** The statements of one open transaction. */
export interface Transaction extends Queryable {
  /** Database.copyBinary inside this transaction (rolled back with it). */
  copyBinary(table: string, columns: readonly string[], data: Uint8Array): Promise<number>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The embedded database's data folder, which this process alone owns (files
   * that belong with the data may live there: processing/block-files.ts);
   * undefined in memory and on PostgreSQL, where other processes share the data.
   */
  readonly folder?: string;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk-writes rows with COPY in PostgreSQL's binary format (`data` from
   * binaryCopy): one statement, and bytes cross as they are, not in a text
   * form. Outside any transaction; the rows must not exist yet (a key taken
   * fails the whole statement, which writes nothing). Answers the rows written.
   */
  copyBinary(table: string, columns: readonly string[], data: Uint8Array): Promise<number>;
  /**
   * A number that grows after every write that may have changed data: writes of this
   * process (once committed) and, on PostgreSQL, scenario changes of other processes
   * (NOTIFY locus_changed). Caches in front of the database compare it to know they are fresh.
   */
  generation(): number;
  /**
   * Like generation(), for writes that may have touched one of these tables.
   * Undefined where the process cannot see every change (PostgreSQL: other
   * processes write too, and announce only some of their writes): a cache
   * keyed on it then keeps nothing.
   */
  tableGeneration(tables: readonly string[]): number | undefined;
  /** PGlite only: the whole data folder as a tar, to open another database from (OpenOptions.from). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

// PostgreSQL's bigint and numeric arrive as JavaScript numbers (also on the PGlite thread, pglite-worker.ts).
const INT8 = 20;
const NUMERIC = 1700;
/** The channel the migration 005 triggers notify on when scenarios or their results change. */
export const CHANGE_CHANNEL = 'locus_changed';

/** Statements that may write. */
const WRITES = /\b(INSERT|UPDATE|DELETE|TRUNCATE|ALTER|DROP|CREATE)\b/i;
/** The table a write names: INSERT INTO t, UPDATE t, DELETE FROM t, TRUNCATE [TABLE] t (schema and quotes dropped). */
const WRITE_TARGET = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:(?:"[^"]+"|\w+)\.)?("[^"]+"|\w+)/gi;
const DDL = /\b(ALTER|DROP|CREATE)\b/i;
const LOCKS_AND_UPSERTS = /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bDO\s+UPDATE\s+SET\b/gi;

/**
 * What a statement may have changed: nothing, the tables it names as the
 * target of a write, or anything (a schema change, or a write whose target it
 * does not name). A table named by mistake (the SET of ON CONFLICT DO UPDATE
 * SET) only costs a cache miss.
 */
export function changedBy(sql: string): 'nothing' | 'anything' | string[] {
  // The server's statements are a few hundred constant texts: each is read once.
  let changed = changedByText.get(sql);
  if (changed === undefined) {
    changed = readChanges(sql);
    if (changedByText.size >= 2000) changedByText.clear();
    changedByText.set(sql, changed);
  }
  return changed;
}

const changedByText = new Map<string, 'nothing' | 'anything' | string[]>();

function readChanges(sql: string): 'nothing' | 'anything' | string[] {
  // Row locks (SELECT ... FOR UPDATE) change nothing; ON CONFLICT DO UPDATE changes the table inserted into.
  const text = sql.replace(LOCKS_AND_UPSERTS, ' ');
  if (!WRITES.test(text)) return 'nothing';
  if (DDL.test(text)) return 'anything';
  const tables = [...text.matchAll(WRITE_TARGET)].map((m) => m[1]!.replace(/"/g, '').toLowerCase());
  return tables.length ? tables : 'anything';
}

/** The change generation: process-wide, and per table. */
function changeCounter() {
  let generation = 0;
  /** Changes that may have touched any table. */
  let anywhere = 0;
  const perTable = new Map<string, number>();
  const record = (changed: 'nothing' | 'anything' | Iterable<string>) => {
    if (changed === 'nothing') return;
    generation++;
    if (changed === 'anything') anywhere++;
    else for (const table of changed) perTable.set(table, (perTable.get(table) ?? 0) + 1);
  };
  return {
    get: () => generation,
    /** Grows with every change that may have touched one of these tables (the sum never shrinks). */
    tables: (names: readonly string[]) => names.reduce((sum, name) => sum + (perTable.get(name) ?? 0), anywhere),
    /** A change nothing tells apart (a transaction's end, a notification of another process). */
    bump: () => record('anything'),
    record,
    /** Runs a statement and counts it after it completed when it may have written. */
    async after<T>(sql: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } finally {
        record(changedBy(sql));
      }
    },
  };
}

/**
 * Collects what the statements of one transaction may change; counted once
 * the transaction ended (committed or not: a rolled-back one only costs a miss).
 */
function transactionChanges() {
  let anything = false;
  const tables = new Set<string>();
  return {
    /** A write to this table (a COPY, which changedBy does not read). */
    table(name: string) {
      tables.add(name);
    },
    note(sql: string) {
      const changed = changedBy(sql);
      if (changed === 'anything') anything = true;
      else if (changed !== 'nothing') for (const t of changed) tables.add(t);
    },
    /** A transaction always counts for the process-wide generation, as before; per table only for what it wrote. */
    result: (): 'anything' | string[] => (anything ? 'anything' : [...tables]),
  };
}

/**
 * A value of binaryCopy: bytes as they are (a bytea, or another type's binary
 * form, see copyField), a number as a 4-byte integer, null.
 */
export type CopyValue = Uint8Array | number | null;

/** Binary forms of the other types COPY writes (the receive functions' input). */
export const copyField = {
  int2(value: number): Uint8Array {
    if (!Number.isInteger(value) || value < -0x8000 || value > 0x7fff) throw new RangeError(`copyField.int2: ${value} is not a 2-byte integer`);
    const out = Buffer.allocUnsafe(2);
    out.writeInt16BE(value, 0);
    return out;
  },
  text: (value: string): Uint8Array => Buffer.from(value, 'utf8'),
  /** jsonb: format version 1, then the JSON text. */
  jsonb: (value: unknown): Uint8Array => Buffer.concat([Uint8Array.of(1), Buffer.from(JSON.stringify(value), 'utf8')]),
};

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Rows in COPY's binary format: the signature, flags and header extension,
 * per row its field count and each field's length and bytes, then -1.
 */
export function binaryCopy(rows: ReadonlyArray<ReadonlyArray<CopyValue>>): Uint8Array {
  let size = COPY_SIGNATURE.length + 8 + 2;
  for (const row of rows) {
    size += 2;
    for (const value of row) size += 4 + (value === null ? 0 : typeof value === 'number' ? 4 : value.byteLength);
  }
  const out = Buffer.allocUnsafe(size);
  let at = COPY_SIGNATURE.copy(out, 0);
  at = out.writeInt32BE(0, at);
  at = out.writeInt32BE(0, at);
  for (const row of rows) {
    at = out.writeInt16BE(row.length, at);
    for (const value of row) {
      if (value === null) at = out.writeInt32BE(-1, at);
      else if (typeof value === 'number') {
        if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) throw new RangeError(`binaryCopy: ${value} is not a 4-byte integer`);
        at = out.writeInt32BE(4, at);
        at = out.writeInt32BE(value, at);
      } else {
        at = out.writeInt32BE(value.byteLength, at);
        out.set(value, at);
        at += value.byteLength;
      }
    }
  }
  out.writeInt16BE(-1, at);
  return out;
}

/** A table or column name as SQL (quoted unless a plain lower-case name). */
const identifier = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
const copySql = (table: string, columns: readonly string[], source: string) =>
  `COPY ${identifier(table)} (${columns.map(identifier).join(', ')}) FROM ${source} WITH (FORMAT binary)`;

export interface OpenOptions {
  /** PostgreSQL's connection URL; without it the embedded PGlite database. */
  databaseUrl?: string;
  /** PGlite's data folder (its files in pgdata/ under it); without it an in-memory database. */
  dataDir?: string;
  /** PGlite: told once when the database thread ended unexpectedly (every statement fails from then on). */
  onFailure?: (error: Error) => void;
  /** PGlite: a dump (Database.dump) to start from instead of a new, empty database (startPgliteThread). */
  from?: Uint8Array;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.onFailure, options.from);
}

async function openPglite(dataDir: string | undefined, onFailure?: (error: Error) => void, from?: Uint8Array): Promise<Database> {
  // PGlite runs on a thread of its own (pglite-thread.ts): its work never holds up the requests on this one.
  const thread = await startPgliteThread(dataDir, onFailure, from);
  // One process owns an embedded database, so its own writes are all the changes there are.
  const changes = changeCounter();
  return withCopy({
    kind: 'pglite',
    folder: dataDir,
    query: (sql, params) => changes.after(sql, () => thread.query(sql, params)),
    async transaction(fn) {
      const tx = await thread.begin();
      const written = transactionChanges();
      const inside = transactionQueryable(thread, tx);
      try {
        let result;
        try {
          result = await fn({
            query: (sql, params) => {
              written.note(sql);
              return inside.query(sql, params);
            },
            // The database thread runs a COPY from '/dev/blob' with its one parameter as the data (pglite-worker.ts).
            copyBinary: async (table, columns, data) => {
              written.table(table);
              return (await inside.query(copySql(table, columns, `'${PGLITE_COPY_SOURCE}'`), [data])).rowCount;
            },
          });
        } catch (error) {
          await thread.finish(tx, false).catch(() => undefined);
          throw error;
        }
        await thread.finish(tx, true);
        return result;
      } finally {
        changes.record(written.result());
      }
    },
    exec: async (sql) => {
      await changes.after(sql, () => thread.exec(sql));
    },
    generation: changes.get,
    tableGeneration: changes.tables,
    dump: () => thread.dump(),
    close: () => thread.close(),
  });
}

/** COPY ... FROM STDIN on one pg client (pg-copy-streams: pg itself has no COPY API). */
async function copyIn(client: import('pg').PoolClient, table: string, columns: readonly string[], data: Uint8Array): Promise<number> {
  const { from } = await import('pg-copy-streams');
  const stream = client.query(from(copySql(table, columns, 'STDIN')));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  return stream.rowCount;
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
  const run = async <T>(
    client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> },
    sql: string,
    params?: unknown[],
  ) => {
    const r = await client.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  return withCopy({
    kind: 'postgres',
    query: (sql, params) => changes.after(sql, () => run(pool, sql, params)),
    async transaction(fn) {
      const client = await pool.connect();
      // A connection that failed (the server restarted) is destroyed instead of going back to the pool.
      // While the client is checked out the pool does not listen to it: an error it emits between two
      // queries (the server ending the connection) would otherwise be unhandled and end the process.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
          copyBinary: (table, columns, data) => copyIn(client, table, columns, data),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
        changes.bump();
      }
    },
    exec: async (sql) => {
      await changes.after(sql, () => pool.query(sql));
    },
    generation: changes.get,
    tableGeneration: () => undefined,
    async close() {
      await listener.close();
      await pool.end();
    },
  });
}

/** A database whose copyBinary outside a transaction is a transaction of that one statement. */
function withCopy(db: Omit<Database, 'copyBinary'>): Database {
  return Object.assign(db, {
    copyBinary: (table: string, columns: readonly string[], data: Uint8Array) => db.transaction((tx) => tx.copyBinary(table, columns, data)),
  });
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
  // One retry at a time, whichever notices first (a failed connect, the connection's end), until it is up again.
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch(reconnectLater);
    }, 1000);
    retry.unref();
  };
  const connect = async () => {
    bump();
    const c = new pg.Client({ connectionString: url });
    c.on('notification', bump);
    c.on('error', () => undefined);
    c.on('end', () => {
      bump();
      // The live connection ended (a failed connect retries from its catch below).
      if (client !== c) return;
      client = undefined;
      reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    client = c;
    if (closed) await c.end().catch(() => undefined);
  };
  await connect().catch(reconnectLater);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
