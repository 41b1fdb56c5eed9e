import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openTestDatabase } from './helpers/test-db.js';

test('migrations create the schema once and can run again without change', async () => {
  const { db, close } = await openTestDatabase();
  try {
    const { migrate } = await import('../src/db/migrate.js');
    assert.equal(await migrate(db), [], 'a second run applies nothing');
    const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`);
    const names = tables.rows.map((r) => r.table_name);
    for (const t of ['model', 'sub_model', 'scenario', 'location', 'location_version', 'area', 'log', 'oidc_payload']) {
      assert.ok(names.includes(t), `table ${t} exists`);
    }
  } finally {
    await close();
  }
});

test('a transaction that throws leaves nothing behind', async () => {
  const { db, close } = await openTestDatabase();
  try {
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO log (source, event_type, message) VALUES ('backend', 8, 'kept')`);
    });
    await db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO log (source, event_type, message) VALUES ('backend', 8, 'rolled back')`);
        throw new Error('refused');
      })
      .catch(() => undefined);
    const rows = await db.query<{ message: string }>('SELECT message FROM log ORDER BY id');
    assert.equal(
      rows.rows.map((r) => r.message),
      ['kept'],
    );
  } finally {
    await close();
  }
});

test('passwords hash with scrypt and verify only the right password', async () => {
  const { hashPassword, verifyPassword } = await import('../src/identity/passwords.js');
  const hash = await hashPassword('correct horse');
  assert.ok(hash.startsWith('scrypt$'));
  assert.ok(await verifyPassword('correct horse', hash));
  assert.not.ok(await verifyPassword('wrong horse', hash));
});

test.run();
