// Sending bodies with validators: an ETag computed from the body (or given),
// 304 when the browser already has it, and a gzip copy kept with cached bodies
// so large unchanged reads cost no serialisation and no compression.
import { createHash } from 'node:crypto';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './web-security.js';

export interface CachedBody {
  contentType: string;
  body: string | Buffer;
  etag?: string;
  /** Seconds the browser may reuse it without asking; 0 means ask every time (no-cache). */
  maxAge?: number;
  gzip?: Buffer;
}

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, item: CachedBody) {
  const etag = item.etag ?? etagOf(item.body);
  reply.header('ETag', etag);
  reply.header('Cache-Control', item.maxAge ? `private, max-age=${item.maxAge}` : 'private, no-cache');
  addVary(reply, 'Accept-Encoding', 'Authorization');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type(item.contentType);
  if (item.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(item.gzip);
  }
  return reply.send(item.body);
}

const gzipAsync = promisify(gzip);

/**
 * A cache of serialised JSON bodies by key and version, with their gzip
 * copies (compressed on libuv's thread pool: a list of some megabytes would
 * hold up every other request for tens of milliseconds on the main thread).
 */
export function createJsonCache(maxEntries = 64) {
  const entries = new Map<string, { version: string; item: CachedBody }>();
  const text = async (key: string, version: string, build: () => Promise<string>): Promise<CachedBody> => {
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.item;
    }
    const body = await build();
    const item: CachedBody = {
      contentType: 'application/json; charset=utf-8',
      body,
      etag: `"${version}"`,
      gzip: body.length > 2048 ? await gzipAsync(body, { level: 6 }) : undefined,
    };
    entries.set(key, { version, item });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return item;
  };
  return {
    get: (key: string, version: string, build: () => Promise<unknown>): Promise<CachedBody> => text(key, version, async () => JSON.stringify(await build())),
    /** As get, with a body already serialised. */
    text,
    clear() {
      entries.clear();
    },
  };
}
