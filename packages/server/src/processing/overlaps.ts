// Catchment areas on another area set than the demand areas (postcodes while
// demand is on grid cells) carry values by surface overlap. The overlap of two
// sets is computed once by the engine thread and stored (area_overlap); it is
// computed again only when either set changes.
import type { AreaFeature } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import type { EngineThread } from './engine-thread.js';
import type { DemandAreas } from './inputs.js';
import { bytesOf, float64Of } from './result-codec.js';
import { areaGeometries } from '../repo/areas.js';
import { catchmentAreaSetsBesides } from '../repo/catchment-areas.js';
import { overlapIsCurrent, overlapRow, storeOverlap } from '../repo/overlaps.js';

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
  const rows = await areaGeometries(db, areaSetId);
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
  const row = await overlapRow(db, sourceSetId, targetSetId);
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
  for (const targetSetId of await catchmentAreaSetsBesides(db, modelId, demand.areaSetId)) {
    const stamp = `${demand.key}|${await keyOf(targetSetId)}`;
    if (await overlapIsCurrent(db, demand.areaSetId, targetSetId, stamp)) continue;
    const sources = await features(db, demand.areaSetId);
    const targets = await features(db, targetSetId);
    const o = await thread.run<{ type: 'overlap'; jobId: number; offsets: Uint32Array; target: Uint32Array; weight: Float64Array }>({
      type: 'overlap',
      sources: sources.features,
      targets: targets.features,
    });
    await storeOverlap(db, {
      sourceSetId: demand.areaSetId,
      targetSetId,
      stamp,
      offsets: bytesOf(o.offsets),
      target: bytesOf(o.target),
      weight: bytesOf(o.weight),
      targetIds: bytesOf(targets.ids),
    });
  }
}
