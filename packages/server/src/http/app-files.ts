// Serves the built planner app (packages/planner-app/dist, written by
// build.mjs) on the API's origin, in history mode:
//   - the app's routes (/, /test, /admin, /admin/...) answer index.html with 200;
//   - a file of the build (assets, redirect.html, ...) is sent as it is, its
//     precompressed .br/.gz sibling when the browser accepts that encoding;
//   - any other path outside the API, the sign-in pages and the reserved
//     /embed answers index.html with 404, and the app shows its not-found page;
//   - content-hashed assets are cached for a year, HTML is revalidated every time.
// Without a build, the app's routes answer a short page saying how to build it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAbsolute, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL, isFile, registerStaticFolder, sendBuildFile } from './static-files.js';

export { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL } from './static-files.js';

/** Path prefixes the app never answers: the API, the identity provider and its sign-in pages, and the embed. */
const NOT_APP_PREFIXES = ['/api', '/oidc', '/embed'];

/** Routes of the app's screens (the main map, the admin screens): answered with index.html and 200. */
const APP_ROUTES = [/^\/$/, /^\/test\/?$/, /^\/admin(\/.*)?$/];

export const NOT_BUILT_TEXT = 'The app is not built: run npm run build';

/**
 * The folder of the built app: APP_DIR when set (relative to the working
 * directory), otherwise the given default (resolved by the caller relative to
 * its own module, so it holds both for the sources and for the bundle).
 */
export function appDirectory(defaultDir: URL | string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.APP_DIR) return resolve(env.APP_DIR);
  return typeof defaultDir === 'string' ? resolve(defaultDir) : fileURLToPath(defaultDir);
}

/** What a request path is, for the app. */
export function classifyPath(pathname: string): 'app' | 'other' | 'reserved' {
  if (NOT_APP_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return 'reserved';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.some((r) => r.test(trimmed)) ? 'app' : 'other';
}

function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith('assets/') ? ASSET_CACHE_CONTROL : HTML_CACHE_CONTROL;
}

/** The build's file a request path names, or null (no such file, a folder, or a path leaving the folder). */
async function buildFile(dir: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = posix.normalize(decoded).replace(/^\/+/, '');
  if (!relative || relative.startsWith('..') || isAbsolute(relative) || relative.split('/').some((s) => s.startsWith('.'))) return null;
  // Precompressed siblings are served through their original's name only.
  if (/\.(br|gz)$/.test(relative)) return null;
  return (await isFile(join(dir, relative))) ? relative : null;
}

function sendNotBuilt(reply: FastifyReply) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Locus</title></head>` + `<body><p>${NOT_BUILT_TEXT}</p></body></html>`;
  return reply.status(503).header('Cache-Control', HTML_CACHE_CONTROL).type('text/html; charset=utf-8').send(html);
}

export async function registerAppFiles(app: FastifyInstance, dir: string): Promise<void> {
  await registerStaticFolder(app, dir, (files) => {
    files.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      async handler(request, reply) {
        const pathname = request.url.split('?')[0]!;
        const kind = classifyPath(pathname);
        if (kind === 'reserved') return reply.callNotFound();
        const file = await buildFile(dir, pathname);
        if (file) return sendBuildFile(reply, file, cacheControlFor(file));
        // A missing asset is a plain 404: the page asking for it expects a script or a style sheet, not HTML.
        if (pathname.startsWith('/assets/')) return reply.callNotFound();
        if (!(await isFile(join(dir, 'index.html')))) {
          if (kind === 'app') return sendNotBuilt(reply);
          return reply.callNotFound();
        }
        return reply
          .status(kind === 'app' ? 200 : 404)
          .header('Cache-Control', HTML_CACHE_CONTROL)
          .sendFile('index.html');
      },
    });
  });
}
