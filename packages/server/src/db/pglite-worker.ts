// The database thread: owns the embedded PGlite database (a data folder, or
// memory) and runs what the main thread sends (thread-protocol.ts). PGlite's
// own locks order the work as they did on the main thread: while a
// transaction is open, statements outside it wait until it ends.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { PGLITE_COPY_SOURCE, reviveParams, serializeError, transferablesOf, type ThreadReply, type ThreadRequest } from './thread-protocol.js';

const INT8 = 20;
const NUMERIC = 1700;
/** PostgreSQL's shared buffers in the database thread's WASM heap. */
const SHARED_BUFFERS = '32MB';

/** Thrown into PGlite's transaction when the main thread decided to roll back (its fn threw). */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  /** Settles the transaction: commit or roll back, then answers the request `replyId`. */
  finish(commit: boolean, replyId: number): void;
}

const port = parentPort!;

const COPY_FROM_BLOB = new RegExp(`^\\s*COPY\\b[^;]*\\bFROM\\s+'${PGLITE_COPY_SOURCE}'`, 'i');
/** A COPY from the data sent with the statement (thread-protocol.ts). */
const isCopyFromBlob = (sql: string) => COPY_FROM_BLOB.test(sql);
function copyData(params: readonly unknown[]): Blob {
  const data = params[0];
  if (params.length !== 1 || !(data instanceof Uint8Array)) throw new Error(`a COPY from ${PGLITE_COPY_SOURCE} takes its data as its one parameter (bytes)`);
  return new Blob([data as Uint8Array<ArrayBuffer>]);
}
const post = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const fail = (id: number, error: unknown) => post({ type: 'reply', id, ok: false, error: serializeError(error) });

async function main() {
  const { dataDir, from } = workerData as { dataDir?: string; from?: Uint8Array };
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir ? `${dataDir}/pgdata` : undefined, {
      parsers: { [INT8]: Number, [NUMERIC]: Number },
      // PostgreSQL's shared buffers live in the WASM heap, which never shrinks: 32 MB instead of the default 128 MB
      // (the data folder's files stay in the operating system's cache; docs/memory.md).
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
      // A dump of a data folder (pglite-thread.ts): its files instead of a new database made by initdb.
      loadDataDir: from ? new Blob([from as Uint8Array<ArrayBuffer>]) : undefined,
    });
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) });
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  let nextTx = 1;

  const runIn = (txId: number | undefined) => {
    if (txId === undefined) return db;
    const open = transactions.get(txId);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = (id: number) => {
    const txId = nextTx++;
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let finishReply: number | undefined;
    let opened = false;
    db.transaction(async (tx) => {
      opened = true;
      transactions.set(txId, {
        tx,
        finish(commit, replyId) {
          finishReply = replyId;
          decide(commit);
        },
      });
      post({ type: 'reply', id, ok: true, tx: txId });
      if (!(await decided)) throw ROLLBACK;
    }).then(
      () => {
        transactions.delete(txId);
        post({ type: 'reply', id: finishReply!, ok: true });
      },
      (error: unknown) => {
        transactions.delete(txId);
        if (!opened) fail(id, error);
        else if (error === ROLLBACK) post({ type: 'reply', id: finishReply!, ok: true });
        else fail(finishReply!, error);
      },
    );
  };

  port.on('message', (request: ThreadRequest) => {
    switch (request.op) {
      case 'query': {
        let run: Promise<{ rows: unknown[]; affectedRows?: number }>;
        try {
          const target = runIn(request.tx);
          run = isCopyFromBlob(request.sql)
            ? target.query(request.sql, [], { blob: copyData(request.params) })
            : target.query(request.sql, reviveParams(request.params));
        } catch (error) {
          fail(request.id, error);
          return;
        }
        run.then(
          (r) => post({ type: 'reply', id: request.id, ok: true, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }, transferablesOf(r.rows)),
          (error: unknown) => fail(request.id, error),
        );
        return;
      }
      case 'exec': {
        let run: Promise<unknown>;
        try {
          run = runIn(request.tx).exec(request.sql);
        } catch (error) {
          fail(request.id, error);
          return;
        }
        run.then(
          () => post({ type: 'reply', id: request.id, ok: true }),
          (error: unknown) => fail(request.id, error),
        );
        return;
      }
      case 'begin':
        begin(request.id);
        return;
      case 'finish': {
        const open = transactions.get(request.tx);
        if (!open) fail(request.id, new Error('Transaction is closed'));
        else open.finish(request.commit, request.id);
        return;
      }
      case 'dump':
        // A checkpoint first, so the copy needs no recovery when it is opened.
        (async () => {
          await db.exec('CHECKPOINT');
          return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
        })().then(
          (data) => post({ type: 'reply', id: request.id, ok: true, data }, [data.buffer as ArrayBuffer]),
          (error: unknown) => fail(request.id, error),
        );
        return;
      case 'close':
        // A checkpoint first, so the data folder is complete on disk; then PGlite shuts down and the thread ends.
        (async () => {
          if (dataDir) await db.exec('CHECKPOINT');
          await db.close();
        })().then(
          () => {
            post({ type: 'reply', id: request.id, ok: true });
            port.close();
          },
          (error: unknown) => {
            fail(request.id, error);
            port.close();
          },
        );
        return;
    }
  });
  post({ type: 'ready' });
}

void main().catch((error) => post({ type: 'failed', error: serializeError(error) }));
