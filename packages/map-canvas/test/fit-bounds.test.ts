import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fitBoundsView, boundsOf } from '../src/view/fit-bounds.js';
import { createFrameState, projectToScreen } from '../src/view/frame-state.js';
import { lonLatToWorld } from '../src/geo/mercator.js';
import { FIT_MAX_ZOOM, FIT_PADDING, WORLD_SIZE } from '../src/constants.js';

const close = (a: number, b: number, eps: number, what = '') => assert.ok(Math.abs(a - b) <= eps, `${what} ${a} vs ${b}`);
const size = { width: 1000, height: 700 };

test('the spec fit pads 30 px top and bottom and 90 px left and right', () => {
  assert.equal(FIT_PADDING, { top: 30, right: 90, bottom: 30, left: 90 });
  assert.is(FIT_MAX_ZOOM, 12);
});

test('a box on the equator 90 degrees wide fits its width exactly', () => {
  // 90 degrees is a quarter of the world: 0.25 * 512 * 2^z = 1000 - 180 px.
  const view = fitBoundsView(
    [
      [0, -1],
      [90, 1],
    ],
    size,
  );
  close(view.zoom, Math.log2(820 / (0.25 * WORLD_SIZE)), 1e-9, 'zoom');
  close(view.center[0], 45, 1e-9, 'lon');
  close(view.center[1], 0, 1e-9, 'lat');
});

test('a tall box is limited by its height', () => {
  const bounds: [[number, number], [number, number]] = [
    [4.8, 52.0],
    [4.9, 53.0],
  ];
  const view = fitBoundsView(bounds, size);
  const [, y0] = lonLatToWorld(4.8, 53.0);
  const [, y1] = lonLatToWorld(4.8, 52.0);
  close(view.zoom, Math.log2(640 / ((y1 - y0) * WORLD_SIZE)), 1e-9, 'zoom');
  const frame = createFrameState(view, size, 1);
  close(projectToScreen(frame, [4.8, 53.0])[1], 30, 1e-6, 'top edge');
  close(projectToScreen(frame, [4.8, 52.0])[1], 670, 1e-6, 'bottom edge');
});

test('a single point fits at the maximum zoom of 12', () => {
  const view = fitBoundsView(
    [
      [4.91, 52.35],
      [4.91, 52.35],
    ],
    size,
  );
  assert.is(view.zoom, 12);
  close(view.center[0], 4.91, 1e-9);
  close(view.center[1], 52.35, 1e-9);
});

test('a small box stops at maxZoom and larger explicit limits are honoured', () => {
  const small: [[number, number], [number, number]] = [
    [4.9, 52.37],
    [4.901, 52.371],
  ];
  assert.is(fitBoundsView(small, size).zoom, 12);
  assert.ok(fitBoundsView(small, size, { maxZoom: 18 }).zoom > 12);
});

test('asymmetric padding shifts the box into the padded area', () => {
  const bounds: [[number, number], [number, number]] = [
    [4.0, 52.0],
    [5.0, 52.5],
  ];
  const view = fitBoundsView(bounds, size, { padding: { top: 10, right: 10, bottom: 10, left: 400 } });
  const frame = createFrameState(view, size, 1);
  const west = projectToScreen(frame, [4.0, 52.25]);
  const east = projectToScreen(frame, [5.0, 52.25]);
  close(west[0], 400, 1e-6, 'west');
  close(east[0], 990, 1e-6, 'east');
});

test('a fit at a bearing keeps every corner inside the padded screen', () => {
  const bounds: [[number, number], [number, number]] = [
    [4.0, 51.5],
    [6.0, 53.0],
  ];
  const view = fitBoundsView(bounds, size, { bearing: 30, pitch: 20 });
  const frame = createFrameState(view, size, 1);
  const pts = [
    [4, 51.5],
    [6, 51.5],
    [4, 53],
    [6, 53],
  ].map((p) => projectToScreen(frame, p as [number, number]));
  for (const [x, y] of pts) {
    assert.ok(x >= 90 - 1e-6 && x <= 910 + 1e-6 && y >= 30 - 1e-6 && y <= 670 + 1e-6, `${x},${y}`);
  }
  // Tight: some corner touches a padded edge.
  assert.ok(pts.some(([x, y]) => Math.abs(x - 90) < 1e-6 || Math.abs(x - 910) < 1e-6 || Math.abs(y - 30) < 1e-6 || Math.abs(y - 670) < 1e-6));
});

test('boundsOf gives the box of points, null when empty', () => {
  assert.equal(
    boundsOf([
      [1, 2],
      [3, -4],
      [0, 5],
    ]),
    [
      [0, -4],
      [3, 5],
    ],
  );
  assert.is(boundsOf([]), null);
});

test.run();
