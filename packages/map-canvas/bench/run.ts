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
const results: Record<string, number[]> = {};
try {
  // Alternate the runs so none always runs on a warmer machine.
  const urls: Record<string, string> = { locus: '/locus.html', locusFull: '/locus.html?full=1', ol: '/ol.html' };
  for (const round of [0, 1]) {
    for (const name of round === 0 ? ['locus', 'ol', 'locusFull'] : ['locusFull', 'ol', 'locus']) {
      const page = await browser.newPage({ viewport: BENCH_SIZE, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => console.error(`${name} page error: ${e.message}`));
      await page.goto(`${server.url}${urls[name]}`);
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
console.log(`\nmap-canvas benchmark: ${BENCH_SCENE.stores} store icons, heat map of ${BENCH_SCENE.heatPoints} weighted points, ${BENCH_SCENE.catchments} catchment polygons, 3 range circles, 1 isoline`);
console.log(`${BENCH_SIZE.width}x${BENCH_SIZE.height} CSS px at pixel ratio 1, headless Chromium (software raster), ${FRAMES} frames x 2 runs of a scripted pan-and-zoom`);
console.log('frame time = synchronous render plus forced rasterisation (read-back of one pixel)');
console.log('while the view moves, @locus/map-canvas shows motion pictures (README, "When a frame is rendered");');
console.log('the "full frames" row draws every frame in full, as a settled frame is drawn\n');
console.log('renderer                  p50 ms   p95 ms   max ms');
for (const [name, label] of [['locus', '@locus/map-canvas'], ['locusFull', '  full frames'], ['ol', 'OpenLayers 10 (Canvas)']]) {
  const f = results[name];
  console.log(`${label.padEnd(24)}${fmt(percentile(f, 50))} ${fmt(percentile(f, 95))} ${fmt(Math.max(...f))}`);
}
const p95 = percentile(results.locus, 95), olP95 = percentile(results.ol, 95);
console.log(`\np95 aim < 16 ms: ${p95 < 16 ? 'met' : 'NOT met'}; versus OpenLayers p95: ${(olP95 / p95).toFixed(2)}x ${p95 <= olP95 ? 'faster' : 'slower'}`);
console.log('\nbundle (esbuild, minified)        minified     gzipped');
console.log(`@locus/map-canvas             ${kb(locusSize.min)} ${kb(locusSize.gzip)}`);
console.log(`OpenLayers, same features     ${kb(olSize.min)} ${kb(olSize.gzip)}`);
