// The web-security plugin on its own, for the configurations a test server
// cannot take: plain HTTP behind a proxy (no HSTS), an external identity
// provider (its origin in connect-src, frame-src and form-action), and a
// configured list of map origins.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { registerWebSecurity } from '../src/http/web-security.js';

async function headersFor(env: Record<string, string>) {
  const app = Fastify();
  await registerWebSecurity(app, loadConfig({ HOST: '127.0.0.1', ...env }));
  app.get('/api/probe', async () => ({ ok: true }));
  const r = await app.inject({ method: 'GET', url: '/api/probe' });
  await app.close();
  return r.headers;
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `) || d === name);

test('behind a TLS-terminating proxy with an http public address: no HSTS and no upgrade of requests', async () => {
  const headers = await headersFor({ INSECURE_HTTP: 'true', PUBLIC_URL: 'http://locus.internal:8080' });
  assert.is(headers['strict-transport-security'], undefined);
  assert.is(directive(headers['content-security-policy'], 'upgrade-insecure-requests'), undefined);
  assert.is(headers['x-content-type-options'], 'nosniff');
});

test('with an https public address: HSTS for a year, requests upgraded', async () => {
  const headers = await headersFor({ PUBLIC_URL: 'https://locus.example.com' });
  assert.match(String(headers['strict-transport-security']), /^max-age=31536000/);
  assert.not.match(String(headers['strict-transport-security']), /includeSubDomains/);
  assert.ok(directive(headers['content-security-policy'], 'upgrade-insecure-requests'));
});

test('an external identity provider may be called, framed for silent renewal and posted to; nothing else is added', async () => {
  const headers = await headersFor({ PUBLIC_URL: 'https://locus.example.com', IDENTITY_AUTHORITY: 'https://login.example.net/tenant/v2.0' });
  const csp = headers['content-security-policy'];
  for (const name of ['connect-src', 'frame-src', 'form-action']) {
    assert.match(String(directive(csp, name)), /https:\/\/login\.example\.net/, name);
  }
  assert.not.match(String(directive(csp, 'script-src')), /login\.example\.net/);
});

test('MAP_ORIGINS replaces the default tile providers in img-src and connect-src; a malformed origin stops the start', async () => {
  const headers = await headersFor({ PUBLIC_URL: 'https://locus.example.com', MAP_ORIGINS: 'https://tiles.example.org' });
  const csp = headers['content-security-policy'];
  assert.match(String(directive(csp, 'img-src')), /https:\/\/tiles\.example\.org/);
  assert.match(String(directive(csp, 'connect-src')), /https:\/\/tiles\.example\.org/);
  assert.not.match(String(csp), /openstreetmap/);
  assert.throws(() => loadConfig({ EMBED_ORIGINS: "https://intranet.example.com; script-src 'unsafe-inline'" }), /EMBED_ORIGINS/);
});

test.run();
