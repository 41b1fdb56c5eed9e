// The locations of a calculated scenario as the expressions of matching,
// drivers and charts see them: the calculation's records (properties, group
// code, cluster name, POIs in range) plus the model's output property with
// the stored output.
import type { PropertyValues } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import { loadScenarioLocations } from '../processing/inputs.js';
import type { ResultSummary } from '../processing/results-store.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { positions } from './results.js';

export interface OutputProperty { id: number; name: string; title: string | null }

/** The output property of a sub-model: its own propertyType 4 property, else the model's output property. */
export async function outputPropertyOf(db: Queryable, modelId: number, subModelId: number): Promise<OutputProperty | undefined> {
  const { rows } = await db.query<OutputProperty>(
    `SELECT p.id, p.name, p.title FROM location_property p
      WHERE p.model_id = $1 AND ((p.property_type = 4 AND p.sub_model_id = $2) OR p.id = (SELECT output_location_property_id FROM model WHERE id = $1))
      ORDER BY (p.sub_model_id = $2) DESC NULLS LAST, p.id LIMIT 1`, [modelId, subModelId]);
  return rows[0];
}

export interface ScenarioRecords {
  rows: LocationRow[];
  records: PropertyValues[];
  /** Output per row (null when the result does not hold the location). */
  outputs: Array<number | null>;
  outputProperty?: OutputProperty;
}

export async function scenarioRecords(db: Queryable, modelId: number, subModelId: number, scenarioId: number, summary: ResultSummary): Promise<ScenarioRecords> {
  const inputs = await loadScenarioLocations(db, modelId, scenarioId);
  const outputProperty = await outputPropertyOf(db, modelId, subModelId);
  const index = positions(summary);
  const outputs = inputs.rows.map((r) => {
    const j = index.get(r.location_id);
    return j === undefined ? null : summary.arrays.output[j];
  });
  const records = inputs.records.map((record, q) => (outputProperty && outputs[q] !== null ? { ...record, [outputProperty.name]: outputs[q] } : record));
  return { rows: inputs.rows, records, outputs, outputProperty };
}
