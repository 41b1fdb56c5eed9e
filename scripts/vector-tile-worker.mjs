// The esbuild plugin behind `import('locus:vector-tile-worker')`: build.mjs and
// the embed package's own build (packages/embed/scripts/build-package.mjs) both use it.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `import('locus:vector-tile-worker')`: the street basemap's tile worker (map-canvas
 * src/tiles/vector-tile-worker.ts with pmtiles, @mapbox/vector-tile and pbf) bundled on its own as
 * a classic script and handed over as text, so it sits in a lazy chunk and starts from a blob URL
 * (the app's and the embed's pages alike; CSP worker-src allows blob:).
 */
export const vectorTileWorker = {
  name: 'vector-tile-worker',
  setup(b) {
    b.onResolve({ filter: /^locus:vector-tile-worker$/ }, () => ({ path: 'worker', namespace: 'locus-vector-tile-worker' }));
    b.onLoad({ filter: /.*/, namespace: 'locus-vector-tile-worker' }, async () => {
      const result = await build({
        entryPoints: [join(root, 'packages/map-canvas/src/tiles/vector-tile-worker.ts')],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        platform: 'browser',
        target: ['chrome120', 'firefox120', 'safari17'],
        logLevel: 'warning',
      });
      return { contents: `export default ${JSON.stringify(result.outputFiles[0].text)};`, loader: 'js' };
    });
  },
};
