// The stored surface overlaps of two area sets (table area_overlap): per
// source area the target areas it overlaps and by what weight, as byte
// arrays, with the stamp of both sets' content it was computed for.
import type { Queryable } from '../db/database.js';

export interface OverlapRow {
  offsets: Uint8Array;
  target: Uint8Array;
  weight: Uint8Array;
  target_ids: Uint8Array;
  stamp: string;
}

export async function overlapRow(db: Queryable, sourceSetId: number, targetSetId: number): Promise<OverlapRow | undefined> {
  return (
    await db.query<OverlapRow>(
      'SELECT offsets, target, weight, target_ids, stamp FROM area_overlap WHERE source_area_set_id = $1 AND target_area_set_id = $2',
      [sourceSetId, targetSetId],
    )
  ).rows[0];
}

/** Whether the stored overlap of the two sets was computed for this stamp. */
export async function overlapIsCurrent(db: Queryable, sourceSetId: number, targetSetId: number, stamp: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM area_overlap WHERE source_area_set_id = $1 AND target_area_set_id = $2 AND stamp = $3', [
    sourceSetId,
    targetSetId,
    stamp,
  ]);
  return rows.length > 0;
}

/** Stores the overlap of two sets, replacing the one stored. */
export async function storeOverlap(
  db: Queryable,
  overlap: { sourceSetId: number; targetSetId: number; stamp: string; offsets: Uint8Array; target: Uint8Array; weight: Uint8Array; targetIds: Uint8Array },
): Promise<void> {
  await db.query(
    `INSERT INTO area_overlap (source_area_set_id, target_area_set_id, stamp, offsets, target, weight, target_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (source_area_set_id, target_area_set_id) DO UPDATE SET stamp = EXCLUDED.stamp, offsets = EXCLUDED.offsets,
       target = EXCLUDED.target, weight = EXCLUDED.weight, target_ids = EXCLUDED.target_ids`,
    [overlap.sourceSetId, overlap.targetSetId, overlap.stamp, overlap.offsets, overlap.target, overlap.weight, overlap.targetIds],
  );
}
