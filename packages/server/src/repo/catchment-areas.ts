// Catchment areas of a model: the area set each shows its catchment on.
import type { Queryable } from '../db/database.js';

export interface CatchmentAreaRow {
  id: number;
  name: string;
  title: string;
  area_set_id: number;
}

/** A catchment area of a model; undefined when the model has no such catchment area. */
export async function catchmentAreaOfModel(db: Queryable, modelId: number, catchmentAreaId: number): Promise<CatchmentAreaRow | undefined> {
  return (
    await db.query<CatchmentAreaRow>('SELECT id, name, title, area_set_id FROM catchment_area WHERE id = $1 AND model_id = $2', [catchmentAreaId, modelId])
  ).rows[0];
}

/** A model's catchment areas, in their order. */
export async function catchmentAreasOf(db: Queryable, modelId: number): Promise<CatchmentAreaRow[]> {
  return (await db.query<CatchmentAreaRow>('SELECT id, name, title, area_set_id FROM catchment_area WHERE model_id = $1 ORDER BY sort_order, id', [modelId]))
    .rows;
}

/** The area sets of a model's catchment areas other than the given one (the demand areas'). */
export async function catchmentAreaSetsBesides(db: Queryable, modelId: number, areaSetId: number): Promise<number[]> {
  const { rows } = await db.query<{ area_set_id: number }>('SELECT DISTINCT area_set_id FROM catchment_area WHERE model_id = $1 AND area_set_id <> $2', [
    modelId,
    areaSetId,
  ]);
  return rows.map((r) => r.area_set_id);
}
