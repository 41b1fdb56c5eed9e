// A rate per area drawn as a choropleth: each point fills a grid cell of the measured spacing in the
// colour class of its weight (one fill per class), weight 0 draws nothing, cells off screen are skipped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHOROPLETH_CLASSES, ChoroplethLayer, classOf, gridSpacing } from '../src/layers/heatmap/choropleth-layer.js';
import { colorRamp, SEQUENTIAL_CHOROPLETH_GRADIENT } from '../src/layers/heatmap/color-ramp.js';
import { lonLatToWorld } from '../src/geo/mercator.js';
import { createFrameState, projectToScreen } from '../src/view/frame-state.js';

/** A 10 x 10 grid of points 0.01 degrees apart around Utrecht, weights rising along the row. */
function grid(): { lon: number; lat: number; weight: number }[] {
  const points = [];
  for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) points.push({ lon: 5.05 + i * 0.01, lat: 52.05 + j * 0.01, weight: i * 28 });
  return points;
}

/** A context that records the rectangles of each fill and its colour. */
function recorder() {
  const fills: { color: string; rects: number[][] }[] = [];
  let rects: number[][] = [];
  const ctx = {
    fillStyle: '',
    setTransform() {},
    beginPath() {
      rects = [];
    },
    rect(x: number, y: number, w: number, h: number) {
      rects.push([x, y, w, h]);
    },
    fill() {
      fills.push({ color: String(ctx.fillStyle), rects });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, fills };
}

test('the spacing of a regular grid is measured from its points', () => {
  const layer = new ChoroplethLayer({ points: grid() });
  const [x0] = lonLatToWorld(5.05, 52.1);
  const [x1] = lonLatToWorld(5.06, 52.1);
  assert.ok(Math.abs(layer.cell - (x1 - x0)) / (x1 - x0) < 0.01, `cell ${layer.cell} against ${x1 - x0}`);
  assert.is(gridSpacing(new Float64Array([0.5, 0.5])), 0, 'one point: no spacing');
});

test('weights fall in ascending colour classes; weight 0 is left out', () => {
  assert.is(classOf(1), 0);
  assert.is(classOf(255), CHOROPLETH_CLASSES - 1);
  assert.ok(classOf(128) > classOf(64));
  const layer = new ChoroplethLayer({ points: grid() });
  assert.is(layer.classes.length, 90, 'the ten points of weight 0 draw nothing');
  assert.ok(
    layer.classes.every((k, i) => i === 0 || k >= layer.classes[i - 1]!),
    'sorted by class',
  );
});

test('one fill per class; the cells touch their neighbours; a darker colour for more', () => {
  const layer = new ChoroplethLayer({ points: grid() });
  const frame = createFrameState({ center: [5.095, 52.095], zoom: 11, bearing: 0, pitch: 0 }, { width: 800, height: 600 }, 1);
  const { ctx, fills } = recorder();
  layer.createRenderer().renderFrame(frame, ctx);
  assert.is(fills.length, 9, 'nine weights above 0, nine classes');
  assert.ok(fills.every((f) => f.rects.length === 10));
  const [ax] = projectToScreen(frame, [5.05, 52.1]);
  const [bx] = projectToScreen(frame, [5.06, 52.1]);
  const width = fills[0]!.rects[0]![2]!;
  assert.ok(width >= bx - ax, `cell ${width} px covers the spacing ${bx - ax} px`);
  const brightness = (c: string) => {
    const [r, g, b] = c.match(/\d+/g)!.map(Number);
    return r! + g! + b!;
  };
  assert.ok(brightness(fills[0]!.color) > brightness(fills[8]!.color), `${fills[0]!.color} lighter than ${fills[8]!.color}`);
  // The colours are the opaque ramp's (no fading low end: every area with a value is coloured).
  const ramp = colorRamp(SEQUENTIAL_CHOROPLETH_GRADIENT, 256, false);
  assert.ok(ramp.every((c) => c >>> 24 === 255));
});

test('cells off screen are not drawn', () => {
  const layer = new ChoroplethLayer({ points: grid() });
  const frame = createFrameState({ center: [6.5, 53], zoom: 12, bearing: 0, pitch: 0 }, { width: 800, height: 600 }, 1);
  const { ctx, fills } = recorder();
  layer.createRenderer().renderFrame(frame, ctx);
  assert.is(fills.length, 0);
});

test.run();
