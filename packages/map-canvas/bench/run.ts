// `npm run bench`: frame times of this renderer and of OpenLayers' Canvas renderer over the same scene
// and the same scripted pan-and-zoom in headless Chromium, plus minified and gzipped bundle sizes.
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/support/chromium.js';
import { bundle, packageDir, pageHtml, serve } from '../demo/dev-server.js';
import { BENELUX_BBOX, geoNamesPlaces } from '../demo/places.js';
import { BENCH_SCENE, BENCH_SIZE, FRAMES } from './path.js';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function bundleSize(entry: string): Promise<{ min: number; gzip: number }> {
  const files = await bundle({ entry }, { minify: true, splitting: false });
  const code = [...files.values()].reduce((acc, f) => Buffer.concat([acc, Buffer.from(f)]), Buffer.alloc(0));
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const files = new Map<string, Uint8Array | string>(await bundle({ locus: `${packageDir}bench/locus-page.ts`, ol: `${packageDir}bench/ol-page.ts` }, { minify: true }));
files.set('/locus.html', pageHtml('locus bench', '/locus.js'));
files.set('/ol.html', pageHtml('ol bench', '/ol.js'));
files.set('/places.json', JSON.stringify(geoNamesPlaces([3.2, 50.7, 7.3, 53.6], 1000)));
const server = await serve(files);
const browser = await launchChromium();

interface Config {
  url: string;
  label: string;
}
const CONFIGS: Record<string, Config> = {
  locusFull: { url: '/locus.html?full=1', label: '@locus/map-canvas, full frames' },
  olFull: { url: '/ol.html?mode=full', label: 'OpenLayers 10 Canvas, full frames' },
  locusMotion: { url: '/locus.html', label: '@locus/map-canvas, motion pictures' },
  olAnimating: { url: '/ol.html?mode=animating', label: 'OpenLayers, updateWhileAnimating false' },
  olImage: { url: '/ol.html?mode=image', label: 'OpenLayers, VectorImage while animating' },
};
const results: Record<string, number[]> = {};
try {
  // Alternate the order of the runs so none always runs on a warmer (or busier) machine.
  const names = Object.keys(CONFIGS);
  for (const round of [0, 1]) {
    for (const name of round === 0 ? names : [...names].reverse()) {
      const page = await browser.newPage({ viewport: BENCH_SIZE, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => console.error(`${name} page error: ${e.message}`));
      await page.goto(`${server.url}${CONFIGS[name].url}`);
      await page.waitForFunction(() => (globalThis as { __ready?: boolean }).__ready === true, undefined, { timeout: 120000 });
      const frames = await page.evaluate(() => (globalThis as unknown as { __runBench: () => Promise<number[]> }).__runBench());
      (results[name] ??= []).push(...frames);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const locusSize = await bundleSize(`${packageDir}bench/size/locus-entry.ts`);
const olSize = await bundleSize(`${packageDir}bench/size/ol-entry.ts`);
const fmt = (v: number) => v.toFixed(2).padStart(8);
const kb = (v: number) => `${(v / 1024).toFixed(1)} KiB`.padStart(11);
const p = (name: string, q: number) => percentile(results[name], q);
const row = (name: string) => console.log(`  ${CONFIGS[name].label.padEnd(42)}${fmt(p(name, 50))} ${fmt(p(name, 95))} ${fmt(Math.max(...results[name]))}`);
const ratio = (ours: string, theirs: string, what: string) => {
  const r = p(theirs, 95) / p(ours, 95);
  console.log(`  ratio ${CONFIGS[theirs].label} p95 / ${CONFIGS[ours].label} p95 = ${r.toFixed(2)}`);
  console.log(`    (${what}; above 1 means ours takes less time per frame)`);
};
console.log(`\nmap-canvas benchmark: ${BENCH_SCENE.stores} store icons, heat map of ${BENCH_SCENE.heatPoints} weighted points, ${BENCH_SCENE.catchments} catchment polygons, 3 range circles, 1 isoline`);
console.log(`${BENCH_SIZE.width}x${BENCH_SIZE.height} CSS px at pixel ratio 1, headless Chromium (software raster), ${FRAMES} frames x 2 runs of a scripted pan-and-zoom`);
console.log('frame time = synchronous render plus forced rasterisation (read-back of one pixel), in ms\n');
console.log(`${'1. Like for like: full frames (every frame drawn in full for its view)'.padEnd(44)}  p50 ms   p95 ms   max ms`);
row('locusFull');
row('olFull');
ratio('locusFull', 'olFull', 'full frame against full frame: the whole scene drawn exactly for each view by both');
console.log('\n2. Like for like: frames while the view moves, each library with its own shortcut for motion');
console.log('   ours: the last picture (rendered with an 18 % margin) moved to the view, the next one rendered part by part;');
console.log('   OpenLayers: its ANIMATING view hint, as during view.animate(); Vector layers (updateWhileAnimating false)');
console.log('   replay the instructions built before the motion, VectorImage layers only move the image drawn before it');
console.log(`${''.padEnd(44)}  p50 ms   p95 ms   max ms`);
row('locusMotion');
row('olAnimating');
row('olImage');
ratio('locusMotion', 'olAnimating', 'motion frames against OpenLayers replaying its cached instructions during motion');
ratio('locusMotion', 'olImage', 'motion frames against OpenLayers moving one old image (which never draws what the motion reveals)');
const fullP95 = p('locusFull', 95), motionP95 = p('locusMotion', 95);
console.log(`\naims: full-frame p95 < 16 ms: ${fullP95 < 16 ? 'met' : 'NOT met'} (${fullP95.toFixed(2)}); motion-picture p95 < 16 ms: ${motionP95 < 16 ? 'met' : 'NOT met'} (${motionP95.toFixed(2)})`);
console.log('\nbundle (esbuild, minified)        minified     gzipped');
console.log(`@locus/map-canvas             ${kb(locusSize.min)} ${kb(locusSize.gzip)}`);
console.log(`OpenLayers, same features     ${kb(olSize.min)} ${kb(olSize.gzip)}`);
