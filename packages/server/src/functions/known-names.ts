// The names an expression of a model may read. Location expressions
// (attractiveness functions, score functions, normalized scores, drivers and
// their filters) read location properties, the group code and the cluster
// name; area expressions (demand functions) read the demand areas' properties.
import type { Queryable } from '../db/database.js';
import { demandAreaSetId } from '../processing/inputs.js';

export async function locationNames(db: Queryable, modelId: number): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM location_property WHERE model_id = $1', [modelId]);
  return new Set([...rows.map((r) => r.name), 'locationGroupCode', 'locationClusterName']);
}

export async function areaNames(db: Queryable, modelId: number): Promise<Set<string>> {
  const areaSetId = await demandAreaSetId(db, modelId);
  if (areaSetId === undefined) return new Set();
  const [defined, used] = await Promise.all([
    db.query<{ name: string }>('SELECT name FROM area_property WHERE area_set_id = $1', [areaSetId]),
    db.query<{ name: string }>('SELECT DISTINCT jsonb_object_keys(properties) AS name FROM area WHERE area_set_id = $1', [areaSetId]),
  ]);
  return new Set([...defined.rows, ...used.rows].map((r) => r.name));
}
