// The locations of a calculated scenario as the expressions of matching,
// drivers and charts see them: the calculation's records (properties, group
// code, cluster name, POIs in range) plus the model's output property with
// the stored output.
//
// A read loads them without what only a calculation needs (which locations
// attract demand, the fingerprints that tell a changed location), and the
// server keeps the last few results' records (RecordsCache) while none of the
// tables they come from was written: the second and later reads of a result
// (the drawer's matching, matching scores, drivers and scores of one
// selection) find them at once.
import type { PropertyValues } from '@locus/engine';
import type { Database, Queryable } from '../db/database.js';
import { tableStamp } from '../db/table-cache.js';
import { recordMaker } from '../processing/inputs.js';
import { locationRowsFor, type LocationRowCache } from '../processing/location-cache.js';
import type { CalculationRow } from '../repo/scenario-locations.js';
import type { ResultSummary } from '../repo/results.js';
import { Lru, positions, type CalculatedScenario } from './results.js';
import { perContext } from '../per-context.js';
import { outputPropertyOf, type OutputProperty } from '../repo/properties.js';

export interface ScenarioRecords {
  /** The scenario's locations but retail areas, by location id (the calculation's order; shared with the row cache: never change one). */
  rows: CalculationRow[];
  records: PropertyValues[];
  /** Output per row (null when the result does not hold the location). */
  outputs: Array<number | null>;
  outputProperty?: OutputProperty;
}

/** Records made between two turns of the event loop (with their POI counts, a few ms of work). */
const RECORDS_PER_TURN = 500;

/** A turn of the event loop: requests waiting meanwhile are answered. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The records of a scenario's calculation with the stored output of one of
 * its results: the calculation's own records (outputs of the model left out,
 * the sub-model's output property set from the result), from the locations
 * the calculations of the same server keep (location-cache.ts).
 */
export async function scenarioRecords(
  db: Queryable,
  locations: LocationRowCache,
  modelId: number,
  subModelId: number,
  scenarioId: number,
  summary: ResultSummary,
): Promise<ScenarioRecords> {
  const [rows, makeRecord, outputProperty] = await Promise.all([
    locations.rows(db, scenarioId),
    recordMaker(db, modelId),
    outputPropertyOf(db, modelId, subModelId),
  ]);
  const index = positions(summary);
  const outputs: Array<number | null> = new Array(rows.length);
  const records: PropertyValues[] = new Array(rows.length);
  for (let q = 0; q < rows.length; q++) {
    // Other requests are answered between slices of a national scenario's records.
    if (q > 0 && q % RECORDS_PER_TURN === 0) await turn();
    const row = rows[q]!;
    const record = makeRecord(row);
    const j = index.get(row.location_id);
    const output = j === undefined ? null : summary.arrays.output[j]!;
    outputs[q] = output;
    if (outputProperty && output !== null) record[outputProperty.name] = output;
    records[q] = record;
  }
  return { rows, records, outputs, outputProperty };
}

/** What the expressions of a result's reads see, kept for further reads of the same result. */
export interface ResultRecords extends ScenarioRecords {
  /** Row of a location id. */
  rowOf: Map<number, number>;
  /** Values derived from the records once per result (normalized scores, ...), by name. */
  derived: Map<string, Promise<unknown>>;
}

/** The tables the records come from: a write to any of them (or to a table whose writes reach them) drops what is kept. */
export const RECORD_TABLES = [
  'scenario',
  'location',
  'location_version',
  'location_property',
  'location_group',
  'location_cluster',
  'poi',
  'model',
  'normalized_scores_function',
] as const;

/** Results whose records are kept: two (a planner compares a scenario with its parent; the demo's largest holds ~7,000 records). */
const KEPT_RESULTS = 2;

/**
 * The records of results, kept per result (scenario, sub-model, version) while
 * none of RECORD_TABLES was written since they were read. Where the database
 * cannot tell (PostgreSQL, other processes write too) every read loads them.
 */
export class RecordsCache {
  private kept = new Lru<{ stamp: number; value: Promise<ResultRecords> }>(KEPT_RESULTS);
  private readonly stamp: () => Promise<number | undefined>;

  constructor(
    private readonly db: Database,
    private readonly locations: LocationRowCache,
  ) {
    this.stamp = tableStamp(db, RECORD_TABLES);
  }

  /** Forgets what it keeps (a bench measures first reads). */
  forget() {
    this.kept = new Lru(KEPT_RESULTS);
  }

  async of(calc: CalculatedScenario): Promise<ResultRecords> {
    const stamp = await this.stamp();
    if (stamp === undefined) return this.load(calc);
    const key = `${calc.scenario.id}:${calc.subModelId}:${calc.summary.version}`;
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stamp) return hit.value;
    // Reads that ask meanwhile (the drawer asks matching and matching scores at once) share this load.
    const entry = { stamp, value: this.load(calc) };
    this.kept.set(key, entry);
    entry.value.catch(() => {
      if (this.kept.peek(key) === entry) this.kept.delete(key);
    });
    return entry.value;
  }

  private async load(calc: CalculatedScenario): Promise<ResultRecords> {
    const data = await scenarioRecords(this.db, this.locations, calc.model.id, calc.subModelId, calc.scenario.id, calc.summary);
    return { ...data, rowOf: new Map(data.rows.map((r, q) => [r.location_id, q])), derived: new Map() };
  }
}

/** A value derived from a result's records, computed once while they are kept. */
export function derivedOf<T>(data: ResultRecords, name: string, compute: () => Promise<T>): Promise<T> {
  let value = data.derived.get(name) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    data.derived.set(name, value);
    value.catch(() => {
      if (data.derived.get(name) === value) data.derived.delete(name);
    });
  }
  return value;
}

/** One records cache per server context. */
export const recordsFor = perContext((ctx: { db: Database }) => new RecordsCache(ctx.db, locationRowsFor(ctx)));
