// One esbuild script for every bundle: the server (Node), and — as the
// packages land — the planner app and the embed components (browser).
// `node build.mjs` builds all; `--only server` builds one.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const targets = {
  async server() {
    const out = join(root, 'packages/server/dist');
    rmSync(out, { recursive: true, force: true });
    await build({
      entryPoints: [join(root, 'packages/server/src/main.ts'), join(root, 'packages/server/src/processing/engine-worker.ts')].filter(existsSync),
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
};

const started = Date.now();
for (const [name, run] of Object.entries(targets)) {
  if (only && only !== name) continue;
  await run();
}
console.log(`built ${only ?? Object.keys(targets).join(', ')} in ${Date.now() - started} ms (version ${pkg.version}, build date ${buildDate})`);
