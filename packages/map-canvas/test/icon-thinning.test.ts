// Icons thinned out at national zoom: of icons that would overlap, the topmost is kept whole and the
// others become dots; selected icons are always kept; the choice depends on the zoom only.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IconLayer } from '../src/layers/icons/icon-layer.js';
import type { IconFeature } from '../src/layers/icons/icon-style.js';

/** Icons 0.001 degrees apart in a row: about 70 m, so they overlap at zoom 8 and stand apart at zoom 16. */
function row(n: number): IconFeature[] {
  return Array.from({ length: n }, (_, i) => ({ id: i, lon: 5 + i * 0.001, lat: 52, name: `Store ${i}`, type: 5 }));
}

test('below thinBelowZoom overlapping icons become dots, the topmost kept; at or above it none', () => {
  const layer = new IconLayer({ features: row(20), thinBelowZoom: 11 });
  const dots = layer.thinned(8)!;
  assert.ok(dots, 'thinned at zoom 8');
  const kept = [...dots].filter((d) => d === 0).length;
  assert.ok(kept >= 1 && kept < 5, `a few of 20 piled-up icons kept whole: ${kept}`);
  // The drawing order's last icon is on top: it is the one kept.
  assert.is(dots[layer.order[layer.order.length - 1]], 0);
  assert.is(layer.thinned(11), null, 'no thinning from the threshold up');
  assert.is(new IconLayer({ features: row(20) }).thinned(3), null, 'no thinning without the option');
});

test('icons that stand apart are all kept, also below the threshold', () => {
  const apart = Array.from({ length: 10 }, (_, i) => ({ id: i, lon: 4 + i * 0.2, lat: 52, name: `S${i}`, type: 5 }));
  const layer = new IconLayer({ features: apart, thinBelowZoom: 11 });
  assert.is([...layer.thinned(9)!].filter((d) => d === 1).length, 0);
});

test('a selected icon is kept whole among overlapping ones; the choice is cached per quarter zoom', () => {
  const layer = new IconLayer({ features: row(20), thinBelowZoom: 11 });
  layer.setSelected([3, 7]);
  const dots = layer.thinned(8)!;
  const at = (id: number) => layer.features.findIndex((f) => f.id === id);
  assert.is(dots[at(3)], 0);
  assert.is(dots[at(7)], 0);
  assert.is(layer.thinned(8.1), dots, 'the same quarter step: the same answer');
  assert.is.not(layer.thinned(8.3), dots);
  layer.setSelected([]);
  assert.is(layer.thinned(8)![at(3)], 1, 'no longer selected: a dot again');
});

test('zoomed in, fewer icons are dots', () => {
  const layer = new IconLayer({ features: row(50), thinBelowZoom: 20 });
  const count = (z: number) => [...layer.thinned(z)!].filter((d) => d === 1).length;
  assert.ok(count(8) > count(12), `${count(8)} dots at zoom 8, ${count(12)} at zoom 12`);
  assert.ok(count(12) > count(16), `${count(12)} dots at zoom 12, ${count(16)} at zoom 16`);
});

test.run();
