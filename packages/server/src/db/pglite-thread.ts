// The embedded PGlite database on a thread of its own (pglite-worker.ts), so
// that none of its work (storing a calculation's results is megabytes of it)
// holds up the main thread that answers requests. The main thread keeps the
// `Database` interface: statements go by message; a transaction stays
// interactive (its function runs here, its statements run in the thread's
// open transaction); errors come back with their PostgreSQL fields.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryResult, Queryable } from './database.js';
import { deserializeError, packParams, type SerializedError, type ThreadReply, type ThreadRequest } from './thread-protocol.js';
import { workerEntry } from '../worker-entry.js';

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
  /** Ends the thread at once, as a crash would (tests of what follows a crash). */
  kill(): Promise<void>;
  /** The thread's end, if it ended other than by close(). */
  readonly failure: Error | undefined;
}

/**
 * Starts the database thread and waits until PGlite opened the data folder
 * (or an in-memory database). `onFailure` is told once when the thread ends
 * unexpectedly; every statement then fails with a DatabaseThreadError.
 */
export async function startPgliteThread(dataDir: string | undefined, onFailure?: (error: Error) => void): Promise<PgliteThread> {
  const url = pgliteWorkerUrl();
  // From the TypeScript source (tests, tsx) the thread first registers tsx, as the main thread did.
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(`import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`, { eval: true, workerData: { dataDir } })
    : new Worker(url, { workerData: { dataDir } });
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let closing = false;
  let closed = false;

  // The thread keeps the process alive only while a statement is on its way.
  const hold = () => { if (pending.size === 1) worker.ref(); };
  const release = () => { if (pending.size === 0) worker.unref(); };

  const stopped = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker.unref();
    if (!closing) onFailure?.(error);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: ThreadReply) => {
      if (message.type === 'ready') return resolve();
      if (message.type === 'failed') {
        const error = deserializeError(message.error, 'the database thread, opening the database');
        reject(error);
        stopped(error);
        return;
      }
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      release();
      p.resolve(message);
    });
    worker.on('error', (error) => {
      const e = new DatabaseThreadError(`the database thread stopped: ${error.message}`);
      reject(e);
      stopped(e);
    });
    worker.on('messageerror', (error) => stopped(new DatabaseThreadError(`the database thread sent a message that could not be read: ${error.message}`)));
    worker.on('exit', (code) => {
      closed = true;
      const e = closing ? new DatabaseThreadError('the database is closed') : new DatabaseThreadError(`the database thread stopped (exit code ${code})`);
      reject(e);
      stopped(e);
    });
  });
  await ready;

  const send = (request: Request, transfer: ArrayBuffer[] = []): Promise<Reply> => {
    if (failure) return Promise.reject(failure);
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

  return {
    async query<T>(sql: string, params: readonly unknown[] = [], tx?: number) {
      const packed = packParams(params);
      const reply = check(await send({ op: 'query', sql, params: packed.params, tx }, packed.transfer), sql);
      return { rows: (reply.rows ?? []) as T[], rowCount: reply.rowCount ?? 0 };
    },
    async exec(sql: string, tx?: number) {
      check(await send({ op: 'exec', sql, tx }), sql);
    },
    async begin() {
      return check(await send({ op: 'begin' }), 'BEGIN').tx!;
    },
    async finish(tx: number, commit: boolean) {
      check(await send({ op: 'finish', tx, commit }), commit ? 'COMMIT' : 'ROLLBACK');
    },
    async close() {
      if (closed || failure) return;
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      try {
        check(await send({ op: 'close' }), 'close');
      } finally {
        // The thread ends by itself after closing; should it not within a few seconds, it is ended.
        const timer = setTimeout(() => void worker.terminate(), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
    async kill() {
      await worker.terminate();
    },
    get failure() { return failure; },
  };
}

/** The `Queryable` of one open transaction on the thread. */
export function transactionQueryable(thread: PgliteThread, tx: number): Queryable {
  return { query: <T>(sql: string, params?: unknown[]) => thread.query<T>(sql, params, tx) };
}
