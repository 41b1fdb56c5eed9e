// Outline widths in path units: one device pixel must stay a hairline on every view (Skia decides on the
// width times the transform's scale in 32-bit floats; a product a hair above one pixel sends every
// outline through its full stroker, two to three times slower and drawn differently).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFrameState } from '../src/view/frame-state.js';
import { isHairline, LOCAL_UNIT, localToScreen, pathLineWidth } from '../src/layer-base/geometry.js';

const SIZE = { width: 1024, height: 768 };
/** The device width Skia works out for a stroke width through the transform's x and y scale. */
const deviceWidths = (width: number, m: number[], pr: number) => [
  Math.fround(Math.fround(width) * Math.abs(Math.fround(m[0] * pr))),
  Math.fround(Math.fround(width) * Math.abs(Math.fround(m[3] * pr))),
];

test('a width of one device pixel is exactly one pixel on every upright view, where the plain division is not', () => {
  let over = 0;
  for (const pr of [1, 2, 1.5]) {
    for (let k = 0; k < 2000; k++) {
      const zoom = 5 + (k * 11) / 2000;
      const frame = createFrameState({ center: [4.9 + k * 1e-4, 52.3], zoom, bearing: 0, pitch: 0 }, SIZE, pr);
      const m = localToScreen(frame, [0.51, 0.33]);
      const px = 1 / pr;
      const [wx, wy] = deviceWidths(pathLineWidth(px, m, pr), m, pr);
      assert.ok(wx <= 1 && wy <= 1, `zoom ${zoom} at pixel ratio ${pr}: ${wx} x ${wy}`);
      assert.ok(wx > 1 - 1e-6, `zoom ${zoom}: the width stays one pixel (${wx})`);
      // The plain width in local units (px times units per CSS px).
      if (Math.max(...deviceWidths((px * LOCAL_UNIT) / frame.scale, m, pr)) > 1) over++;
    }
  }
  assert.ok(over > 50, `the plain width lands above one pixel on some views (${over} of 6000)`);
});

test('wider and thinner outlines keep their width within a 32-bit step', () => {
  for (const [px, pr] of [
    [2, 1],
    [0.5, 1],
    [1, 2],
    [3, 2],
  ]) {
    const frame = createFrameState({ center: [4.9, 52.3], zoom: 9.37, bearing: 0, pitch: 0 }, SIZE, pr);
    const m = localToScreen(frame, [0.5, 0.3]);
    const [wx] = deviceWidths(pathLineWidth(px, m, pr), m, pr);
    assert.ok(wx <= px * pr && wx > px * pr * (1 - 1e-6), `${px} px at ${pr}: ${wx}`);
  }
});

test('a turned map gets the plain width; a tilted one stays within one pixel along both axes', () => {
  const turned = createFrameState({ center: [4.9, 52.3], zoom: 9.37, bearing: 30, pitch: 0 }, SIZE, 1);
  const m = localToScreen(turned, [0.5, 0.3]);
  assert.is(pathLineWidth(1, m, 1), 1 / Math.hypot(m[0], m[1]));
  const tilted = createFrameState({ center: [4.9, 52.3], zoom: 9.37, bearing: 0, pitch: 40 }, SIZE, 1);
  const t = localToScreen(tilted, [0.5, 0.3]);
  const [wx, wy] = deviceWidths(pathLineWidth(1, t, 1), t, 1);
  assert.ok(wx <= 1 && wy <= 1);
});

test('outlines of up to one device pixel on an upright map are hairlines; wider ones and turned maps are not', () => {
  for (const pr of [1, 2, 1.5]) {
    for (let k = 0; k < 500; k++) {
      const zoom = 5 + (k * 11) / 500;
      const frame = createFrameState({ center: [4.9 + k * 1e-4, 52.3], zoom, bearing: 0, pitch: 0 }, SIZE, pr);
      const m = localToScreen(frame, [0.51, 0.33]);
      assert.ok(isHairline(pathLineWidth(1 / pr, m, pr), m, pr), `one device pixel at zoom ${zoom}, pixel ratio ${pr}`);
      assert.ok(isHairline(pathLineWidth(0.5 / pr, m, pr), m, pr));
      // One CSS px at pixel ratio 1.5 or 2 is wider than a device pixel: the stroker draws it.
      assert.is(isHairline(pathLineWidth(1, m, pr), m, pr), pr === 1, `1 px at pixel ratio ${pr}`);
      // The plain width, a hair above one pixel on some views, is not a hairline there.
      const plain = LOCAL_UNIT / pr / frame.scale;
      assert.is(isHairline(plain, m, pr), Math.max(...deviceWidths(plain, m, pr)) <= 1);
    }
  }
  const turned = createFrameState({ center: [4.9, 52.3], zoom: 9.37, bearing: 30, pitch: 0 }, SIZE, 1);
  const t = localToScreen(turned, [0.5, 0.3]);
  assert.not.ok(isHairline(pathLineWidth(1, t, 1), t, 1), 'a turned map keeps the wider margin');
});

test.run();
