// The inputs of one scenario calculation, loaded from the database: the model
// and its sub-models' parameters, the demand areas, and the scenario's
// locations as the records the model's expressions read (properties plus the
// group code, the cluster name and the points of interest in range).
import { createHash } from 'node:crypto';
import type { ModelParameters, PropertyValues } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import { scenarioLocations, type LocationRow } from '../repo/scenario-locations.js';
import { poiCounter, type PoiCountProperty } from './pois.js';

export interface ModelInfo {
  id: number;
  name: string;
  outputType: number;
  outputLocationPropertyId: number | null;
  actualOutputLocationPropertyId: number | null;
}

export interface SubModelInfo {
  id: number;
  name: string;
  parameters: ModelParameters;
}

export interface DemandAreas {
  areaSetId: number;
  /** Changes whenever the area set changes (count and largest id). */
  key: string;
  ids: Float64Array;
  codes: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  properties: PropertyValues[];
}

export interface ScenarioLocationInputs {
  rows: LocationRow[];
  /** The records the expressions read, in the order of rows. */
  records: PropertyValues[];
  /** 1 = attracts demand: open, not excluded, not a retail area. */
  active: Uint8Array;
  /** 8 bytes per location: changes whenever anything the calculation reads changes. */
  fingerprints: Uint8Array;
}

export async function loadModelInfo(db: Queryable, modelId: number): Promise<ModelInfo> {
  const row = (await db.query<{ id: number; name: string; output_type: number; output_location_property_id: number | null; actual_output_location_property_id: number | null }>(
    'SELECT id, name, output_type, output_location_property_id, actual_output_location_property_id FROM model WHERE id = $1', [modelId])).rows[0];
  if (!row) throw new Error(`model ${modelId} not found`);
  return {
    id: row.id, name: row.name, outputType: row.output_type,
    outputLocationPropertyId: row.output_location_property_id, actualOutputLocationPropertyId: row.actual_output_location_property_id,
  };
}

interface StoredParameters {
  fractionCutOffThreshold?: number;
  car?: ModelParameters['car'];
  pedestrian?: ModelParameters['pedestrian'];
  functions?: ModelParameters['functions'];
}

/** The engine's parameters from a sub_model.parameters value. */
export function engineParameters(stored: StoredParameters | null): ModelParameters {
  return {
    fractionCutOffThreshold: stored?.fractionCutOffThreshold ?? 0,
    car: stored?.car,
    pedestrian: stored?.pedestrian,
    functions: (stored?.functions ?? []).map((f) => ({ id: f.id, description: f.description, function: f.function, defaultValue: f.defaultValue, type: f.type })),
  };
}

export async function loadSubModels(db: Queryable, modelId: number): Promise<SubModelInfo[]> {
  const { rows } = await db.query<{ id: number; name: string; parameters: StoredParameters | null }>(
    'SELECT id, name, parameters FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id', [modelId]);
  return rows.map((r) => ({ id: r.id, name: r.name, parameters: engineParameters(r.parameters) }));
}

/** The area set whose areas carry the demand: the demand catchment area's, else the first catchment area's, else the model's first. */
export async function demandAreaSetId(db: Queryable, modelId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ area_set_id: number }>(
    `SELECT area_set_id FROM (
       SELECT area_set_id, 0 AS rank, sort_order, id FROM catchment_area WHERE model_id = $1 AND is_demand
       UNION ALL SELECT area_set_id, 1, sort_order, id FROM catchment_area WHERE model_id = $1
       UNION ALL SELECT id, 2, 0, id FROM area_set WHERE model_id = $1) c
      ORDER BY rank, sort_order, id LIMIT 1`, [modelId]);
  return rows[0]?.area_set_id;
}

export async function areaSetKey(db: Queryable, areaSetId: number): Promise<string> {
  const row = (await db.query<{ n: number; last: number | null }>('SELECT count(*)::int AS n, max(id) AS last FROM area WHERE area_set_id = $1', [areaSetId])).rows[0];
  return `${areaSetId}:${row?.n ?? 0}:${row?.last ?? 0}`;
}

const numeric = (v: unknown): number | string | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v === null || v === undefined ? null : String(v);
};

/** Areas read per statement: a national set is read in slices, with a turn for other requests between them. */
const AREAS_PER_READ = 4_000;

export async function loadDemandAreas(db: Queryable, areaSetId: number, key: string): Promise<DemandAreas> {
  type Row = { id: number; code: string; latitude: number; longitude: number; properties: Record<string, unknown> };
  const rows: Row[] = [];
  for (let after = -Infinity; ;) {
    const slice = (await db.query<Row>(
      'SELECT id, code, latitude, longitude, properties FROM area WHERE area_set_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [areaSetId, Number.isFinite(after) ? after : -2147483648, AREAS_PER_READ])).rows;
    for (const r of slice) rows.push(r);
    if (slice.length < AREAS_PER_READ) break;
    after = slice[slice.length - 1]!.id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const n = rows.length;
  const areas: DemandAreas = {
    areaSetId, key, ids: new Float64Array(n), codes: new Array(n), latitude: new Float64Array(n), longitude: new Float64Array(n), properties: new Array(n),
  };
  rows.forEach((r, i) => {
    areas.ids[i] = r.id;
    areas.codes[i] = r.code;
    areas.latitude[i] = r.latitude;
    areas.longitude[i] = r.longitude;
    const record: Record<string, number | string | null> = {};
    for (const [k, v] of Object.entries(r.properties ?? {})) record[k] = numeric(v);
    areas.properties[i] = record;
  });
  return areas;
}

interface PropertyDefinition { name: string; data_type: number; auto_calculate_type: number; poi_set_id: number | null; poi_range_meters: number | null }

/** The value of a stored property as the expressions see it: numbers for numeric properties, texts otherwise. */
function propertyValue(value: unknown, dataType: number | undefined): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (dataType === undefined) return numeric(value);
  if (dataType > 0) {
    const n = typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return String(value);
}

export function isActive(row: Pick<LocationRow, 'change_type' | 'excluded' | 'type'>): boolean {
  return row.change_type !== 2 && !row.excluded && row.type !== 2;
}

/**
 * The scenario's locations that take part in the calculation (every type but
 * retail areas), with their expression records. Output properties are left
 * out of the records: the calculation produces them.
 */
/** Locations prepared between two turns of the event loop. */
const INPUT_ROWS_PER_TURN = 500;

export async function loadScenarioLocations(db: Queryable, modelId: number, scenarioId: number): Promise<ScenarioLocationInputs> {
  const [rows, definitions, groups, clusters] = await Promise.all([
    scenarioLocations(db, scenarioId),
    db.query<PropertyDefinition & { property_type: number }>(
      'SELECT name, data_type, auto_calculate_type, poi_set_id, poi_range_meters, property_type FROM location_property WHERE model_id = $1', [modelId]),
    db.query<{ id: number; code: string }>('SELECT id, code FROM location_group WHERE model_id = $1', [modelId]),
    db.query<{ id: number; name: string }>('SELECT id, name FROM location_cluster WHERE model_id = $1', [modelId]),
  ]);
  const calculated = rows.filter((r) => r.type !== 2).sort((a, b) => a.location_id - b.location_id);
  const dataTypes = new Map(definitions.rows.map((d) => [d.name, d.data_type]));
  const outputs = new Set(definitions.rows.filter((d) => d.property_type === 4).map((d) => d.name));
  const poiProperties: PoiCountProperty[] = definitions.rows
    .filter((d) => d.auto_calculate_type === 6 && d.poi_set_id !== null && d.poi_range_meters !== null)
    .map((d) => ({ name: d.name, poiSetId: d.poi_set_id!, rangeMeters: d.poi_range_meters! }));
  const countPois = await poiCounter(db, poiProperties);
  const groupCode = new Map(groups.rows.map((g) => [g.id, g.code]));
  const clusterName = new Map(clusters.rows.map((c) => [c.id, c.name]));

  const records: PropertyValues[] = [];
  const active = new Uint8Array(calculated.length);
  const fingerprints = new Uint8Array(8 * calculated.length);
  for (let j = 0; j < calculated.length; j++) {
    // A turn of the event loop every few hundred locations (their POI counts and fingerprints take a while),
    // so requests are answered while a national scenario's inputs are prepared.
    if (j > 0 && j % INPUT_ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const row = calculated[j]!;
    const record: Record<string, number | string | null> = {};
    for (const [name, value] of Object.entries(row.properties ?? {})) {
      if (outputs.has(name)) continue;
      record[name] = propertyValue(value, dataTypes.get(name));
    }
    record.locationGroupCode = row.location_group_id ? groupCode.get(row.location_group_id) ?? null : null;
    record.locationClusterName = row.location_cluster_id ? clusterName.get(row.location_cluster_id) ?? null : null;
    Object.assign(record, countPois(row.latitude, row.longitude));
    records.push(record);
    active[j] = isActive(row) ? 1 : 0;
    const keys = Object.keys(record).sort();
    const digest = createHash('sha1')
      .update(JSON.stringify([row.latitude, row.longitude, active[j], keys.map((k) => [k, record[k]])]))
      .digest();
    fingerprints.set(digest.subarray(0, 8), 8 * j);
  }
  return { rows: calculated, records, active, fingerprints };
}

/** The key under which a result may serve as the basis of another: parameters, areas, travel times and output type. */
export function basisKey(parameters: ModelParameters, outputType: number, areaKey: string, routing: string): string {
  const { fractionCutOffThreshold, car, pedestrian, functions } = parameters;
  return createHash('sha1').update(JSON.stringify({ fractionCutOffThreshold, car, pedestrian, functions, outputType, areaKey, routing })).digest('hex');
}
