// `npm run bench -- planner-app` (script bench:streets): the street basemap in the built app.
//   1. JavaScript the street basemap adds to the first load: from the esbuild metafile of the app
//      build (build.mjs writes dist/meta.json), the chunks of the first load (the entry and its static
//      imports) and in them the street basemap's modules (map-canvas src/layers/vector-tile and
//      src/tiles, pmtiles, @mapbox/vector-tile, pbf, the worker's source); the gzipped bytes they add:
//      gzip of each first-load chunk with them less gzip of the chunk with their code cut out (where
//      it lies in the chunk is read from the chunk's source map). Beside it the first load in all, and
//      the lazy chunks that hold street code (the decoders live in the worker's script, in a lazy chunk).
//   2. The first street frame after sign-in: the real server (the e2e harness) with
//      BASEMAP_PMTILES set to the dense city of map-canvas's bench (bench/dense-city.ts, OpenMapTiles
//      schema) written to a temporary file and served by the server itself; the planner signs in through
//      the built-in sign-in page (a fresh browser context each run: nothing cached) to the main screen
//      placed on the city at zoom 14 (the address's z and c), and the figure is the app's
//      'locus:first-street-frame' mark, from the navigation that returns from the sign-in to the app.
// Run: npm run bench -- planner-app (builds first; BENCH_NO_BUILD=1 uses the build as it is;
// BENCH_RUNS=n runs, 3 by default)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildForBench, launchBrowser, newContext, ROOT, signIn, startServer } from '../../../tests/e2e/harness/index.js';
import { CITY_CENTER, cityArchive } from '../../map-canvas/bench/dense-city.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FIRST_LOAD_AIM = 40_000;
const FIRST_FRAME_AIM_MS = 1500;
const STREET_ZOOM = 14;
const DIST = join(ROOT, 'packages/planner-app/dist');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const load = () => loadavg()[0].toFixed(1);

/** Inputs of the street basemap (paths as the metafile names them). */
const STREET_INPUT = [
  /map-canvas\/src\/layers\/vector-tile\//,
  /map-canvas\/src\/tiles\//,
  /node_modules\/(pmtiles|pbf|fflate|@mapbox\/(vector-tile|point-geometry))\//,
  /vector-tile-worker/,
];
const isStreet = (path: string) => STREET_INPUT.some((re) => re.test(path));

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, { bytesInOutput: number }> }>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Source map segments as [generated line, generated column, source index] (the columns where each source's code starts). */
function segments(mappings: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let source = 0;
  mappings.split(';').forEach((line, row) => {
    let col = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0,
        shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      col += values[0];
      if (values.length >= 4) {
        source += values[1];
        out.push([row, col, source]);
      } else out.push([row, col, -1]);
    }
  });
  return out;
}

/** A chunk's code with the street sources' code cut out, by its source map. */
function withoutStreetCode(file: string): { kept: string; cut: string } {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const offsets: number[] = [];
  let at = 0;
  for (const line of lines) {
    offsets.push(at);
    at += line.length + 1;
  }
  const segs = segments(map.mappings);
  let kept = '',
    cut = '';
  let from = 0;
  for (let k = 0; k < segs.length; k++) {
    const [row, col, source] = segs[k];
    const start = offsets[row] + col;
    const end = k + 1 < segs.length ? offsets[segs[k + 1][0]] + segs[k + 1][1] : code.length;
    if (start > from) kept += code.slice(from, start);
    if (source >= 0 && isStreet(map.sources[source])) cut += code.slice(start, end);
    else kept += code.slice(start, end);
    from = end;
  }
  kept += code.slice(from);
  return { kept, cut };
}

function firstLoadFigures() {
  const meta = JSON.parse(readFileSync(join(DIST, 'meta.json'), 'utf8')) as Metafile;
  const entry = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint?.endsWith('src/main.tsx'));
  if (!entry) throw new Error('the metafile names no output for src/main.tsx');
  const first = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const out = queue.pop()!;
    if (first.has(out)) continue;
    first.add(out);
    for (const i of meta.outputs[out].imports) if (i.kind === 'import-statement' && meta.outputs[i.path]) queue.push(i.path);
  }
  // Output paths are relative to where the build ran; every chunk lies in dist/assets.
  const file = (out: string) => join(DIST, 'assets', basename(out));
  let gzipAll = 0,
    gzipAdded = 0,
    minified = 0,
    cutGzip = 0;
  const modules = new Map<string, number>();
  for (const out of first) {
    const code = readFileSync(file(out));
    const whole = gzipSync(code, { level: 9 }).length;
    gzipAll += whole;
    const streetInputs = Object.entries(meta.outputs[out].inputs).filter(([path]) => isStreet(path));
    if (!streetInputs.length) continue;
    for (const [path, { bytesInOutput }] of streetInputs) {
      minified += bytesInOutput;
      modules.set(path, (modules.get(path) ?? 0) + bytesInOutput);
    }
    const { kept, cut } = withoutStreetCode(file(out));
    gzipAdded += whole - gzipSync(kept, { level: 9 }).length;
    cutGzip += gzipSync(cut, { level: 9 }).length;
  }
  const lazy = Object.keys(meta.outputs)
    .filter((o) => o.endsWith('.js') && !first.has(o))
    .map((o) => ({
      out: o,
      street: Object.entries(meta.outputs[o].inputs)
        .filter(([path]) => isStreet(path))
        .reduce((n, [, i]) => n + i.bytesInOutput, 0),
      gzip: gzipSync(readFileSync(file(o)), { level: 9 }).length,
    }))
    .filter((c) => c.street > 0);
  return { chunks: first.size, gzipAll, gzipAdded, minified, cutGzip, modules, lazy };
}

buildForBench();
const size = firstLoadFigures();

console.log('\nwriting the dense city ...');
const city = cityArchive();
const dir = mkdtempSync(join(tmpdir(), 'locus-street-bench-'));
const archiveFile = join(dir, 'city.pmtiles');
writeFileSync(archiveFile, city.archive);
const loadBefore = load();
const server = await startServer({ env: { BASEMAP: 'streets', BASEMAP_PMTILES: archiveFile, BASEMAP_SCHEMA: 'openmaptiles' } });
const browser = await launchBrowser();
const frames: { ms: number; zoom: number; load: string }[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      const l = load();
      await signIn(page, server.baseUrl, 'planner', `/?z=${STREET_ZOOM}&c=${CITY_CENTER[0]},${CITY_CENTER[1]}`);
      const handle = await page.waitForFunction(
        () => {
          const mark = performance.getEntriesByName('locus:first-street-frame')[0];
          const map = (window as unknown as { locusMap?: { getView(): { zoom: number } } }).locusMap;
          return mark && map ? { ms: mark.startTime, zoom: map.getView().zoom } : null;
        },
        null,
        { timeout: 60_000, polling: 50 },
      );
      const r = (await handle.jsonValue()) as { ms: number; zoom: number };
      frames.push({ ...r, load: l });
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log('\nstreet basemap in the built app');
console.log(`load average (1 min) on this machine: ${loadBefore} at the start, ${load()} at the end`);
console.log("\n1. JavaScript the street basemap adds to the first load (the entry and its static imports, from the build's metafile):");
console.log(`   first load in all: ${size.chunks} chunks, ${kb(size.gzipAll)} gzipped`);
console.log(
  `   street basemap modules in it: ${kb(size.minified)} minified; they add ${kb(size.gzipAdded)} gzipped (the chunks' gzip with them less without them; ${kb(size.cutGzip)} gzipped on their own)`,
);
for (const [path, bytes] of [...size.modules].sort((a, b) => b[1] - a[1]))
  console.log(`     ${path.replace(/^(\.\.\/)+/, '').padEnd(70)} ${kb(bytes)} minified`);
for (const c of size.lazy)
  console.log(
    `   lazy chunk ${c.out.split('/').pop()}: ${kb(c.gzip)} gzipped, of it street code ${kb(c.street)} minified (loaded when a street basemap is configured)`,
  );
console.log(`   aim: under ${kb(FIRST_LOAD_AIM)} gzipped: ${size.gzipAdded < FIRST_LOAD_AIM ? 'met' : 'NOT met'}`);

console.log('\n2. First street frame after sign-in (BASEMAP_PMTILES: the dense city, served by the server itself; from the');
console.log("   navigation that returns from the sign-in to the app, to the app's 'locus:first-street-frame' mark):");
for (const f of frames) console.log(`   ${f.ms.toFixed(0).padStart(6)} ms   (map at zoom ${f.zoom.toFixed(1)}; load average ${f.load})`);
const sorted = frames.map((f) => f.ms).sort((a, b) => a - b);
const median = sorted[sorted.length >> 1];
console.log(
  `   best ${sorted[0].toFixed(0)} ms, median ${median.toFixed(0)} ms; aim under ${FIRST_FRAME_AIM_MS} ms: ${median < FIRST_FRAME_AIM_MS ? 'met' : 'NOT met'} (median)`,
);
