// Douglas–Peucker simplification of the polygons' rings (zoomed-out paths).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { simplifyClosedRing } from '../src/layers/polygons/simplify-ring.js';

function circle(n: number, radius: number): Float64Array {
  const ring = new Float64Array(2 * (n + 1));
  for (let k = 0; k <= n; k++) {
    const a = ((k % n) / n) * Math.PI * 2;
    ring[2 * k] = 100 + radius * Math.cos(a);
    ring[2 * k + 1] = 50 + radius * Math.sin(a);
  }
  return ring;
}

/** Largest distance of any vertex of `ring` from the outline of `outline`. */
function deviation(ring: Float64Array, outline: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < ring.length; i += 2) {
    let best = Infinity;
    for (let j = 0; j + 2 < outline.length; j += 2) {
      const ax = outline[j],
        ay = outline[j + 1],
        dx = outline[j + 2] - ax,
        dy = outline[j + 3] - ay;
      const t = Math.max(0, Math.min(1, ((ring[i] - ax) * dx + (ring[i + 1] - ay) * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, Math.hypot(ring[i] - ax - t * dx, ring[i + 1] - ay - t * dy));
    }
    worst = Math.max(worst, best);
  }
  return worst;
}

test('a 64-gon of radius 10 within a third of a unit needs a fraction of its vertices', () => {
  const ring = circle(64, 10);
  const simple = simplifyClosedRing(ring, 1 / 3);
  assert.ok(simple.length / 2 <= 20, `${simple.length / 2} points kept`);
  assert.ok(deviation(ring, simple) <= 1 / 3 + 1e-9, `every vertex within the tolerance (${deviation(ring, simple).toFixed(3)})`);
  assert.equal([simple[0], simple[1]], [simple[simple.length - 2], simple[simple.length - 1]], 'still closed');
});

test('a tolerance below the detail keeps the ring as it is, and so does one that would collapse', () => {
  const ring = circle(24, 10);
  assert.is(simplifyClosedRing(ring, 1e-6), ring);
  const tiny = circle(24, 0.01);
  assert.is(simplifyClosedRing(tiny, 1), tiny, 'fewer than three corners would stay');
  const small = simplifyClosedRing(circle(24, 1), 0.3);
  assert.ok(small.length / 2 - 1 >= 3 && small.length < 50, `a small ring keeps a few corners (${small.length / 2 - 1})`);
});

test.run();
