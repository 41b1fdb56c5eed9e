// The built-in identity provider, the token verifier and the TLS certificate,
// tested through real HTTPS requests against a minimal Fastify app: sign-in
// through the login page, refresh, sign-out, password reset, the log, two
// provider instances on one database, and the verifier in both modes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify, { type FastifyInstance } from 'fastify';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { loadConfig, type ServerConfig } from '../src/config.js';
import type { ServerContext } from '../src/context.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { createAppLog } from '../src/log/app-log.js';
import {
  createOutboxMailer,
  createTokenVerifier,
  hashPassword,
  loadOrCreateTls,
  msalConfiguration,
  registerIdentity,
  TokenError,
  type TokenVerifierOptions,
} from '../src/identity/index.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';
import { refresh, signIn, SignInError, startSignIn, TestBrowser, TokenEndpointError, type Tokens } from './helpers/sign-in.js';

interface Server {
  app: FastifyInstance;
  ctx: ServerContext;
  config: ServerConfig;
  baseUrl: string;
}

const dataDir = mkdtempSync(join(tmpdir(), 'locus-identity-'));
let testDb: TestDatabase;
let secondDb: Database | undefined;
let a: Server;
let b: Server;
const mails: string[] = [];

const ANNA = { identity: 'anna@example.com', displayName: 'Anna Planner', password: 'correct horse battery' };
const BERT = { identity: 'bert@example.com', displayName: 'Bert Beheerder', password: 'staple battery horse' };
const CARL = { identity: 'carl@example.com', displayName: 'Carl Reset', password: 'original password 1' };
const logins = new Map<string, number>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function buildConfig(env: Record<string, string>): ServerConfig {
  return loadConfig({ HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }, []);
}

/** A minimal HTTPS app: the identity provider, the MSAL configuration and one protected route. */
async function startServer(db: Database, port: number, env: Record<string, string>, verifierOptions?: TokenVerifierOptions): Promise<Server> {
  const config = buildConfig({ PORT: String(port), ...env });
  const ctx: ServerContext = { config, db, log: createAppLog(db), readiness: { ready: true, phase: 'ready' } };
  const tls = await loadOrCreateTls(config);
  const app = Fastify({ https: { key: tls.key, cert: tls.cert } }) as unknown as FastifyInstance;
  await registerIdentity(app, ctx, { mailer: createOutboxMailer(ctx, { echo: (line) => mails.push(line) }) });
  const verify = await createTokenVerifier(ctx, verifierOptions);
  app.get('/api/system/msal-configuration', async () => msalConfiguration(config));
  app.get('/api/me', async (request, reply) => {
    try {
      return await verify(request.headers.authorization);
    } catch (error) {
      reply.code((error as TokenError).statusCode ?? 500);
      return { message: (error as Error).message };
    }
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, ctx, config, baseUrl: `https://127.0.0.1:${port}` };
}

async function callApi(server: Server, token: string | undefined) {
  const browser = new TestBrowser();
  const res = await browser.request(`${server.baseUrl}/api/me`, {
    headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : { accept: 'application/json' },
  });
  return { status: res.status, body: JSON.parse(res.body) as Record<string, string> };
}

async function logRows(db: Database, eventType: number, user: string) {
  return (
    await db.query<{ message: string; source: string }>('SELECT message, source FROM log WHERE event_type = $1 AND user_name = $2 ORDER BY id', [
      eventType,
      user,
    ])
  ).rows;
}

test.before(async () => {
  testDb = await openTestDatabase();
  for (const login of [ANNA, BERT, CARL]) {
    const { rows } = await testDb.db.query<{ id: number }>(
      'INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING id',
      [login.identity, login.displayName, login.identity, await hashPassword(login.password)],
    );
    logins.set(login.identity, rows[0]!.id);
  }
  const portA = await freePort();
  const portB = await freePort();
  a = await startServer(testDb.db, portA, { PUBLIC_URL: `https://127.0.0.1:${portA}` });
  // B is a second API process of the same deployment: same public URL and database,
  // its own provider instance; short-lived access tokens and no clock tolerance.
  secondDb = testDb.url ? await openDatabase({ databaseUrl: testDb.url }) : undefined;
  b = await startServer(
    secondDb ?? testDb.db,
    portB,
    { PUBLIC_URL: `https://127.0.0.1:${portA}`, IDENTITY_ACCESS_TOKEN_TTL: '1' },
    { clockToleranceSeconds: 0 },
  );
  b.baseUrl = `https://127.0.0.1:${portB}`;
});

test.after(async () => {
  await a?.app.close();
  await b?.app.close();
  await secondDb?.close();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the discovery document advertises https endpoints under /oidc', async () => {
  const discovery = await new TestBrowser().json<Record<string, unknown>>(`${a.baseUrl}/oidc/.well-known/openid-configuration`);
  assert.is(discovery.issuer, `${a.baseUrl}/oidc`);
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint', 'userinfo_endpoint']) {
    assert.ok(String(discovery[key]).startsWith(`${a.baseUrl}/oidc/`), `${key} is ${discovery[key]}`);
  }
  assert.ok((discovery.code_challenge_methods_supported as string[]).includes('S256'));
  assert.ok((discovery.grant_types_supported as string[]).includes('refresh_token'));
  assert.equal(discovery.id_token_signing_alg_values_supported, ['RS256']);
});

test('signing in with the right password yields a JWT access token for the API that the verifier accepts', async () => {
  const tokens = await signIn(a.baseUrl, ANNA.identity, ANNA.password);
  const header = decodeProtectedHeader(tokens.accessToken);
  assert.is(header.typ, 'at+jwt');
  assert.is(header.alg, 'RS256');
  const claims = decodeJwt(tokens.accessToken);
  assert.is(claims.iss, `${a.baseUrl}/oidc`);
  assert.is(claims.aud, a.config.identity.audience);
  assert.is(claims.sub, String(logins.get(ANNA.identity)));
  assert.ok(String(claims.scope).split(' ').includes(a.config.identity.scope), `scope ${claims.scope}`);
  assert.ok(tokens.refreshToken.length > 20, 'a refresh token without offline_access');
  // msal-browser builds the account from the ID token.
  const id = decodeJwt(tokens.idToken);
  assert.is(id.name, ANNA.displayName);
  assert.is(id.preferred_username, ANNA.identity);
  const me = await callApi(a, tokens.accessToken);
  assert.is(me.status, 200);
  assert.equal(me.body, {
    subject: String(logins.get(ANNA.identity)),
    name: ANNA.displayName,
    username: ANNA.identity,
    email: ANNA.identity,
    issuedAt: claims.iat,
  });
});

test('a successful sign-in is logged as information (8) and makes sure the app_user exists', async () => {
  await signIn(a.baseUrl, BERT.identity, BERT.password);
  const rows = await logRows(testDb.db, 8, BERT.displayName);
  assert.ok(
    rows.some((r) => r.message === `signed in as ${BERT.identity}` && r.source === 'backend'),
    JSON.stringify(rows),
  );
  const user = await testDb.db.query<{ title: string }>('SELECT title FROM app_user WHERE subject = $1', [String(logins.get(BERT.identity))]);
  assert.equal(user.rows, [{ title: BERT.displayName }]);
});

test('a wrong password shows the login page again with an error and is logged as a warning (4)', async () => {
  const flow = await startSignIn(a.baseUrl);
  const page = await flow.submit({ identity: ANNA.identity, password: 'not the password' }, '/login');
  assert.ok('html' in page);
  if (!('html' in page)) return;
  assert.is(page.status, 401);
  assert.match(page.html, /role="alert"[^>]*>The e-mail address or password is incorrect\./);
  assert.match(page.html, /name="password"/);
  assert.match(page.html, new RegExp(`value="${ANNA.identity}"`));
  const rows = await logRows(testDb.db, 4, ANNA.identity);
  assert.ok(
    rows.some((r) => r.message === `sign-in failed for ${ANNA.identity}: wrong password`),
    JSON.stringify(rows),
  );
  // The right password on the same page still signs in.
  const tokens = await flow.submit({ identity: ANNA.identity, password: ANNA.password }, '/login');
  assert.ok('accessToken' in tokens);
});

test('an unknown account is refused like a wrong password', async () => {
  try {
    await signIn(a.baseUrl, 'nobody@example.com', 'whatever it is');
    assert.unreachable('signed in');
  } catch (error) {
    assert.instance(error, SignInError);
    assert.match((error as SignInError).page.html, /incorrect/);
  }
  assert.ok((await logRows(testDb.db, 4, 'nobody@example.com')).some((r) => r.message.endsWith('unknown identity')));
});

test('the login page is our own: accessible form, no third-party resources, a strict CSP', async () => {
  const flow = await startSignIn(a.baseUrl, { browser: new TestBrowser() });
  const html = flow.page.html;
  assert.match(html, /<html lang="en">/);
  assert.match(html, /<label for="identity">/);
  assert.match(html, /autocomplete="current-password"/);
  assert.match(html, /Locus/);
  assert.not.match(html, /(src|href)="https?:\/\//);
  assert.not.match(html, /@import|fonts\.googleapis/);
  const res = await flow.browser.get(flow.page.url);
  assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
  const dutch = await flow.browser.get(flow.page.url, { 'accept-language': 'nl-NL,nl;q=0.9' });
  assert.match(dutch.body, /<html lang="nl">[\s\S]*Aanmelden/);
});

test('refresh gives a new access token and a rotated refresh token; the old refresh token no longer works', async () => {
  const first = await signIn(a.baseUrl, ANNA.identity, ANNA.password);
  const second = await refresh(a.baseUrl, first.refreshToken);
  assert.is.not(second.accessToken, first.accessToken);
  assert.ok(second.refreshToken && second.refreshToken !== first.refreshToken, 'rotated');
  assert.is((await callApi(a, second.accessToken)).status, 200);
  try {
    await refresh(a.baseUrl, first.refreshToken);
    assert.unreachable('the used refresh token worked again');
  } catch (error) {
    assert.instance(error, TokenEndpointError);
    assert.is((error as TokenEndpointError).error, 'invalid_grant');
  }
});

test('tampered tokens, other tokens, wrong audiences and missing tokens are refused with 401', async () => {
  const tokens = await signIn(a.baseUrl, ANNA.identity, ANNA.password);
  const [head, body, signature] = tokens.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(logins.get(BERT.identity)) })).toString('base64url');
  const tampered = await callApi(a, `${head}.${forged}.${signature}`);
  assert.is(tampered.status, 401);
  assert.match(tampered.body.message!, /signature/);
  // The ID token is signed by the same key, but is not an access token for the API.
  const idToken = await callApi(a, tokens.idToken);
  assert.is(idToken.status, 401);
  assert.is((await callApi(a, undefined)).status, 401);
  assert.is((await callApi(a, 'not-a-jwt')).status, 401);
  const otherAudience = { ...a.ctx, config: { ...a.config, identity: { ...a.config.identity, audience: 'https://elsewhere.example/api' } } };
  const verify = await createTokenVerifier(otherAudience);
  try {
    await verify(`Bearer ${tokens.accessToken}`);
    assert.unreachable('accepted a token for another audience');
  } catch (error) {
    assert.instance(error, TokenError);
    assert.is((error as TokenError).statusCode, 401);
    assert.match((error as Error).message, /aud/);
  }
});

test('signing keys and sessions are shared by two provider instances on one database', async () => {
  const tokens = await signIn(a.baseUrl, BERT.identity, BERT.password);
  const onB = await callApi(b, tokens.accessToken);
  assert.is(onB.status, 200, JSON.stringify(onB.body));
  assert.is(onB.body.subject, String(logins.get(BERT.identity)));
  const keys = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM server_secret WHERE name LIKE 'oidc.%'`);
  assert.is(keys.rows[0]!.n, 2, 'one signing key set and one cookie key set');
  // The refresh token of A's sign-in works at B's token endpoint, and B's token on A.
  const renewed = await refresh(b.baseUrl, tokens.refreshToken);
  assert.is((await callApi(a, renewed.accessToken)).status, 200);
});

test('an access token is refused once its lifetime is over', async () => {
  const fromA = await signIn(a.baseUrl, ANNA.identity, ANNA.password);
  const shortLived: Tokens = await refresh(b.baseUrl, fromA.refreshToken);
  const claims = decodeJwt(shortLived.accessToken);
  assert.is(claims.exp! - claims.iat!, 1, 'B issues tokens for one second');
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const expired = await callApi(b, shortLived.accessToken);
  assert.is(expired.status, 401);
  assert.match(expired.body.message!, /expired/);
});

test('signing out needs no click, returns to the app and ends the refresh token', async () => {
  const flow = await startSignIn(a.baseUrl);
  const tokens = await flow.submit({ identity: ANNA.identity, password: ANNA.password }, '/login');
  if (!('accessToken' in tokens)) throw new Error('sign-in failed');
  const end = new URL(flow.discovery.end_session_endpoint);
  end.searchParams.set('id_token_hint', tokens.idToken);
  end.searchParams.set('post_logout_redirect_uri', `${a.config.publicUrl}/`);
  const page = await flow.browser.get(end.toString());
  assert.is(page.status, 200);
  assert.match(page.body, /<script>document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/);
  assert.match(String(page.headers['content-security-policy']), /script-src 'sha256-/);
  assert.not.match(page.body, /https?:\/\/fonts/);
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page.body)!;
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form[2]!)![1]!;
  assert.match(form[2]!, /name="logout" value="yes"/);
  const done = await flow.browser.postForm(new URL(form[1]!, end).toString(), { xsrf, logout: 'yes' });
  assert.is(done.status, 303);
  assert.is(done.headers.location, `${a.config.publicUrl}/`);
  try {
    await refresh(a.baseUrl, tokens.refreshToken);
    assert.unreachable('the refresh token outlived the session');
  } catch (error) {
    assert.instance(error, TokenEndpointError);
  }
});

test('password reset: a mailed link sets a new password, signs in, and the old password stops working', async () => {
  const flow = await startSignIn(a.baseUrl, { extraParams: { prompt: 'login', ui_flow: 'reset' } });
  assert.match(flow.page.html, /Reset your password/);
  const sent = await flow.submit({ email: 'CARL@example.com ' }, '/reset');
  assert.ok('html' in sent && /Check your e-mail/.test(sent.html));
  const outbox = await testDb.db.query<{ recipient: string; subject: string; body: string }>(
    'SELECT recipient, subject, body FROM outbox ORDER BY id DESC LIMIT 1',
  );
  assert.is(outbox.rows[0]!.recipient, CARL.identity);
  const link = /https:\/\/\S+\/new-password\?token=[\w-]+/.exec(outbox.rows[0]!.body)?.[0];
  assert.ok(link, outbox.rows[0]!.body);
  assert.ok(
    mails.some((line) => line.includes(CARL.identity)),
    'the outbox mailer echoes a line',
  );
  const stored = await testDb.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset');
  assert.ok(
    stored.rows.every((r) => !link!.includes(r.token_hash)),
    'only the hash is stored',
  );

  const form = await flow.open(link!);
  assert.ok('html' in form && /Choose a new password/.test(form.html));
  const mismatch = await flow.submit({ password: 'brand new password', confirmation: 'something else entirely' }, '/new-password');
  assert.ok('html' in mismatch && /not the same/.test(mismatch.html));
  const tokens = await flow.submit({ password: 'brand new password', confirmation: 'brand new password' }, '/new-password');
  assert.ok('accessToken' in tokens, 'the sign-in continues after the new password');
  if ('accessToken' in tokens) assert.is(decodeJwt(tokens.accessToken).sub, String(logins.get(CARL.identity)));

  const reused = await flow.open(link!);
  assert.ok('html' in reused && reused.status === 410, 'a link works once');
  try {
    await signIn(a.baseUrl, CARL.identity, CARL.password);
    assert.unreachable('the old password still works');
  } catch (error) {
    assert.instance(error, SignInError);
  }
  const again = await signIn(a.baseUrl, CARL.identity, 'brand new password');
  assert.ok(again.accessToken);
});

test('from the reset form the user can go back and sign in with the password after all', async () => {
  const flow = await startSignIn(a.baseUrl, { extraParams: { prompt: 'login', ui_flow: 'reset' } });
  const back = /<a href="([^"]+)">Back to sign in<\/a>/.exec(flow.page.html)?.[1];
  assert.ok(back, 'a link back to the sign-in form');
  const login = await flow.open(new URL(back!.replace(/&amp;/g, '&'), flow.page.url).toString());
  assert.ok('html' in login && /name="password"/.test(login.html), 'the login form');
  const tokens = await flow.submit({ identity: BERT.identity, password: BERT.password }, '/login');
  assert.ok('accessToken' in tokens);
});

test('a reset request for an unknown address sends nothing and answers the same', async () => {
  const before = (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n;
  const flow = await startSignIn(a.baseUrl, { extraParams: { prompt: 'login', ui_flow: 'reset' } });
  const sent = await flow.submit({ email: 'nobody@example.com' }, '/reset');
  assert.ok('html' in sent && /Check your e-mail/.test(sent.html));
  assert.is((await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n, before);
});

test('an external provider is verified through its discovery document and JWKS', async () => {
  const external = buildConfig({
    PORT: '1',
    IDENTITY_AUTHORITY: a.config.identity.authority!,
    IDENTITY_AUDIENCE: a.config.identity.audience,
  });
  assert.is(external.identity.mode, 'external');
  const verify = await createTokenVerifier({ config: external, db: testDb.db }, { fetch: new TestBrowser().fetch });
  const tokens = await signIn(a.baseUrl, ANNA.identity, ANNA.password);
  const verified = await verify(`Bearer ${tokens.accessToken}`);
  assert.is(verified.subject, String(logins.get(ANNA.identity)));
  assert.is(verified.name, ANNA.displayName);
  const unreachable = await createTokenVerifier({
    config: buildConfig({ PORT: '1', IDENTITY_AUTHORITY: 'https://127.0.0.1:1/oidc', IDENTITY_AUDIENCE: 'api' }),
    db: testDb.db,
  });
  try {
    await unreachable(`Bearer ${tokens.accessToken}`);
    assert.unreachable('verified without keys');
  } catch (error) {
    assert.is((error as TokenError).statusCode, 503);
  }
});

test('the provider storage hides expired rows and purges them', async () => {
  const { createOidcAdapterFactory } = await import('../src/repo/oidc-payloads.js');
  const scratch = await openTestDatabase();
  const { db } = scratch;
  try {
    await db.query(`INSERT INTO oidc_payload (kind, id, payload, expires_at) VALUES ('Session', 'old', '{"uid":"u1"}', now() - interval '1 minute')`);
    const sessions = createOidcAdapterFactory(db)('Session');
    assert.is(await sessions.find('old'), undefined, 'an expired row is not found');
    await sessions.upsert('new', { uid: 'u2', accountId: '1' }, 60);
    assert.equal(await sessions.findByUid('u2'), { uid: 'u2', accountId: '1' });
    const ids = (await db.query<{ id: string }>('SELECT id FROM oidc_payload ORDER BY id')).rows.map((r) => r.id);
    assert.equal(ids, ['new'], 'the expired row was purged');
    await sessions.consume('new');
    assert.ok((await sessions.find('new'))?.consumed, 'consumed is reported');
    await sessions.upsert('grant-member', { grantId: 'g1' }, 60);
    await sessions.revokeByGrantId('g1');
    assert.is(await sessions.find('grant-member'), undefined);
  } finally {
    await scratch.close();
  }
});

test('the MSAL configuration fits the built-in provider and Microsoft Entra ID', () => {
  const builtin = msalConfiguration(a.config);
  assert.is(builtin.scope, a.config.identity.scope);
  assert.is(builtin.options.auth.authority, `${a.config.publicUrl}/oidc`);
  assert.equal(builtin.options.auth.knownAuthorities, [new URL(a.config.publicUrl).host]);
  assert.is(builtin.options.system.protocolMode, 'OIDC');
  assert.equal(builtin.options.auth.OIDCOptions, { defaultScopes: ['openid', 'profile'] });
  assert.is(builtin.options.system.tokenRenewalOffsetSeconds, 300);
  assert.is(msalConfiguration(b.config).options.system.tokenRenewalOffsetSeconds, 1);
  assert.equal(builtin.passwordResetRequest, { scopes: [a.config.identity.scope], prompt: 'login', extraQueryParameters: { ui_flow: 'reset' } });

  const tenant = 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000001/v2.0';
  const entra = msalConfiguration(
    buildConfig({
      PORT: '8443',
      PUBLIC_URL: 'https://locus.example.com',
      IDENTITY_AUTHORITY: tenant,
      IDENTITY_CLIENT_ID: '11111111-1111-1111-1111-111111111111',
      IDENTITY_SCOPE: 'api://locus/access',
      IDENTITY_AUDIENCE: '22222222-2222-2222-2222-222222222222',
      IDENTITY_PASSWORD_RESET_AUTHORITY: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_reset',
    }),
  );
  assert.is(entra.options.system.protocolMode, 'AAD');
  assert.is(entra.options.auth.OIDCOptions, undefined);
  assert.is(entra.options.auth.redirectUri, 'https://locus.example.com/');
  assert.equal(entra.options.auth.knownAuthorities, ['login.microsoftonline.com', 'contoso.b2clogin.com']);
  assert.equal(entra.passwordResetRequest, { scopes: ['api://locus/access'], authority: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_reset' });
});

test('a second start reuses the self-signed certificate, which names this machine', async () => {
  const config = buildConfig({ PORT: '9443', PUBLIC_URL: 'https://locus.test:9443' });
  const first = await loadOrCreateTls(config);
  const second = await loadOrCreateTls(config);
  assert.ok(first.selfSigned && second.selfSigned);
  assert.is(second.cert, first.cert);
  assert.is(second.key, first.key);
  assert.is(first.certFile, join(dataDir, 'tls', 'server.crt'));
  const x509 = new X509Certificate(first.cert);
  for (const name of ['localhost', 'locus.test']) assert.ok(x509.checkHost(name), name);
  for (const ip of ['127.0.0.1', '::1']) assert.ok(x509.checkIP(ip), ip);
});

test('TLS_CERT and TLS_KEY are used when configured, and must belong together', async () => {
  const generated = await loadOrCreateTls(buildConfig({ PORT: '9443' }));
  const other = await loadOrCreateTls({ ...buildConfig({ PORT: '9443' }), dataDir: join(dataDir, 'other') });
  writeFileSync(join(dataDir, 'own.crt'), generated.cert);
  writeFileSync(join(dataDir, 'own.key'), generated.key);
  writeFileSync(join(dataDir, 'wrong.key'), other.key);
  const own = await loadOrCreateTls(buildConfig({ PORT: '9443', TLS_CERT: join(dataDir, 'own.crt'), TLS_KEY: join(dataDir, 'own.key') }));
  assert.is(own.selfSigned, false);
  assert.is(own.certFile, join(dataDir, 'own.crt'));
  assert.is(own.cert, generated.cert);
  try {
    await loadOrCreateTls(buildConfig({ PORT: '9443', TLS_CERT: join(dataDir, 'own.crt'), TLS_KEY: join(dataDir, 'wrong.key') }));
    assert.unreachable('a key of another certificate was accepted');
  } catch (error) {
    assert.match((error as Error).message, /does not belong/);
  }
});

test.run();
