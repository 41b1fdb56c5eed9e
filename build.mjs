// One esbuild script for every bundle: the server (Node), and — as the
// packages land — the planner app and the embed components (browser).
// `node build.mjs` builds all; `--only server` builds one.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basemapPlaces } from './scripts/basemap-places.mjs';
import { vectorTileWorker } from './scripts/vector-tile-worker.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const buildDate = process.env.LOCUS_BUILD_DATE ?? new Date().toISOString().slice(0, 10);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;

const define = {
  'process.env.LOCUS_VERSION': JSON.stringify(pkg.version),
  'process.env.LOCUS_BUILD_DATE': JSON.stringify(buildDate),
};

/** Marks every bare import that is not one of our @locus packages as external. */
const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@locus/') ? undefined : { path: args.path, external: true }));
  },
};

/** The HTML page of an entry: its script and stylesheet by their hashed names. */
function htmlPage({ title, script, css, body = '' }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%231d5fd1'/%3E%3Ccircle cx='16' cy='13' r='6' fill='none' stroke='white' stroke-width='3'/%3E%3Cpath d='M16 19v7' stroke='white' stroke-width='3'/%3E%3C/svg%3E">
${css ? `<link rel="stylesheet" href="/assets/${css}">\n` : ''}<link rel="modulepreload" href="/assets/${script}">
</head>
<body>
${body}<script type="module" src="/assets/${script}"></script>
</body>
</html>
`;
}

/**
 * Brotli and gzip (level 9) siblings of every script and style sheet: the
 * server sends them to browsers that accept the encoding, so nothing is
 * compressed per request. Brotli's best quality (11) takes about a second per
 * 60 kB, so files over 256 kB (the basemap data) get quality 9.
 */
async function precompress(dir) {
  const { brotliCompress, constants, gzip } = await import('node:zlib');
  const { promisify } = await import('node:util');
  const [br, gz] = [promisify(brotliCompress), promisify(gzip)];
  const files = readdirSync(dir).filter((f) => /\.(js|css)$/.test(f));
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(join(dir, file));
      if (data.length < 1024) return;
      const [brotli, gzipped] = await Promise.all([
        br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: data.length > 256 * 1024 ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      writeFileSync(join(dir, `${file}.br`), brotli);
      writeFileSync(join(dir, `${file}.gz`), gzipped);
    }),
  );
}

const targets = {
  async server() {
    const out = join(root, 'packages/server/dist');
    rmSync(out, { recursive: true, force: true });
    await build({
      entryPoints: [
        join(root, 'packages/server/src/main.ts'),
        join(root, 'packages/server/src/processing/engine-worker.ts'),
        join(root, 'packages/server/src/calibration/worker.ts'),
        join(root, 'packages/server/src/db/pglite-worker.ts'),
      ].filter(existsSync),
      outdir: out,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      // Third-party packages stay in node_modules; our own workspace packages are bundled.
      plugins: [externalThirdParty],
      sourcemap: true,
      define,
      logLevel: 'warning',
    });
    cpSync(join(root, 'packages/server/src/db/migrations'), join(out, 'migrations'), { recursive: true });
    if (existsSync(join(root, 'docs/user-guide'))) cpSync(join(root, 'docs/user-guide'), join(out, 'user-guide'), { recursive: true });
    mkdirSync(out, { recursive: true });
  },
  /**
   * The planner app: ES modules with code splitting (lazy chunks for dialogs and
   * later screens), content-hashed names under dist/assets, and the two HTML
   * pages (the app and msal's redirect bridge) that name them.
   */
  async planner() {
    const app = join(root, 'packages/planner-app');
    const out = join(app, 'dist');
    rmSync(out, { recursive: true, force: true });
    const result = await build({
      entryPoints: { app: join(app, 'src/main.tsx'), redirect: join(app, 'src/redirect.ts') },
      outdir: join(out, 'assets'),
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['chrome120', 'firefox120', 'safari17'],
      minify: true,
      sourcemap: true,
      metafile: true,
      jsx: 'automatic',
      plugins: [basemapPlaces, vectorTileWorker],
      loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
      define: { ...define, 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    const outputs = Object.entries(result.metafile.outputs);
    const entry = (name) => {
      const found = outputs.find(([, o]) => o.entryPoint && o.entryPoint.endsWith(name));
      if (!found) throw new Error(`no output for ${name}`);
      const file = found[0].split('/').pop();
      const css = found[1].cssBundle ? found[1].cssBundle.split('/').pop() : null;
      return { script: file, css };
    };
    const main = entry('src/main.tsx');
    writeFileSync(join(out, 'index.html'), htmlPage({ title: 'Locus', ...main, body: '<div id="root"></div>\n' }));
    writeFileSync(join(out, 'redirect.html'), htmlPage({ title: 'Locus', ...entry('src/redirect.ts') }));
    // Which chunks the entry loads and what each holds (the street bench's first-load figure).
    writeFileSync(join(out, 'meta.json'), JSON.stringify(result.metafile));
    await precompress(join(out, 'assets'));
  },
  /**
   * The embed script for intranet pages: /embed/locus-embed.js (a stable name,
   * the entry) with content-hashed lazy chunks beside it (the map, the basemap
   * data, msal, the report with React), the sign-in bridge script and the
   * example page.
   */
  async embed() {
    const pkgDir = join(root, 'packages/embed');
    const out = join(pkgDir, 'dist');
    rmSync(out, { recursive: true, force: true });
    const result = await build({
      entryPoints: { 'locus-embed': join(pkgDir, 'src/index.ts'), 'locus-embed-redirect': join(pkgDir, 'src/redirect.ts') },
      outdir: out,
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      assetNames: 'font-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['chrome120', 'firefox120', 'safari17'],
      minify: true,
      sourcemap: true,
      metafile: true,
      jsx: 'automatic',
      // The report element puts the app's report style sheets into its shadow root: as text, not a page-wide sheet.
      // The app's font files are served beside the script (packages/embed/src/font.ts).
      loader: { '.css': 'text', '.woff2': 'file' },
      logOverride: { 'ignored-bare-import': 'silent' },
      plugins: [basemapPlaces, vectorTileWorker],
      define: { ...define, 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    // Which chunks each entry and lazy import loads (the bench's script sizes).
    writeFileSync(join(out, 'meta.json'), JSON.stringify(result.metafile));
    for (const file of ['example.html', 'example.js', 'example.css']) cpSync(join(pkgDir, 'src/example', file), join(out, file));
    await precompress(out);
  },
};

const started = Date.now();
for (const [name, run] of Object.entries(targets)) {
  if (only && only !== name) continue;
  await run();
}
console.log(`built ${only ?? Object.keys(targets).join(', ')} in ${Date.now() - started} ms (version ${pkg.version}, build date ${buildDate})`);
