// Points of interest within range of a position, per POI set that a property
// of autoCalculateType 6 counts (spec: POI set in range).
import type { PoiSetInRange } from '@locus/contract';
import type { Queryable } from '../db/database.js';

const METRES_PER_DEGREE_LAT = 111_320;

/** Great-circle distance in metres. */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export async function poisInRange(db: Queryable, modelId: number, latitude: number, longitude: number): Promise<PoiSetInRange[]> {
  const sets = (await db.query<{ id: number; name: string; range: number }>(
    `SELECT ps.id, ps.name, max(p.poi_range_meters) AS range
       FROM location_property p JOIN poi_set ps ON ps.id = p.poi_set_id
      WHERE p.model_id = $1 AND p.auto_calculate_type = 6 AND p.poi_range_meters IS NOT NULL
      GROUP BY ps.id, ps.name ORDER BY ps.id`, [modelId])).rows;
  const result: PoiSetInRange[] = [];
  for (const set of sets) {
    const dLat = set.range / METRES_PER_DEGREE_LAT;
    const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
    const { rows } = await db.query<{ name: string; latitude: number; longitude: number }>(
      `SELECT name, latitude, longitude FROM poi WHERE poi_set_id = $1
          AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5`,
      [set.id, latitude - dLat, latitude + dLat, longitude - dLng, longitude + dLng]);
    const pois = rows
      .filter((p) => distanceMetres(latitude, longitude, p.latitude, p.longitude) <= set.range)
      .sort((a, b) => distanceMetres(latitude, longitude, a.latitude, a.longitude) - distanceMetres(latitude, longitude, b.latitude, b.longitude));
    result.push({ id: set.id, name: set.name, pois });
  }
  return result;
}
