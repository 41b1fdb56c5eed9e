// A database whose every call first asks a guard: a processor that died (a
// simulated crash in tests, processing/processor.ts die) must write nothing
// any more, also from calls already under way.
import type { Database } from './database.js';

/** `guard` throws to refuse a call; generation, tableGeneration and close always pass. */
export function guardedDatabase(db: Database, guard: () => void): Database {
  return {
    kind: db.kind,
    folder: db.folder,
    query: async (sql, params) => {
      guard();
      return db.query(sql, params);
    },
    transaction: async (fn) => {
      guard();
      return db.transaction(async (tx) =>
        fn({
          query: async (sql, params) => {
            guard();
            return tx.query(sql, params);
          },
          copyBinary: async (table, columns, data) => {
            guard();
            return tx.copyBinary(table, columns, data);
          },
        }),
      );
    },
    exec: async (sql) => {
      guard();
      return db.exec(sql);
    },
    copyBinary: async (table, columns, data) => {
      guard();
      return db.copyBinary(table, columns, data);
    },
    generation: () => db.generation(),
    tableGeneration: (tables) => db.tableGeneration(tables),
    close: () => db.close(),
  };
}
