// Icons that grow with the zoom: the factor, the layer's sizes per frame zoom and the hit square.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IconLayer, iconZoomScale } from '../src/layers/icons/icon-layer.js';
import { iconSize } from '../src/layers/icons/icon-style.js';
import { createFrameState, projectToScreen } from '../src/view/frame-state.js';

test('the factor: 0.7 at national zoom, 1 at zoom 8, 1.8 from zoom 12, growing in between', () => {
  assert.is(iconZoomScale(6), 0.7);
  assert.is(iconZoomScale(7), 0.7);
  assert.ok(Math.abs(iconZoomScale(7.5) - 0.85) < 1e-9);
  assert.is(iconZoomScale(8), 1);
  assert.ok(Math.abs(iconZoomScale(10) - 1.4) < 1e-9);
  assert.is(iconZoomScale(12), 1.8);
  assert.is(iconZoomScale(17), 1.8);
  // The smallest icon (type 1) is a 7.6 px marker in its box unscaled: at least 10 px from zoom 12.
  assert.ok(iconSize({ type: 1 }, false) * (22 / 32) * iconZoomScale(12) >= 10);
});

test('a layer with zoomScale sizes its icons for the zoom, in tenths; without it, sizes stay', () => {
  const feature = { id: 1, lon: 5.1, lat: 52.1, name: 'A', type: 1 };
  const scaled = new IconLayer({ features: [feature], zoomScale: iconZoomScale });
  const fixed = new IconLayer({ features: [feature] });
  const base = iconSize(feature, false) / 2;
  assert.is(scaled.half[0], base, 'before any frame: as the spec sizes it');
  const revision = scaled.revision;
  scaled.scaleFor(12.3);
  assert.is(scaled.scale, 1.8);
  assert.is(scaled.half[0], Math.round(iconSize(feature, false) * 1.8) / 2);
  assert.ok(scaled.revision > revision, 'sprites looked up again');
  const again = scaled.revision;
  scaled.scaleFor(12.9);
  assert.is(scaled.revision, again, 'the same tenth: nothing restyled');
  scaled.scaleFor(9.04);
  assert.is(scaled.scale, 1.2);
  scaled.scaleFor(6.5);
  assert.is(scaled.scale, 0.7);
  fixed.scaleFor(14);
  assert.is(fixed.half[0], base);
});

test('the hit square follows the grown icon', () => {
  const feature = { id: 1, lon: 5.1, lat: 52.1, name: 'A', type: 1 };
  const layer = new IconLayer({ features: [feature], zoomScale: iconZoomScale });
  const frame = createFrameState({ center: [5.1, 52.1], zoom: 13, bearing: 0, pitch: 0 }, { width: 400, height: 300 }, 1);
  const [x, y] = projectToScreen(frame, [5.1, 52.1]);
  const reach = Math.round(iconSize(feature, false) * 1.8) / 2 - 0.5;
  assert.is(layer.hitTest(frame, [x + reach, y]), null, 'unscaled: the point is outside');
  layer.scaleFor(frame.view.zoom);
  assert.is(layer.hitTest(frame, [x + reach, y])?.id, 1);
});

test.run();
