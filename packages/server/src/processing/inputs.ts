// The inputs of one scenario calculation, loaded from the database: the model
// and its sub-models' parameters, the demand areas, and the scenario's
// locations as the records the model's expressions read (properties plus the
// group code, the cluster name and the points of interest in range).
import { createHash } from 'node:crypto';
import type { ModelParameters, PropertyValues } from '@locus/engine';
import type { Database, Queryable } from '../db/database.js';
import { tableCache } from '../db/table-cache.js';
import { LocationRowCache } from './location-cache.js';
import type { CalculationRow } from '../repo/scenario-locations.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { poiCounter, type PoiCountProperty } from './pois.js';
import { areaSlice, type AreaSliceRow } from '../repo/areas.js';
import { clusterNames, groupCodes, modelOutputs, subModelRows } from '../repo/models.js';
import { recordPropertyDefinitions } from '../repo/properties.js';

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
  /** Shared with the cache that answered them: never change one. */
  rows: CalculationRow[];
  /** The records the expressions read, in the order of rows. */
  records: PropertyValues[];
  /** 1 = attracts demand: open, not excluded, not a retail area. */
  active: Uint8Array;
  /** 8 bytes per location: changes whenever anything the calculation reads changes. */
  fingerprints: Uint8Array;
}

export async function loadModelInfo(db: Queryable, modelId: number): Promise<ModelInfo> {
  const row = await modelOutputs(db, modelId);
  if (!row) throw new Error(`model ${modelId} not found`);
  return {
    id: row.id,
    name: row.name,
    outputType: row.output_type,
    outputLocationPropertyId: row.output_location_property_id,
    actualOutputLocationPropertyId: row.actual_output_location_property_id,
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
    functions: (stored?.functions ?? []).map((f) => ({
      id: f.id,
      description: f.description,
      function: f.function,
      defaultValue: f.defaultValue,
      type: f.type,
    })),
  };
}

export async function loadSubModels(db: Queryable, modelId: number): Promise<SubModelInfo[]> {
  return (await subModelRows<StoredParameters>(db, modelId)).map((r) => ({ id: r.id, name: r.name, parameters: engineParameters(r.parameters) }));
}

export { areaSetKey, demandAreaSetId } from '../repo/areas.js';

const numeric = (v: unknown): number | string | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v === null || v === undefined ? null : String(v);
};

/** Areas read per statement: a national set is read in slices, with a turn for other requests between them. */
const AREAS_PER_READ = 4_000;

export async function loadDemandAreas(db: Queryable, areaSetId: number, key: string): Promise<DemandAreas> {
  const rows: AreaSliceRow[] = [];
  for (let after = -Infinity; ;) {
    const slice = await areaSlice(db, areaSetId, Number.isFinite(after) ? after : -2147483648, AREAS_PER_READ);
    for (const r of slice) rows.push(r);
    if (slice.length < AREAS_PER_READ) break;
    after = slice[slice.length - 1]!.id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const n = rows.length;
  const areas: DemandAreas = {
    areaSetId,
    key,
    ids: new Float64Array(n),
    codes: new Array(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    properties: new Array(n),
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

export function isActive(row: Pick<CalculationRow, 'change_type' | 'excluded' | 'type'>): boolean {
  return row.change_type !== 2 && !row.excluded && row.type !== 2;
}

/**
 * The scenario's locations that take part in the calculation (every type but
 * retail areas), with their expression records. Output properties are left
 * out of the records: the calculation produces them.
 */
/** Locations prepared between two turns of the event loop. */
const INPUT_ROWS_PER_TURN = 500;

/** A 64-bit hash in two 32-bit lanes (FNV-1a and a multiply-xorshift lane), fed with words. */
class Hash64 {
  private a = 0x811c9dc5;
  private b = 0x9e3779b9;
  private static readonly float = new Float64Array(1);
  private static readonly words = new Uint32Array(Hash64.float.buffer);
  word(w: number): void {
    this.a = Math.imul(this.a ^ w, 0x01000193);
    this.b = Math.imul(this.b ^ w, 0x5bd1e995);
    this.b ^= this.b >>> 15;
  }
  number(x: number): void {
    Hash64.float[0] = x;
    this.word(Hash64.words[0]!);
    this.word(Hash64.words[1]!);
  }
  text(t: string): void {
    this.word(t.length);
    for (let i = 0; i < t.length; i++) this.word(t.charCodeAt(i));
  }
  /** The final mix, written little-endian as 8 bytes. */
  write(into: Uint8Array, at: number): void {
    let a = Math.imul(this.a ^ (this.a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35) ^ this.b;
    let b = Math.imul(this.b ^ (this.b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35) ^ a;
    into[at] = a;
    into[at + 1] = a >>> 8;
    into[at + 2] = a >>> 16;
    into[at + 3] = a >>> 24;
    into[at + 4] = b;
    into[at + 5] = b >>> 8;
    into[at + 6] = b >>> 16;
    into[at + 7] = b >>> 24;
  }
}

/**
 * 8 bytes that change whenever a location's record, position or activity
 * changes: a 64-bit hash of them, each value with its type, each key with its
 * length. Keys are taken in the record's order: records of one model are
 * built in one order (the stored properties' keys come in jsonb's fixed order,
 * the derived ones after them), so equal records hash equally without sorting.
 */
export function inputFingerprint(
  latitude: number,
  longitude: number,
  active: number,
  record: Record<string, number | string | null>,
  into: Uint8Array,
  at: number,
): void {
  const h = new Hash64();
  h.number(latitude);
  h.number(longitude);
  h.word(active);
  for (const key in record) {
    h.text(key);
    const value = record[key];
    if (value === null || value === undefined) h.word(0);
    else if (typeof value === 'number') {
      h.word(1);
      h.number(value);
    } else {
      h.word(2);
      h.text(String(value));
    }
  }
  h.write(into, at);
}

/** What a record is made from: a location's properties, group, cluster and position. */
export type RecordSource = Pick<LocationRow, 'properties' | 'location_group_id' | 'location_cluster_id' | 'latitude' | 'longitude'>;

/**
 * The maker of a location's record as the expressions see it (the model's
 * outputs left out, group code, cluster name, POIs in range), for the
 * calculation's inputs and for the reads of its results alike.
 */
export async function recordMaker(db: Queryable, modelId: number): Promise<(row: RecordSource) => Record<string, number | string | null>> {
  const [definitions, groupCode, clusterName] = await Promise.all([recordPropertyDefinitions(db, modelId), groupCodes(db, modelId), clusterNames(db, modelId)]);
  const dataTypes = new Map(definitions.map((d) => [d.name, d.data_type]));
  const outputs = new Set(definitions.filter((d) => d.property_type === 4).map((d) => d.name));
  const poiProperties: PoiCountProperty[] = definitions
    .filter((d) => d.auto_calculate_type === 6 && d.poi_set_id !== null && d.poi_range_meters !== null)
    .map((d) => ({ name: d.name, poiSetId: d.poi_set_id!, rangeMeters: d.poi_range_meters! }));
  const countPois = await poiCounter(db, poiProperties);
  return (row) => {
    const record: Record<string, number | string | null> = {};
    for (const [name, value] of Object.entries(row.properties ?? {})) {
      if (outputs.has(name)) continue;
      record[name] = propertyValue(value, dataTypes.get(name));
    }
    record.locationGroupCode = row.location_group_id ? (groupCode.get(row.location_group_id) ?? null) : null;
    record.locationClusterName = row.location_cluster_id ? (clusterName.get(row.location_cluster_id) ?? null) : null;
    Object.assign(record, countPois(row.latitude, row.longitude));
    return record;
  };
}

/** The tables a record maker reads (the property definitions, group codes, cluster names and POIs). */
const RECORD_TABLES = ['location_property', 'location_group', 'location_cluster', 'poi'];

type RecordMaker = Awaited<ReturnType<typeof recordMaker>>;
interface RecordEntry {
  record: PropertyValues;
  active: number;
  fingerprint: Uint8Array;
}

/**
 * What a processing loop keeps of scenarios' inputs between calculations: the
 * locations per scenario (location-cache.ts), a record maker per model while
 * none of its tables is written (db/table-cache.ts; on PostgreSQL, where a
 * process cannot tell, made again each time), and per maker each location's
 * record and fingerprint, so an unchanged location is not made again.
 */
export class ScenarioInputCache {
  /** `locations`: the server's kept locations (locationRowsFor), shared with its output reads. */
  constructor(private readonly locations: LocationRowCache = new LocationRowCache()) {}
  private readonly makers = new Map<number, { db: Database; maker: () => Promise<RecordMaker> }>();
  private readonly records = new WeakMap<RecordMaker, WeakMap<CalculationRow, RecordEntry>>();

  private makerOf(db: Database, modelId: number): Promise<RecordMaker> {
    let kept = this.makers.get(modelId);
    if (!kept || kept.db !== db) {
      kept = { db, maker: tableCache(db, RECORD_TABLES, () => recordMaker(db, modelId)) };
      this.makers.set(modelId, kept);
    }
    return kept.maker();
  }

  async load(db: Database, modelId: number, scenarioId: number): Promise<ScenarioLocationInputs> {
    const [rows, makeRecord] = await Promise.all([this.locations.rows(db, scenarioId), this.makerOf(db, modelId)]);
    let made = this.records.get(makeRecord);
    if (!made) this.records.set(makeRecord, (made = new WeakMap()));
    const records: PropertyValues[] = new Array(rows.length);
    const active = new Uint8Array(rows.length);
    const fingerprints = new Uint8Array(8 * rows.length);
    let fresh = 0;
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j]!;
      let entry = made.get(row);
      if (!entry) {
        // A turn of the event loop every few hundred new records (their POI counts and fingerprints take a
        // while), so requests are answered while a national scenario's inputs are prepared.
        if (++fresh % INPUT_ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const record = makeRecord(row);
        const on = isActive(row) ? 1 : 0;
        const fingerprint = new Uint8Array(8);
        inputFingerprint(row.latitude, row.longitude, on, record, fingerprint, 0);
        entry = { record, active: on, fingerprint };
        made.set(row, entry);
      }
      records[j] = entry.record;
      active[j] = entry.active;
      fingerprints.set(entry.fingerprint, 8 * j);
    }
    return { rows, records, active, fingerprints };
  }
}

/** A scenario's calculation inputs read afresh (nothing kept). */
export function loadScenarioLocations(db: Database, modelId: number, scenarioId: number): Promise<ScenarioLocationInputs> {
  return new ScenarioInputCache().load(db, modelId, scenarioId);
}

/** The key under which a result may serve as the basis of another: parameters, areas, travel times and output type. */
export function basisKey(parameters: ModelParameters, outputType: number, areaKey: string, routing: string): string {
  const { fractionCutOffThreshold, car, pedestrian, functions } = parameters;
  return createHash('sha1').update(JSON.stringify({ fractionCutOffThreshold, car, pedestrian, functions, outputType, areaKey, routing })).digest('hex');
}
