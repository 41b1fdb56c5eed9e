// A scenario's locations as the calculation reads them, kept between
// calculations. A scenario's locations are its parent's with its own versions
// over them (the nearest version on the path to the base is in effect), so
// they are kept per scenario on the path and each level is read or merged
// again only when its own versions or an ancestor's changed: a one-store
// change reads the few versions of the scenario itself and merges them over
// the parent's kept locations instead of reading thousands of rows again.
// Whether a level still holds is one small read of the path's location
// generations (migration 009: bumped by a trigger on every write to a
// scenario's versions, also by other server processes).
import type { Queryable } from '../db/database.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { perContext } from '../per-context.js';

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

/** Levels kept (a scenario and its ancestors are a level each; rows are shared, so a level costs an array of references). */
const KEPT_LEVELS = 24;

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

/** The parent's rows with the scenario's own versions over them; both in location-id order, and so is the answer. */
export function overlay(inherited: readonly CalculationRow[], own: readonly CalculationRow[]): CalculationRow[] {
  if (!own.length) return inherited as CalculationRow[];
  const out: CalculationRow[] = [];
  let i = 0;
  let o = 0;
  while (i < inherited.length || o < own.length) {
    const a = inherited[i];
    const b = own[o];
    if (b === undefined || (a !== undefined && a.location_id < b.location_id)) {
      out.push(a!);
      i++;
    } else {
      if (a !== undefined && a.location_id === b.location_id) i++;
      out.push(b);
      o++;
    }
  }
  return out;
}

interface Level {
  key: string;
  rows: CalculationRow[];
}

/**
 * The kept locations of a server context: the calculations of its processing
 * loop and its output reads share them (a level is keyed by the database's
 * generations, so any handle on the same database may read through it).
 */
export const locationRowsFor = perContext((_ctx: object) => new LocationRowCache());

/** Kept locations per scenario, for one database; see the file's head. */
export class LocationRowCache {
  private readonly levels = new Map<number, Level>();

  /** The scenario's locations but retail areas, in location-id order (none for an unknown scenario). */
  async rows(db: Queryable, scenarioId: number): Promise<CalculationRow[]> {
    // The generations are read before any versions: a write committed in between makes a level look
    // older than it is (read again next time), never newer.
    const path = await pathGenerations(db, scenarioId);
    if (!path.length) return [];
    return this.level(db, path, 0);
  }

  private async level(db: Queryable, path: Array<{ id: number; generation: string }>, k: number): Promise<CalculationRow[]> {
    const { id } = path[k]!;
    const key = path
      .slice(k)
      .map((p) => `${p.id}:${p.generation}`)
      .join('/');
    const kept = this.levels.get(id);
    if (kept && kept.key === key) {
      this.levels.delete(id);
      this.levels.set(id, kept);
      return kept.rows;
    }
    const own = await ownCalculationRows(db, id);
    const rows = k + 1 < path.length ? overlay(await this.level(db, path, k + 1), own) : own;
    this.levels.delete(id);
    this.levels.set(id, { key, rows });
    while (this.levels.size > KEPT_LEVELS) this.levels.delete(this.levels.keys().next().value!);
    return rows;
  }
}
