// The planner app served by the server (history mode, caching, precompressed
// assets), on a small build written into a temporary folder named by APP_DIR.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './helpers/server.js';
import { appDirectory, classifyPath, NOT_BUILT_TEXT } from '../src/http/app-files.js';

const INDEX =
  '<!doctype html><html><head><title>Locus</title><script type="module" src="/assets/app-3F5K2QXA.js"></script></head><body><div id="root"></div></body></html>';
const REDIRECT = '<!doctype html><html><body>redirect bridge</body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

const root = mkdtempSync(join(tmpdir(), 'locus-app-files-'));
const built = join(root, 'dist');
const empty = join(root, 'not-built');
mkdirSync(join(built, 'assets'), { recursive: true });
mkdirSync(empty);
writeFileSync(join(built, 'index.html'), INDEX);
writeFileSync(join(built, 'redirect.html'), REDIRECT);
writeFileSync(join(built, 'assets/app-3F5K2QXA.js'), SCRIPT);
writeFileSync(join(built, 'assets/app-3F5K2QXA.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(built, 'assets/app-3F5K2QXA.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(built, 'assets/logo-77AB.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(root, 'secret.txt'), 'outside the build');

/** Starts a server whose APP_DIR is `dir` (read when the app is built). */
async function serverFor(dir: string): Promise<TestServer> {
  const before = process.env.APP_DIR;
  process.env.APP_DIR = dir;
  try {
    return await startTestServer();
  } finally {
    if (before === undefined) delete process.env.APP_DIR;
    else process.env.APP_DIR = before;
  }
}

let server: TestServer;
const html = { Accept: 'text/html' };

test.before(async () => {
  server = await serverFor(built);
});

test.after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('the default folder is packages/planner-app/dist, from the sources and from the bundle', () => {
  const repo = '/srv/locus/';
  for (const module of ['packages/server/src/app.ts', 'packages/server/dist/main.js']) {
    assert.is(appDirectory(new URL('../../planner-app/dist/', pathToFileURL(repo + module)), {}), `${repo}packages/planner-app/dist/`);
  }
  assert.is(appDirectory(new URL('file:///x/'), { APP_DIR: '/opt/app' }), '/opt/app');
});

test('paths are classified into app routes, other paths and the reserved prefixes', () => {
  for (const p of ['/', '/test', '/test/', '/admin', '/admin/', '/admin/users', '/admin/scenarioStatus']) assert.is(classifyPath(p), 'app', p);
  for (const p of ['/nothing', '/testing', '/administrator', '/index', '/a/b/c']) assert.is(classifyPath(p), 'other', p);
  for (const p of ['/api', '/api/models', '/oidc/auth', '/oidc/interaction/x', '/embed', '/embed/location']) assert.is(classifyPath(p), 'reserved', p);
});

test('the app routes answer index.html with 200 and no-cache', async () => {
  for (const path of ['/', '/test', '/admin', '/admin/', '/admin/users', '/admin/models?x=1', '/?mid=3&sid=9']) {
    const r = await server.fetch(path, { headers: html });
    assert.is(r.status, 200, path);
    assert.is(r.text(), INDEX, path);
    assert.match(String(r.headers['content-type']), /^text\/html/, path);
    assert.is(r.headers['cache-control'], 'no-cache', path);
  }
  const head = await server.fetch('/admin/logins', { method: 'HEAD', headers: html });
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
});

test('any other path answers index.html with 404, so the app shows its not-found page', async () => {
  for (const path of ['/nothing', '/planner/day', '/testing', '/administrator', '/index']) {
    const r = await server.fetch(path, { headers: html });
    assert.is(r.status, 404, path);
    assert.is(r.text(), INDEX, path);
    assert.match(String(r.headers['content-type']), /^text\/html/, path);
    assert.is(r.headers['cache-control'], 'no-cache', path);
  }
});

test('a revalidated index.html answers 304 on an app route', async () => {
  const first = await server.fetch('/', { headers: html });
  const etag = String(first.headers.etag);
  assert.ok(etag.length > 2, 'an ETag is sent');
  const again = await server.fetch('/', { headers: { ...html, 'If-None-Match': etag } });
  assert.is(again.status, 304);
});

test('hashed assets are cached for a year; redirect.html is not cached', async () => {
  const png = await server.fetch('/assets/logo-77AB.png', { headers: { Accept: '*/*' } });
  assert.is(png.status, 200);
  assert.is(png.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.is(png.headers['content-type'], 'image/png');
  const redirect = await server.fetch('/redirect.html', { headers: html });
  assert.is(redirect.status, 200);
  assert.is(redirect.text(), REDIRECT);
  assert.is(redirect.headers['cache-control'], 'no-cache');
});

test('scripts are sent brotli- or gzip-compressed when the browser accepts it, plain otherwise', async () => {
  const path = '/assets/app-3F5K2QXA.js';
  const br = await server.fetch(path, { headers: { Accept: '*/*', 'Accept-Encoding': 'gzip, deflate, br' } });
  assert.is(br.status, 200);
  assert.is(br.headers['content-encoding'], 'br');
  assert.equal(br.body, brotliCompressSync(SCRIPT));
  assert.match(String(br.headers['content-type']), /javascript/);
  assert.is(br.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  const gz = await server.fetch(path, { headers: { Accept: '*/*', 'Accept-Encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.body, gzipSync(SCRIPT));
  const plain = await server.fetch(path, { headers: { Accept: '*/*' } });
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.text(), SCRIPT);
});

test('a missing asset, the API, the sign-in paths and /embed are not answered with the app', async () => {
  for (const path of ['/assets/app-OLD.js', '/api/no-such-call', '/api', '/embed/location', '/embed']) {
    const r = await server.fetch(path);
    assert.is(r.status, 404, path);
    assert.match(String(r.headers['content-type']), /application\/json/, path);
  }
  const status = await server.fetch('/api/system/status');
  assert.is(status.status, 200);
  // The identity provider still answers its own paths.
  const discovery = await server.fetch('/oidc/.well-known/openid-configuration');
  assert.is(discovery.status, 200);
  assert.ok(discovery.json().issuer.endsWith('/oidc'));
});

test('nothing outside the build folder and no compressed sibling is reachable by name', async () => {
  for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/assets/app-3F5K2QXA.js.gz', '/assets/app-3F5K2QXA.js.br']) {
    const r = await server.fetch(path, { headers: html });
    assert.not.ok(r.text().includes('outside the build'), path);
    assert.not.ok(r.status === 200 && r.text() !== INDEX, `${path} answered ${r.status}`);
  }
});

test('without a build the app routes say how to build it', async () => {
  const bare = await serverFor(empty);
  try {
    for (const path of ['/', '/admin/users']) {
      const r = await bare.fetch(path, { headers: html });
      assert.is(r.status, 503, path);
      assert.match(r.text(), new RegExp(NOT_BUILT_TEXT));
    }
    assert.is((await bare.fetch('/api/system/status')).status, 200);
  } finally {
    await bare.close();
  }
});

test.run();
