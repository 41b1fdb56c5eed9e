// The pair estimate a calculation is checked against before it starts: exact
// on a small area set, close on a large one, and cheap for a reach that
// covers every location.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BYTES_PER_PAIR, estimatePairs, estimatorProvider, findCandidatePairs } from '../src/index.js';
import { syntheticWorld } from './synthetic-world.js';

async function exactPairs(world: ReturnType<typeof syntheticWorld>): Promise<number> {
  const pairs = await findCandidatePairs(estimatorProvider(), world.parameters, {
    areas: world.areas,
    locations: world.locations,
    active: world.locations.active,
  });
  return pairs.location.length;
}

test('exact on an area set of at most 512 areas', async () => {
  const world = syntheticWorld(400, 300);
  const estimate = estimatePairs(world.parameters, world.areas, world.locations);
  assert.ok(estimate.exact);
  assert.is(estimate.pairs, await exactPairs(world));
  assert.is(estimate.bytes, estimate.pairs * BYTES_PER_PAIR);
});

test('within 10 % on a large area set, from a sample', async () => {
  const world = syntheticWorld(20_000, 2_000);
  const estimate = estimatePairs(world.parameters, world.areas, world.locations);
  const exact = await exactPairs(world);
  assert.not.ok(estimate.exact);
  assert.ok(exact > 10_000, `${exact} pairs`);
  assert.ok(Math.abs(estimate.pairs - exact) < 0.1 * exact, `estimate ${estimate.pairs}, exact ${exact}`);
});

test('a reach without bounds counts every active location for every area', () => {
  const world = syntheticWorld(20_000, 2_000);
  const parameters = { ...world.parameters, car: { ...world.parameters.car!, maximumMinutes: 1e9 } };
  const active = world.locations.active ? Array.from(world.locations.active).filter(Boolean).length : world.locations.latitude.length;
  const estimate = estimatePairs(parameters, world.areas, world.locations);
  assert.is(estimate.pairs, 20_000 * active);
  const none = estimatePairs({ car: { ...world.parameters.car!, maximumMinutes: 0 }, pedestrian: undefined }, world.areas, world.locations);
  assert.is(none.pairs, 0);
});

test.run();
