// Batched multi-row inserts: one statement per chunk of rows keeps seeding
// fast on PGlite and PostgreSQL alike (demo data, gazetteer). Objects are sent as JSON text.
import type { Queryable } from './database.js';

export async function insertRows<T = { id: number }>(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
  options: { returning?: string; chunk?: number } = {},
): Promise<T[]> {
  const out: T[] = [];
  const chunk = options.chunk ?? Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk);
    const values: unknown[] = [];
    const tuples = slice.map((row) => {
      const marks = row.map((value) => {
        values.push(value !== null && typeof value === 'object' && !(value instanceof Uint8Array) ? JSON.stringify(value) : value);
        return `$${values.length}`;
      });
      return `(${marks.join(',')})`;
    });
    const returning = options.returning ? ` RETURNING ${options.returning}` : '';
    const r = await tx.query<T>(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}${returning}`, values);
    out.push(...r.rows);
  }
  return out;
}
