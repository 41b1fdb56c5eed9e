// Catchment areas on another area set than the demand areas (postcodes while
// demand is on grid cells) carry values by surface overlap. The overlap of two
// sets is computed once by the engine thread and stored (area_overlap); it is
// computed again only when either set changes.
import type { AreaFeature } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import type { EngineThread } from './engine-thread.js';
import type { DemandAreas } from './inputs.js';
import { bytesOf, float64Of } from './result-codec.js';

export interface StoredOverlap {
  sourceCount: number;
  targetCount: number;
  offsets: Uint32Array;
  target: Uint32Array;
  weight: Float64Array;
  /** Area id per target position. */
  targetIds: Float64Array;
}

async function features(db: Queryable, areaSetId: number): Promise<{ ids: Float64Array; features: AreaFeature[] }> {
  const { rows } = await db.query<{ id: number; geometry: AreaFeature['geometry'] }>('SELECT id, geometry FROM area WHERE area_set_id = $1 ORDER BY id', [
    areaSetId,
  ]);
  return {
    ids: Float64Array.from(rows, (r) => r.id),
    features: rows.map((r) => ({ type: 'Feature', properties: {}, geometry: r.geometry })),
  };
}

const u32 = (bytes: Uint8Array) => {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Uint32Array(copy.buffer);
};

export async function loadOverlap(db: Queryable, sourceSetId: number, targetSetId: number): Promise<StoredOverlap | undefined> {
  const row = (
    await db.query<{ offsets: Uint8Array; target: Uint8Array; weight: Uint8Array; target_ids: Uint8Array; stamp: string }>(
      'SELECT offsets, target, weight, target_ids, stamp FROM area_overlap WHERE source_area_set_id = $1 AND target_area_set_id = $2',
      [sourceSetId, targetSetId],
    )
  ).rows[0];
  if (!row) return undefined;
  const offsets = u32(row.offsets);
  const targetIds = float64Of(row.target_ids);
  return { sourceCount: offsets.length - 1, targetCount: targetIds.length, offsets, target: u32(row.target), weight: float64Of(row.weight), targetIds };
}

/**
 * Makes sure every catchment area of the model on another area set has its
 * overlap with the demand areas. `keyOf`: an area set's key (areaSetKey's,
 * kept until the areas change: DemandAreaCache.key).
 */
export async function ensureCatchmentOverlaps(
  db: Queryable,
  thread: EngineThread,
  modelId: number,
  demand: DemandAreas,
  keyOf: (areaSetId: number) => Promise<string>,
): Promise<void> {
  const { rows } = await db.query<{ area_set_id: number }>('SELECT DISTINCT area_set_id FROM catchment_area WHERE model_id = $1 AND area_set_id <> $2', [
    modelId,
    demand.areaSetId,
  ]);
  for (const { area_set_id: targetSetId } of rows) {
    const stamp = `${demand.key}|${await keyOf(targetSetId)}`;
    const current = await db.query('SELECT 1 FROM area_overlap WHERE source_area_set_id = $1 AND target_area_set_id = $2 AND stamp = $3', [
      demand.areaSetId,
      targetSetId,
      stamp,
    ]);
    if (current.rows.length) continue;
    const sources = await features(db, demand.areaSetId);
    const targets = await features(db, targetSetId);
    const o = await thread.run<{ type: 'overlap'; jobId: number; offsets: Uint32Array; target: Uint32Array; weight: Float64Array }>({
      type: 'overlap',
      sources: sources.features,
      targets: targets.features,
    });
    await db.query(
      `INSERT INTO area_overlap (source_area_set_id, target_area_set_id, stamp, offsets, target, weight, target_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (source_area_set_id, target_area_set_id) DO UPDATE SET stamp = EXCLUDED.stamp, offsets = EXCLUDED.offsets,
         target = EXCLUDED.target, weight = EXCLUDED.weight, target_ids = EXCLUDED.target_ids`,
      [demand.areaSetId, targetSetId, stamp, bytesOf(o.offsets), bytesOf(o.target), bytesOf(o.weight), bytesOf(targets.ids)],
    );
  }
}
