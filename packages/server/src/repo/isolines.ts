// Isoline sets of a model and the isolines stored per location (table
// isoline, one per location and set, at the position it was computed for).
import type { IsolineFeatureCollection, IsolineParameter } from '@locus/contract';
import type { PostProcessingAction } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import type { LocationRow } from './scenario-locations.js';

/** A model's isoline sets as the isoline tool's parameters. */
export async function isolineParametersOf(db: Queryable, modelId: number): Promise<IsolineParameter[]> {
  const { rows } = await db.query<{
    id: number;
    profile: string;
    parameters: string | null;
    post_processing_actions: unknown;
    minutes: number;
    base_url: string | null;
    maximum_minutes: number;
    provider: number;
  }>('SELECT * FROM iso_line_set WHERE model_id = $1 ORDER BY id', [modelId]);
  return rows.map((r) => ({
    profile: r.profile,
    parameters: r.parameters ?? '{}',
    postProcessingActions: JSON.stringify(r.post_processing_actions ?? []),
    minutes: r.minutes,
    isoLineSetId: r.id,
    baseUrl: r.base_url ?? '',
    maximumMinutes: r.maximum_minutes,
    provider: r.provider,
  }));
}

export interface IsolineSetRow {
  model_id: number;
  name: string;
  maximum_minutes: number;
  base_url: string | null;
  post_processing_actions: PostProcessingAction[] | null;
}

export async function isolineSet(db: Queryable, isoLineSetId: number): Promise<IsolineSetRow | undefined> {
  return (
    await db.query<IsolineSetRow>('SELECT model_id, name, maximum_minutes, base_url, post_processing_actions FROM iso_line_set WHERE id = $1', [isoLineSetId])
  ).rows[0];
}

/** The isolines stored for a location, one feature per isoline set. */
export async function locationIsolines(db: Queryable, locationId: number): Promise<IsolineFeatureCollection> {
  const { rows } = await db.query<{ minutes: number; geometry: IsolineFeatureCollection['features'][number]['geometry']; name: string }>(
    `SELECT i.minutes, i.geometry, s.name FROM isoline i JOIN iso_line_set s ON s.id = i.iso_line_set_id
      WHERE i.location_id = $1 ORDER BY s.id`,
    [locationId],
  );
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({ type: 'Feature', geometry: r.geometry, properties: { minutes: r.minutes, isoLineSet: r.name } })),
  };
}

/** What computing a set's isolines needs. */
export interface IsolineSetParameters {
  id: number;
  profile: string;
  minutes: number;
  base_url: string | null;
  post_processing_actions: PostProcessingAction[] | null;
}

export async function isolineSetsOf(db: Queryable, modelId: number): Promise<IsolineSetParameters[]> {
  return (
    await db.query<IsolineSetParameters>('SELECT id, profile, minutes, base_url, post_processing_actions FROM iso_line_set WHERE model_id = $1 ORDER BY id', [
      modelId,
    ])
  ).rows;
}

/** The sets of a model of which a location has no isoline yet. */
export async function missingIsolineSets(db: Queryable, modelId: number, locationId: number): Promise<IsolineSetParameters[]> {
  return (
    await db.query<IsolineSetParameters>(
      `SELECT s.id, s.profile, s.minutes, s.base_url, s.post_processing_actions FROM iso_line_set s
      WHERE s.model_id = $1 AND NOT EXISTS (SELECT 1 FROM isoline i WHERE i.iso_line_set_id = s.id AND i.location_id = $2)
      ORDER BY s.id`,
      [modelId, locationId],
    )
  ).rows;
}

/**
 * The locations a scenario opens or edits itself (its own version is always
 * the one in effect in it), but retail areas; `unmoved`: an edit where the
 * scenario that created the location put it.
 */
export async function ownIsolineLocations(
  db: Queryable,
  scenarioId: number,
): Promise<(Pick<LocationRow, 'location_id' | 'latitude' | 'longitude'> & { unmoved: boolean })[]> {
  return (
    await db.query<Pick<LocationRow, 'location_id' | 'latitude' | 'longitude'> & { unmoved: boolean }>(
      `SELECT v.location_id, v.latitude, v.longitude,
            (v.change_type = 3 AND c.latitude = v.latitude AND c.longitude = v.longitude) IS TRUE AS unmoved
       FROM location_version v JOIN location l ON l.id = v.location_id
       LEFT JOIN location_version c ON c.location_id = v.location_id AND c.scenario_id = l.created_scenario_id
      WHERE v.scenario_id = $1 AND l.type <> 2 AND v.change_type IN (1, 3) ORDER BY v.location_id`,
      [scenarioId],
    )
  ).rows;
}

/** Where the stored isolines of these locations were computed, per set. */
export async function isolinesAt(
  db: Queryable,
  locationIds: number[],
): Promise<{ location_id: number; iso_line_set_id: number; latitude: number; longitude: number }[]> {
  return (
    await db.query<{ location_id: number; iso_line_set_id: number; latitude: number; longitude: number }>(
      'SELECT location_id, iso_line_set_id, latitude, longitude FROM isoline WHERE location_id = ANY($1)',
      [locationIds],
    )
  ).rows;
}

/** Stores a location's isoline of a set: replacing one stored already, or keeping it. */
export async function storeIsoline(
  db: Queryable,
  isoline: { locationId: number; isoLineSetId: number; latitude: number; longitude: number; minutes: number; geometry: unknown },
  existing: 'replace' | 'keep',
): Promise<void> {
  const values = [isoline.locationId, isoline.isoLineSetId, isoline.latitude, isoline.longitude, isoline.minutes, JSON.stringify(isoline.geometry)];
  if (existing === 'replace') {
    await db.query(
      `INSERT INTO isoline (location_id, iso_line_set_id, latitude, longitude, minutes, geometry) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id, iso_line_set_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
         minutes = EXCLUDED.minutes, geometry = EXCLUDED.geometry, computed = now()`,
      values,
    );
  } else {
    await db.query(
      `INSERT INTO isoline (location_id, iso_line_set_id, latitude, longitude, minutes, geometry) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id, iso_line_set_id) DO NOTHING`,
      values,
    );
  }
}
