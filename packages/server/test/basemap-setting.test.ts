// The street basemap settings (BASEMAP, BASEMAP_TILE_URL, BASEMAP_VECTOR_URL, BASEMAP_PMTILES,
// BASEMAP_SCHEMA, BASEMAP_ATTRIBUTION, BASEMAP_MIN_ZOOM, BASEMAP_MAX_ZOOM): checked at start, offered
// to the app in the environment answer, the tile origin allowed by the security policy, and a PMTiles
// archive served by this server with range requests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Environment, routes } from '@locus/contract';
import { BASEMAP_ARCHIVE_PATH, loadConfig, PDOK_BRT_VECTOR_URL } from '../src/config.js';
import type { ServerContext } from '../src/context.js';
import type { HandlerInput, RouteHandler } from '../src/http/register-routes.js';
import { registerWebSecurity } from '../src/http/web-security.js';
import { systemHandlers } from '../src/routes/system.js';
import { startTestServer } from './helpers/server.js';

async function environmentAnswer(env: Record<string, string>): Promise<Environment> {
  const config = loadConfig({ DATA_DIR: 'data', ENVIRONMENT: 'Test', PUBLIC_URL: 'https://locus.example.com', ...env });
  const handler: RouteHandler<typeof routes.systemEnvironment> = systemHandlers({ config } as unknown as ServerContext).systemEnvironment;
  return Environment.parse(await handler({ route: routes.systemEnvironment } as unknown as HandlerInput<typeof routes.systemEnvironment>));
}

async function csp(env: Record<string, string>): Promise<string> {
  const app = Fastify();
  await registerWebSecurity(app, loadConfig({ HOST: '127.0.0.1', ...env }));
  app.get('/api/probe', async () => ({ ok: true }));
  const r = await app.inject({ method: 'GET', url: '/api/probe' });
  await app.close();
  return String(r.headers['content-security-policy']);
}
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

test("by default the street basemap is PDOK's BRT-Achtergrondkaart as vector tiles, credited to the Kadaster", async () => {
  const answer = await environmentAnswer({});
  assert.equal(answer.basemap, {
    kind: 'vector',
    url: PDOK_BRT_VECTOR_URL,
    archive: false,
    schema: 'brt',
    attribution: 'Kaartgegevens © Kadaster',
    minZoom: 6,
    maxZoom: 17,
  });
  const policy = await csp({});
  assert.match(directive(policy, 'connect-src'), /https:\/\/api\.pdok\.nl/);
  assert.match(directive(policy, 'img-src'), /https:\/\/api\.pdok\.nl/);
  assert.match(directive(policy, 'worker-src'), /blob:/);
});

test('BASEMAP=builtin: no street basemap in the answer and no tile origin in the policy', async () => {
  const answer = await environmentAnswer({ BASEMAP: 'builtin' });
  assert.is(answer.basemap, undefined);
  assert.not.match(await csp({ BASEMAP: 'builtin' }), /pdok/);
});

test('raster tiles: the template, its attribution and its origin; zoom bounds from BASEMAP_MAX_ZOOM', async () => {
  const url = 'https://tiles.example.org/streets/{z}/{x}/{y}{r}.png';
  const answer = await environmentAnswer({ BASEMAP_TILE_URL: url, BASEMAP_ATTRIBUTION: ' © Example ', BASEMAP_MAX_ZOOM: '18' });
  assert.equal(answer.basemap, { kind: 'raster', url, attribution: '© Example', maxZoom: 18 });
  const policy = await csp({ BASEMAP_TILE_URL: url });
  assert.match(directive(policy, 'img-src'), /https:\/\/tiles\.example\.org/);
  assert.not.match(policy, /pdok/);
});

test('a vector URL template of another schema', async () => {
  const url = 'https://vt.example.org/data/v3/{z}/{x}/{y}.pbf';
  const answer = await environmentAnswer({ BASEMAP_VECTOR_URL: url, BASEMAP_SCHEMA: 'protomaps' });
  assert.equal(answer.basemap, { kind: 'vector', url, archive: false, schema: 'protomaps', attribution: null, minZoom: 0, maxZoom: 14 });
});

test("bad settings stop the start with the setting's name and the reason", () => {
  assert.throws(() => loadConfig({ BASEMAP: 'satellite' }), /BASEMAP must be 'streets' or 'builtin'/);
  assert.throws(() => loadConfig({ BASEMAP_TILE_URL: 'ftp://x.example/{z}/{x}/{y}' }), /BASEMAP_TILE_URL must be an http or https address/);
  assert.throws(() => loadConfig({ BASEMAP_VECTOR_URL: 'https://x.example/tiles/{z}/{x}' }), /BASEMAP_VECTOR_URL must contain \{z\}, \{x\} and \{y\}/);
  assert.throws(
    () => loadConfig({ BASEMAP_VECTOR_URL: 'https://x.example/{z}/{x}/{y}', BASEMAP_TILE_URL: 'https://y.example/{z}/{x}/{y}' }),
    /Set only one of/,
  );
  assert.throws(() => loadConfig({ BASEMAP_SCHEMA: 'mapbox' }), /BASEMAP_SCHEMA must be one of brt, openmaptiles, protomaps/);
  assert.throws(() => loadConfig({ BASEMAP_MAX_ZOOM: '30' }), /BASEMAP_MAX_ZOOM must be a whole zoom level/);
});

test('BASEMAP_PMTILES: the archive is served by this server, byte ranges answered with 206, and offered to the app', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'locus-pmtiles-'));
  const file = join(dir, 'nl.pmtiles');
  const bytes = Buffer.alloc(4096);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
  writeFileSync(file, bytes);
  const server = await startTestServer({ env: { BASEMAP: 'streets', BASEMAP_PMTILES: file } });
  try {
    const env = (await server.fetch('/api/system/environment')).json();
    assert.equal(env.basemap, {
      kind: 'vector',
      url: `${server.baseUrl}${BASEMAP_ARCHIVE_PATH}`,
      archive: true,
      schema: 'protomaps',
      attribution: '© OpenStreetMap contributors',
      minZoom: 0,
      maxZoom: 15,
    });
    const part = await server.fetch(BASEMAP_ARCHIVE_PATH, { headers: { range: 'bytes=100-227' } });
    assert.is(part.status, 206);
    assert.is(part.headers['content-range'], 'bytes 100-227/4096');
    assert.equal([...part.body], [...bytes.subarray(100, 228)]);
    const whole = await server.fetch(BASEMAP_ARCHIVE_PATH);
    assert.is(whole.status, 200);
    assert.is(whole.body.length, 4096);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a BASEMAP_PMTILES that is not a file stops the start', async () => {
  await startTestServer({ env: { BASEMAP: 'streets', BASEMAP_PMTILES: join(tmpdir(), 'no-such-archive.pmtiles') } }).then(
    () => assert.unreachable('the server started'),
    (error: Error) => assert.match(error.message, /BASEMAP_PMTILES: .* is not a file/),
  );
});

test.run();
