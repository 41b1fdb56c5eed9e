// Nobody may be left without an administrator: an administrator cannot delete
// their own login, and the login of the last global administrator is not
// deleted (409 with the reason); another administrator's login is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashPassword } from '../src/identity/passwords.js';
import { signIn } from './helpers/sign-in.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
test.before(async () => {
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await ws?.close();
});

const loginIdOf = async (email: string) => String((await ws.server.ctx.db.query<{ id: number }>('SELECT id FROM login WHERE email = $1', [email])).rows[0]!.id);

async function secondAdmin(email: string): Promise<{ token: string; loginId: string }> {
  const db = ws.server.ctx.db;
  const password = 'Second-Admin-2026';
  const login = (
    await db.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $1, $1, $2) RETURNING id', [
      email,
      await hashPassword(password),
    ])
  ).rows[0]!;
  await db.query('INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $2, true)', [String(login.id), email]);
  return { token: (await signIn(ws.server.baseUrl, email, password)).accessToken, loginId: String(login.id) };
}

test('an administrator cannot delete their own login: 409 with the reason, the login stays', async () => {
  const own = await loginIdOf(ws.world.accounts.globalAdmin.email);
  const r = await ws.call(`/api/admin/logins/${own}`, ws.tokens.globalAdmin, { method: 'DELETE' });
  assert.is(r.status, 409, r.text());
  assert.is(r.json().message, 'ownLoginNotDeletable');
  assert.match(r.json().reason, /own login/);
  assert.is(
    (await ws.call('/api/admin/logins', ws.tokens.globalAdmin)).json<{ id: string }[]>().filter((l) => l.id === own).length,
    1,
    'the login is still there',
  );
});

test("the login of the last global administrator is not deleted; another administrator's is", async () => {
  const first = await loginIdOf(ws.world.accounts.globalAdmin.email);
  const second = await secondAdmin('second.admin@world.test');
  // Two administrators: one may delete the other's login.
  const third = await secondAdmin('third.admin@world.test');
  const removed = await ws.call(`/api/admin/logins/${third.loginId}`, second.token, { method: 'DELETE' });
  assert.is(removed.status, 200, removed.text());
  // The directory no longer lists the second administrator (user sync): the first is the last one left.
  await ws.server.ctx.db.query('UPDATE app_user SET deleted_from_directory = true WHERE subject = $1', [second.loginId]);
  const refused = await ws.call(`/api/admin/logins/${first}`, second.token, { method: 'DELETE' });
  assert.is(refused.status, 409, refused.text());
  assert.is(refused.json().message, 'lastGlobalAdministrator');
  assert.match(refused.json().reason, /last global administrator/);
  const still = (await ws.server.ctx.db.query('SELECT 1 FROM login WHERE id = $1', [Number(first)])).rows.length;
  assert.is(still, 1, "the last administrator's login is still there");
});

test.run();
