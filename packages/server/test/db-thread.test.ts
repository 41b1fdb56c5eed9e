// The embedded database on its own thread (db/pglite-thread.ts): the main
// thread keeps the Database interface, and what PGlite did on the main thread
// holds across the thread boundary: interactive transactions that roll back
// when their function throws, statements outside a transaction that wait for
// it, PostgreSQL's error fields, bytea both ways, the change generation, a
// clean close of a data folder, a database started from another's dump, and a thread that dies failing statements
// instead of leaving them waiting. (PGlite only: the PostgreSQL pass skips.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/database.js';
import { DatabaseThreadError, startPgliteThread } from '../src/db/pglite-thread.js';
import { databaseFaultAnswer } from '../src/http/database-faults.js';
import { testDatabaseKind } from './helpers/test-db.js';

const pglite = testDatabaseKind === 'pglite';
const it = pglite ? test : test.skip;

let db: Database;
const folders: string[] = [];

test.before(async () => {
  if (!pglite) return;
  db = await openDatabase({});
  await db.exec(`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL UNIQUE, data bytea, n bigint);
                 CREATE TABLE blob (id serial PRIMARY KEY, data bytea NOT NULL)`);
});
test.after(async () => {
  await db?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Settles within `ms`, or answers 'pending'. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then((v) => ({ value: v })), new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms))]);

it('a transaction is interactive: its function runs here, sees its own writes, and commits', async () => {
  const before = db.generation();
  const seen = await db.transaction(async (tx) => {
    await tx.query('INSERT INTO item (id, name, n) VALUES ($1, $2, $3)', [1, 'one', 9_007_199_254_740_991]);
    // Work of this thread between two statements of the same transaction.
    const [row] = (await tx.query<{ name: string; n: number }>('SELECT name, n FROM item WHERE id = 1')).rows;
    return `${row!.name}:${row!.n}`;
  });
  assert.is(seen, 'one:9007199254740991', 'bigint arrives as a number, as before');
  assert.ok(db.generation() > before, 'a transaction counts as a change');
  assert.is((await db.query('SELECT 1 FROM item WHERE id = 1')).rows.length, 1);
});

it("a transaction whose function throws is rolled back, and the function's own error comes out", async () => {
  const refusal = new Error('refused by the caller');
  const error = await db
    .transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, name) VALUES (2, $1)', ['two']);
      throw refusal;
    })
    .catch((e: unknown) => e);
  assert.is(error, refusal);
  assert.is((await db.query('SELECT 1 FROM item WHERE id = 2')).rows.length, 0, 'nothing of the transaction is left');
  // The thread is free again: a next transaction runs.
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO item (id, name) VALUES (2, $1)', ['two']);
  });
  assert.is((await db.query('SELECT 1 FROM item WHERE id = 2')).rows.length, 1);
});

it("PostgreSQL's error fields cross the thread: a unique violation, a division by zero, a failed statement inside a transaction", async () => {
  const unique = (await db.query('INSERT INTO item (id, name) VALUES (3, $1)', ['one']).catch((e: unknown) => e)) as Record<string, unknown> & Error;
  assert.instance(unique, Error);
  assert.is(unique.code, '23505');
  assert.is(unique.constraint, 'item_name_key');
  assert.is(unique.table, 'item');
  assert.match(String(unique.detail), /Key \(name\)=\(one\) already exists/);
  assert.match(unique.message, /duplicate key value violates unique constraint/);
  assert.not.ok('params' in unique, "the statement's parameters stay on the thread");
  const zero = (await db.query('SELECT 1 / 0').catch((e: unknown) => e)) as { code?: string; severity?: string };
  assert.is(zero.code, '22012');
  assert.is(zero.severity, 'ERROR');
  // Inside a transaction: the caller sees the code, the transaction is rolled back.
  const inTx = (await db
    .transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, name) VALUES (4, $1)', ['four']);
      await tx.query('INSERT INTO item (id, name) VALUES (5, $1)', ['four']);
    })
    .catch((e: unknown) => e)) as { code?: string };
  assert.is(inTx.code, '23505');
  assert.is((await db.query('SELECT 1 FROM item WHERE id = 4')).rows.length, 0);
  // A disk-full code maps to the 507 answer as it did on the main thread.
  const full = await db.query(`DO $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = '53100'; END $$`).catch((e: unknown) => e);
  assert.is(databaseFaultAnswer(full)?.status, 507);
});

it('statements outside an open transaction wait until it ends, then run and see what it committed', async () => {
  let release!: () => void;
  const hold = new Promise<void>((r) => {
    release = r;
  });
  let inside!: () => void;
  const opened = new Promise<void>((r) => {
    inside = r;
  });
  const transaction = db.transaction(async (tx) => {
    await tx.query('INSERT INTO item (id, name) VALUES (10, $1)', ['ten']);
    inside();
    await hold;
    await tx.query('UPDATE item SET name = $1 WHERE id = 10', ['ten, updated']);
  });
  await opened;
  const outside = db.query<{ name: string }>('SELECT name FROM item WHERE id = 10');
  const second = db.transaction((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 10'));
  assert.is(await within(outside, 300), 'pending', 'a read outside the transaction waits');
  assert.is(await within(second, 50), 'pending', 'so does another transaction');
  release();
  await transaction;
  assert.equal((await outside).rows, [{ name: 'ten, updated' }], 'it ran after the commit');
  assert.is((await second).rows[0]!.n, 1);
});

it("bytea both ways: megabytes, arrays of them, and a view on a larger buffer sends only its bytes and stays the caller's", async () => {
  const big = randomBytes(3 << 20);
  const backing = new Uint8Array(1 << 20);
  backing.set(randomBytes(backing.length));
  const part = backing.subarray(1000, 1000 + 4096);
  await db.query('INSERT INTO blob (data) VALUES ($1), ($2)', [big, part]);
  assert.is(backing.byteLength, 1 << 20, "the caller's buffer is not taken away");
  const rows = (await db.query<{ data: Uint8Array; n: number }>('SELECT data, octet_length(data) AS n FROM blob ORDER BY id')).rows;
  assert.is(rows[0]!.n, big.length);
  assert.ok(Buffer.from(rows[0]!.data).equals(big), 'megabytes come back as they went');
  assert.is(rows[1]!.n, 4096, "only the view's bytes were stored");
  assert.ok(Buffer.from(rows[1]!.data).equals(Buffer.from(part)));
  const hashes = [randomBytes(32), randomBytes(32)];
  const echoed = (await db.query<{ h: Uint8Array[] }>('SELECT $1::bytea[] AS h', [hashes])).rows[0]!.h;
  assert.equal(
    echoed.map((h) => Buffer.from(h).toString('hex')),
    hashes.map((h) => h.toString('hex')),
  );
});

it('a data folder: closed with a checkpoint, the thread ends, and it opens again with everything in it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'locus-db-thread-'));
  folders.push(dir);
  const first = await openDatabase({ dataDir: dir });
  await first.exec('CREATE TABLE kept (id int PRIMARY KEY, data bytea)');
  const data = randomBytes(100_000);
  await first.transaction(async (tx) => {
    await tx.query('INSERT INTO kept VALUES (1, $1)', [data]);
  });
  await first.close();
  const after = await first.query('SELECT 1').catch((e: unknown) => e);
  assert.instance(after, DatabaseThreadError, 'a closed database answers with an error, not silence');
  assert.match((after as Error).message, /closed/);
  await first.close();
  const again = await openDatabase({ dataDir: dir });
  const row = (await again.query<{ data: Uint8Array }>('SELECT data FROM kept WHERE id = 1')).rows[0];
  assert.ok(row && Buffer.from(row.data).equals(data));
  await again.close();
});

it('a dump starts another database as it was, in memory and in a data folder (which opens again), apart from the first', async () => {
  await db.query(`INSERT INTO item (id, name, n) VALUES (900, 'dumped', 7)`);
  const dump = await db.dump!();
  await db.query('DELETE FROM item WHERE id = 900');
  const dir = mkdtempSync(join(tmpdir(), 'locus-db-thread-'));
  folders.push(dir);
  for (const dataDir of [undefined, dir]) {
    const copy = await openDatabase({ dataDir, from: dump });
    assert.equal((await copy.query('SELECT name, n FROM item WHERE id = 900')).rows, [{ name: 'dumped', n: 7 }]);
    await copy.query('UPDATE item SET n = 8 WHERE id = 900');
    await copy.close();
  }
  assert.is((await db.query('SELECT 1 FROM item WHERE id = 900')).rowCount, 0, 'the dumped database went on by itself');
  const again = await openDatabase({ dataDir: dir });
  assert.equal((await again.query('SELECT n FROM item WHERE id = 900')).rows, [{ n: 8 }]);
  await again.close();
});

it('a thread that dies fails the statements on their way and every later one with a clear error, and says so once', async () => {
  const failures: Error[] = [];
  const thread = await startPgliteThread(undefined, (e) => failures.push(e));
  const tx = await thread.begin();
  await thread.query('SELECT 1', [], tx);
  // A long statement on its way, and one outside the transaction waiting behind it, when the thread dies.
  const running = thread.query('SELECT pg_sleep(5)', [], tx).catch((e: unknown) => e);
  const waiting = thread.query('SELECT 1').catch((e: unknown) => e);
  await new Promise((r) => setTimeout(r, 100));
  await thread.kill();
  for (const outcome of [await running, await waiting, await thread.query('SELECT 1').catch((e: unknown) => e)]) {
    assert.instance(outcome, DatabaseThreadError);
    assert.match((outcome as Error).message, /database thread stopped/);
    assert.is(databaseFaultAnswer(outcome)?.status, 503, 'answered as a database that is not there');
  }
  assert.is(failures.length, 1);
  await thread.close();
});

test.run();
