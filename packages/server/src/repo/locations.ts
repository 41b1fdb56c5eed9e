// Locations outside a scenario's view of them: the model a location belongs
// to, the scenario that opened it, its photo.
import type { Queryable } from '../db/database.js';

/** The model of a location; undefined when there is no such location. */
export async function locationModelId(db: Queryable, locationId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ model_id: number }>('SELECT model_id FROM location WHERE id = $1', [locationId]);
  return rows[0]?.model_id;
}

/** The scenario that opened a location; undefined when there is no such location. */
export async function createdScenarioId(db: Queryable, locationId: number): Promise<number | undefined> {
  return (await db.query<{ created_scenario_id: number }>('SELECT created_scenario_id FROM location WHERE id = $1', [locationId])).rows[0]?.created_scenario_id;
}

/** Where a location was opened: its position in the scenario that opened it. */
export async function createdPosition(db: Queryable, locationId: number): Promise<{ latitude: number; longitude: number } | undefined> {
  const { rows } = await db.query<{ latitude: number; longitude: number }>(
    `SELECT v.latitude, v.longitude FROM location_version v JOIN location l ON l.id = v.location_id
      WHERE v.location_id = $1 AND v.scenario_id = l.created_scenario_id`,
    [locationId],
  );
  return rows[0];
}

export async function locationPhoto(db: Queryable, locationId: number): Promise<{ contentType: string; image: Buffer } | undefined> {
  const row = (
    await db.query<{ content_type: string; image: Uint8Array }>('SELECT content_type, image FROM location_photo WHERE location_id = $1', [locationId])
  ).rows[0];
  return row && { contentType: row.content_type, image: Buffer.from(row.image) };
}
