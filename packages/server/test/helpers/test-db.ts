// A fresh, migrated database for one test: embedded PGlite in memory by
// default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (the CI runs the server suite on both).
//
// Making a database is most of what a small test costs (PGlite's initdb takes
// seconds), so each database starts as a copy of a template made once:
// - PGlite: the first test of the process makes a database (migrated, or not
//   for `migrate: false`), dumps its data folder, and every later one starts
//   from that dump (no initdb), in memory or in its own folder.
// - PostgreSQL: a migrated template database, locus_template_<hash of the
//   migration files>, made once on the server and kept there; each test's
//   database is CREATE DATABASE ... TEMPLATE it. Changed migrations make a new
//   name, so a stale template is never used.
// Migrations still run on each copy, which finds nothing left to do.
//
// Data many tests start from (the demo data, the test world) can be made the
// same way: `fill` runs once per process on PGlite, on a copy of the migrated
// template whose dump every later database starts from; each test gets its own
// copy of what fill answered (ids and all). On PostgreSQL fill runs for each
// database, as a seed would.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate, migrationsDir } from '../../src/db/migrate.js';

export interface TestDatabase {
  db: Database;
  /** The URL of a PostgreSQL test database, for tests that start more processes on it. */
  url?: string;
  close(): Promise<void>;
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Fills a migrated database with data tests start from and answers what they
 * need to know of it (ids): a function of the module (its identity names the
 * template), whose outcome depends on nothing but the database it is given.
 */
export type Fill<T> = (db: Database) => Promise<T>;

export interface TestDatabaseOptions<T> {
  migrate?: boolean;
  dataDir?: string;
  /** Data to start from (a migrated database only); its answer is `filled`. */
  fill?: Fill<T>;
}

/**
 * `dataDir`: PGlite in this folder (as the server runs it) instead of in
 * memory; ignored on PostgreSQL. Its in-memory file system copies a growing
 * file whenever it outgrows its buffer, which makes large writes (a
 * calculation's result blocks) slower than on disk: benches of storing use a folder.
 */
export async function openTestDatabase<T = undefined>(options: TestDatabaseOptions<T> = {}): Promise<TestDatabase & { filled: T }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const migrated = options.migrate !== false;
  if (options.fill && !migrated) throw new Error('openTestDatabase: fill needs a migrated database');
  let filled: T | undefined;
  let db: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (adminUrl) {
    const name = `locus_test_${randomBytes(6).toString('hex')}`;
    const template = migrated ? await postgresTemplate(adminUrl) : undefined;
    const admin = await openDatabase({ databaseUrl: adminUrl });
    try {
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    url = databaseUrl(adminUrl, name);
    db = await openDatabase({ databaseUrl: url });
    drop = async () => {
      const a = await openDatabase({ databaseUrl: adminUrl });
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    };
  } else if (options.fill) {
    const template = await pgliteFilledTemplate(options.fill);
    db = await openDatabase({ dataDir: options.dataDir, from: template.dump });
    filled = structuredClone(template.filled);
  } else {
    db = await openDatabase({ dataDir: options.dataDir, from: await pgliteTemplate(migrated) });
  }
  if (migrated) await migrate(db);
  if (options.fill && adminUrl) filled = await options.fill(db);
  return {
    db,
    url,
    filled: filled as T,
    async close() {
      await db.close().catch(() => undefined);
      await drop();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Made once per key and kept; one that failed is made again by the next test (which reports its own error). */
function once<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

/** The database's dump in shared memory: each database thread reads it without a copy of its own. */
async function sharedDump(db: Database): Promise<Uint8Array> {
  const dump = await db.dump!();
  const shared = new Uint8Array(new SharedArrayBuffer(dump.byteLength));
  shared.set(dump);
  return shared;
}

/** The dumps of this process's PGlite templates: migrated, and as initdb leaves a database (migrate: false). */
const pgliteTemplates = new Map<boolean, Promise<Uint8Array>>();

function pgliteTemplate(migrated: boolean): Promise<Uint8Array> {
  return once(pgliteTemplates, migrated, async () => {
    const db = await openDatabase({});
    try {
      if (migrated) await migrate(db);
      return await sharedDump(db);
    } finally {
      await db.close();
    }
  });
}

/** The PGlite templates of data (`fill`): a dump of the filled database and what fill answered. */
const pgliteFilledTemplates = new Map<Fill<unknown>, Promise<{ dump: Uint8Array; filled: unknown }>>();

function pgliteFilledTemplate<T>(fill: Fill<T>): Promise<{ dump: Uint8Array; filled: T }> {
  return once(pgliteFilledTemplates, fill, async () => {
    const db = await openDatabase({ from: await pgliteTemplate(true) });
    try {
      await migrate(db);
      const filled = await fill(db);
      return { dump: await sharedDump(db), filled };
    } finally {
      await db.close();
    }
  }) as Promise<{ dump: Uint8Array; filled: T }>;
}

/** The migration files' names and contents, hashed: a template's name says which migrations it holds. */
function migrationsHash(): string {
  const dir = migrationsDir();
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(`${dir}/${file}`))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * The name of the migrated template database on the server, made when it is
 * missing. It is built under a name of its own and renamed when complete, so
 * a template by its final name is always whole; of two processes building it
 * at once, the second rename fails and that process drops its own copy. A
 * template accepts no connections (CREATE DATABASE ... TEMPLATE needs none on it).
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `locus_template_${migrationsHash()}`;
    const admin = await openDatabase({ databaseUrl: adminUrl });
    try {
      const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
      if (await exists()) return name;
      const building = `locus_template_build_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      try {
        const db = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await admin.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE false`).catch(() => undefined);
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => undefined);
        // Another process made the template meanwhile: that one serves.
        if (await exists()) return name;
        throw error;
      }
      return name;
    } finally {
      await admin.close();
    }
  })();
  postgresTemplateName.catch(() => {
    postgresTemplateName = undefined;
  });
  return postgresTemplateName;
}
