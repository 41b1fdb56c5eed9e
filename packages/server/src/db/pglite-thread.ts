// The embedded PGlite database on a thread of its own (pglite-worker.ts), so
// that none of its work (storing a calculation's results is megabytes of it)
// holds up the main thread that answers requests. The main thread keeps the
// `Database` interface: statements go by message; a transaction stays
// interactive (its function runs here, its statements run in the thread's
// open transaction); errors come back with their PostgreSQL fields.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { QueryResult, Queryable } from './database.js';
import { deserializeError, packParams, type SerializedError, type ThreadReply, type ThreadRequest } from './thread-protocol.js';
import { startWorker, WORKER_YOUNG_GENERATION_MB, workerEntry } from '../worker-entry.js';

/** The database thread stopped (it crashed, or the database was closed): every statement fails with this. */
export class DatabaseThreadError extends Error {
  /** admin_shutdown: the server maps it like a database that went away (503). */
  readonly code = '57P01';
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseThreadError';
  }
}

/** The worker entry: next to this file in the source (tsx), in db/ of dist next to the bundle. */
export function pgliteWorkerUrl(): URL {
  return workerEntry(import.meta.url, 'pglite-worker', 'db');
}

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type Reply = Extract<ThreadReply, { type: 'reply' }>;

export interface PgliteThread {
  query<T>(sql: string, params?: readonly unknown[], tx?: number): Promise<QueryResult<T>>;
  exec(sql: string, tx?: number): Promise<void>;
  /** Waits until the thread opened a transaction (statements outside it wait from then on); answers its number. */
  begin(): Promise<number>;
  /** Commits (or rolls back) the open transaction `tx`; throws what COMMIT threw. */
  finish(tx: number, commit: boolean): Promise<void>;
  close(): Promise<void>;
  /** The whole data folder as a tar, to start another database from (startPgliteThread's `from`). */
  dump(): Promise<Uint8Array>;
  /** Closes the thread and opens the data folder on a new one, once idle (an in-memory database stays as it is). */
  recycle(): Promise<void>;
  /** Ends the thread at once, as a crash would (tests of what follows a crash). */
  kill(): Promise<void>;
  /** The thread's end, if it ended other than by close(). */
  readonly failure: Error | undefined;
}

/**
 * Creates a new data folder in a child process that ends when it is done.
 * PGlite's initdb runs a second PostgreSQL instance and holds some 700 MB at
 * its peak; memory a thread's WASM heap took is given back only when the
 * process ends, so the server's own peak stays that of the database it then
 * opens (docs/memory.md).
 */
export async function createDataFolder(pgdata: string): Promise<void> {
  mkdirSync(pgdata, { recursive: true });
  const script = `const { PGlite } = await import(process.argv[1]);
const db = await PGlite.create(process.argv[2]);
await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), pgdata], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => {
    errors += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (c) => resolve(c));
  });
  if (code !== 0 || !existsSync(join(pgdata, 'PG_VERSION'))) {
    throw new DatabaseThreadError(`creating the database folder ${pgdata} failed (exit code ${code}): ${errors.trim().slice(-500)}`);
  }
}

/** Every database thread of the process that is open (recyclePgliteThreads). */
const openThreads = new Set<PgliteThread>();

/**
 * Starts the database thread again on each open embedded database, once it
 * is idle: the WASM heap a thread grew (seeding the demo data grows it by
 * hundreds of MB) never shrinks, and a thread that ended gives all of it
 * back. Statements asked meanwhile wait for the new thread.
 */
export async function recyclePgliteThreads(): Promise<void> {
  await Promise.all([...openThreads].map((t) => t.recycle()));
}

/**
 * Starts the database thread and waits until PGlite opened the data folder
 * (or an in-memory database). `onFailure` is told once when the thread ends
 * unexpectedly; every statement then fails with a DatabaseThreadError.
 * `from`: a dump (PgliteThread.dump) the new database starts as, in memory or
 * in a data folder that has no database yet; no initdb runs then (the tests
 * start each database from one migrated template this way). A SharedArrayBuffer
 * under it is shared with the thread instead of copied.
 */
export async function startPgliteThread(dataDir: string | undefined, onFailure?: (error: Error) => void, from?: Uint8Array): Promise<PgliteThread> {
  if (dataDir && !from && !existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) await createDataFolder(join(dataDir, 'pgdata'));
  const url = pgliteWorkerUrl();
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let closing = false;
  let closed = false;
  /** Transactions begun and not yet finished (a recycle waits for none). */
  let openTransactions = 0;
  /** While the thread is started again, statements wait for this. */
  let recycling: Promise<void> | undefined;
  let worker!: Worker;
  let self: PgliteThread | undefined;

  // The thread keeps the process alive only while a statement is on its way.
  const hold = () => {
    if (pending.size === 1) worker.ref();
  };
  const release = () => {
    if (pending.size === 0) worker.unref();
  };

  const stopped = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker.unref();
    if (self) openThreads.delete(self);
    if (!closing) onFailure?.(error);
  };

  /** A new thread on the data folder; events of a thread that was replaced are not this database's any more. */
  const startThread = (start?: Uint8Array): Promise<void> => {
    const w = startWorker(url, { workerData: { dataDir, from: start }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    worker = w;
    const current = () => worker === w;
    return new Promise<void>((resolve, reject) => {
      w.on('message', (message: ThreadReply) => {
        if (message.type === 'ready') return resolve();
        if (message.type === 'failed') {
          const error = deserializeError(message.error, 'the database thread, opening the database');
          reject(error);
          if (current()) stopped(error);
          return;
        }
        const p = pending.get(message.id);
        if (!p) return;
        pending.delete(message.id);
        release();
        p.resolve(message);
      });
      w.on('error', (error) => {
        const e = new DatabaseThreadError(`the database thread stopped: ${error.message}`);
        reject(e);
        if (current()) stopped(e);
      });
      w.on('messageerror', (error) => {
        if (current()) stopped(new DatabaseThreadError(`the database thread sent a message that could not be read: ${error.message}`));
      });
      w.on('exit', (code) => {
        // A thread closed to be started again (recycle) ended as asked.
        if (!current() || recycling) return;
        closed = true;
        const e = closing ? new DatabaseThreadError('the database is closed') : new DatabaseThreadError(`the database thread stopped (exit code ${code})`);
        reject(e);
        stopped(e);
      });
    });
  };
  // Only the first thread starts from the dump: one started again (recycle) opens the data folder it wrote.
  await startThread(from);

  const send = async (request: Request, transfer: ArrayBuffer[] = []): Promise<Reply> => {
    while (recycling) await recycling;
    if (failure) throw failure;
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      hold();
      worker.postMessage({ ...request, id } as ThreadRequest, transfer);
    });
  };
  const context = (sql: string) => `the database thread, running: ${sql.replace(/\s+/g, ' ').slice(0, 120)}`;
  const check = (reply: Reply, sql: string): Extract<Reply, { ok: true }> => {
    if (!reply.ok) throw deserializeError(reply.error as SerializedError, context(sql));
    return reply;
  };
  worker.unref();

  /** Closes the current thread (a checkpoint, then PGlite's shutdown) and waits for it to end. */
  const closeWorker = async () => {
    const w = worker;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    const id = nextId++;
    const reply = new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      hold();
    });
    w.postMessage({ op: 'close', id } as ThreadRequest);
    try {
      check(await reply, 'close');
    } finally {
      // The thread ends by itself after closing; should it not within a few seconds, it is ended.
      const timer = setTimeout(() => void w.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const thread: PgliteThread = {
    async query<T>(sql: string, params: readonly unknown[] = [], tx?: number) {
      const packed = packParams(params);
      const reply = check(await send({ op: 'query', sql, params: packed.params, tx }, packed.transfer), sql);
      return { rows: (reply.rows ?? []) as T[], rowCount: reply.rowCount ?? 0 };
    },
    async exec(sql: string, tx?: number) {
      check(await send({ op: 'exec', sql, tx }), sql);
    },
    async begin() {
      const tx = check(await send({ op: 'begin' }), 'BEGIN').tx!;
      openTransactions++;
      return tx;
    },
    async finish(tx: number, commit: boolean) {
      try {
        check(await send({ op: 'finish', tx, commit }), commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        openTransactions--;
      }
    },
    async dump() {
      const reply = check(await send({ op: 'dump' }), 'dump');
      return reply.data!;
    },
    async recycle() {
      if (!dataDir || closed || failure || closing) return;
      while (recycling) await recycling;
      // Only between statements and transactions: what is on its way finishes first.
      while (pending.size > 0 || openTransactions > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      let done!: () => void;
      recycling = new Promise<void>((resolve) => {
        done = resolve;
      });
      try {
        const old = worker;
        await closeWorker();
        old.removeAllListeners();
        await startThread();
        worker.unref();
      } catch (error) {
        stopped(error instanceof Error ? error : new DatabaseThreadError(String(error)));
      } finally {
        recycling = undefined;
        done();
      }
    },
    async close() {
      if (closed || failure) return;
      while (recycling) await recycling;
      closing = true;
      openThreads.delete(thread);
      await closeWorker();
    },
    async kill() {
      await worker.terminate();
    },
    get failure() {
      return failure;
    },
  };
  self = thread;
  openThreads.add(thread);
  return thread;
}

/** The `Queryable` of one open transaction on the thread. */
export function transactionQueryable(thread: PgliteThread, tx: number): Queryable {
  return { query: <T>(sql: string, params?: unknown[]) => thread.query<T>(sql, params, tx) };
}
