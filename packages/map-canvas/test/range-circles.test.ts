import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distance } from '@turf/turf';
import { rangeCircleLabel, rangeCircleRing } from '../src/layers/range-circles/range-circle.js';
import { RANGE_CIRCLE_STEPS } from '../src/constants.js';
import { scaleBarMeasure } from '../src/layers/scale-bar/scale-bar.js';
import type { LonLat } from '../src/geo/mercator.js';

const center: LonLat = [4.91, 52.35];

test('a range circle has 64 steps, closed, every vertex at the radius', () => {
  for (const radius of [500, 2500, 10000]) {
    const ring = rangeCircleRing(center, radius);
    assert.is(RANGE_CIRCLE_STEPS, 64);
    assert.is(ring.length, 65);
    assert.equal(ring[0], ring[64]);
    for (const p of ring) {
      const d = distance(center, p, { units: 'meters' });
      assert.ok(Math.abs(d - radius) < radius * 1e-6, `${d} vs ${radius}`);
    }
  }
});

test('the circle is round on the ground: wider in longitude than in latitude at 52 degrees', () => {
  const ring = rangeCircleRing(center, 5000);
  const lons = ring.map((p) => p[0]),
    lats = ring.map((p) => p[1]);
  const ratio = (Math.max(...lons) - Math.min(...lons)) / (Math.max(...lats) - Math.min(...lats));
  assert.ok(Math.abs(ratio - 1 / Math.cos((52.35 * Math.PI) / 180)) < 0.01, String(ratio));
});

test('range circles are labelled with a metres suffix', () => {
  assert.is(rangeCircleLabel(1000), '1000 m');
  assert.is(rangeCircleLabel(2500), '2500 m');
});

test('the scale bar shows the longest round distance within 200 px', () => {
  const m = scaleBarMeasure(37.3);
  assert.is(m.meters, 5000);
  assert.is(m.label, '5 km');
  assert.ok(m.width <= 200 && m.width > 100);
  assert.equal(scaleBarMeasure(1).label, '200 m');
  assert.equal(scaleBarMeasure(0.6).label, '100 m');
});

test.run();
