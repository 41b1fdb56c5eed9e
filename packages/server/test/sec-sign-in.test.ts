// Security of sign-in against the real server (built-in provider, real HTTPS,
// real database): guessing is throttled per name and per address and cannot
// flood the log; a password reset ends the refresh tokens and access tokens
// issued before it; a deleted login's access token stops working at once;
// the pages escape hostile names and addresses; generated passwords meet the
// stated policy; login creation is rate limited.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from './helpers/server.js';
import { refresh, signIn, startSignIn, TokenEndpointError, type Tokens } from './helpers/sign-in.js';
import { GENERATED_PASSWORD_POLICY, hashPassword, meetsGeneratedPasswordPolicy, generatePassword } from '../src/identity/passwords.js';
import { SIGN_IN_MAX_FAILURES } from '../src/identity/sign-in-throttle.js';
import { SIGN_IN_RATE_LIMIT } from '../src/identity/interactions.js';
import { LOGIN_CREATE_RATE_LIMIT } from '../src/http/web-security.js';

let server: TestServer;
const HOSTILE_NAME = '<script>alert("name")</script>&\'"';
const people = {
  admin: { identity: 'root@example.com', displayName: 'Ada Admin', password: 'admin password 1' },
  guessed: { identity: 'guessed@example.com', displayName: 'Gus Guessed', password: 'the right password' },
  reset: { identity: 'reset@example.com', displayName: HOSTILE_NAME, password: 'old password 1' },
  gone: { identity: 'gone@example.com', displayName: 'Gone Soon', password: 'gone password 1' },
};
const loginIds = new Map<string, number>();

async function createLogin(person: { identity: string; displayName: string; password: string }, globalAdmin = false) {
  const { db } = server.ctx;
  const id = (
    await db.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING id', [
      person.identity,
      person.displayName,
      person.identity,
      await hashPassword(person.password),
    ])
  ).rows[0]!.id;
  await db.query('INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $3, $4)', [
    String(id),
    person.displayName,
    person.identity,
    globalAdmin,
  ]);
  loginIds.set(person.identity, id);
}

const api = (path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) => server.fetch(path, { ...init, token });

const logMessages = async (like: string) =>
  (await server.ctx.db.query<{ message: string; event_type: number }>('SELECT message, event_type FROM log WHERE message LIKE $1 ORDER BY id', [like])).rows;

test.before(async () => {
  server = await startTestServer();
  await createLogin(people.admin, true);
  await createLogin(people.guessed);
  await createLogin(people.reset);
  await createLogin(people.gone);
});

test.after(async () => {
  await server?.close();
});

test(`after ${SIGN_IN_MAX_FAILURES} wrong passwords a name is locked, also for the right password; the log gets one line and a count`, async () => {
  const flow = await startSignIn(server.baseUrl);
  for (let k = 0; k < SIGN_IN_MAX_FAILURES; k++) {
    const page = await flow.submit({ identity: people.guessed.identity, password: `wrong ${k}` }, '/login');
    assert.ok('html' in page && page.status === 401, `attempt ${k} is refused as wrong`);
  }
  const locked = await flow.submit({ identity: people.guessed.identity, password: people.guessed.password }, '/login');
  assert.ok('html' in locked, 'the right password does not sign in while the name is locked');
  if (!('html' in locked)) return;
  assert.is(locked.status, 429);
  assert.match(locked.html, /Too many wrong attempts/);
  // Another name from the same browser is not affected.
  const other = await signIn(server.baseUrl, people.admin.identity, people.admin.password);
  assert.ok(other.accessToken);

  const written = await logMessages(`sign-in failed for ${people.guessed.identity}%`);
  assert.is(written.length, 1, `one line for ${SIGN_IN_MAX_FAILURES} failures: ${JSON.stringify(written)}`);
  assert.is(written[0]!.event_type, 4, 'a warning');
  await server.ctx.log.flushRepeated();
  const counted = await logMessages(`sign-in failed for ${people.guessed.identity}%more like this%`);
  assert.is(counted.length, 1);
  assert.match(counted[0]!.message, new RegExp(`\\(${SIGN_IN_MAX_FAILURES - 1} more like this`));
});

test('the sign-in pages escape a hostile address and login hint', async () => {
  const hostile = '"><img src=x onerror=alert(1)>@example.com';
  const hinted = await startSignIn(server.baseUrl, { extraParams: { login_hint: hostile } });
  assert.not.match(hinted.page.html, /<img src=x/);
  assert.match(hinted.page.html, /value="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;@example\.com"/);
  const pageUrl = hinted.page.url;
  const page = await hinted.submit({ identity: hostile, password: 'whatever' }, '/login');
  assert.ok('html' in page);
  if (!('html' in page)) return;
  assert.not.match(page.html, /<img src=x/);
  assert.match(page.html, /&lt;img src=x/);
  assert.match(String((await hinted.browser.get(pageUrl)).headers['content-security-policy']), /script-src 'none'/);
});

test('a password reset of a login with a hostile display name: pages escaped, old refresh and access tokens refused, new ones work', async () => {
  const before: Tokens = await signIn(server.baseUrl, people.reset.identity, people.reset.password);
  assert.is((await api('/api/models', before.accessToken)).status, 200);
  // Token times are whole seconds: the reset comes clearly after the sign-in.
  await new Promise((resolve) => setTimeout(resolve, 2100));

  const flow = await startSignIn(server.baseUrl, { extraParams: { ui_flow: 'reset' } });
  const sent = await flow.submit({ email: people.reset.identity }, '/reset');
  assert.ok('html' in sent && sent.status === 200);
  const mail = (await server.ctx.db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [people.reset.identity]))
    .rows[0]!;
  const link = /https:\/\/\S+new-password\?token=\S+/.exec(mail.body)?.[0];
  assert.ok(link, mail.body);
  const form = await flow.open(link!);
  assert.ok('html' in form);
  if (!('html' in form)) return;
  assert.not.match(form.html, /<script>alert/);
  const after = await flow.submit({ password: 'new password 22', confirmation: 'new password 22' }, '/new-password');
  assert.ok('accessToken' in after, 'the reset continues the sign-in');
  if (!('accessToken' in after)) return;

  try {
    await refresh(server.baseUrl, before.refreshToken);
    assert.unreachable('a refresh token from before the reset still redeems');
  } catch (error) {
    assert.instance(error, TokenEndpointError);
    assert.is((error as TokenEndpointError).error, 'invalid_grant');
  }
  const old = await api('/api/models', before.accessToken);
  assert.is(old.status, 401);
  assert.match(old.json().message, /before the password was changed/);
  assert.is((await api('/api/models', after.accessToken)).status, 200);
  assert.ok((await refresh(server.baseUrl, after.refreshToken)).accessToken, 'the new refresh token works');
});

test('the access token of a deleted login is refused at once', async () => {
  const admin = await signIn(server.baseUrl, people.admin.identity, people.admin.password);
  const gone = await signIn(server.baseUrl, people.gone.identity, people.gone.password);
  assert.is((await api('/api/models', gone.accessToken)).status, 200);
  const deleted = await api(`/api/admin/logins/${loginIds.get(people.gone.identity)}`, admin.accessToken, { method: 'DELETE' });
  assert.is(deleted.status, 200, deleted.text());
  const refused = await api('/api/models', gone.accessToken);
  assert.is(refused.status, 401);
  assert.match(refused.json().message, /no longer exists/);
});

test('the API takes access tokens only: an ID token (same key, other audience and type) is refused', async () => {
  const tokens = await signIn(server.baseUrl, people.admin.identity, people.admin.password);
  assert.is((await api('/api/models', tokens.accessToken)).status, 200);
  const id = await api('/api/models', tokens.idToken);
  assert.is(id.status, 401);
  assert.match(id.json().message, /claim (typ|aud)|typ|aud/);
});

test('generated passwords meet the stated policy, and sign in', async () => {
  for (let k = 0; k < 500; k++) {
    const password = generatePassword();
    assert.ok(meetsGeneratedPasswordPolicy(password), password);
  }
  assert.is(GENERATED_PASSWORD_POLICY.length, 16);
  assert.ok(!meetsGeneratedPasswordPolicy('abcdefghijkmnpqr'), 'lower-case only fails the policy');
  const admin = await signIn(server.baseUrl, people.admin.identity, people.admin.password);
  const created = await api('/api/admin/logins', admin.accessToken, { method: 'POST', body: { displayName: HOSTILE_NAME, email: 'fresh@example.com' } });
  assert.is(created.status, 200, created.text());
  const { Password, DisplayName } = created.json();
  assert.ok(meetsGeneratedPasswordPolicy(Password));
  assert.is(DisplayName, HOSTILE_NAME.trim(), 'stored as typed, escaped where shown');
  assert.ok((await signIn(server.baseUrl, 'fresh@example.com', Password)).accessToken);
});

test(`login creation is limited to ${LOGIN_CREATE_RATE_LIMIT.max} a minute per address (429 after)`, async () => {
  const admin = await signIn(server.baseUrl, people.admin.identity, people.admin.password);
  const statuses: number[] = [];
  // The previous test created one within this minute (or, on a slow machine, in the window before).
  for (let k = 0; k <= LOGIN_CREATE_RATE_LIMIT.max; k++) {
    const r = await api('/api/admin/logins', admin.accessToken, { method: 'POST', body: { displayName: `Batch ${k}`, email: `batch${k}@example.com` } });
    statuses.push(r.status);
    if (r.status === 429) {
      assert.is(r.json().statusCode, 429);
      assert.ok(r.headers['retry-after'], 'Retry-After is sent');
      break;
    }
  }
  const created = statuses.filter((s) => s === 200).length;
  assert.ok(created >= LOGIN_CREATE_RATE_LIMIT.max - 1 && created <= LOGIN_CREATE_RATE_LIMIT.max, statuses.join(','));
  assert.is(statuses.at(-1), 429);
});

test(`the sign-in form is limited to ${SIGN_IN_RATE_LIMIT.max} posts a minute per address (429 after)`, async () => {
  const flow = await startSignIn(server.baseUrl);
  let refusedAfter = -1;
  for (let k = 0; k <= SIGN_IN_RATE_LIMIT.max; k++) {
    const page = await flow.submit({ identity: `nobody${k}@example.com`, password: 'x' }, '/login');
    if ('html' in page && page.status === 429) {
      refusedAfter = k;
      assert.match(page.html, /<h1>Too many attempts<\/h1>/, "a page, not the API's JSON");
      break;
    }
  }
  assert.ok(refusedAfter >= 0, 'posts past the limit are refused');
  // The earlier tests posted the form too, within the same minute or so.
  assert.ok(refusedAfter <= SIGN_IN_RATE_LIMIT.max);
});

test.run();
