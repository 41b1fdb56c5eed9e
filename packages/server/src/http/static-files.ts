// Sending the files of a build folder (the planner app's and the embed's):
// @fastify/static in its own scope, sending only (the routes are the
// caller's), the precompressed .br/.gz sibling when the browser accepts that
// encoding, ETags, and the Cache-Control the caller sets per file.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stat } from 'node:fs/promises';

/** Content-hashed files: cached for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** HTML pages: revalidated every time. */
export const HTML_CACHE_CONTROL = 'no-cache';

/** Registers the file sender for `dir` and the caller's routes, which answer with `sendBuildFile`. */
export async function registerStaticFolder(app: FastifyInstance, dir: string, routes: (files: FastifyInstance) => void): Promise<void> {
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: dir,
      serve: false,
      index: false,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      etag: true,
    });
    routes(files);
  });
}

/** Sends a file of the folder (its path relative to the folder) with its Cache-Control. */
export function sendBuildFile(reply: FastifyReply, file: string, cacheControl: string) {
  // The answer depends on Accept-Encoding (a .br/.gz sibling may be sent), so caches must key on it.
  const vary = reply.getHeader('vary');
  const listed =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
  if (!listed.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) listed.push('Accept-Encoding');
  return reply.header('Cache-Control', cacheControl).header('Vary', listed.join(', ')).sendFile(file);
}

/** True when the path names a file (not a folder, not missing). */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
