// A value read from some tables, kept until a write may have changed one of
// them (Database.tableGeneration). A calculation writes scenarios, results and
// the log all the time; a cache keyed on the tables it reads survives that,
// where one keyed on the process-wide generation would miss at every write.
import type { Database, Queryable } from './database.js';

/**
 * The tables whose writes may change these: themselves and, through foreign
 * keys that cascade or set null/default when the row they refer to is deleted
 * or updated, the tables they refer to (transitively).
 */
export async function tablesAffecting(db: Queryable, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND (k.confdeltype NOT IN ('a', 'r') OR k.confupdtype NOT IN ('a', 'r'))`,
  );
  const affecting = new Set(tables);
  for (let grew = true; grew;) {
    grew = false;
    for (const { child, parent } of rows) {
      if (affecting.has(child) && !affecting.has(parent)) {
        affecting.add(parent);
        grew = true;
      }
    }
  }
  return [...affecting].sort();
}

/**
 * The stamp of some tables: a number that grows after every write that may
 * have changed one of them (or a table whose writes reach them), undefined
 * where the database cannot tell (PostgreSQL).
 */
export function tableStamp(db: Database, tables: readonly string[]): () => Promise<number | undefined> {
  let watched: { schema: number; tables: Promise<string[]> } | undefined;
  return async () => {
    // The foreign keys are read again after a schema change (a change that may touch every table).
    const schema = db.tableGeneration([]);
    if (schema === undefined) return undefined;
    if (!watched || watched.schema !== schema) {
      const affecting = tablesAffecting(db, tables);
      watched = { schema, tables: affecting };
      affecting.catch(() => {
        if (watched?.tables === affecting) watched = undefined;
      });
    }
    return db.tableGeneration(await watched.tables);
  };
}

/**
 * `load` behind a cache that holds while none of `tables` (or a table whose
 * writes reach them) was written. A value is kept only when nothing was
 * written meanwhile, so one read before a commit is never trusted after it.
 * Where the database cannot tell (PostgreSQL), every call loads.
 */
export function tableCache<T>(db: Database, tables: readonly string[], load: () => Promise<T>): () => Promise<T> {
  const stampOf = tableStamp(db, tables);
  let kept: { stamp: number; value: T } | undefined;
  return async () => {
    const stamp = await stampOf();
    if (stamp === undefined) return load();
    if (kept && kept.stamp === stamp) return kept.value;
    const value = await load();
    if ((await stampOf()) === stamp) kept = { stamp, value };
    return value;
  };
}
