// Points of interest: the sets of a model with their logos and points, and the
// POIs within range of a position: the list per POI set (spec: POI set in
// range) and the counts that autoCalculateType 6 properties store. One
// bounding-box query per set, then the exact great-circle distance.
import { greatCircleKm } from '@locus/engine';
import { AutoCalculateType, type PoiSetInRange } from '@locus/contract';
import type { Queryable } from '../db/database.js';

const METRES_PER_DEGREE_LAT = 111_320;

/** Great-circle distance in metres (the engine's formula). */
export const distanceMetres = (lat1: number, lng1: number, lat2: number, lng2: number): number => greatCircleKm(lat1, lng1, lat2, lng2) * 1000;

/** The POIs of one set within rangeMeters of the position, nearest first. */
export async function poisWithin(q: Queryable, poiSetId: number, latitude: number, longitude: number, rangeMeters: number) {
  const dLat = rangeMeters / METRES_PER_DEGREE_LAT;
  const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  const { rows } = await q.query<{ name: string; latitude: number; longitude: number }>(
    `SELECT name, latitude, longitude FROM poi WHERE poi_set_id = $1
        AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5`,
    [poiSetId, latitude - dLat, latitude + dLat, longitude - dLng, longitude + dLng],
  );
  return rows
    .map((p) => ({ p, d: distanceMetres(latitude, longitude, p.latitude, p.longitude) }))
    .filter((x) => x.d <= rangeMeters)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.p);
}

/** A property counting the POIs of its set within its range (autoCalculateType 6). */
export interface PoiCountDefinition {
  name: string;
  poi_set_id: number | null;
  poi_range_meters: number | null;
  auto_calculate_type: number;
}

/** What the POIs-in-range properties of a location at this position hold. */
export async function poiCountsAt(
  q: Queryable,
  definitions: readonly PoiCountDefinition[],
  latitude: number,
  longitude: number,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const p of definitions) {
    if (p.auto_calculate_type !== AutoCalculateType.pointsOfInterestInRange || p.poi_set_id === null || p.poi_range_meters === null) continue;
    counts[p.name] = (await poisWithin(q, p.poi_set_id, latitude, longitude, p.poi_range_meters)).length;
  }
  return counts;
}

/** The POI-count properties of a model. */
export async function poiCountDefinitions(q: Queryable, modelId: number): Promise<PoiCountDefinition[]> {
  return (
    await q.query<PoiCountDefinition>(
      'SELECT name, poi_set_id, poi_range_meters, auto_calculate_type FROM location_property WHERE model_id = $1 AND auto_calculate_type = 6',
      [modelId],
    )
  ).rows;
}

export async function poisInRange(db: Queryable, modelId: number, latitude: number, longitude: number): Promise<PoiSetInRange[]> {
  const sets = (
    await db.query<{ id: number; name: string; range: number }>(
      `SELECT ps.id, ps.name, max(p.poi_range_meters) AS range
       FROM location_property p JOIN poi_set ps ON ps.id = p.poi_set_id
      WHERE p.model_id = $1 AND p.auto_calculate_type = 6 AND p.poi_range_meters IS NOT NULL
      GROUP BY ps.id, ps.name ORDER BY ps.id`,
      [modelId],
    )
  ).rows;
  const result: PoiSetInRange[] = [];
  for (const set of sets) result.push({ id: set.id, name: set.name, pois: await poisWithin(db, set.id, latitude, longitude, set.range) });
  return result;
}

/** A POI set of a model; undefined when the model has no such set. */
export async function poiSetOfModel(db: Queryable, modelId: number, poiSetId: number): Promise<{ id: number; logo_hash: string } | undefined> {
  return (await db.query<{ id: number; logo_hash: string }>('SELECT id, logo_hash FROM poi_set WHERE id = $1 AND model_id = $2', [poiSetId, modelId])).rows[0];
}

/** The logo (SVG text) of a POI set of a model; undefined when the model has no such set. */
export async function poiSetLogo(db: Queryable, modelId: number, poiSetId: number): Promise<string | undefined> {
  return (await db.query<{ logo_svg: string }>('SELECT logo_svg FROM poi_set WHERE id = $1 AND model_id = $2', [poiSetId, modelId])).rows[0]?.logo_svg;
}

/** Every POI of a set, in its order. */
export async function poisOfSet(db: Queryable, poiSetId: number): Promise<{ name: string; latitude: number; longitude: number }[]> {
  return (
    await db.query<{ name: string; latitude: number; longitude: number }>('SELECT name, latitude, longitude FROM poi WHERE poi_set_id = $1 ORDER BY id', [
      poiSetId,
    ])
  ).rows;
}

/** The positions of the POIs of these sets, one row of arrays per set (thousands of POIs cost the embedded database several times more as rows). */
export async function poiPositions(db: Queryable, poiSetIds: number[]): Promise<{ poi_set_id: number; latitude: number[]; longitude: number[] }[]> {
  return (
    await db.query<{ poi_set_id: number; latitude: number[]; longitude: number[] }>(
      'SELECT poi_set_id, array_agg(latitude) AS latitude, array_agg(longitude) AS longitude FROM poi WHERE poi_set_id = ANY($1) GROUP BY poi_set_id',
      [poiSetIds],
    )
  ).rows;
}
