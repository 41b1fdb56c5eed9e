// Caches keyed on the tables they read (db/table-cache.ts): what a statement
// may change, and a cache that survives writes to other tables (a calculation
// writing scenarios and results) but never serves a value after a write to one
// of its tables, to a table whose foreign keys cascade into them, or a schema
// change. On PostgreSQL (other processes write too) it loads every time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changedBy, type Database } from '../src/db/database.js';
import { tableCache, tablesAffecting } from '../src/db/table-cache.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from './helpers/test-db.js';

let t: TestDatabase;
let db: Database;

test.before(async () => {
  t = await openTestDatabase({ migrate: false });
  db = t.db;
  await db.exec(`CREATE TABLE shop (id int PRIMARY KEY, name text NOT NULL);
                 CREATE TABLE shelf (id int PRIMARY KEY, shop_id int NOT NULL REFERENCES shop ON DELETE CASCADE, label text);
                 CREATE TABLE receipt (id serial PRIMARY KEY, shop_id int REFERENCES shop, amount int);
                 INSERT INTO shop VALUES (1, 'first'), (2, 'second');
                 INSERT INTO shelf VALUES (1, 1, 'a'), (2, 2, 'b')`);
});
test.after(async () => {
  await t?.close();
});

test('what a statement may change: nothing, the tables it writes, or anything', () => {
  assert.is(changedBy('SELECT * FROM scenario WHERE id = $1'), 'nothing');
  assert.is(changedBy('SELECT id FROM scenario WHERE id = $1 FOR UPDATE'), 'nothing', 'a row lock writes nothing');
  assert.equal(changedBy('UPDATE scenario s SET status = 9 WHERE id = $1'), ['scenario']);
  assert.equal(changedBy('INSERT INTO result_block (hash, data) SELECT h, d FROM unnest($1) ON CONFLICT (hash) DO UPDATE SET data = excluded.data'), [
    'result_block',
  ]);
  assert.equal(changedBy('DELETE FROM public."Log" WHERE id < $1'), ['log']);
  assert.equal(changedBy('WITH gone AS (DELETE FROM location_output WHERE scenario_id = $1 RETURNING 1) INSERT INTO log (message) VALUES ($2)'), [
    'location_output',
    'log',
  ]);
  assert.equal(changedBy('TRUNCATE TABLE area'), ['area']);
  assert.is(changedBy('CREATE INDEX i ON area (area_set_id)'), 'anything');
  assert.is(changedBy('ALTER TABLE model ADD COLUMN x int'), 'anything');
});

test('the tables whose writes reach a table: itself and, through cascading foreign keys, what it refers to', async () => {
  assert.equal(await tablesAffecting(db, ['shelf']), ['shelf', 'shop'], 'deleting a shop deletes its shelves');
  assert.equal(await tablesAffecting(db, ['receipt']), ['receipt'], 'a plain foreign key changes no receipt');
});

test('a table cache holds across writes to other tables and loads again after a write that may reach its tables', async () => {
  let loads = 0;
  const labels = tableCache(db, ['shelf'], async () => {
    loads++;
    return (await db.query<{ label: string }>('SELECT label FROM shelf ORDER BY id')).rows.map((r) => r.label);
  });
  const cached = testDatabaseKind === 'pglite';
  assert.equal(await labels(), ['a', 'b']);
  await labels();
  assert.is(loads, cached ? 1 : 2, cached ? 'the second read comes from the cache' : 'PostgreSQL: every read loads');
  const before = loads;
  // Writes elsewhere (as a calculation's are) keep it.
  await db.query('INSERT INTO receipt (shop_id, amount) VALUES (1, 10)');
  await db.transaction(async (tx) => {
    await tx.query('UPDATE receipt SET amount = 11');
  });
  await labels();
  assert.is(loads, before + (cached ? 0 : 1));
  // Its own table, in a transaction.
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE shelf SET label = 'a2' WHERE id = 1`);
  });
  assert.equal(await labels(), ['a2', 'b']);
  // A table that cascades into it.
  await db.query('DELETE FROM receipt');
  await db.query('DELETE FROM shop WHERE id = 2');
  assert.equal(await labels(), ['a2']);
  // A schema change.
  await db.exec('ALTER TABLE shelf ADD COLUMN note text');
  await db.query(`INSERT INTO shelf (id, shop_id, label) VALUES (3, 1, 'c')`);
  assert.equal(await labels(), ['a2', 'c']);
});

test('a value read while its table is written is not kept', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let first = true;
  const names = tableCache(db, ['shop'], async () => {
    const rows = (await db.query<{ name: string }>('SELECT name FROM shop ORDER BY id')).rows.map((r) => r.name);
    if (first) {
      first = false;
      await held;
    }
    return rows;
  });
  const reading = names();
  await new Promise((r) => setTimeout(r, 50));
  await db.query(`UPDATE shop SET name = 'renamed' WHERE id = 1`);
  release();
  assert.equal(await reading, ['first'], 'the read answers what it read');
  assert.equal(await names(), ['renamed'], 'the next one does not trust it');
});

test.run();
