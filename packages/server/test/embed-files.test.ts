// The embed build served under /embed (the shared static-file sender): the
// stable-named script revalidated hourly, hashed chunks cached for a year, the
// example page (and its script and style sheet) revalidated every time, the gzip sibling for browsers that take
// it, and nothing else of the folder (the build's metafile, paths leaving it).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { EMBED_SCRIPT_CACHE_CONTROL, registerEmbedFiles } from '../src/http/embed-files.js';
import { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL } from '../src/http/static-files.js';

const dir = mkdtempSync(join(tmpdir(), 'locus-embed-files-'));
const SCRIPT = `export const x = ${JSON.stringify('embed '.repeat(300))};\n`;
writeFileSync(join(dir, 'locus-embed.js'), SCRIPT);
writeFileSync(join(dir, 'locus-embed.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dir, 'chunk-AB12CD34.js'), 'export const y = 1;\n');
writeFileSync(join(dir, 'font-EF56GH78.woff2'), Buffer.from('wOF2'));
writeFileSync(join(dir, 'example.html'), '<!doctype html><title>x</title>');
writeFileSync(join(dir, 'example.js'), 'console.log(1);\n');
writeFileSync(join(dir, 'example.css'), 'body { margin: 0; }\n');
writeFileSync(join(dir, 'meta.json'), '{}');
const app = Fastify();
await registerEmbedFiles(app, dir);

test.after(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

test('each kind of file with its Cache-Control; the gzip sibling when accepted', async () => {
  const script = await app.inject({ url: '/embed/locus-embed.js', headers: { 'accept-encoding': 'gzip' } });
  assert.is(script.statusCode, 200);
  assert.is(script.headers['cache-control'], EMBED_SCRIPT_CACHE_CONTROL);
  assert.is(script.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(script.rawPayload).toString(), SCRIPT);
  assert.ok(script.headers.etag, 'an ETag for revalidation');
  const chunk = await app.inject({ url: '/embed/chunk-AB12CD34.js' });
  assert.is(chunk.statusCode, 200);
  assert.is(chunk.headers['cache-control'], ASSET_CACHE_CONTROL);
  const font = await app.inject({ url: '/embed/font-EF56GH78.woff2' });
  assert.is(font.statusCode, 200);
  assert.is(font.headers['content-type'], 'font/woff2');
  assert.is(font.headers['cache-control'], ASSET_CACHE_CONTROL);
  const page = await app.inject({ url: '/embed/example.html' });
  assert.is(page.statusCode, 200);
  assert.is(page.headers['cache-control'], HTML_CACHE_CONTROL);
  // The example page's own script and style sheet (no inline code under the security policy), revalidated as the page.
  for (const [file, type] of [
    ['example.js', /javascript/],
    ['example.css', /text\/css/],
  ] as const) {
    const answer = await app.inject({ url: `/embed/${file}` });
    assert.is(answer.statusCode, 200, file);
    assert.match(String(answer.headers['content-type']), type);
    assert.is(answer.headers['cache-control'], HTML_CACHE_CONTROL);
  }
});

test('nothing else of the folder, nothing outside it', async () => {
  for (const url of ['/embed/meta.json', '/embed/locus-embed.js.gz', '/embed/chunk-missing.js', '/embed/example.txt', '/embed/..%2Fsecret', '/embed/']) {
    assert.is((await app.inject({ url })).statusCode, 404, url);
  }
});

test.run();
