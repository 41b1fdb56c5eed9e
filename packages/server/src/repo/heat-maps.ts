// Heat-map sets of a model and their weighted points.
import type { Queryable } from '../db/database.js';

/** A heat-map set of a model; undefined when the model has no such set. */
export async function heatMapSetOfModel(db: Queryable, modelId: number, heatMapSetId: number): Promise<{ id: number } | undefined> {
  return (await db.query<{ id: number }>('SELECT id FROM heat_map_set WHERE id = $1 AND model_id = $2', [heatMapSetId, modelId])).rows[0];
}

export async function heatMapPoints(db: Queryable, heatMapSetId: number): Promise<{ latitude: number; longitude: number; weight: number }[]> {
  return (
    await db.query<{ latitude: number; longitude: number; weight: number }>(
      'SELECT latitude, longitude, weight FROM heat_map_point WHERE heat_map_set_id = $1',
      [heatMapSetId],
    )
  ).rows;
}
