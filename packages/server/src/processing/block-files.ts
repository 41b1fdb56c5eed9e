// Pair blocks of the embedded database in files. The embedded database writes
// some 50 MB/s of block bytes (each 64 kB value is cut into 2 kB pieces, each
// a row with an index entry and a log record, in WebAssembly), so a national
// result's ten megabytes held the calculation up for some 200 ms of the
// database thread. The data folder belongs to this one process, so the bytes
// of a block go into a file of its own under result-blocks/ (named by the
// block's hash: written once, never changed), and result_block keeps the row
// with a NULL data: the references, the foreign keys and the transaction
// that makes a result current stay in the database. On PostgreSQL (other
// processes share the data, and it writes fast) the bytes stay in the rows.
//
// A file is written (to a temporary name, then renamed) before its row is
// inserted, so a row never names a missing file. Rows of blocks no result
// refers to are deleted by collectBlocks at any time; their files are removed
// afterwards, only while no calculation of this process writes blocks
// (calculations and removals take turns: writingBlocks), and only when no row
// names them by then, so a file a calculation names again is never removed
// under it.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database.js';
import { blocksInFiles } from '../repo/result-blocks.js';

/** Where a database keeps block bytes in files: under its data folder, if it has one. */
export function blockFolder(db: { folder?: string }): string | undefined {
  return db.folder ? join(db.folder, 'result-blocks') : undefined;
}

const pathOf = (folder: string, hex: string) => join(folder, hex.slice(0, 2), hex);
let temporaries = 0;

/** Writes blocks' bytes to their files (an existing file is written again: same name, same bytes). */
export async function writeBlockFiles(folder: string, blocks: ReadonlyArray<{ hex: string; data: Uint8Array }>): Promise<void> {
  const folders = new Set(blocks.map((b) => b.hex.slice(0, 2)));
  await Promise.all([...folders].map((f) => mkdir(join(folder, f), { recursive: true })));
  await Promise.all(
    blocks.map(async ({ hex, data }) => {
      const path = pathOf(folder, hex);
      const temporary = `${path}.${process.pid}-${++temporaries}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, path);
    }),
  );
}

/** The bytes of blocks by hash; a block whose file is missing is left out. */
export async function readBlockFiles(folder: string, hexes: readonly string[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  await Promise.all(
    hexes.map(async (hex) => {
      try {
        found.set(hex, await readFile(pathOf(folder, hex)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }),
  );
  return found;
}

interface Turns {
  /** Calculations writing blocks now. */
  writers: number;
  /** Settles when the running sweep ends. */
  sweeping?: Promise<void>;
  /** Called when the last writer ends. */
  drained?: () => void;
}
const turns = new Map<string, Turns>();
const turnsOf = (folder: string) => {
  let t = turns.get(folder);
  if (!t) turns.set(folder, (t = { writers: 0 }));
  return t;
};

/** Runs fn, which writes or names blocks, while no sweep runs (any number of them at once). */
export async function writingBlocks<T>(db: { folder?: string }, fn: () => Promise<T>): Promise<T> {
  const folder = blockFolder(db);
  if (!folder) return fn();
  const t = turnsOf(folder);
  while (t.sweeping) await t.sweeping;
  t.writers++;
  try {
    return await fn();
  } finally {
    if (--t.writers === 0) t.drained?.();
  }
}

/** Runs fn while no calculation writes blocks (one such run at a time). */
async function alone<T>(folder: string, fn: () => Promise<T>): Promise<T> {
  const t = turnsOf(folder);
  while (t.sweeping) await t.sweeping;
  let done!: () => void;
  t.sweeping = new Promise<void>((resolve) => {
    done = resolve;
  });
  try {
    while (t.writers > 0)
      await new Promise<void>((resolve) => {
        t.drained = resolve;
      });
    t.drained = undefined;
    return await fn();
  } finally {
    t.sweeping = undefined;
    done();
  }
}

/** Of these hashes (hex), those no row names with its bytes in a file. */
async function unnamed(db: Queryable, hexes: readonly string[]): Promise<string[]> {
  const named = new Set(await blocksInFiles(db, hexes));
  return hexes.filter((h) => !named.has(h));
}

/** Removes the files of blocks whose rows were collected (hex hashes), unless a calculation named them again meanwhile. */
export async function removeBlockFiles(db: Queryable & { folder?: string }, hexes: readonly string[]): Promise<number> {
  const folder = blockFolder(db);
  if (!folder || !hexes.length) return 0;
  return alone(folder, async () => {
    const gone = await unnamed(db, hexes);
    await Promise.all(gone.map((hex) => rm(pathOf(folder, hex), { force: true })));
    return gone.length;
  });
}

/**
 * Removes every block file no row names (rows collected while the process
 * stopped, a data reset) and temporary files a stopped process left. Answers
 * the files removed.
 */
export async function sweepBlockFiles(db: Queryable & { folder?: string }): Promise<number> {
  const folder = blockFolder(db);
  if (!folder) return 0;
  return alone(folder, async () => {
    let subfolders: string[];
    try {
      subfolders = (await readdir(folder)).filter((f) => /^[0-9a-f]{2}$/.test(f));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const named = new Set(await blocksInFiles(db));
    let removed = 0;
    for (const sub of subfolders) {
      for (const name of await readdir(join(folder, sub))) {
        if (named.has(name)) continue;
        await rm(join(folder, sub, name), { force: true });
        removed++;
      }
    }
    return removed;
  });
}
