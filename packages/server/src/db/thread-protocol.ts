// The messages between the server's main thread and the database thread that
// owns the embedded PGlite database (pglite-thread.ts, pglite-worker.ts), and
// what both sides do to them on the way: bytes are sent as their own
// ArrayBuffers and transferred (never the whole buffer a view happens to sit
// on), errors keep their PostgreSQL fields (code, detail, constraint, ...).

/**
 * The file PGlite reads a COPY ... FROM from: a 'query' whose statement is a
 * COPY from this file sends the data as its one parameter (bytes), and the
 * database thread hands them to PGlite as that file.
 */
export const PGLITE_COPY_SOURCE = '/dev/blob';

/** Main thread to database thread. `tx` names the open transaction a statement belongs to. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'finish'; tx: number; commit: boolean }
  | { id: number; op: 'close' }
  /** A copy of the whole data folder as a tar (PGlite's dumpDataDir), taken after a checkpoint. */
  | { id: number; op: 'dump' };

/** Database thread to main thread. */
export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; rows?: unknown[]; rowCount?: number; tx?: number; data?: Uint8Array }
  | { type: 'reply'; id: number; ok: false; error: SerializedError };

export type SerializedError = Record<string, string | number | boolean | null>;

/** Fields of an error not sent across: the statement's parameters (megabytes of bytes at times) and its options. */
const LEFT_OUT = new Set(['params', 'queryOptions']);

/** An error as plain data: name, message, stack and every own field of a primitive value (code, detail, errno, ...). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out: SerializedError = { name: error.name, message: error.message, stack: error.stack ?? null };
  for (const key of Object.keys(error)) {
    if (LEFT_OUT.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** The error again, on the other side: an Error with the same message and fields; the stack says where it crossed. */
export function deserializeError(data: SerializedError, context: string): Error {
  const error = new Error(String(data.message ?? 'unknown database error'));
  for (const [key, value] of Object.entries(data)) {
    if (key === 'message' || key === 'stack') continue;
    Object.defineProperty(error, key, { value, enumerable: key !== 'name', writable: true, configurable: true });
  }
  if (typeof data.stack === 'string') error.stack = `${data.stack}\n    at ${context}`;
  return error;
}

/**
 * A statement's parameters ready to post: every byte view becomes a tight
 * copy whose buffer is transferred (posting a view would copy the whole buffer
 * under it, and transferring the caller's own buffer would take it away from
 * the caller). Arrays of values (bytea[] parameters) are walked.
 */
export function packParams(params: readonly unknown[]): { params: unknown[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const pack = (value: unknown): unknown => {
    if (ArrayBuffer.isView(value)) {
      const copy = new Uint8Array(value.byteLength);
      copy.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      transfer.push(copy.buffer);
      return copy;
    }
    if (Array.isArray(value)) return value.map(pack);
    return value;
  };
  return { params: params.map(pack), transfer };
}

/** On the database thread: byte parameters as Buffers again (views, no copy), as the driver was given them before. */
export function reviveParams(params: readonly unknown[]): unknown[] {
  const revive = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (Array.isArray(value)) return value.map(revive);
    return value;
  };
  return params.map(revive);
}

/**
 * The buffers of a result's byte values to transfer instead of copy: values
 * (and values in arrays) that own their whole buffer. Any other view is left
 * to be copied.
 */
export function transferablesOf(rows: readonly unknown[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const shared = new Set<ArrayBuffer>();
  const visit = (value: unknown, depth: number) => {
    if (value instanceof Uint8Array) {
      const buffer = value.buffer;
      if (!(buffer instanceof ArrayBuffer)) return;
      // A buffer seen twice, or holding more than this value, is not the value's own.
      if (buffers.has(buffer) || value.byteOffset !== 0 || value.byteLength !== buffer.byteLength) shared.add(buffer);
      buffers.add(buffer);
      return;
    }
    if (Array.isArray(value) && depth < 2) for (const v of value) visit(v, depth + 1);
  };
  for (const row of rows) {
    if (row === null || typeof row !== 'object') continue;
    for (const value of Object.values(row as Record<string, unknown>)) visit(value, 0);
  }
  return [...buffers].filter((b) => !shared.has(b));
}
