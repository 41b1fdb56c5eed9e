// The embedded database's thread started again (recyclePgliteThreads, after
// seeding the demo data) and a new data folder created by a child process
// (createDataFolder): the data stays, statements asked meanwhile wait and
// then answer, transactions work on the new thread, and the old thread's end
// is not taken for a crash. (PGlite only: the PostgreSQL pass skips.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { recyclePgliteThreads } from '../src/db/pglite-thread.js';
import { testDatabaseKind } from './helpers/test-db.js';

const it = testDatabaseKind === 'pglite' ? test : test.skip;

it('a new data folder is created by a child process; the thread started again keeps the data and answers statements asked meanwhile', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'locus-recycle-'));
  const failures: Error[] = [];
  const db = await openDatabase({ dataDir: folder, onFailure: (e) => failures.push(e) });
  try {
    assert.ok(existsSync(join(folder, 'pgdata', 'PG_VERSION')), 'the folder was created');
    await db.exec('CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL)');
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 50; i++) await tx.query('INSERT INTO item (id, name) VALUES ($1, $2)', [i, `item ${i}`]);
    });
    const recycled = recyclePgliteThreads();
    // Asked while the thread is closed and opened again: answered by the new one.
    const meanwhile = db.query<{ n: number }>('SELECT count(*)::int AS n FROM item');
    await recycled;
    assert.is((await meanwhile).rows[0]!.n, 50);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, name) VALUES (51, $1)', ['after']);
    });
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO item (id, name) VALUES (52, $1)', ['rolled back']);
        throw new Error('roll back');
      })
      .then(
        () => false,
        (error: Error) => error.message === 'roll back',
      );
    assert.ok(rolledBack);
    const names = (await db.query<{ name: string }>('SELECT name FROM item WHERE id > 50 ORDER BY id')).rows.map((r) => r.name);
    assert.equal(names, ['after']);
    assert.equal(failures, [], 'the old thread ending is not a failure');
  } finally {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

it('an in-memory database is left as it is', async () => {
  const db = await openDatabase({});
  try {
    await db.exec('CREATE TABLE t (x int)');
    await db.query('INSERT INTO t VALUES (1)');
    await recyclePgliteThreads();
    assert.is((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n, 1);
  } finally {
    await db.close();
  }
});

test.run();
