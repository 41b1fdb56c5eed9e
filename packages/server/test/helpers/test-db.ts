// A fresh, migrated database for one test: embedded PGlite in memory by
// default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (the CI runs the server suite on both).
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';

export interface TestDatabase {
  db: Database;
  /** The URL of a PostgreSQL test database, for tests that start more processes on it. */
  url?: string;
  close(): Promise<void>;
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * `dataDir`: PGlite in this folder (as the server runs it) instead of in
 * memory; ignored on PostgreSQL. Its in-memory file system copies a growing
 * file whenever it outgrows its buffer, which makes large writes (a
 * calculation's result blocks) slower than on disk: benches of storing use a folder.
 */
export async function openTestDatabase(options: { migrate?: boolean; dataDir?: string } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let db: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (adminUrl) {
    const name = `locus_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    db = await openDatabase({ databaseUrl: url });
    drop = async () => {
      const a = await openDatabase({ databaseUrl: adminUrl });
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    };
  } else {
    db = await openDatabase({ dataDir: options.dataDir });
  }
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    url,
    async close() {
      await db.close().catch(() => undefined);
      await drop();
    },
  };
}
