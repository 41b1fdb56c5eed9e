// The engine on a synthetic national-sized model (30,000 demand cells, 4,000
// stores over the Netherlands' bounding box) equals the plain dense all-pairs
// model within 1e-9 relative, and an incremental one-store change equals a
// full recalculation. Timing is for the bench, not asserted here.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, demandInReach, estimatorProvider, recalculateChangedLocations } from '../src/index.js';
import { denseHuff } from './dense-huff.js';
import { syntheticWorld } from './synthetic-world.js';

const world = syntheticWorld(30_000, 4_000);
const provider = estimatorProvider();

function maxRelativeDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  let scale = 0;
  for (let j = 0; j < b.length; j++) scale = Math.max(scale, Math.abs(b[j]));
  for (let j = 0; j < a.length; j++) {
    // Relative to the value itself, or to a billionth of the largest output for outputs near 0.
    const d = Math.abs(a[j] - b[j]) / Math.max(Math.abs(b[j]), 1e-9 * scale, Number.MIN_VALUE);
    worst = Math.max(worst, d);
  }
  return worst;
}

test('national-sized world: sparse engine equals the dense all-pairs model (1e-9 relative)', async () => {
  const engine = await calculateScenario(world, provider);
  const dense = denseHuff(world.areas, world.locations, world.parameters);
  assert.ok(engine.pairs.location.length > 100_000, `a realistic number of pairs (${engine.pairs.location.length})`);
  assert.ok(engine.pairs.location.length < 30_000 * 4_000 * 0.05, 'far fewer pairs than all pairs');
  const worst = maxRelativeDifference(engine.output, dense);
  assert.ok(worst <= 1e-9, `largest relative difference ${worst}`);
  const totalOutput = engine.output.reduce((s, v) => s + v, 0);
  assert.ok(Math.abs(totalOutput - demandInReach(engine)) <= 1e-9 * totalOutput);
});

test('national-sized world: closing, moving, editing and adding stores incrementally equals a full calculation', async () => {
  const base = await calculateScenario(world, provider);
  const n = world.locations.latitude.length;
  const latitude = Float64Array.from(world.locations.latitude);
  const longitude = Float64Array.from(world.locations.longitude);
  const properties = Array.from(world.locations.properties).map((p) => ({ ...p }));
  const active = new Uint8Array(n).fill(1);
  active[17] = 0; // closed
  latitude[42] += 0.03; // moved about 3 km north
  properties[99] = { ...properties[99], salesArea: 2500 }; // edited
  // Added: a new store next to store 5.
  const newLat = Float64Array.from([...latitude, latitude[5] + 0.005]);
  const newLon = Float64Array.from([...longitude, longitude[5] + 0.005]);
  const newProps = [...properties, { salesArea: 1800, parking: 50, formula: 'super' }];
  const newActive = Uint8Array.from([...active, 1]);
  const locations = { latitude: newLat, longitude: newLon, properties: newProps, active: newActive };

  const inc = await recalculateChangedLocations(base, world.areas, { locations, changed: [17, 42, 99] }, provider);
  const full = await calculateScenario({ ...world, locations }, provider);
  assert.is(inc.pairs.location.length, full.pairs.location.length);
  assert.equal(Array.from(inc.pairs.offsets), Array.from(full.pairs.offsets));
  assert.ok(maxRelativeDifference(inc.output, full.output) === 0, 'bit-for-bit equal outputs');
  assert.ok(inc.affectedAreas.length > 0 && inc.affectedAreas.length < world.areas.latitude.length / 10, `${inc.affectedAreas.length} areas recomputed`);
  assert.is(inc.output[17], 0);
  assert.ok(inc.output[n] > 0, 'the new store attracts demand');
});

test.run();
