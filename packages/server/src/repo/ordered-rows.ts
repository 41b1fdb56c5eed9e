// An ordered list stored as it is sent, under one parent row (a model's
// normalized-score functions, its driver filters, a filter's drivers): rows
// the list leaves out are removed, rows with an id are updated, rows without
// one (or with an id no longer there) are inserted, and `sort_order` follows
// the list. Table and column names come from the callers in this folder,
// never from a request.
import type { Queryable } from '../db/database.js';

export interface OrderedRowsTable {
  table: string;
  /** The column that names the parent row (e.g. model_id). */
  parentColumn: string;
  /** The stored columns besides the id, the parent and sort_order, in the order of each row's values. */
  columns: readonly string[];
}

/** Replaces the parent's rows by `rows`; answers the id of each row, in the list's order. */
export async function replaceOrderedRows(
  tx: Queryable,
  { table, parentColumn, columns }: OrderedRowsTable,
  parentId: number,
  rows: readonly { id?: number | null; values: readonly unknown[] }[],
): Promise<number[]> {
  const kept = rows.flatMap((r) => (r.id ? [r.id] : []));
  await tx.query(`DELETE FROM ${table} WHERE ${parentColumn} = $1 AND NOT (id = ANY($2))`, [parentId, kept]);
  const set = [...columns, 'sort_order'].map((c, k) => `${c} = $${k + 3}`).join(', ');
  const update = `UPDATE ${table} SET ${set} WHERE id = $1 AND ${parentColumn} = $2`;
  const placeholders = [parentColumn, ...columns, 'sort_order'].map((_, k) => `$${k + 1}`).join(', ');
  const insert = `INSERT INTO ${table} (${parentColumn}, ${columns.join(', ')}, sort_order) VALUES (${placeholders}) RETURNING id`;
  const ids: number[] = [];
  for (const [order, row] of rows.entries()) {
    const updated = row.id ? await tx.query(update, [row.id, parentId, ...row.values, order]) : { rowCount: 0 };
    ids.push(updated.rowCount ? row.id! : (await tx.query<{ id: number }>(insert, [parentId, ...row.values, order])).rows[0]!.id);
  }
  return ids;
}
