// `npm run compare -- <folder of another version of this package>` (for example a worktree of an
// older commit: git worktree add ../before <commit>, then ../before/packages/map-canvas): this version
// against that one on the bench scene and path, full frames, the two drawn frame by frame in turn in one
// page (the order alternating), so both see the same state of the machine. On a busy machine runs of
// one version alone differ by more than the change measured; the paired difference per frame does not.
// (Motion pictures are left out: they plan their parts by the time between frames, which taking turns
// doubles; run.ts measures them.) Prints CPU ms per frame (the page's main thread, as in run.ts) p50 /
// p95 / p99 for each, by zoom band, and the median paired difference. Options: --runs N (default 2).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { launchChromium } from '../test/support/chromium.js';
import { bundle, packageDir, pageHtml, serve } from '../demo/dev-server.js';
import { geoNamesPlaces } from '../demo/places.js';
import { BENCH_SIZE, FRAMES, WARMUP_FRAMES, benchView } from './path.js';
import { cpuPerStep, pageMainThread } from './cpu.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 2;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a whole number of at least 1');
const folder = args.find((a, k) => !a.startsWith('--') && args[k - 1] !== '--runs');
if (!folder) throw new Error('Give the folder of the other version of @locus/map-canvas (the one holding its src and demo folders)');
const other = resolve(folder);
if (!existsSync(`${other}/src/index.ts`) || !existsSync(`${other}/demo/scene-layers.ts`))
  throw new Error(`${other} holds no version of @locus/map-canvas (src/index.ts and demo/scene-layers.ts)`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (v: number) => v.toFixed(1).padStart(7);
const BANDS: [string, (zoom: number) => boolean][] = [
  ['zoom < 8.5', (z) => z < 8.5],
  ['8.5 to 10', (z) => z >= 8.5 && z < 10],
  ['zoom >= 10', (z) => z >= 10],
];

const files = new Map<string, Uint8Array | string>(
  await bundle({ pair: `${packageDir}bench/pair-page.ts` }, { minify: true, alias: { 'other-version': other } }),
);
files.set('/pair.html', pageHtml('paired bench', '/pair.js', ''));
files.set('/places.json', JSON.stringify(geoNamesPlaces([3.2, 50.7, 7.3, 53.6], 1000)));
const server = await serve(files);
const browser = await launchChromium();
const loads = [loadavg()[0]];
const NAMES = ['other', 'current'] as const;
/** CPU ms per version and frame of the path (one value per run). */
const cpu: Record<string, number[][]> = {};
let measured = true;
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport: BENCH_SIZE, deviceScaleFactor: 1 });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(`${server.url}/pair.html`);
    await page.waitForFunction(() => (globalThis as { __ready?: boolean }).__ready === true, undefined, { timeout: 120000 });
    const clock = await pageMainThread(page);
    if (!clock) {
      measured = false;
      await page.close();
      break;
    }
    const step = (s: number) => {
      const i = Math.floor(s / 2) - WARMUP_FRAMES;
      const name = NAMES[(s + (i & 1)) % 2];
      return page
        .evaluate(([n, f]) => (globalThis as unknown as { __draw: (n: string, i: number) => Promise<number> }).__draw(n, f), [name, i] as [string, number])
        .then(() => ({ name, i }));
    };
    const m = await cpuPerStep(clock, page, 2 * (WARMUP_FRAMES + FRAMES), step);
    m.results.forEach(({ name, i }, s) => {
      if (i >= 0) ((cpu[name] ??= [])[i] ??= []).push(m.cpu[s]);
    });
    await page.close();
    loads.push(loadavg()[0]);
  }
} finally {
  await browser.close();
  await server.close();
}
if (!measured) throw new Error("The CPU time of the page's main thread cannot be read here (Linux /proc needed)");

console.log(`\npaired bench: this version ("current") against ${other} ("other"), ${FRAMES} frames x ${RUNS} runs, frame by frame in turn`);
console.log(`load average (1 min) at the start and after each run: ${loads.map((l) => l.toFixed(1)).join(' ')}`);
console.log('\nfull frames: CPU ms per frame p50 / p95 / p99, then p50 by zoom band');
for (const name of NAMES) {
  const all = cpu[name].flat();
  const bands = BANDS.map(([label, test]) => `${label} ${percentile(cpu[name].filter((_, i) => test(benchView(i).zoom)).flat(), 50).toFixed(1)}`).join(', ');
  console.log(`  ${name.padEnd(8)}${fmt(percentile(all, 50))}${fmt(percentile(all, 95))}${fmt(percentile(all, 99))}    ${bands}`);
}
const difference = (test: (zoom: number) => boolean) =>
  percentile(
    cpu.other.flatMap((runs, i) => (test(benchView(i).zoom) ? runs.map((v, r) => v - cpu.current[i][r]) : [])),
    50,
  );
console.log(
  `  median of other - current per frame: ${difference(() => true).toFixed(2)} ms; ${BANDS.map(([label, test]) => `${label} ${difference(test).toFixed(2)}`).join(', ')}`,
);
