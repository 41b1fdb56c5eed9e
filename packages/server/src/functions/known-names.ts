// The names an expression of a model may read. Location expressions
// (attractiveness functions, score functions, normalized scores, drivers and
// their filters) read location properties, the group code and the cluster
// name; area expressions (demand functions) read the demand areas' properties.
import type { Queryable } from '../db/database.js';
import { demandAreaSetId } from '../processing/inputs.js';
import { areaPropertyNames } from '../repo/areas.js';
import { propertyNames } from '../repo/properties.js';

export async function locationNames(db: Queryable, modelId: number): Promise<Set<string>> {
  return new Set([...(await propertyNames(db, modelId)), 'locationGroupCode', 'locationClusterName']);
}

export async function areaNames(db: Queryable, modelId: number): Promise<Set<string>> {
  const areaSetId = await demandAreaSetId(db, modelId);
  if (areaSetId === undefined) return new Set();
  return new Set(await areaPropertyNames(db, areaSetId));
}
