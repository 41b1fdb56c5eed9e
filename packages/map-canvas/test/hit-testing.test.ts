import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IconLayer } from '../src/layers/icons/icon-layer.js';
import { PolygonLayer } from '../src/layers/polygons/polygon-layer.js';
import { createFrameState, projectToScreen } from '../src/view/frame-state.js';
import { BoxIndex } from '../src/hit/box-index.js';
import { iconSize } from '../src/layers/icons/icon-style.js';
import type { LonLat } from '../src/geo/mercator.js';

const center: LonLat = [4.91, 52.35];
const size = { width: 800, height: 600 };
const square = (lon: number, lat: number, d: number): LonLat[] => [
  [lon - d, lat - d],
  [lon + d, lat - d],
  [lon + d, lat + d],
  [lon - d, lat + d],
  [lon - d, lat - d],
];

function icons() {
  // a and b overlap at the centre (b drawn later, so on top); c is selected and drawn above both.
  return new IconLayer({
    id: 'icons',
    features: [
      { id: 'a', lon: center[0], lat: center[1], name: 'A' },
      { id: 'b', lon: center[0] + 0.0004, lat: center[1], name: 'B' },
      { id: 'c', lon: center[0] + 0.0008, lat: center[1], name: 'C' },
      { id: 'far', lon: center[0] + 0.1, lat: center[1] + 0.05, name: 'Far' },
    ],
    selectedIds: ['c'],
  });
}

for (const bearing of [0, 73, -150]) {
  for (const pixelRatio of [1, 2, 3]) {
    test(`overlapping icons: the topmost wins (bearing ${bearing}, pixel ratio ${pixelRatio})`, () => {
      const layer = icons();
      const frame = createFrameState({ center, zoom: 15, bearing, pitch: 20 }, size, pixelRatio);
      const pa = projectToScreen(frame, [center[0], center[1]]);
      const pb = projectToScreen(frame, [center[0] + 0.0004, center[1]]);
      const pc = projectToScreen(frame, [center[0] + 0.0008, center[1]]);
      // Halfway between a and b both squares hold the point; b is later so on top.
      const mid: [number, number] = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
      assert.is(layer.hitTest(frame, mid)?.id, 'b');
      // Halfway between b and c: c is selected, drawn last, so it wins although b comes later in the data.
      assert.is(layer.hitTest(frame, [(pb[0] + pc[0]) / 2, (pb[1] + pc[1]) / 2])?.id, 'c');
      // The side of a away from b only holds a.
      const away: [number, number] = [pa[0] - (pb[0] - pa[0]) * 0.4, pa[1] - (pb[1] - pa[1]) * 0.4];
      assert.is(layer.hitTest(frame, away)?.id, 'a');
      // Icons stay upright: a point just inside the square's corner hits, just outside misses.
      const h = iconSize({}, false) / 2;
      const far = projectToScreen(frame, [center[0] + 0.1, center[1] + 0.05]);
      assert.is(layer.hitTest(frame, [far[0] + h - 0.5, far[1] - h + 0.5])?.id, 'far');
      assert.is(layer.hitTest(frame, [far[0] + h + 1, far[1]]), null);
    });
  }
}

test('icon hit results do not depend on the pixel ratio', () => {
  const layer = icons();
  for (let x = 380; x < 440; x += 3) {
    const ids = [1, 1.25, 2, 3].map((pr) => layer.hitTest(createFrameState({ center, zoom: 15, bearing: 30, pitch: 0 }, size, pr), [x, 300])?.id ?? null);
    assert.ok(
      ids.every((id) => id === ids[0]),
      `x=${x}: ${ids}`,
    );
  }
});

test('overlapping polygons: the one drawn last wins; holes are not hits', () => {
  const layer = new PolygonLayer({
    id: 'areas',
    features: [
      { id: 'big', geometry: { type: 'Polygon', coordinates: [square(4.91, 52.35, 0.05)] } },
      { id: 'small', geometry: { type: 'Polygon', coordinates: [square(4.93, 52.35, 0.01)] } },
      { id: 'donut', geometry: { type: 'Polygon', coordinates: [square(4.88, 52.35, 0.015), square(4.88, 52.35, 0.005)] } },
    ],
  });
  for (const bearing of [0, 120]) {
    for (const pixelRatio of [1, 2]) {
      const frame = createFrameState({ center, zoom: 11, bearing, pitch: 0 }, size, pixelRatio);
      const at = (lon: number, lat: number) => layer.hitTest(frame, projectToScreen(frame, [lon, lat]))?.id ?? null;
      assert.is(at(4.93, 52.35), 'small');
      assert.is(at(4.91, 52.35), 'big');
      assert.is(at(4.88 + 0.01, 52.35), 'donut');
      assert.is(at(4.88, 52.35), 'big', 'inside the hole the polygon below shows through');
      assert.is(at(5.2, 52.35), null);
    }
  }
});

test('the box index finds exactly the boxes meeting a query box', () => {
  const n = 2000;
  const boxes = new Float64Array(n * 4);
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < n; i++) {
    const x = rand(),
      y = rand(),
      w = rand() * 0.05,
      h = rand() * 0.05;
    boxes.set([x, y, x + w, y + h], 4 * i);
  }
  const index = new BoxIndex(boxes);
  for (let q = 0; q < 50; q++) {
    const x = rand(),
      y = rand(),
      w = rand() * 0.2,
      h = rand() * 0.2;
    const found: number[] = [];
    index.query(x, y, x + w, y + h, (i) => found.push(i));
    const expected: number[] = [];
    for (let i = 0; i < n; i++) if (boxes[4 * i] <= x + w && boxes[4 * i + 2] >= x && boxes[4 * i + 1] <= y + h && boxes[4 * i + 3] >= y) expected.push(i);
    assert.equal(
      found.sort((a, b) => a - b),
      expected,
    );
  }
});

test.run();
