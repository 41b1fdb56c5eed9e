// Database.copyBinary: rows written with COPY in the binary format arrive
// byte for byte, a taken key fails the whole statement (nothing written),
// and caches keyed on the table learn of the write.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { binaryCopy, copyField } from '../src/db/database.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from './helpers/test-db.js';

let t: TestDatabase;
test.before(async () => {
  t = await openTestDatabase({ migrate: false });
  await t.db.exec('CREATE TABLE copied (id integer PRIMARY KEY, data bytea, note bytea)');
});
test.after(async () => {
  await t?.close();
});

test('binaryCopy: signature, header, fields and trailer as PostgreSQL documents them', () => {
  const bytes = Buffer.from(binaryCopy([[7, Uint8Array.of(1, 2, 3), null]]));
  assert.is(bytes.subarray(0, 11).toString('latin1'), 'PGCOPY\n\xff\r\n\0');
  assert.is(bytes.readInt32BE(11), 0);
  assert.is(bytes.readInt32BE(15), 0);
  assert.is(bytes.readInt16BE(19), 3);
  assert.equal([bytes.readInt32BE(21), bytes.readInt32BE(25)], [4, 7]);
  assert.equal([bytes.readInt32BE(29), [...bytes.subarray(33, 36)]], [3, [1, 2, 3]]);
  assert.is(bytes.readInt32BE(36), -1);
  assert.is(bytes.readInt16BE(40), -1);
  assert.is(bytes.length, 42);
  assert.throws(() => binaryCopy([[1.5]]), /not a 4-byte integer/);
  assert.throws(() => binaryCopy([[2 ** 31]]), /not a 4-byte integer/);
});

test(`copyBinary writes the rows byte for byte (${testDatabaseKind})`, async () => {
  const rows = Array.from({ length: 40 }, (_, k) => [k + 1, new Uint8Array(randomBytes(k * 997)), k % 3 ? null : Uint8Array.of(k)] as const);
  const before = t.db.tableGeneration(['copied']);
  assert.is(await t.db.copyBinary('copied', ['id', 'data', 'note'], binaryCopy(rows)), 40);
  if (before !== undefined) assert.ok(t.db.tableGeneration(['copied'])! > before, 'the table generation grew');
  const stored = (
    await t.db.query<{ id: number; data: string; note: string | null }>(
      `SELECT id, encode(data, 'base64') AS data, encode(note, 'base64') AS note FROM copied ORDER BY id`,
    )
  ).rows;
  assert.is(stored.length, 40);
  for (const [k, row] of stored.entries()) {
    assert.is(row.id, rows[k]![0]);
    assert.ok(Buffer.from(row.data, 'base64').equals(Buffer.from(rows[k]![1])), `row ${row.id}'s bytes`);
    assert.is(row.note, rows[k]![2] === null ? null : Buffer.from(rows[k]![2]!).toString('base64'));
  }
});

test('a key taken fails the whole COPY with the unique violation, and nothing of it is written', async () => {
  const error = await t.db
    .copyBinary(
      'copied',
      ['id', 'data', 'note'],
      binaryCopy([
        [1000, Uint8Array.of(1), null],
        [1, Uint8Array.of(2), null],
      ]),
    )
    .catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.is((error as { code?: string }).code, '23505');
  assert.is((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM copied WHERE id = 1000')).rows[0]!.n, 0);
  // The database answers as before.
  assert.is((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM copied')).rows[0]!.n, 40);
});

test("bad input: an unknown column is refused with the database's error", async () => {
  const error = await t.db.copyBinary('copied', ['id', 'nope'], binaryCopy([[1, null]])).catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, /nope/);
});

test('inside a transaction: written at the commit, gone with a rollback; text, jsonb and smallint in their binary forms', async () => {
  await t.db.exec('CREATE TABLE typed (id integer PRIMARY KEY, small smallint, label text, doc jsonb, data bytea)');
  const row = (id: number) => [
    id,
    copyField.int2(-12),
    copyField.text('Ĳssel "quoted"'),
    copyField.jsonb({ a: [1, 2.5, null], b: 'ü' }),
    Uint8Array.of(0, 255),
  ];
  await t.db.transaction(async (tx) => {
    assert.is(await tx.copyBinary('typed', ['id', 'small', 'label', 'doc', 'data'], binaryCopy([row(1), row(2)])), 2);
    assert.is((await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM typed')).rows[0]!.n, 2, 'seen inside the transaction');
  });
  const rolledBack = await t.db
    .transaction(async (tx) => {
      await tx.copyBinary('typed', ['id', 'small', 'label', 'doc', 'data'], binaryCopy([row(3)]));
      throw new Error('changed my mind');
    })
    .catch((e: Error) => e.message);
  assert.is(rolledBack, 'changed my mind');
  const rows = (
    await t.db.query<{ id: number; small: number; label: string; doc: unknown; data: string }>(
      `SELECT id, small, label, doc, encode(data, 'hex') AS data FROM typed ORDER BY id`,
    )
  ).rows;
  assert.equal(
    rows,
    [1, 2].map((id) => ({ id, small: -12, label: 'Ĳssel "quoted"', doc: { a: [1, 2.5, null], b: 'ü' }, data: '00ff' })),
  );
  assert.throws(() => copyField.int2(40000), /not a 2-byte integer/);
});

test.run();
