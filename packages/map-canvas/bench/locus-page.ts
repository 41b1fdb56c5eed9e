// Benchmark page: this package's renderer drawing the benchmark scene along the scripted path.
import { createMap, createFrameState, type BasemapPlace, type Layer, type LayerRenderer } from '../src/index.js';
import { renderLayer } from '../src/map/render-frame.js';
import { generateScene } from '../demo/scene.js';
import { sceneLayers } from '../demo/scene-layers.js';
import { BENCH_SCENE, BENCH_SIZE, benchView, inNextAnimationFrame, runInAnimationFrames } from './path.js';

const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
const scene = generateScene(BENCH_SCENE, places);
const l = sceneLayers(scene);
const container = document.getElementById('map')!;
container.style.width = `${BENCH_SIZE.width}px`;
container.style.height = `${BENCH_SIZE.height}px`;
// ?only=icons (etc.) draws one layer; ?full=1 draws every frame in full (no motion pictures), as a
// settled frame is drawn.
const params = new URLSearchParams(location.search);
const only = params.get('only');
const all = { polygons: l.polygons, heatmap: l.heatmap, isolines: l.isolines, rangeCircles: l.rangeCircles, icons: l.icons };
const layers: Layer[] = only ? [all[only as keyof typeof all]] : Object.values(all);
const map = createMap(container, {
  size: BENCH_SIZE,
  pixelRatio: 1,
  interactive: false,
  view: benchView(0),
  layers,
  motionPictures: params.get('full') !== '1',
});
const ctx = map.canvas.getContext('2d')!;

/** Draws frame i of the path now: the synchronous render plus its rasterisation (the read-back of
 * one pixel forces it), in ms of wall time. */
function drawFrame(i: number): number {
  void map.setView(benchView(i));
  const t0 = performance.now();
  map.renderSync();
  ctx.getImageData(0, 0, 1, 1);
  return performance.now() - t0;
}

/** Full frames layer by layer with renderers of their own (the map's full frame is these draws in z
 * order on one canvas): draws layer k of frame i, including its rasterisation, in ms of wall time. */
let breakdownRenderers: Map<Layer, LayerRenderer> | null = null;
function drawLayer(i: number, k: number): number {
  breakdownRenderers ??= new Map(layers.map((layer) => [layer, layer.createRenderer()]));
  const frame = createFrameState(benchView(i), BENCH_SIZE, 1);
  if (k === 0) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  }
  const layer = map.getLayers()[k];
  const t0 = performance.now();
  renderLayer(ctx, frame, layer, breakdownRenderers.get(layer)!);
  ctx.getImageData(0, 0, 1, 1);
  return performance.now() - t0;
}
const layerIds = () => map.getLayers().map((layer) => layer.id);

/** The browser's own work for an animation frame that shows a changed canvas (the frame's pipeline and
 * the canvas handed to the compositor), with one pixel of the map's canvas changed and read back: what
 * every CPU figure of a frame includes beyond the drawing. */
let shade = 0;
function browserFrame(): number {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  shade ^= 1;
  ctx.fillStyle = shade ? '#000000' : '#ffffff';
  ctx.fillRect(0, 0, 1, 1);
  ctx.getImageData(0, 0, 1, 1);
  return 0;
}

Object.assign(globalThis, {
  __runBench: () => runInAnimationFrames(drawFrame),
  __frame: inNextAnimationFrame(drawFrame),
  __drawFrame: drawFrame,
  __drawLayer: drawLayer,
  __layerIds: layerIds,
  __browserFrame: inNextAnimationFrame(browserFrame),
  __ready: true,
});
