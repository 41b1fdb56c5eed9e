// The block rows whose bytes live in files of the data folder (their data is
// NULL: processing/block-files.ts), by their hashes as hex text.
import type { Queryable } from '../db/database.js';

/** The hex hashes of blocks kept in files: of the given ones, or of all. */
export async function blocksInFiles(db: Queryable, hexes?: readonly string[]): Promise<string[]> {
  const { rows } = hexes
    ? await db.query<{ hex: string }>(`SELECT encode(hash, 'hex') AS hex FROM result_block WHERE data IS NULL AND hash = ANY($1::bytea[])`, [
        hexes.map((h) => Buffer.from(h, 'hex')),
      ])
    : await db.query<{ hex: string }>(`SELECT encode(hash, 'hex') AS hex FROM result_block WHERE data IS NULL`);
  return rows.map((r) => r.hex);
}
