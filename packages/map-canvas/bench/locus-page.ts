// Benchmark page: this package's renderer drawing the benchmark scene along the scripted path.
import { createMap, type BasemapPlace } from '../src/index.js';
import { generateScene } from '../demo/scene.js';
import { sceneLayers } from '../demo/scene-layers.js';
import { BENCH_SCENE, BENCH_SIZE, benchView, FRAMES, WARMUP_FRAMES } from './path.js';

const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
const scene = generateScene(BENCH_SCENE, places);
const l = sceneLayers(scene);
const container = document.getElementById('map')!;
container.style.width = `${BENCH_SIZE.width}px`;
container.style.height = `${BENCH_SIZE.height}px`;
// ?only=icons (etc.) draws one layer, for the per-layer breakdown; ?full=1 draws every frame in full
// (no motion pictures), as a settled frame is drawn.
const params = new URLSearchParams(location.search);
const only = params.get('only');
const all = { polygons: l.polygons, heatmap: l.heatmap, isolines: l.isolines, rangeCircles: l.rangeCircles, icons: l.icons };
const layers = only ? [all[only as keyof typeof all]] : Object.values(all);
const map = createMap(container, { size: BENCH_SIZE, pixelRatio: 1, interactive: false, view: benchView(0), layers, motionPictures: params.get('full') !== '1' });
const ctx = map.canvas.getContext('2d')!;

async function run(): Promise<number[]> {
  const frames: number[] = [];
  for (let i = -WARMUP_FRAMES; i < FRAMES; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    void map.setView(benchView(Math.max(0, i)));
    const t0 = performance.now();
    map.renderSync();
    ctx.getImageData(0, 0, 1, 1); // forces the drawing to be rasterised inside the measurement
    const t1 = performance.now();
    if (i >= 0) frames.push(t1 - t0);
  }
  return frames;
}
Object.assign(globalThis, { __runBench: run, __ready: true });
