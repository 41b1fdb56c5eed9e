// Street basemap bench page: the bench scene's layers (store icons, catchment polygons, heat map,
// isoline, range circles, labels) over the built-in basemap and a street layer, along the street path
// (street-path.ts). ?streets=vector: the dense city's PMTiles archive (/city.pmtiles), every tile of
// the path loaded (decoded and drawn by the worker) before __ready; ?streets=raster: raster tiles from
// /raster/ (served late on purpose), not loaded beforehand; ?streets=none: the same map without street
// tiles (the baseline). ?full=1 draws every frame in full (no motion pictures).
import { BasemapLayer, createMap, loadNaturalEarth, TileLayer, VectorTileLayer, workerFromSource, type BasemapPlace, type Layer } from '../src/index.js';
import { extentIntersects } from '../src/view/frame-state.js';
import { rasterTilesWanted } from '../src/layers/tile/tile-renderer.js';
import { generateScene } from '../demo/scene.js';
import { sceneLayers } from '../demo/scene-layers.js';
import { BENCH_SCENE, BENCH_SIZE, inNextAnimationFrame, runInAnimationFrames } from './path.js';
import { FRAMES, WARMUP_FRAMES, streetView } from './street-path.js';

const params = new URLSearchParams(location.search);
const kind = params.get('streets') ?? 'vector';
const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
const scene = generateScene(BENCH_SCENE, places);
const l = sceneLayers(scene);
const basemap = new BasemapLayer({ id: 'basemap', zIndex: 0 });
basemap.setData(await loadNaturalEarth('10m', places));
const { default: workerSource } = await import('locus:vector-tile-worker');

const vector =
  kind === 'vector'
    ? new VectorTileLayer({
        id: 'streets',
        zIndex: 1,
        url: `${location.origin}/city.pmtiles`,
        archive: true,
        schema: 'openmaptiles',
        createWorker: workerFromSource(workerSource),
      })
    : null;
const raster = kind === 'raster' ? new TileLayer({ id: 'streets', zIndex: 1, url: '/raster/{z}/{x}/{y}.png', maxZoom: 19 }) : null;
const layers: Layer[] = [basemap, ...(vector ? [vector] : []), ...(raster ? [raster] : [])];
layers.push(l.polygons, l.heatmap, l.isolines, l.rangeCircles, l.icons, l.labels);

const container = document.getElementById('map')!;
container.style.width = `${BENCH_SIZE.width}px`;
container.style.height = `${BENCH_SIZE.height}px`;
const map = createMap(container, {
  size: BENCH_SIZE,
  pixelRatio: 1,
  interactive: false,
  view: streetView(-WARMUP_FRAMES),
  layers,
  motionPictures: params.get('full') !== '1',
});
const ctx = map.canvas.getContext('2d')!;

/** The worker's time per finished tile: from the job's start, and its decode and drawing alone. */
const worker: { ms: number[]; drawMs: number[] } = { ms: [], drawMs: [] };
let finishedSeen = 0;
const finished = () => (vector ? vector.health.loaded + vector.health.empty : 0);
vector?.onChange(() => {
  if (finished() === finishedSeen) return;
  finishedSeen = finished();
  worker.ms.push(vector.workerMs[vector.workerMs.length - 1]);
  worker.drawMs.push(vector.workerDrawMs[vector.workerDrawMs.length - 1]);
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every view of the path drawn once with its tiles loaded, twice over (the second pass draws back to
 * back, as the measured frames do, so motion pictures' margins are loaded too). */
async function preload(): Promise<number> {
  const t0 = performance.now();
  for (let pass = 0; pass < 2; pass++) {
    for (let i = -WARMUP_FRAMES; i < FRAMES; i++) {
      void map.setView(streetView(i));
      map.renderSync();
      while (vector!.pendingCount() > 0) {
        await pause(20);
        map.renderSync();
      }
    }
  }
  return performance.now() - t0;
}
const preloadMs = vector ? await preload() : 0;

/** Draws frame i of the path now: the synchronous render plus its rasterisation, in ms of wall time. */
function drawFrame(i: number): number {
  void map.setView(streetView(i));
  const t0 = performance.now();
  map.renderSync();
  ctx.getImageData(0, 0, 1, 1);
  return performance.now() - t0;
}

/** Raster tiles: the path driven in real time by the map's own frame loop (one view per animation
 * frame, then still until idle). Per tile that meets the view on screen when it arrives: from its
 * picture decoded to the end of the first frame whose picture on screen holds it (a full frame that drew
 * it, or the motion picture it was drawn into, once that picture is shown: LocusMap.onScreenFrame). */
async function runRaster(): Promise<{ delays: number[]; arrived: number; offView: number; neverShown: number; superseded: number }> {
  const layer = raster!;
  const delays: number[] = [];
  /** Tiles that arrived while in view, not yet seen on screen. */
  const waiting = new Set<string>();
  const seen = new Set<string>();
  let offView = 0,
    superseded = 0;
  const inView = (key: string) => {
    const [z, x, y] = key.replace('@2x', '').split('/').map(Number);
    const n = 2 ** z;
    return extentIntersects(map.currentFrame().extent, [x / n, y / n, (x + 1) / n, (y + 1) / n]);
  };
  const newArrivals = () => {
    for (const key of layer.arrivals.keys()) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (inView(key)) waiting.add(key);
      else {
        offView++;
        layer.drawnIn.delete(key);
      }
    }
  };
  const off = map.on('render', () => {
    const end = performance.now();
    newArrivals();
    const onScreen = map.onScreenFrame(layer);
    const wantedZoom = rasterTilesWanted(layer, map.currentFrame()).z;
    for (const key of waiting) {
      if (!layer.drawnIn.get(key)?.includes(onScreen)) {
        // A tile of a level the map has left, not drawn even as a stand-in: no longer to be shown.
        if (Number(key.split('/')[0]) !== wantedZoom) {
          superseded++;
          waiting.delete(key);
          layer.drawnIn.delete(key);
        }
        continue;
      }
      delays.push(end - layer.arrivals.get(key)!);
      waiting.delete(key);
      layer.drawnIn.delete(key);
    }
  });
  for (let i = -WARMUP_FRAMES; i < FRAMES; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    void map.setView(streetView(i));
  }
  await map.whenIdle();
  await pause(300);
  off();
  return { delays, arrived: seen.size, offView, neverShown: waiting.size, superseded };
}

Object.assign(globalThis, {
  __runBench: () => runInAnimationFrames(drawFrame),
  __frame: inNextAnimationFrame(drawFrame),
  __runRaster: runRaster,
  __finished: finished,
  __worker: () => worker,
  __preloadMs: preloadMs,
  __ready: true,
});
