// The locations of a scenario: the base scenario's locations with the changes
// of every scenario on the path from the base to this one applied in order.
// One query: the nearest location_version on the path wins.
import type { Queryable } from '../db/database.js';

export interface LocationRow {
  location_id: number;
  model_id: number;
  type: number;
  created_scenario_id: number;
  /** The scenario whose version is in effect. */
  version_scenario_id: number;
  /** 0 for a version of the scenario itself, 1 for its parent, ... */
  depth: number;
  change_type: number;
  name: string;
  latitude: number;
  longitude: number;
  visibility: number;
  excluded: boolean;
  location_group_id: number | null;
  location_cluster_id: number | null;
  properties: Record<string, string | number | null>;
  modified: Date;
  /** The version in effect's number (location_version.version): changes with every write to it. */
  version: number;
  /** The app_user who wrote the version in effect (null: the import, the demo, or a removed user). */
  modified_by: number | null;
  /** A photo is stored for the location. */
  has_photo: boolean;
}

/** The ids of a scenario and its ancestors, nearest first (depth 0 is the scenario itself). */
export const SCENARIO_PATH_CTE = `
  WITH RECURSIVE path(id, parent_scenario_id, depth) AS (
    SELECT id, parent_scenario_id, 0 FROM scenario WHERE id = $1
    UNION ALL
    SELECT s.id, s.parent_scenario_id, p.depth + 1 FROM scenario s JOIN path p ON s.id = p.parent_scenario_id
  )`;

const COLUMNS = `v.location_id, l.model_id, l.type, l.created_scenario_id, v.scenario_id AS version_scenario_id, p.depth,
  v.change_type, v.name, v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id,
  v.location_cluster_id, v.properties, v.modified, v.version::float8 AS version, v.modified_by,
  EXISTS (SELECT 1 FROM location_photo ph WHERE ph.location_id = v.location_id) AS has_photo`;

export async function scenarioLocations(db: Queryable, scenarioId: number, options: { locationId?: number } = {}): Promise<LocationRow[]> {
  const filter = options.locationId ? 'AND v.location_id = $2' : '';
  const params = options.locationId ? [scenarioId, options.locationId] : [scenarioId];
  const { rows } = await db.query<LocationRow>(
    `${SCENARIO_PATH_CTE}
     SELECT DISTINCT ON (v.location_id) ${COLUMNS}
       FROM location_version v
       JOIN path p ON p.id = v.scenario_id
       JOIN location l ON l.id = v.location_id
      WHERE true ${filter}
      ORDER BY v.location_id, p.depth`,
    params,
  );
  return rows;
}

export async function scenarioLocation(db: Queryable, scenarioId: number, locationId: number): Promise<LocationRow | undefined> {
  return (await scenarioLocations(db, scenarioId, { locationId }))[0];
}

/** The scenario row and the stamp of its path (its scenarios' content stamps and location generations, its result) in one query (the location list's hot path). */
export async function scenarioWithStamp(db: Queryable, scenarioId: number): Promise<{ model_id: number; status: number; stamp: string } | undefined> {
  const { rows } = await db.query<{ model_id: number; status: number; stamp: string }>(
    `${SCENARIO_PATH_CTE}
     SELECT max(s.model_id) FILTER (WHERE p.depth = 0) AS model_id,
            max(s.status) FILTER (WHERE p.depth = 0) AS status,
            string_agg(s.id::text, '.' ORDER BY p.depth) || '-' ||
            (extract(epoch FROM max(s.modified)) * 1000000)::bigint::text || '-' ||
            max(CASE WHEN p.depth = 0 THEN s.status END)::text || '-' ||
            string_agg(COALESCE(g.generation, 0)::text, '.' ORDER BY p.depth) || '-' ||
            COALESCE((SELECT max(extract(epoch FROM r.computed_at) * 1000000)::bigint::text FROM scenario_result r WHERE r.scenario_id = $1), 'none') AS stamp
       FROM path p JOIN scenario s ON s.id = p.id LEFT JOIN scenario_location_generation g ON g.scenario_id = p.id`,
    [scenarioId],
  );
  const row = rows[0];
  return row && row.model_id !== null ? row : undefined;
}

/** The scenario ids from the base to this scenario (base first). */
export async function scenarioPath(db: Queryable, scenarioId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`${SCENARIO_PATH_CTE} SELECT id FROM path ORDER BY depth DESC`, [scenarioId]);
  return rows.map((r) => r.id);
}

/** The names of some locations in a scenario (a read that shows a few of them needs no more). */
export async function locationNames(db: Queryable, scenarioId: number, locationIds: readonly number[]): Promise<Map<number, string>> {
  if (!locationIds.length) return new Map();
  const { rows } = await db.query<{ location_id: number; name: string }>(
    `${SCENARIO_PATH_CTE}
     SELECT DISTINCT ON (v.location_id) v.location_id, v.name FROM location_version v JOIN path p ON p.id = v.scenario_id
      WHERE v.location_id = ANY($2::int[]) ORDER BY v.location_id, p.depth`,
    [scenarioId, [...new Set(locationIds)]],
  );
  return new Map(rows.map((r) => [r.location_id, r.name]));
}

/** Every scenario's own location versions of a model (retail areas left out), by scenario and location, each with its scenario's name. */
export async function ownVersionsOfModel(db: Queryable, modelId: number): Promise<(LocationRow & { scenario_name: string })[]> {
  const { rows } = await db.query<LocationRow & { scenario_name: string }>(
    `SELECT v.location_id, l.model_id, l.type, l.created_scenario_id, v.scenario_id AS version_scenario_id, 0 AS depth, v.change_type, v.name,
            v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id, v.location_cluster_id, v.properties, v.modified, s.name AS scenario_name
       FROM location_version v JOIN location l ON l.id = v.location_id JOIN scenario s ON s.id = v.scenario_id
      WHERE s.model_id = $1 AND l.type <> 2 ORDER BY v.scenario_id, v.location_id`,
    [modelId],
  );
  return rows;
}

/** What the calculation and the output reads read of a location (rows are shared between levels: never change one). */
export type CalculationRow = Pick<
  LocationRow,
  | 'location_id'
  | 'type'
  | 'change_type'
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'visibility'
  | 'excluded'
  | 'location_group_id'
  | 'location_cluster_id'
  | 'properties'
>;

/** The scenario's path to the base, the scenario first, each with its location generation ('0' before any version). */
export async function pathGenerations(db: Queryable, scenarioId: number): Promise<Array<{ id: number; generation: string }>> {
  const { rows } = await db.query<{ id: number; generation: string }>(
    `WITH RECURSIVE path(id, parent_scenario_id, depth) AS (
       SELECT id, parent_scenario_id, 0 FROM scenario WHERE id = $1
       UNION ALL
       SELECT s.id, s.parent_scenario_id, p.depth + 1 FROM scenario s JOIN path p ON s.id = p.parent_scenario_id
     )
     SELECT p.id, COALESCE(g.generation, 0)::text AS generation
       FROM path p LEFT JOIN scenario_location_generation g ON g.scenario_id = p.id ORDER BY p.depth`,
    [scenarioId],
  );
  return rows;
}

/**
 * A scenario's own versions of locations but retail areas (type 2), in
 * location-id order, read as one row of arrays (thousands of rows cost the
 * embedded database several times more as rows); names and properties come
 * as one JSON text.
 */
export async function ownCalculationRows(db: Queryable, scenarioId: number): Promise<CalculationRow[]> {
  const numeric = [
    'location_id',
    'type',
    'change_type',
    'latitude',
    'longitude',
    'visibility',
    'excluded',
    'location_group_id',
    'location_cluster_id',
  ] as const;
  type Columns = { [K in (typeof numeric)[number]]: Array<CalculationRow[K]> } & { texts: string | null };
  const row = (
    await db.query<Columns>(
      `SELECT ${numeric.map((c) => `array_agg(${c}) AS ${c}`).join(', ')},
            '[' || string_agg(to_json(name)::text || ',' || COALESCE(properties::text, '{}'), ',') || ']' AS texts
       FROM (SELECT v.location_id, l.type, v.change_type, v.name, v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id, v.location_cluster_id, v.properties
               FROM location_version v JOIN location l ON l.id = v.location_id
              WHERE v.scenario_id = $1 AND l.type <> 2
              ORDER BY v.location_id) x`,
      [scenarioId],
    )
  ).rows[0];
  if (!row?.location_id) return [];
  const texts = JSON.parse(row.texts ?? '[]') as Array<string | LocationRow['properties']>;
  // The arrays are filled in one pass (aligned), in the subquery's order, which is checked.
  const rows = row.location_id.map((id, j): CalculationRow => ({
    location_id: id,
    type: row.type[j]!,
    change_type: row.change_type[j]!,
    name: texts[2 * j] as string,
    latitude: row.latitude[j]!,
    longitude: row.longitude[j]!,
    visibility: row.visibility[j]!,
    excluded: row.excluded[j]!,
    location_group_id: row.location_group_id[j] ?? null,
    location_cluster_id: row.location_cluster_id[j] ?? null,
    properties: texts[2 * j + 1] as LocationRow['properties'],
  }));
  for (let j = 1; j < rows.length; j++) {
    if (rows[j - 1]!.location_id > rows[j]!.location_id) return rows.sort((a, b) => a.location_id - b.location_id);
  }
  return rows;
}

/** What the scenario's location list shows of a location version (LocationSummary; rows are shared between levels: never change one). */
export type ListRow = Pick<
  LocationRow,
  | 'location_id'
  | 'version_scenario_id'
  | 'type'
  | 'change_type'
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'visibility'
  | 'excluded'
  | 'location_group_id'
  | 'location_cluster_id'
  | 'version'
>;

/**
 * A scenario's own versions of locations but retail areas (type 2) with what
 * the location list shows, in location-id order, read as one row of arrays
 * (as ownCalculationRows: thousands of rows cost the embedded database
 * several times more as rows).
 */
export async function ownListRows(db: Queryable, scenarioId: number): Promise<ListRow[]> {
  const row = (
    await db.query<{
      location_id: number[] | null;
      type: number[];
      change_type: number[];
      names: string | null;
      latitude: number[];
      longitude: number[];
      visibility: number[];
      excluded: boolean[];
      location_group_id: Array<number | null>;
      location_cluster_id: Array<number | null>;
      version: number[];
    }>(
      `SELECT array_agg(location_id) AS location_id, array_agg(type) AS type, array_agg(change_type) AS change_type,
              json_agg(name)::text AS names, array_agg(latitude) AS latitude, array_agg(longitude) AS longitude,
              array_agg(visibility) AS visibility, array_agg(excluded) AS excluded, array_agg(location_group_id) AS location_group_id,
              array_agg(location_cluster_id) AS location_cluster_id, array_agg(version::float8) AS version
         FROM (SELECT v.location_id, l.type, v.change_type, v.name, v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id,
                      v.location_cluster_id, v.version
                 FROM location_version v JOIN location l ON l.id = v.location_id
                WHERE v.scenario_id = $1 AND l.type <> 2
                ORDER BY v.location_id) x`,
      [scenarioId],
    )
  ).rows[0];
  if (!row?.location_id) return [];
  const names = JSON.parse(row.names ?? '[]') as string[];
  const rows = row.location_id.map((id, j): ListRow => ({
    location_id: id,
    version_scenario_id: scenarioId,
    type: row.type[j]!,
    change_type: row.change_type[j]!,
    name: names[j]!,
    latitude: row.latitude[j]!,
    longitude: row.longitude[j]!,
    visibility: row.visibility[j]!,
    excluded: row.excluded[j]!,
    location_group_id: row.location_group_id[j] ?? null,
    location_cluster_id: row.location_cluster_id[j] ?? null,
    version: row.version[j]!,
  }));
  for (let j = 1; j < rows.length; j++) {
    if (rows[j - 1]!.location_id > rows[j]!.location_id) return rows.sort((a, b) => a.location_id - b.location_id);
  }
  return rows;
}

/** The locations of a model that have a photo. */
export async function locationsWithPhoto(db: Queryable, modelId: number): Promise<Set<number>> {
  const row = (
    await db.query<{ ids: number[] | null }>(
      'SELECT array_agg(ph.location_id) AS ids FROM location_photo ph JOIN location l ON l.id = ph.location_id WHERE l.model_id = $1',
      [modelId],
    )
  ).rows[0];
  return new Set(row?.ids ?? []);
}
