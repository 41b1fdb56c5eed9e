// Area sets and their areas: lookup by code or by position (point in polygon
// on the candidates whose bounding box holds the point), the outlines, the
// areas of a map tile, and their properties as the contract's AreaProperty
// list.
import { booleanPointInPolygon } from '@turf/turf';
import type { Area, AreaProperty } from '@locus/contract';
import type { Queryable } from '../db/database.js';

export interface AreaRow {
  id: number;
  area_set_id: number;
  code: string;
  person_type: string | null;
  properties: Record<string, string | number | null>;
  latitude: number;
  longitude: number;
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
}

export interface AreaPropertyRow {
  name: string;
  title: string | null;
  title_short: string | null;
  data_type: number;
  rounding_digits: number;
}

export async function areaByCode(db: Queryable, areaSetId: number, code: string): Promise<AreaRow | undefined> {
  return (await db.query<AreaRow>('SELECT * FROM area WHERE area_set_id = $1 AND code = $2', [areaSetId, code])).rows[0];
}

export async function areaAt(db: Queryable, areaSetId: number, longitude: number, latitude: number): Promise<AreaRow | undefined> {
  const { rows } = await db.query<AreaRow>(
    `SELECT * FROM area WHERE area_set_id = $1 AND min_lng <= $2 AND max_lng >= $2 AND min_lat <= $3 AND max_lat >= $3`,
    [areaSetId, longitude, latitude],
  );
  return rows.find((a) => booleanPointInPolygon([longitude, latitude], a.geometry));
}

/** The property definitions of an area set, in their order. */
export async function areaPropertyDefinitions(db: Queryable, areaSetId: number): Promise<AreaPropertyRow[]> {
  return (
    await db.query<AreaPropertyRow>(
      'SELECT name, title, title_short, data_type, rounding_digits FROM area_property WHERE area_set_id = $1 ORDER BY sort_order, id',
      [areaSetId],
    )
  ).rows;
}

/** An area's properties; `definitions` (areaPropertyDefinitions of its set) spares the query when many areas of one set are shown. */
export async function areaPropertyEntities(db: Queryable, area: AreaRow, definitions?: AreaPropertyRow[]): Promise<AreaProperty[]> {
  const defs = definitions ?? (await areaPropertyDefinitions(db, area.area_set_id));
  const known = new Set(defs.map((d) => d.name));
  // Properties without a definition are shown under their own name.
  const extra = Object.keys(area.properties)
    .filter((k) => !known.has(k))
    .sort()
    .map((name): AreaPropertyRow => ({
      name,
      title: null,
      title_short: null,
      data_type: typeof area.properties[name] === 'number' ? 1 : 0,
      rounding_digits: 0,
    }));
  return [...defs, ...extra].map((d) => {
    const value = area.properties[d.name] ?? null;
    const numeric = d.data_type > 0;
    return {
      name: d.name,
      title: d.title,
      titleShort: d.title_short,
      dataType: d.data_type as AreaProperty['dataType'],
      stringValue: numeric || value === null ? null : String(value),
      numberValue: numeric && value !== null && Number.isFinite(Number(value)) ? Number(value) : null,
      roundingDigits: d.rounding_digits,
    };
  });
}

/** The Area entity outside a calculated scenario: properties, no locations. */
export async function areaEntity(db: Queryable, area: AreaRow, personType: string | null): Promise<Area> {
  return {
    areaCode: area.code,
    areaSetId: area.area_set_id,
    personType: area.person_type ?? personType ?? '',
    properties: await areaPropertyEntities(db, area),
    locations: [],
    totalValue: null,
  };
}

/** An area set of a model; undefined when the model has no such set. */
export async function areaSetOfModel(db: Queryable, modelId: number, areaSetId: number): Promise<{ id: number; person_type: string | null } | undefined> {
  return (
    await db.query<{ id: number; person_type: string | null }>('SELECT id, person_type FROM area_set WHERE id = $1 AND model_id = $2', [areaSetId, modelId])
  ).rows[0];
}

/** Who an area set's areas count (residents, workers); null when it names none. */
export async function areaSetPersonType(db: Queryable, areaSetId: number): Promise<string | null> {
  return (await db.query<{ person_type: string | null }>('SELECT person_type FROM area_set WHERE id = $1', [areaSetId])).rows[0]?.person_type ?? null;
}

/** The outlines of an area set's areas as GeoJSON, by code. */
export async function areaOutlines(db: Queryable, areaSetId: number) {
  const { rows } = await db.query<{ code: string; geometry: unknown }>('SELECT code, geometry FROM area WHERE area_set_id = $1 ORDER BY code', [areaSetId]);
  return {
    type: 'FeatureCollection' as const,
    features: rows.map((a) => ({ type: 'Feature' as const, geometry: a.geometry, properties: { areaCode: a.code } })),
  };
}

/** The codes of areas by id. */
export async function areaCodes(db: Queryable, areaIds: number[]): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; code: string }>('SELECT id, code FROM area WHERE id = ANY($1)', [areaIds]);
  return new Map(rows.map((c) => [Number(c.id), c.code]));
}

/** An area set as its map tiles draw it: the property that colours its areas and the ramp. */
export interface TileSetRow {
  id: number;
  model_id: number;
  color_property: string | null;
  color_ramp: [string, string] | null;
}

export async function areaSetBySlug(db: Queryable, slug: string): Promise<TileSetRow | undefined> {
  return (await db.query<TileSetRow>('SELECT id, model_id, color_property, color_ramp FROM area_set WHERE slug = $1', [slug])).rows[0];
}

/** The smallest and largest value of a numeric area property over a set (0 and 1 when it has none). */
export async function areaPropertyRange(db: Queryable, areaSetId: number, property: string | null): Promise<{ min: number; max: number }> {
  const { rows } = await db.query<{ min: number | null; max: number | null }>(
    `SELECT min((properties->>$2)::float8) AS min, max((properties->>$2)::float8) AS max FROM area WHERE area_set_id = $1`,
    [areaSetId, property],
  );
  return { min: rows[0]?.min ?? 0, max: rows[0]?.max ?? 1 };
}

/** The areas whose bounding box meets the box, each with its value of the property ('' for none). */
export async function areasInBox(
  db: Queryable,
  areaSetId: number,
  box: { west: number; south: number; east: number; north: number },
  property: string,
): Promise<{ geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon; value: number | null }[]> {
  const { rows } = await db.query<{ geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon; value: number | null }>(
    `SELECT geometry, (properties->>$6)::float8 AS value FROM area
      WHERE area_set_id = $1 AND max_lng >= $2 AND min_lng <= $3 AND max_lat >= $4 AND min_lat <= $5`,
    [areaSetId, box.west, box.east, box.south, box.north, property],
  );
  return rows;
}

/** The positions of an area set's areas, by id (the order of a calculation's areas). */
export async function areaPositions(db: Queryable, areaSetId: number): Promise<{ id: number; latitude: number; longitude: number }[]> {
  return (
    await db.query<{ id: number; latitude: number; longitude: number }>('SELECT id, latitude, longitude FROM area WHERE area_set_id = $1 ORDER BY id', [
      areaSetId,
    ])
  ).rows;
}

/** The names of an area set's properties: those defined and those its areas carry. */
export async function areaPropertyNames(db: Queryable, areaSetId: number): Promise<string[]> {
  const [defined, used] = await Promise.all([
    db.query<{ name: string }>('SELECT name FROM area_property WHERE area_set_id = $1', [areaSetId]),
    db.query<{ name: string }>('SELECT DISTINCT jsonb_object_keys(properties) AS name FROM area WHERE area_set_id = $1', [areaSetId]),
  ]);
  return [...defined.rows, ...used.rows].map((r) => r.name);
}

/** Areas by id (in no particular order). */
export async function areasById(db: Queryable, ids: number[]): Promise<AreaRow[]> {
  return (await db.query<AreaRow>('SELECT id, area_set_id, code, person_type, properties, latitude, longitude, geometry FROM area WHERE id = ANY($1)', [ids]))
    .rows;
}

/** The area set whose areas carry a model's demand: the demand catchment area's, else the first catchment area's, else the model's first. */
export async function demandAreaSetId(db: Queryable, modelId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ area_set_id: number }>(
    `SELECT area_set_id FROM (
       SELECT area_set_id, 0 AS rank, sort_order, id FROM catchment_area WHERE model_id = $1 AND is_demand
       UNION ALL SELECT area_set_id, 1, sort_order, id FROM catchment_area WHERE model_id = $1
       UNION ALL SELECT id, 2, 0, id FROM area_set WHERE model_id = $1) c
      ORDER BY rank, sort_order, id LIMIT 1`,
    [modelId],
  );
  return rows[0]?.area_set_id;
}

/** A key of an area set's content that changes when areas are added or removed (their count and largest id). */
export async function areaSetKey(db: Queryable, areaSetId: number): Promise<string> {
  const row = (await db.query<{ n: number; last: number | null }>('SELECT count(*)::int AS n, max(id) AS last FROM area WHERE area_set_id = $1', [areaSetId]))
    .rows[0];
  return `${areaSetId}:${row?.n ?? 0}:${row?.last ?? 0}`;
}

export interface AreaSliceRow {
  id: number;
  code: string;
  latitude: number;
  longitude: number;
  properties: Record<string, unknown>;
}

/** Up to `limit` areas of a set with ids above `afterId`, by id (a national set is read in slices). */
export async function areaSlice(db: Queryable, areaSetId: number, afterId: number, limit: number): Promise<AreaSliceRow[]> {
  return (
    await db.query<AreaSliceRow>('SELECT id, code, latitude, longitude, properties FROM area WHERE area_set_id = $1 AND id > $2 ORDER BY id LIMIT $3', [
      areaSetId,
      afterId,
      limit,
    ])
  ).rows;
}

/** The geometries of an area set's areas, by id. */
export async function areaGeometries(db: Queryable, areaSetId: number): Promise<{ id: number; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }[]> {
  return (
    await db.query<{ id: number; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }>('SELECT id, geometry FROM area WHERE area_set_id = $1 ORDER BY id', [
      areaSetId,
    ])
  ).rows;
}
