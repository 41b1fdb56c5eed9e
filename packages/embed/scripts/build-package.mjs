// The installable package (`npm pack` runs this first, as `prepack`): the
// elements and the React wrappers as ES modules under dist/npm, with the
// public type declarations beside them. Everything of Locus the elements use
// is bundled here — the app's report components, the map, the basemap's data
// and places (the build-time `locus:places` import resolved now), msal, the
// report's own React, the report's style sheets as text for the shadow roots
// — so the package refers to nothing of the repository. lit and @lit/react
// stay imports (the package's dependencies, shared with a host that uses Lit);
// `react` stays an import of the wrappers only (the host's React, a peer
// dependency), while the report renders with its bundled React in its own root.
// The map's drawing, msal and the report stay lazy chunks, as in the script.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basemapPlaces } from '../../../scripts/basemap-places.mjs';
import { vectorTileWorker } from '../../../scripts/vector-tile-worker.mjs';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(pkgDir, 'dist/npm');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const wrappers = join(pkgDir, 'src/react.ts');

/** The package's dependencies stay imports; `react` only where the wrappers import it. */
const externals = {
  name: 'package-externals',
  setup(b) {
    const shared = Object.keys(pkg.dependencies ?? {});
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (shared.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return { path: args.path, external: true };
      if (args.path === 'react' && args.importer === wrappers) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/**
 * Large JSON data (the Natural Earth topologies) as one string that the
 * chunk parses with JSON.parse: a host's bundler reads one string literal
 * instead of the AST of a 3.7 MB object literal (Vite's build of the host
 * app took about a minute on it), and browsers parse JSON faster than code.
 */
const jsonAsString = {
  name: 'json-as-string',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (text.length < 64 * 1024) return undefined;
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(text)))});`, loader: 'js' };
    });
  },
};

const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { index: join(pkgDir, 'src/index.ts'), react: wrappers },
  outdir: out,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // The app's font files (src/font.ts) beside the chunks, each found from the chunk that names it.
  assetNames: 'chunks/font-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: true,
  jsx: 'automatic',
  loader: { '.css': 'text', '.woff2': 'file' },
  logOverride: { 'ignored-bare-import': 'silent' },
  plugins: [externals, basemapPlaces, vectorTileWorker, jsonAsString],
  define: {
    'process.env.NODE_ENV': '"production"',
    'process.env.LOCUS_VERSION': JSON.stringify(pkg.version),
    'process.env.LOCUS_BUILD_DATE': JSON.stringify(process.env.LOCUS_BUILD_DATE ?? new Date().toISOString().slice(0, 10)),
  },
  logLevel: 'warning',
});
mkdirSync(out, { recursive: true });
for (const file of ['index.d.ts', 'react.d.ts']) copyFileSync(join(pkgDir, 'types', file), join(out, file));
console.log(`built the @locus/embed package in ${Date.now() - started} ms (dist/npm)`);
