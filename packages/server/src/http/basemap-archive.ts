// The street basemap's PMTiles archive (BASEMAP_PMTILES), served from this server so an offline
// install has streets: one file, read by the map's tile worker with HTTP range requests (the pmtiles
// package asks for the header, then for each directory and tile by byte range). @fastify/static
// answers Range with 206 and the asked bytes, and revalidates by ETag. The archive holds public map
// data, so it is served without a token, like the app's files.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { basename, dirname } from 'node:path';
import { BASEMAP_ARCHIVE_PATH, type ServerConfig } from '../config.js';
import { isFile } from './static-files.js';

/** Cached for an hour, then revalidated (a new archive may be put in place of the old one). */
export const ARCHIVE_CACHE_CONTROL = 'public, max-age=3600';

export async function registerBasemapArchive(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const basemap = config.basemap;
  if (basemap.kind !== 'pmtiles') return;
  if (!(await isFile(basemap.file))) throw new Error(`BASEMAP_PMTILES: '${basemap.file}' is not a file`);
  const name = basename(basemap.file);
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: dirname(basemap.file),
      serve: false,
      index: false,
      preCompressed: false,
      cacheControl: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
    });
    scope.get(BASEMAP_ARCHIVE_PATH, (_request, reply) =>
      reply.header('Cache-Control', ARCHIVE_CACHE_CONTROL).header('Content-Type', 'application/vnd.pmtiles').sendFile(name),
    );
  });
}
