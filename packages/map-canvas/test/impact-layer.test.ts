import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ImpactLayer } from '../src/layers/impact/impact-layer.js';
import { DEFAULT_IMPACT_STYLE, impactColor, impactRadius, impactScale } from '../src/layers/impact/impact-symbols.js';
import { createFrameState } from '../src/view/frame-state.js';

test("a symbol's area is proportional to the absolute change; the largest at the largest radius", () => {
  const scale = 40_000;
  const r = (change: number) => impactRadius(change, scale);
  assert.is(r(40_000), DEFAULT_IMPACT_STYLE.maxRadius);
  assert.is(r(-40_000), DEFAULT_IMPACT_STYLE.maxRadius);
  // A quarter of the change: a quarter of the area, half the radius.
  assert.ok(Math.abs(r(-10_000) - DEFAULT_IMPACT_STYLE.maxRadius / 2) < 1e-9);
  assert.ok(Math.abs(r(20_000) ** 2 / r(40_000) ** 2 - 0.5) < 1e-9);
  // Tiny changes stay visible; no change draws nothing.
  assert.is(r(1), DEFAULT_IMPACT_STYLE.minRadius);
  assert.is(r(0), 0);
  assert.is(impactRadius(5, 0), 0);
});

test('loss and gain have their own colour; the scale is the largest absolute change', () => {
  assert.is(impactColor(-1), DEFAULT_IMPACT_STYLE.loss);
  assert.is(impactColor(1), DEFAULT_IMPACT_STYLE.gain);
  assert.not.equal(DEFAULT_IMPACT_STYLE.loss, DEFAULT_IMPACT_STYLE.gain);
  assert.is(impactScale([{ change: 5 }, { change: -12 }, { change: 3 }]), 12);
});

test('the layer leaves out stores without a change and draws the largest first, each at its store', () => {
  const layer = new ImpactLayer({
    features: [
      { id: 'small', lon: 5.39, lat: 52.16, change: 1_000 },
      { id: 'none', lon: 5.4, lat: 52.16, change: 0 },
      { id: 'large', lon: 5.38, lat: 52.15, change: -9_000 },
    ],
  });
  assert.equal(
    layer.features.map((f) => f.id),
    ['large', 'small'],
  );
  assert.is(layer.scale, 9_000);
  const frame = createFrameState({ center: [5.39, 52.16], zoom: 12, bearing: 0, pitch: 0 }, { width: 400, height: 300 }, 1);
  const symbols = layer.symbolsIn(frame);
  assert.is(symbols[0]!.radius, DEFAULT_IMPACT_STYLE.maxRadius);
  assert.is(symbols[0]!.color, DEFAULT_IMPACT_STYLE.loss);
  assert.ok(Math.abs(symbols[1]!.radius - DEFAULT_IMPACT_STYLE.maxRadius / 3) < 1e-9);
  // The small gain is at the view's centre.
  assert.ok(Math.abs(symbols[1]!.x - 200) < 1e-6 && Math.abs(symbols[1]!.y - 150) < 1e-6);
  let changes = 0;
  layer.onChange(() => changes++);
  layer.setFeatures([{ id: 'x', lon: 5, lat: 52, change: -3 }], 6);
  assert.is(changes, 1);
  assert.is(layer.scale, 6);
});

test.run();
