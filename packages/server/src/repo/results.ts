// Stored results of calculations (table scenario_result and its pair blocks).
import type { Queryable } from '../db/database.js';

/** The version of a scenario's stored result for a sub-model (a new one with every calculation); undefined when none is stored. */
export async function resultVersion(db: Queryable, scenarioId: number, subModelId: number): Promise<string | undefined> {
  return (await db.query<{ version: string }>('SELECT version FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [scenarioId, subModelId]))
    .rows[0]?.version;
}
