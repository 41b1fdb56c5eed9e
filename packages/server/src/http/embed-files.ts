// Serves the embed build (packages/embed/dist, written by build.mjs) under
// /embed: the script /embed/locus-embed.js and the sign-in bridge script
// (stable names, revalidated after an hour so a new version reaches intranet
// pages within the hour, ETag for cheap revalidation), its content-hashed
// chunks and font files (cached for a year) and the example intranet page with its own
// script and style sheet (revalidated every time, as the page). CORS for the
// configured EMBED_ORIGINS / CORS_ORIGINS comes from web-security.ts, whose
// hooks apply to these routes too.
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL, isFile, registerStaticFolder, sendBuildFile } from './static-files.js';

/** Cache-Control of the stable-named scripts. */
export const EMBED_SCRIPT_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/** The embed's files: entry scripts, hashed chunks and font files, source maps and the example page with its script and style sheet. */
const EMBED_FILE = /^(locus-embed(-redirect)?\.js|chunk-[A-Z0-9]+\.js|font-[A-Z0-9]+\.woff2|[\w-]+\.js\.map|example\.(html|js|css))$/;

export function embedCacheControl(file: string): string {
  if (file.startsWith('chunk-') || file.startsWith('font-')) return ASSET_CACHE_CONTROL;
  if (file.startsWith('example.')) return HTML_CACHE_CONTROL;
  return EMBED_SCRIPT_CACHE_CONTROL;
}

export async function registerEmbedFiles(app: FastifyInstance, dir: string): Promise<void> {
  await registerStaticFolder(app, dir, (files) => {
    files.route({
      method: ['GET', 'HEAD'],
      url: '/embed/:file',
      async handler(request, reply) {
        const { file } = request.params as { file: string };
        if (!EMBED_FILE.test(file) || !(await isFile(join(dir, file)))) return reply.callNotFound();
        return sendBuildFile(reply, file, embedCacheControl(file));
      },
    });
  });
}
