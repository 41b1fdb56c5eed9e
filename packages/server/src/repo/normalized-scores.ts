// The normalized-scores functions of a model (matching locations), in their order.
import type { NormalizedScoresFunction, NormalizedScoresFunctionsSaveBody } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { replaceOrderedRows } from './ordered-rows.js';

export async function normalizedScoresFunctionsOf(db: Queryable, modelId: number): Promise<NormalizedScoresFunction[]> {
  const { rows } = await db.query<{ id: number; title: string; function: string; weight: number; default_value: number; type: number }>(
    'SELECT * FROM normalized_scores_function WHERE model_id = $1 ORDER BY sort_order, id',
    [modelId],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, function: r.function, weight: r.weight, defaultValue: r.default_value, type: r.type }));
}

interface FunctionRow {
  id: number;
  title: string;
  function: string;
  weight: number;
  default_value: number;
  type: number;
}

/** A model's functions as stored, locked until the transaction ends (a save). */
export async function lockNormalizedScoresFunctions(tx: Queryable, modelId: number): Promise<FunctionRow[]> {
  return (
    await tx.query<FunctionRow>(
      'SELECT id, title, function, weight, default_value, type FROM normalized_scores_function WHERE model_id = $1 ORDER BY sort_order, id FOR UPDATE',
      [modelId],
    )
  ).rows;
}

/** Stores the list as it is sent: rows it leaves out are removed, rows with an id updated, new rows inserted, in its order. */
export async function replaceNormalizedScoresFunctions(tx: Queryable, modelId: number, body: NormalizedScoresFunctionsSaveBody): Promise<void> {
  await replaceOrderedRows(
    tx,
    { table: 'normalized_scores_function', parentColumn: 'model_id', columns: ['title', 'function', 'weight', 'default_value', 'type'] },
    modelId,
    body.map((f) => ({ id: f.id, values: [f.title, f.function, f.weight, f.defaultValue, f.type] })),
  );
}
