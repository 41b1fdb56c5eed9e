// The normalized-scores functions of a model (matching locations), in their order.
import type { NormalizedScoresFunction, NormalizedScoresFunctionsSaveBody } from '@locus/contract';
import type { Queryable } from '../db/database.js';

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
  const kept = body.flatMap((f) => (f.id ? [f.id] : []));
  await tx.query('DELETE FROM normalized_scores_function WHERE model_id = $1 AND NOT (id = ANY($2))', [modelId, kept]);
  for (const [order, f] of body.entries()) {
    const updated = f.id
      ? await tx.query(
          'UPDATE normalized_scores_function SET title = $3, function = $4, weight = $5, default_value = $6, type = $7, sort_order = $8 WHERE id = $1 AND model_id = $2',
          [f.id, modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order],
        )
      : { rowCount: 0 };
    if (updated.rowCount === 0) {
      await tx.query(
        'INSERT INTO normalized_scores_function (model_id, title, function, weight, default_value, type, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order],
      );
    }
  }
}
