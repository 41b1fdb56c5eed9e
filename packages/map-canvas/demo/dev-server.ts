// Builds browser entry points with esbuild in memory and serves them, with any extra routes, from a
// local HTTP server on 127.0.0.1. Used by the demo, the browser tests and the benchmark.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const packageDir = fileURLToPath(new URL('..', import.meta.url));

export interface BundleOptions {
  minify?: boolean;
  /** Bundle with code splitting (the Natural Earth topology becomes its own chunk). */
  splitting?: boolean;
  /** Import prefixes to other folders (the paired bench imports another version of this package). */
  alias?: Record<string, string>;
}

/** The vector tile worker's script, bundled on its own (a classic script for a blob worker). */
export async function vectorTileWorkerSource(minify = true): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [`${packageDir}src/tiles/vector-tile-worker.ts`],
    bundle: true,
    format: 'iife',
    minify,
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** `import('locus:vector-tile-worker')`: the worker's script as the module's default export. */
export const vectorTileWorkerPlugin: esbuild.Plugin = {
  name: 'vector-tile-worker',
  setup(b) {
    b.onResolve({ filter: /^locus:vector-tile-worker$/ }, () => ({ path: 'worker', namespace: 'locus-vector-tile-worker' }));
    b.onLoad({ filter: /.*/, namespace: 'locus-vector-tile-worker' }, async () => ({
      contents: `export default ${JSON.stringify(await vectorTileWorkerSource())};`,
      loader: 'js',
    }));
  },
};

/** Bundles entries (name to file path) into URL paths such as '/name.js' and '/chunk-*.js'. */
export async function bundle(entries: Record<string, string>, options: BundleOptions = {}): Promise<Map<string, Uint8Array>> {
  const result = await esbuild.build({
    entryPoints: entries,
    bundle: true,
    format: 'esm',
    splitting: options.splitting ?? true,
    minify: options.minify ?? false,
    sourcemap: false,
    target: 'es2022',
    platform: 'browser',
    write: false,
    outdir: '/out',
    logLevel: 'silent',
    alias: options.alias,
    plugins: [vectorTileWorkerPlugin],
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(file.path.replace(/^\/out/, ''), file.contents);
  return files;
}

export function pageHtml(title: string, script: string, body = '<div id="map"></div>', css = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%;font-family:"DejaVu Sans",sans-serif}#map{position:absolute;inset:0}${css}</style>
</head><body>${body}<script type="module" src="${script}"></script></body></html>`;
}

export type RouteHandler = (url: URL, req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.png': 'image/png', '.css': 'text/css' };

export async function serve(files: Map<string, Uint8Array | string>, options: { port?: number; routes?: RouteHandler } = {}): Promise<RunningServer> {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- every failure inside is answered with a 500
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (options.routes && (await options.routes(url, req, res))) return;
      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      const body = files.get(path);
      if (body === undefined) {
        res.writeHead(404).end('not found');
        return;
      }
      const ext = path.slice(path.lastIndexOf('.'));
      res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
