// Areas of an area set: lookup by code or by position (point in polygon on the
// candidates whose bounding box holds the point), and their properties as the
// contract's AreaProperty list.
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
