// Browser page of the screenshot and interaction tests: one layer type (or all) on a small generated
// scene, fixed size and font. Sets window.__idle when the map reports 'idle'.
import {
  createMap,
  createFrameState,
  BasemapLayer,
  HeatmapLayer,
  IconLayer,
  loadNaturalEarth,
  TileLayer,
  type BasemapPlace,
  type Layer,
} from '../../src/index.js';
import { IconRenderer } from '../../src/layers/icons/icon-renderer.js';
import { PolygonRenderer } from '../../src/layers/polygons/polygon-renderer.js';
import { renderLayer, renderLayers } from '../../src/map/render-frame.js';
import type { LayerRenderer } from '../../src/layer-base/layer.js';
import { generateScene, FALLBACK_PLACES } from '../../demo/scene.js';
import { LOCAL_UNIT, localToScreen } from '../../src/layer-base/geometry.js';
import { drawBox } from '../../src/layer-base/canvas.js';
import { sceneLayers } from '../../demo/scene-layers.js';

const params = new URLSearchParams(location.search);
const which = params.get('case') ?? 'all';
const state = globalThis as unknown as { __idle: boolean; __clicks: (string | number | null)[]; __map: unknown; __scene: unknown };
state.__idle = false;
state.__clicks = [];

const scene = generateScene({ stores: 250, pois: 25, heatPoints: 4000, catchments: 60, seed: 7 }, FALLBACK_PLACES);
const layers = sceneLayers(scene);
const chosen: Layer[] = [];
const needsBasemap = which === 'basemap' || which === 'all';
const basemap = new BasemapLayer({ id: 'basemap', zIndex: -10 });
if (needsBasemap) chosen.push(basemap);
if (which === 'tiles' || which === 'all')
  chosen.push(new TileLayer({ id: 'tiles', zIndex: -5, url: '/tiles/{z}/{x}/{y}.png', opacity: which === 'all' ? 0.35 : 1 }));
const byCase: Record<string, Layer[]> = {
  icons: [layers.icons],
  heatmap: [layers.heatmap],
  polygons: [layers.polygons],
  isolines: [layers.isolines],
  'range-circles': [layers.rangeCircles],
  labels: [layers.labels],
  'scale-bar': [layers.scaleBar],
  interaction: [layers.icons],
  // A few isolated points at street zoom, where the lattice's cells are largest: the edges must fade.
  'heatmap-edges': [
    new HeatmapLayer({
      radius: 600,
      intensity: 0.6,
      points: [
        [4.885, 52.372, 255],
        [4.902, 52.366, 180],
        [4.915, 52.375, 90],
        [4.893, 52.361, 40],
        [4.91, 52.362, 255],
        [4.908, 52.369, 255],
      ].map(([lon, lat, weight]) => ({ lon, lat, weight })),
    }),
  ],
  all: Object.values(layers),
};
chosen.push(...(byCase[which] ?? []));
if (which === 'all') layers.icons.setSelected([scene.stores[3].id]);

const view = {
  center: [4.9, 52.37] as [number, number],
  zoom: which === 'basemap' ? 8 : which === 'heatmap-edges' ? 13 : 10,
  bearing: which === 'all' ? 12 : 0,
  pitch: 0,
};
if (needsBasemap) {
  const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
  basemap.setData(await loadNaturalEarth('10m', places));
}
const map = createMap(document.getElementById('map')!, { view, layers: chosen, fontFamily: '"DejaVu Sans"', interactive: true });
map.on('move', () => (state.__idle = false));
map.on('idle', () => (state.__idle = true));
map.on('click', (e) => state.__clicks.push(e.hit?.id ?? null));
state.__map = map;
state.__scene = scene;

/** Two pictures compared: bytes that differ, the largest difference of a channel, and the pixels
 * painted (alpha above 0) in the second. */
function compareImages(a: Uint8ClampedArray, b: Uint8ClampedArray): { differingBytes: number; maxDifference: number; painted: number } {
  let differingBytes = 0,
    maxDifference = 0,
    painted = 0;
  for (let i = 0; i < b.length; i++) {
    if (a[i] === b[i]) continue;
    differingBytes++;
    maxDifference = Math.max(maxDifference, Math.abs(a[i] - b[i]));
  }
  for (let i = 3; i < b.length; i += 4) if (b[i] > 0) painted++;
  return { differingBytes, maxDifference, painted };
}

/** Draws a dense icon layer (the generated stores, zoomed out so they pile up) both with canvas blits
 * and with the renderer's own blending, and compares the two (the icon tests call it). */
(globalThis as unknown as { __compareIconStrategies: (pixelRatio: number) => object }).__compareIconStrategies = (pixelRatio: number) => {
  const dense = generateScene({ stores: 3000, pois: 0, heatPoints: 0, catchments: 0, seed: 5 }, FALLBACK_PLACES);
  const icons = new IconLayer({ features: dense.stores, groups: Object.fromEntries(dense.stores.map((s) => [s.group, { color: '#2563eb' }])) });
  icons.setSelected([dense.stores[10].id]);
  const frame = createFrameState({ center: [4.9, 52.3], zoom: 8.3, bearing: 0, pitch: 0 }, { width: 480, height: 320 }, pixelRatio);
  const draw = (strategy: 'canvas' | 'blend', knownOpaque = true) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480 * pixelRatio;
    canvas.height = 320 * pixelRatio;
    const ctx = canvas.getContext('2d')!;
    const renderer = new IconRenderer(icons);
    renderer.strategy = strategy;
    renderer.knownOpaque = knownOpaque;
    renderer.renderFrame(frame, ctx);
    return { data: ctx.getImageData(0, 0, canvas.width, canvas.height).data, hidden: renderer.hidden, skippedRows: renderer.skippedRows };
  };
  const canvas = draw('canvas'),
    blend = draw('blend'),
    everyRow = draw('blend', false);
  const { maxDifference, painted } = compareImages(canvas.data, blend.data);
  // The blend that skips rows by the bits of pixels known to be opaque, against one that visits every
  // pixel of every row.
  const bits = compareImages(everyRow.data, blend.data);
  return {
    maxDifference,
    painted,
    hidden: blend.hidden,
    icons: dense.stores.length,
    skippedRows: blend.skippedRows,
    everyRowSkipped: everyRow.skippedRows,
    bitsDifferingBytes: bits.differingBytes,
  };
};

/** Redrawing only what changed: a map at one view whose icon selection changes draws the frame from the
 * kept canvas under the icons; compared with a second map drawing the same layers in full (the full
 * frame tests call it). */
(globalThis as unknown as { __comparePrefixReuse: (pixelRatio: number) => object }).__comparePrefixReuse = (pixelRatio: number) => {
  const fresh = sceneLayers(scene);
  const shown = [fresh.polygons, fresh.heatmap, fresh.isolines, fresh.icons];
  const open = () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    return createMap(element, {
      size: { width: 480, height: 320 },
      pixelRatio,
      interactive: false,
      motionPictures: false,
      view: { center: [4.9, 52.37], zoom: 10.5, bearing: 0, pitch: 0 },
      layers: shown,
    });
  };
  const kept = open();
  kept.renderSync();
  kept.renderSync();
  for (const k of [1, 2, 3]) {
    fresh.icons.setSelected([scene.stores[k].id]);
    kept.renderSync();
  }
  const full = open();
  full.renderSync();
  const a = kept.canvas.getContext('2d')!.getImageData(0, 0, kept.canvas.width, kept.canvas.height).data;
  const b = full.canvas.getContext('2d')!.getImageData(0, 0, full.canvas.width, full.canvas.height).data;
  const { differingBytes, painted } = compareImages(a, b);
  const prefix = (kept as unknown as { prefix: { reusedFrames: number; skippedLayers: number } }).prefix;
  const result = { differingBytes, painted, reusedFrames: prefix.reusedFrames, skippedLayers: prefix.skippedLayers };
  kept.dispose();
  full.dispose();
  return result;
};

/** Leaving out what layers above cover: a zoomed-out frame of many stores and their catchment areas
 * (most lie under their store's icon) drawn as the map draws full frames, and again with every layer
 * drawn in full; compared pixel for pixel (the occlusion tests call it). */
(globalThis as unknown as { __compareOcclusion: (pixelRatio: number, zoom: number) => object }).__compareOcclusion = (pixelRatio: number, zoom: number) => {
  const dense = generateScene({ stores: 3000, pois: 0, heatPoints: 3000, catchments: 1500, seed: 9 }, FALLBACK_PLACES);
  const l = sceneLayers(dense);
  const shown = [l.polygons, l.heatmap, l.isolines, l.rangeCircles, l.icons];
  const frame = createFrameState({ center: [4.9, 52.3], zoom, bearing: 0, pitch: 0 }, { width: 480, height: 320 }, pixelRatio);
  const draw = (culling: boolean) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480 * pixelRatio;
    canvas.height = 320 * pixelRatio;
    const ctx = canvas.getContext('2d')!;
    const renderers = new Map<Layer, LayerRenderer>(shown.map((layer) => [layer, layer.createRenderer()]));
    if (culling) renderLayers(ctx, frame, shown, (layer) => renderers.get(layer)!);
    else for (const layer of shown) renderLayer(ctx, frame, layer, renderers.get(layer)!);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data,
      covered = (renderers.get(l.polygons) as PolygonRenderer).covered;
    // The same view again without the icons, by the same renderers: what the layers beneath left out
    // under the icons must now be drawn (a kept heat picture with columns left out is not reused).
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    for (const layer of shown) if (layer !== l.icons) renderLayer(ctx, frame, layer, renderers.get(layer)!);
    return { data, covered, withoutIcons: ctx.getImageData(0, 0, canvas.width, canvas.height).data };
  };
  const culled = draw(true),
    full = draw(false);
  const { differingBytes, painted } = compareImages(culled.data, full.data);
  return {
    differingBytes,
    painted,
    covered: culled.covered,
    coveredWithout: full.covered,
    polygons: l.polygons.queryExtent(frame.extent).length,
    withoutIconsDiffering: compareImages(culled.withoutIcons, full.withoutIcons).differingBytes,
  };
};

/** Along a zoom from 7.2 to 9.5 (the dense scene), frames that leave out catchments under opaque icons
 * (with the one-pixel margin of hairline outlines) against frames with every layer drawn in full: the
 * frames that differ, and the polygons left out (the occlusion test along a path calls it). */
(globalThis as unknown as { __compareOcclusionPath: (pixelRatio: number, views: number) => object }).__compareOcclusionPath = (
  pixelRatio: number,
  views: number,
) => {
  const dense = generateScene({ stores: 3000, pois: 0, heatPoints: 3000, catchments: 1500, seed: 9 }, FALLBACK_PLACES);
  const l = sceneLayers(dense);
  const shown = [l.polygons, l.heatmap, l.isolines, l.rangeCircles, l.icons];
  const culledBy = new Map<Layer, LayerRenderer>(shown.map((layer) => [layer, layer.createRenderer()]));
  const fullBy = new Map<Layer, LayerRenderer>(shown.map((layer) => [layer, layer.createRenderer()]));
  const canvas = document.createElement('canvas');
  canvas.width = 480 * pixelRatio;
  canvas.height = 320 * pixelRatio;
  const ctx = canvas.getContext('2d')!;
  let differing = 0,
    covered = 0;
  for (let k = 0; k < views; k++) {
    const frame = createFrameState(
      { center: [4.9 + k * 0.0013, 52.3 - k * 0.0007], zoom: 7.2 + (2.3 * k) / views, bearing: 0, pitch: 0 },
      { width: 480, height: 320 },
      pixelRatio,
    );
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    renderLayers(ctx, frame, shown, (layer) => culledBy.get(layer)!);
    const culled = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    covered += (culledBy.get(l.polygons) as PolygonRenderer).covered;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    for (const layer of shown) renderLayer(ctx, frame, layer, fullBy.get(layer)!);
    if (compareImages(culled, ctx.getImageData(0, 0, canvas.width, canvas.height).data).differingBytes > 0) differing++;
  }
  return { differing, covered };
};

/** Outlines at two views a hair apart: the first at a zoom where the plain width in path units times the
 * scale rounds (in 32-bit floats) above one device pixel, the second where it does not. Drawn by the
 * polygon renderer and compared pixel for pixel (the outline-width test calls it). */
(globalThis as unknown as { __compareOutlinesNearZoom: () => object }).__compareOutlinesNearZoom = () => {
  const dense = generateScene({ stores: 600, pois: 0, heatPoints: 0, catchments: 600, seed: 9 }, FALLBACK_PLACES);
  const l = sceneLayers(dense);
  const view = (zoom: number) => createFrameState({ center: [4.9, 52.3], zoom, bearing: 0, pitch: 0 }, { width: 480, height: 320 }, 1);
  const plainOver = (zoom: number) => {
    const frame = view(zoom);
    const m = localToScreen(frame, l.polygons.origin);
    return Math.fround(Math.fround(LOCAL_UNIT / frame.scale) * Math.fround(m[0])) > 1;
  };
  let zoom = 0;
  for (let z = 8.5; z < 11 && !zoom; z += 0.00037) if (plainOver(z) && !plainOver(z + 1e-7)) zoom = z;
  const draw = (z: number) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const ctx = canvas.getContext('2d')!;
    renderLayer(ctx, view(z), l.polygons, l.polygons.createRenderer());
    return ctx.getImageData(0, 0, 480, 320).data;
  };
  const { differingBytes, maxDifference, painted } = compareImages(draw(zoom), draw(zoom + 1e-7));
  return { zoom, differingBytes, maxDifference, painted };
};

/** A layer's box drawn from its canvas (drawBox) at an alpha over a picture: compared with the picture
 * before (outside the box) and with the whole canvas drawn (inside it); the canvas holds pixels outside
 * the box too, as a layer's canvas keeps those of an earlier frame. */
(globalThis as unknown as { __compareDrawBox: (alpha: number) => object }).__compareDrawBox = (alpha: number) => {
  const w = 300,
    h = 200,
    box: [number, number, number, number] = [37, 21, 261, 170];
  const source = document.createElement('canvas');
  source.width = w;
  source.height = h;
  const image = new ImageData(w, h);
  const words = new Uint32Array(image.data.buffer);
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i + 7, 2654435761) >>> 0;
  source.getContext('2d')!.putImageData(image, 0, 0);
  const draw = (how: 'box' | 'whole' | null) => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, w, h);
    gradient.addColorStop(0, 'rgba(200, 40, 90, 0.6)');
    gradient.addColorStop(1, 'rgba(20, 240, 90, 1)');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, w, h);
    ctx.globalAlpha = alpha;
    if (how === 'box') drawBox(ctx, source, box);
    if (how === 'whole') ctx.drawImage(source, 0, 0);
    return ctx.getImageData(0, 0, w, h).data;
  };
  const before = draw(null),
    boxed = draw('box'),
    whole = draw('whole');
  let outsideChanged = 0,
    insideDiffer = 0,
    insideChanged = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
      for (let c = 0, i = 4 * (y * w + x); c < 4; c++, i++) {
        if (!inside && boxed[i] !== before[i]) outsideChanged++;
        if (inside && boxed[i] !== whole[i]) insideDiffer++;
        if (inside && boxed[i] !== before[i]) insideChanged++;
      }
    }
  }
  return { outsideChanged, insideDiffer, insideChanged };
};

/** A restyle that changes the outline width (setStyles keeps the layer's revision and paths): the frame
 * a renderer draws after it, against a new renderer's frame, and against its own frame before it. */
(globalThis as unknown as { __compareRestyle: () => object }).__compareRestyle = () => {
  const dense = generateScene({ stores: 100, pois: 0, heatPoints: 0, catchments: 200, seed: 4 }, FALLBACK_PLACES);
  const l = sceneLayers(dense);
  const frame = createFrameState({ center: [4.9, 52.3], zoom: 9.2, bearing: 0, pitch: 0 }, { width: 480, height: 320 }, 1);
  const draw = (renderer: LayerRenderer) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const ctx = canvas.getContext('2d')!;
    renderLayer(ctx, frame, l.polygons, renderer);
    return ctx.getImageData(0, 0, 480, 320).data;
  };
  const kept = l.polygons.createRenderer();
  const before = draw(kept);
  l.polygons.setStyles(() => ({ fill: '#2563eb', fillOpacity: 0.3, stroke: '#1e3a8a', strokeWidth: 4, strokeOpacity: 1 }));
  const after = draw(kept),
    fresh = draw(l.polygons.createRenderer());
  return { againstFresh: compareImages(fresh, after).differingBytes, againstBefore: compareImages(before, after).differingBytes };
};
