// Location versions as the writes use them. A scenario holds a version of a
// location only for what it changes itself (1 opened, 2 closed, 3 edited);
// everything else it inherits from the nearest scenario on its path to the
// base. A location's row (identity, type) belongs to the scenario that opened
// it (created_scenario_id) and lives as long as some scenario holds a version.
import type { Queryable } from '../db/database.js';
import { scenarioLocation, type LocationRow } from './scenario-locations.js';

export type StoredValue = string | number | null;
/** A version's property values by property name. */
export type StoredProperties = Record<string, StoredValue>;

/** The attributes a version stores. */
export interface VersionValues {
  changeType: number;
  name: string;
  latitude: number;
  longitude: number;
  visibility: number;
  excluded: boolean;
  locationGroupId: number | null;
  locationClusterId: number | null;
  properties: StoredProperties;
}

/** The attributes of a version read through a scenario, with another changeType. */
export function valuesOf(row: LocationRow, changeType: number): VersionValues {
  return {
    changeType,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    visibility: row.visibility,
    excluded: row.excluded,
    locationGroupId: row.location_group_id,
    locationClusterId: row.location_cluster_id,
    properties: { ...(row.properties ?? {}) },
  };
}

/** A location as a scenario sees it: the version in effect, and the scenario's own version when it changed the location itself. */
export interface LocationState {
  effective?: LocationRow;
  own?: LocationRow;
}

export async function locationState(q: Queryable, scenarioId: number, locationId: number): Promise<LocationState> {
  const effective = await scenarioLocation(q, scenarioId, locationId);
  return { effective, own: effective && effective.version_scenario_id === scenarioId ? effective : undefined };
}

/** Writes (inserts or replaces) the scenario's own version of a location. */
export async function writeVersion(q: Queryable, scenarioId: number, locationId: number, v: VersionValues): Promise<void> {
  await q.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded,
                                   location_group_id, location_cluster_id, properties, modified)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, clock_timestamp())
     ON CONFLICT (scenario_id, location_id) DO UPDATE SET
       change_type = EXCLUDED.change_type, name = EXCLUDED.name, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
       visibility = EXCLUDED.visibility, excluded = EXCLUDED.excluded, location_group_id = EXCLUDED.location_group_id,
       location_cluster_id = EXCLUDED.location_cluster_id, properties = EXCLUDED.properties, modified = EXCLUDED.modified`,
    [
      scenarioId,
      locationId,
      v.changeType,
      v.name,
      v.latitude,
      v.longitude,
      v.visibility,
      v.excluded,
      v.locationGroupId,
      v.locationClusterId,
      JSON.stringify(v.properties),
    ],
  );
}

/** Removes the versions of a location held by the given scenarios. */
export async function removeVersions(q: Queryable, scenarioIds: number[], locationId: number): Promise<void> {
  if (!scenarioIds.length) return;
  await q.query('DELETE FROM location_version WHERE location_id = $1 AND scenario_id = ANY($2::int[])', [locationId, scenarioIds]);
}

export interface OwnChange {
  locationId: number;
  name: string;
  changeType: number;
}

/** The scenario's own changes, in the order of the changes read (name, then id). */
export async function ownChanges(q: Queryable, scenarioId: number): Promise<OwnChange[]> {
  const { rows } = await q.query<{ location_id: number; name: string; change_type: number }>(
    'SELECT location_id, name, change_type FROM location_version WHERE scenario_id = $1 ORDER BY name, location_id',
    [scenarioId],
  );
  return rows.map((r) => ({ locationId: r.location_id, name: r.name, changeType: r.change_type }));
}

/** Inserts the row of a location opened in a scenario; answers its id. */
export async function insertLocation(q: Queryable, modelId: number, type: number, createdScenarioId: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, $2, $3) RETURNING id', [
    modelId,
    type,
    createdScenarioId,
  ]);
  return rows[0]!.id;
}

/**
 * After versions were removed or moved: a location whose opening scenario no
 * longer holds it passes to another scenario that opened it (copy changes can
 * open one location in several scenarios), else to any holder; a location no
 * scenario holds any more is removed with its row (photo, isolines).
 */
export async function settleLocationOwners(q: Queryable, locationIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(locationIds)];
  if (!ids.length) return;
  const { rows } = await q.query<{ id: number; owner: number | null; keeps: boolean }>(
    `SELECT l.id,
            (SELECT v.scenario_id FROM location_version v WHERE v.location_id = l.id
              ORDER BY (v.change_type IN (0, 1)) DESC, v.scenario_id LIMIT 1) AS owner,
            EXISTS (SELECT 1 FROM location_version v WHERE v.location_id = l.id AND v.scenario_id = l.created_scenario_id
                       AND v.change_type IN (0, 1)) AS keeps
       FROM location l WHERE l.id = ANY($1::int[])`,
    [ids],
  );
  const orphans = rows.filter((r) => r.owner === null).map((r) => r.id);
  if (orphans.length) await q.query('DELETE FROM location WHERE id = ANY($1::int[])', [orphans]);
  for (const r of rows) {
    if (r.owner !== null && !r.keeps) await q.query('UPDATE location SET created_scenario_id = $2 WHERE id = $1', [r.id, r.owner]);
  }
}

/** The own changes of the given locations in the scenarios below a scenario, parents first, each with its scenario's parent. */
export async function changesBelow(
  q: Queryable,
  scenarioId: number,
  locationIds: number[],
): Promise<{ scenario_id: number; parent_scenario_id: number; location_id: number; change_type: number }[]> {
  const { rows } = await q.query<{ scenario_id: number; parent_scenario_id: number; location_id: number; change_type: number }>(
    `WITH RECURSIVE below(id, parent_scenario_id, depth) AS (
       SELECT id, parent_scenario_id, 1 FROM scenario WHERE parent_scenario_id = $1
       UNION ALL
       SELECT s.id, s.parent_scenario_id, b.depth + 1 FROM scenario s JOIN below b ON s.parent_scenario_id = b.id
     )
     SELECT v.scenario_id, b.parent_scenario_id, v.location_id, v.change_type
       FROM below b JOIN location_version v ON v.scenario_id = b.id
      WHERE v.location_id = ANY($2::int[])
      ORDER BY b.depth, v.scenario_id, v.location_id`,
    [scenarioId, locationIds],
  );
  return rows;
}

/** Sets the changeType of a scenario's own version of a location. */
export async function setChangeType(q: Queryable, scenarioId: number, locationId: number, changeType: number): Promise<void> {
  await q.query('UPDATE location_version SET change_type = $3 WHERE scenario_id = $1 AND location_id = $2', [scenarioId, locationId, changeType]);
}
