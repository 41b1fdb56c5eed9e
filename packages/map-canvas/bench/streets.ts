// `npm run bench -- map-canvas` (script bench:streets): the street basemap's figures in headless
// Chromium, every other layer of the bench scene on (store icons, catchment polygons, heat map,
// isoline, range circles, labels), 1024 x 768 CSS px at pixel ratio 1:
//  1. vector basemap frames: a dense made-up city in the OpenMapTiles schema (dense-city.ts), written
//     here as a PMTiles archive and served from 127.0.0.1; a scripted pan-and-zoom between zooms 12 and
//     16 (street-path.ts). Every tile of the path is loaded (fetched, decoded and drawn by the worker)
//     before the measured frames, so the figures are the main thread's drawing. Full frames and motion
//     pictures, draw time (wall) and CPU time of the page's main thread, as the main bench measures
//     them (run.ts), beside the same map without street tiles (the baseline); and the worker's time per
//     tile (decode and drawing alone, and from the job's start).
//  2. raster tiles, arrival to shown: raster PNG tiles served 40 to 120 ms late, the same path driven
//     in real time by the map's own frame loop; per tile, from its picture decoded in the page to the
//     end of the first frame that drew it.
// Options: --runs N (default 3); --cpu-profile DIR writes, after the measured runs, a DevTools CPU
// profile of the main thread over the frames of each vector configuration (DIR/<config>.cpuprofile).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import { bundle, packageDir, pageHtml, serve } from '../demo/dev-server.js';
import { geoNamesPlaces } from '../demo/places.js';
import { BENCH_SIZE } from './path.js';
import { FRAMES, WARMUP_FRAMES } from './street-path.js';
import { cpuPerStep, pageMainThread } from './cpu.js';
import { CITY_MAX_ZOOM, CITY_MIN_ZOOM, cityArchive } from './dense-city.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a whole number of at least 1');
const profileAt = args.indexOf('--cpu-profile');
const PROFILE_DIR = profileAt >= 0 ? args[profileAt + 1] : null;
const FULL_AIM_MS = 16;
const MOTION_AIM_MS = 10;
const RASTER_AIM_MS = 100;
/** How late the raster tiles are answered: 40 ms plus up to 80 ms more. */
const RASTER_DELAY = (key: string) => 40 + (hashOf(key) % 81);

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A 256 px raster tile with texture (so it weighs and decodes as a street tile does, some 60 kB). */
function rasterPng(z: number, x: number, y: number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  const seed = hashOf(`${z}/${x}/${y}`);
  for (let j = 0; j < 256; j++)
    for (let i = 0; i < 256; i++) {
      const k = (j * 256 + i) * 4;
      const n = hashOf(`${seed}:${i >> 2}:${j >> 2}`) & 63;
      const road = (i + (seed & 31)) % 64 < 4 || (j + ((seed >> 5) & 31)) % 48 < 3;
      png.data[k] = road ? 255 : 200 + (n >> 1);
      png.data[k + 1] = road ? 250 : 205 + (n >> 2);
      png.data[k + 2] = road ? 235 : 190 + (n >> 1);
      png.data[k + 3] = 255;
    }
  return PNG.sync.write(png);
}

console.log('writing the dense city ...');
const city = cityArchive();
const rasterCache = new Map<string, Buffer>();
const files = new Map<string, Uint8Array | string>(await bundle({ streets: `${packageDir}bench/streets-page.ts` }, { minify: true }));
files.set('/index.html', pageHtml('street basemap bench', '/streets.js'));
files.set('/places.json', JSON.stringify(geoNamesPlaces([3.2, 50.7, 7.3, 53.6], 1000)));
const server = await serve(files, {
  routes: async (url, req, res) => {
    if (url.pathname === '/city.pmtiles') {
      const archive = city.archive;
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (!range) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' }).end(archive);
        return true;
      }
      const start = Number(range[1]),
        end = Math.min(archive.length - 1, Number(range[2]));
      res.writeHead(206, { 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${end}/${archive.length}` });
      res.end(archive.subarray(start, end + 1));
      return true;
    }
    const m = /^\/raster\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (m) {
      const key = `${m[1]}/${m[2]}/${m[3]}`;
      let png = rasterCache.get(key);
      if (!png) rasterCache.set(key, (png = rasterPng(Number(m[1]), Number(m[2]), Number(m[3]))));
      await new Promise((r) => setTimeout(r, RASTER_DELAY(key)));
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png);
      return true;
    }
    return false;
  },
});

type PageGlobals = {
  __runBench: () => Promise<{ draw: number[]; interval: number[] }>;
  __frame: (i: number) => Promise<number>;
  __runRaster: () => Promise<{ delays: number[]; arrived: number; offView: number; neverShown: number; superseded: number }>;
  __finished: () => number;
  __worker: () => { ms: number[]; drawMs: number[] };
  __preloadMs: number;
};

interface Config {
  url: string;
  label: string;
}
const CONFIGS: Record<string, Config> = {
  vectorFull: { url: '/index.html?streets=vector&full=1', label: 'vector streets, full frames' },
  baseFull: { url: '/index.html?streets=none&full=1', label: 'no streets (baseline), full frames' },
  vectorMotion: { url: '/index.html?streets=vector', label: 'vector streets, motion pictures' },
  baseMotion: { url: '/index.html?streets=none', label: 'no streets (baseline), motion' },
};
interface Samples {
  draw: number[];
  interval: number[];
  cpu: number[];
  runs: { draw95: number; cpu95: number; load: number }[];
}
const results: Record<string, Samples> = {};
const worker = { ms: [] as number[], drawMs: [] as number[], preloadS: [] as number[], tiles: [] as number[] };
let decodedWhileMeasured = 0;
const raster = { delays: [] as number[], arrived: 0, offView: 0, neverShown: 0, superseded: 0, runs: [] as { p95: number; load: number }[] };
let cpuAvailable = true;
const loadBefore = loadavg();
const browser = await launchChromium();

async function open(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: BENCH_SIZE, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.error(`${url} page error: ${e.message}`));
  await page.goto(`${server.url}${url}`);
  await page.waitForFunction(() => (globalThis as { __ready?: boolean }).__ready === true, undefined, { timeout: 600_000, polling: 500 });
  return page;
}

/** A CPU profile of each vector configuration's frames, driven one at a time as in the CPU pass. */
async function profile(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const name of ['vectorFull', 'vectorMotion']) {
    const page = await open(CONFIGS[name].url);
    try {
      const session = await page.context().newCDPSession(page);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      for (let i = -WARMUP_FRAMES; i < 0; i++) await page.evaluate((k) => (globalThis as unknown as PageGlobals).__frame(k), i);
      await session.send('Profiler.start');
      for (let i = 0; i < FRAMES; i++) await page.evaluate((k) => (globalThis as unknown as PageGlobals).__frame(k), i);
      const { profile: p } = await session.send('Profiler.stop');
      writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(p));
      await session.detach();
    } finally {
      await page.close();
    }
  }
}

try {
  const names = Object.keys(CONFIGS);
  for (let round = 0; round < RUNS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const page = await open(CONFIGS[name].url);
      try {
        const finishedBefore = await page.evaluate(() => (globalThis as unknown as PageGlobals).__finished());
        if (name === 'vectorFull') {
          const w = await page.evaluate(() => (globalThis as unknown as PageGlobals).__worker());
          worker.ms.push(...w.ms);
          worker.drawMs.push(...w.drawMs);
          worker.tiles.push(w.ms.length);
          worker.preloadS.push((await page.evaluate(() => (globalThis as unknown as PageGlobals).__preloadMs)) / 1000);
        }
        // The rAF pass, then the CPU pass (frames one at a time) in the same page, tiles loaded for both.
        const load = loadavg()[0];
        const { draw, interval } = await page.evaluate(() => (globalThis as unknown as PageGlobals).__runBench());
        const clock = await pageMainThread(page);
        if (!clock) cpuAvailable = false;
        const measured = clock
          ? await cpuPerStep(clock, page, WARMUP_FRAMES + FRAMES, (s) =>
              page.evaluate((i) => (globalThis as unknown as PageGlobals).__frame(i), s - WARMUP_FRAMES),
            )
          : null;
        const cpu = measured?.cpu.slice(WARMUP_FRAMES) ?? [];
        decodedWhileMeasured += (await page.evaluate(() => (globalThis as unknown as PageGlobals).__finished())) - finishedBefore;
        const r = (results[name] ??= { draw: [], interval: [], cpu: [], runs: [] });
        r.draw.push(...draw);
        r.interval.push(...interval);
        r.cpu.push(...cpu);
        r.runs.push({ draw95: percentile(draw, 95), cpu95: percentile(cpu, 95), load });
      } finally {
        await page.close();
      }
    }
    if (PROFILE_DIR !== null && round === RUNS - 1) await profile(PROFILE_DIR);
    const page = await open('/index.html?streets=raster');
    try {
      const load = loadavg()[0];
      const r = await page.evaluate(() => (globalThis as unknown as PageGlobals).__runRaster());
      raster.delays.push(...r.delays);
      raster.arrived += r.arrived;
      raster.offView += r.offView;
      raster.neverShown += r.neverShown;
      raster.superseded += r.superseded;
      raster.runs.push({ p95: percentile(r.delays, 95), load });
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const fmt = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1)).padStart(7);
const triple = (values: number[]) => `${fmt(percentile(values, 50))}${fmt(percentile(values, 95))}${fmt(percentile(values, 99))}`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const row = (name: string) => {
  const r = results[name];
  const perRun = r.runs.map((x) => `${x.cpu95.toFixed(1)}/${x.draw95.toFixed(1)} (load ${x.load.toFixed(1)})`).join('  ');
  console.log(`  ${CONFIGS[name].label.padEnd(38)}${triple(r.cpu)}${triple(r.draw)}${triple(r.interval)}   ${perRun}`);
};

console.log('\nstreet basemap benchmark (map-canvas): the bench scene (store icons, heat map, catchment polygons, isoline,');
console.log(`range circles, labels) over the built-in basemap and street tiles, ${BENCH_SIZE.width}x${BENCH_SIZE.height} CSS px at pixel ratio 1,`);
console.log(`headless Chromium (software raster), ${FRAMES} frames of a scripted pan-and-zoom between zooms 12 and 16 x ${RUNS} runs`);
console.log(
  `load average (1 / 5 / 15 min) on this machine: ${loadBefore.map((v) => v.toFixed(1)).join(' / ')} before, ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')} after; wall times include the wait for a core`,
);
console.log(
  `\nthe dense city (OpenMapTiles schema, PMTiles without compression, levels ${CITY_MIN_ZOOM}–${CITY_MAX_ZOOM}, written in ${(city.ms / 1000).toFixed(1)} s):`,
);
console.log(
  `  ${(city.archive.length / 1e6).toFixed(1)} MB; tiles per level (mean / largest): ${city.levels
    .filter((l) => l.z >= 12)
    .map((l) => `z${l.z} ${l.tiles} (${kib(l.bytes / l.tiles)} / ${kib(l.maxBytes)})`)
    .join(', ')}`,
);
console.log(
  `  its densest z14 tile: ${Object.entries(city.densest)
    .map(([layer, n]) => `${n} ${layer}`)
    .join(', ')} features`,
);

console.log('\n1. Vector basemap frames, every tile of the path loaded (decoded and drawn by the worker) before the');
console.log("   measured frames: the figures are the main thread's drawing, not the tiles' decoding");
console.log(`${''.padEnd(40)}   CPU ms per frame      draw ms (wall)   rAF interval ms   p95 per run: CPU / draw`);
console.log(`${''.padEnd(40)}    p50    p95    p99    p50    p95    p99    p50    p95    p99`);
for (const name of Object.keys(CONFIGS)) row(name);
console.log("   CPU ms: the page's main thread per frame (JavaScript, drawing, rasterisation), frames driven one at a time;");
console.log('   draw ms: performance.now() around the synchronous render plus its rasterisation, in a requestAnimationFrame loop.');
console.log(`   tiles decoded while the frames were measured (should be 0): ${decodedWhileMeasured}`);
console.log(
  `   the worker per tile, ${worker.drawMs.length} tiles (${worker.tiles.join(', ')} per run): decode and drawing p50 / p95 / max ${[50, 95]
    .map((p) => percentile(worker.drawMs, p).toFixed(0))
    .join(' / ')} / ${Math.max(...worker.drawMs).toFixed(0)} ms;`,
);
console.log(
  `     from the job's start (its read from the archive and its wait behind other jobs) p50 / p95 ${[50, 95].map((p) => percentile(worker.ms, p).toFixed(0)).join(' / ')} ms; loading the path took ${worker.preloadS.map((s) => s.toFixed(1)).join(', ')} s`,
);

console.log(`\n2. Raster tiles, arrival to shown (tiles served 40–120 ms late; the path in real time, motion pictures on, as in the app):`);
console.log(
  `   from a tile's picture decoded in the page to the end of the first frame that shows it, ${raster.delays.length} tiles in view when they arrived: p50 / p95 / p99 / max ${[
    50, 95, 99,
  ]
    .map((p) => percentile(raster.delays, p).toFixed(1))
    .join(' / ')} / ${Math.max(...raster.delays).toFixed(1)} ms`,
);
console.log(
  `   per run p95: ${raster.runs.map((r) => `${r.p95.toFixed(1)} ms (load ${r.load.toFixed(1)})`).join(', ')}; tiles arrived ${raster.arrived}, of them off the view when they arrived ${raster.offView}, in view but never shown ${raster.neverShown}, superseded before shown (of a level the map left, not drawn even as a stand-in) ${raster.superseded}`,
);
if (!cpuAvailable) console.log('(per-thread CPU time could not be read here: CPU columns left empty)');

const aim = (label: string, name: string, aimMs: number) => {
  const cpu = percentile(results[name].cpu, 95),
    wall = percentile(results[name].draw, 95);
  console.log(`  ${label} p95 < ${aimMs} ms: draw (wall) ${fmt(wall)} ${wall < aimMs ? 'met' : 'NOT met'}; CPU ${fmt(cpu)} ${cpu < aimMs ? 'met' : 'NOT met'}`);
};
console.log('\naims');
aim('vector streets, full frames   ', 'vectorFull', FULL_AIM_MS);
aim('vector streets, motion frames ', 'vectorMotion', MOTION_AIM_MS);
const r95 = percentile(raster.delays, 95);
console.log(`  raster tiles, arrival to shown p95 < ${RASTER_AIM_MS} ms: ${fmt(r95)} ${r95 < RASTER_AIM_MS ? 'met' : 'NOT met'}`);
