// Locations outside a scenario's view of them: the model a location belongs
// to, the scenario that opened it, its photo.
import type { Queryable } from '../db/database.js';

/** The model of a location; undefined when there is no such location. */
export async function locationModelId(db: Queryable, locationId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ model_id: number }>('SELECT model_id FROM location WHERE id = $1', [locationId]);
  return rows[0]?.model_id;
}
