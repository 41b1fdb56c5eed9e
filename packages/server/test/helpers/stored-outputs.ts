// The outputs of stored results, one row per scenario, sub-model and location
// (what table location_output held before migration 008), read from the
// results' arrays as the API reads them.
import type { Queryable } from '../../src/db/database.js';
import { loadLocationOutputs } from '../../src/repo/results.js';

export interface StoredOutput {
  scenario_id: number;
  sub_model_id: number;
  location_id: number;
  output: number;
  attractiveness: number;
}

/** Every stored output of a scenario (or of every scenario), ordered by scenario, sub-model and location. */
export async function storedOutputs(db: Queryable, scenarioId?: number): Promise<StoredOutput[]> {
  const { rows } = await db.query<{ scenario_id: number; sub_model_id: number }>(
    'SELECT scenario_id, sub_model_id FROM scenario_result WHERE $1::int IS NULL OR scenario_id = $1 ORDER BY scenario_id, sub_model_id',
    [scenarioId ?? null],
  );
  const out: StoredOutput[] = [];
  for (const r of rows) {
    const outputs = await loadLocationOutputs(db, r.scenario_id, r.sub_model_id);
    for (const [id, o] of [...outputs].sort((a, b) => a[0] - b[0]))
      out.push({ scenario_id: r.scenario_id, sub_model_id: r.sub_model_id, location_id: id, ...o });
  }
  return out;
}
