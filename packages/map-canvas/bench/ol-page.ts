// Benchmark page: OpenLayers' Canvas renderer drawing the same scene along the same path. OpenLayers'
// own heat-map layer is WebGL-only since v7, so the heat map is drawn the way its Canvas heat map did
// (v6 and before): blurred circle images with opacity by weight on a vector layer, coloured through
// the gradient after rendering.
import Map from 'ol/Map.js';
import View from 'ol/View.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
import ViewHint from 'ol/ViewHint.js';
import VectorSource from 'ol/source/Vector.js';
import { Style, Fill, Stroke, Text, Icon, RegularShape, Circle } from 'ol/style.js';
import { fromLonLat } from 'ol/proj.js';
import type RenderEvent from 'ol/render/Event.js';
import { generateScene, BRANDS } from '../demo/scene.js';
import { rangeCircleRing } from '../src/layers/range-circles/range-circle.js';
import { colorRamp } from '../src/layers/heatmap/color-ramp.js';
import { BENCH_SCENE, BENCH_SIZE, benchView, inNextAnimationFrame, runInAnimationFrames } from './path.js';
import type { BasemapPlace } from '../src/layers/basemap/basemap-data.js';
import type { LonLat } from '../src/geo/mercator.js';
import type { ViewState } from '../src/view/view-state.js';

// ?mode=full (default): every frame drawn in full, OpenLayers' settled rendering.
// ?mode=animating: the view carries OpenLayers' ANIMATING hint for the whole run, as during
//   view.animate(); vector layers keep their default updateWhileAnimating false, so each frame replays
//   the drawing instructions built before the motion with the new transform instead of rebuilding them.
// ?mode=image: the same hint with VectorImage layers, which while animating only move and scale the
//   image rendered before the motion (no drawing at all during motion; what the motion reveals stays empty).
const mode = new URLSearchParams(location.search).get('mode') ?? 'full';
const Vector = (mode === 'image' ? VectorImageLayer : VectorLayer) as typeof VectorLayer;
const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
const scene = generateScene(BENCH_SCENE, places);
const ring = (r: LonLat[]) => [r.map((p) => fromLonLat(p))];
const rgba = (hex: string, a: number) => `rgba(${parseInt(hex.slice(1, 3), 16)},${parseInt(hex.slice(3, 5), 16)},${parseInt(hex.slice(5, 7), 16)},${a})`;

// Catchment polygons with the same styles as ours.
const polygonStyles: Record<string, Style> = {};
const polygonStyle = (kind: string, color: string) =>
  (polygonStyles[`${kind}${color}`] ??=
    kind === 'excluded'
      ? new Style({ fill: new Fill({ color: 'rgba(128,128,128,0.25)' }), stroke: new Stroke({ color: 'rgba(128,128,128,0.25)', width: 0.5 }) })
      : kind === 'zone'
        ? new Style({ fill: new Fill({ color: rgba(color, 0.8) }), stroke: new Stroke({ color, width: 1 }) })
        : new Style({ fill: new Fill({ color: rgba(color, 0.36) }), stroke: new Stroke({ color: rgba(color, 0.8), width: 1 }) }));
const polygons = new Vector({
  source: new VectorSource({
    features: scene.polygons.map((p) => {
      const f = new Feature(new Polygon(ring(p.ring)));
      f.setStyle(polygonStyle(p.kind, p.color));
      return f;
    }),
  }),
});

// Heat map, OpenLayers 6 style.
const heatFeatures = scene.heat.map((h) => {
  const f = new Feature(new Point(fromLonLat([h.lon, h.lat])));
  f.set('weight', h.weight / 255);
  return f;
});
const circleImages: Record<number, HTMLCanvasElement> = {};
function blurredCircle(radius: number): HTMLCanvasElement {
  const cached = circleImages[radius];
  if (cached) return cached;
  const size = 2 * radius + 2;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const c = canvas.getContext('2d')!;
  const g = c.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, radius);
  g.addColorStop(0, 'rgba(0,0,0,1)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  c.fillStyle = g;
  c.fillRect(0, 0, size, size);
  return (circleImages[radius] = canvas);
}
const heatStyles: Record<string, Style> = {};
const heat = new Vector({
  className: 'heat',
  opacity: 0.75,
  source: new VectorSource({ features: heatFeatures }),
  style: (feature, resolution) => {
    const radius = Math.max(1, Math.round(1200 / (resolution * Math.cos((52.2 * Math.PI) / 180))));
    const opacity = Math.round((feature.get('weight') as number) * 0.25 * 32) / 32;
    const key = `${radius}/${opacity}`;
    return (heatStyles[key] ??= new Style({ image: new Icon({ img: blurredCircle(radius), opacity, width: 2 * radius + 2, height: 2 * radius + 2 }) }));
  },
});
const ramp = colorRamp();
heat.on('postrender', (event: RenderEvent) => {
  const ctx = event.context as CanvasRenderingContext2D;
  const image = ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height);
  const px = new Uint32Array(image.data.buffer);
  for (let i = 0; i < px.length; i++) {
    const alpha = px[i] >>> 24;
    if (alpha) px[i] = ramp[alpha];
  }
  ctx.putImageData(image, 0, 0);
});

// Isoline and range circles.
const isoline = new Vector({
  source: new VectorSource({ features: [new Feature(new Polygon(ring(scene.isoline)))] }),
  style: new Style({ stroke: new Stroke({ color: 'rgba(124,58,237,0.5)', width: 5 }) }),
});
const circles = new Vector({
  source: new VectorSource({
    features: scene.ranges.map((r) => {
      const coords = rangeCircleRing(scene.rangeCenter, r);
      const f = new Feature(new Polygon(ring(coords)));
      f.setStyle(
        new Style({
          stroke: new Stroke({ color: '#1f2937', width: 1.5 }),
          fill: new Fill({ color: 'rgba(31,41,55,0.04)' }),
          text: new Text({
            text: `${r} m`,
            placement: 'point',
            font: '600 12px "DejaVu Sans"',
            fill: new Fill({ color: '#111827' }),
            stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
          }),
        }),
      );
      return f;
    }),
  }),
});

// Store icons as OpenLayers regular shapes, sizes by the same factors.
const iconStyles: Record<string, Style> = {};
const shapeOf: Record<string, { points: number; angle: number; radius2?: number }> = {
  circle: { points: Infinity, angle: 0 },
  square: { points: 4, angle: Math.PI / 4 },
  diamond: { points: 4, angle: 0 },
  triangle: { points: 3, angle: 0 },
  pentagon: { points: 5, angle: 0 },
};
const icons = new Vector({
  source: new VectorSource({
    features: scene.stores.map((s) => {
      const f = new Feature(new Point(fromLonLat([s.lon, s.lat])));
      const color = BRANDS.find((b) => b.name === s.group)?.color ?? '#0f766e';
      const size = 22 * (s.type === 1 ? 0.5 : s.type === 4 ? 0.75 : 1);
      const key = `${s.shape}/${color}/${size}`;
      const shape = shapeOf[s.shape ?? 'circle'];
      f.setStyle(
        (iconStyles[key] ??= new Style({
          image:
            shape.points === Infinity
              ? new Circle({ radius: size / 2 - 1, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: Math.max(1, size * 0.09) }) })
              : new RegularShape({
                  points: shape.points,
                  radius: size / 2 - 1,
                  angle: shape.angle,
                  fill: new Fill({ color }),
                  stroke: new Stroke({ color: '#fff', width: Math.max(1, size * 0.09) }),
                }),
        })),
      );
      return f;
    }),
  }),
});

const target = document.getElementById('map')!;
target.style.width = `${BENCH_SIZE.width}px`;
target.style.height = `${BENCH_SIZE.height}px`;
const toOl = (v: ViewState) => ({
  center: fromLonLat(v.center),
  resolution: 40075016.68557849 / (512 * Math.pow(2, v.zoom)),
  rotation: (-v.bearing * Math.PI) / 180,
});
const view = new View({ ...toOl(benchView(0)), constrainResolution: false });
const map = new Map({ target, view, pixelRatio: 1, controls: [], interactions: [], layers: [polygons, heat, isoline, circles, icons] });
// One full frame before the motion starts, as a map shows before an animation begins.
map.renderSync();
if (mode !== 'full') view.setHint(ViewHint.ANIMATING, 1);

/** Draws frame i of the path now: the synchronous render plus the rasterisation of every layer
 * canvas (a read-back of one pixel each), in ms of wall time. */
function drawFrame(i: number): number {
  const v = toOl(benchView(i));
  view.setCenter(v.center);
  view.setResolution(v.resolution);
  view.setRotation(v.rotation);
  const t0 = performance.now();
  map.renderSync();
  for (const canvas of target.querySelectorAll('canvas')) canvas.getContext('2d')!.getImageData(0, 0, 1, 1);
  return performance.now() - t0;
}

Object.assign(globalThis, { __runBench: () => runInAnimationFrames(drawFrame), __frame: inNextAnimationFrame(drawFrame), __ready: true });
