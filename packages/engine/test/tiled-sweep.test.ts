// The estimator's per-area sweep groups the areas in tiles and blocks and
// takes each tile's candidate locations from its block's (see
// estimator-pairs.ts). A location missed by a tile would silently drop its
// pairs, so on random worlds spread over many tiles and blocks, with reaches
// from a few hundred metres to tens of kilometres, the per-area sweep must
// find exactly the pairs, with the same minutes to the bit, as the
// per-location sweep (one k-d tree query per location over the areas), which
// knows nothing of tiles.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateModePairs, type ModePairs } from '../src/index.js';

/** Per area, "location:car:ped" of each pair. */
function rows(p: ModePairs, areaCount: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < areaCount; i++) {
    const row: string[] = [];
    for (let k = p.offsets[i]; k < p.offsets[i + 1]; k++) row.push(`${p.location[k]}:${p.minutesCar[k]}:${p.minutesPedestrian[k]}`);
    out.push(row);
  }
  return out;
}

const point = (south: number, west: number, size: number) =>
  fc.record({ latitude: fc.double({ min: south, max: south + size, noNaN: true }), longitude: fc.double({ min: west, max: west + size * 1.6, noNaN: true }) });

const worldArb = fc
  .record({
    south: fc.double({ min: -60, max: 60, noNaN: true }),
    west: fc.double({ min: -170, max: 160, noNaN: true }),
    size: fc.constantFrom(0.05, 0.3, 1, 3),
  })
  .chain(({ south, west, size }) =>
    fc.record({
      areas: fc.array(point(south, west, size), { minLength: 64, maxLength: 400 }),
      // A cluster of stores, and some spread over the whole region.
      stores: fc.array(fc.oneof(point(south + size / 3, west + size / 3, size / 10), point(south - size / 4, west - size / 4, size * 1.5)), {
        minLength: 2,
        maxLength: 40,
      }),
      carMinutes: fc.oneof(fc.constant(0), fc.double({ min: 2.5, max: 90, noNaN: true })),
      pedestrianMinutes: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 60, noNaN: true })),
      some: fc.boolean(),
    }),
  );

test('the tiled per-area sweep finds the pairs and minutes of one query per location, to the bit', () => {
  fc.assert(
    fc.property(worldArb, (w) => {
      const areas = { latitude: Float64Array.from(w.areas, (p) => p.latitude), longitude: Float64Array.from(w.areas, (p) => p.longitude) };
      const locations = { latitude: Float64Array.from(w.stores, (p) => p.latitude), longitude: Float64Array.from(w.stores, (p) => p.longitude) };
      const m = w.stores.length;
      // Every other location when `some`: the per-area sweep then masks the rest.
      const subset = w.some ? Uint32Array.from({ length: Math.ceil(m / 2) }, (_, q) => 2 * q) : undefined;
      const query = { origins: areas, destinations: locations, carMinutes: w.carMinutes, pedestrianMinutes: w.pedestrianMinutes };
      // With more than a 64th of the areas as locations the per-area sweep is taken.
      const byArea = estimateModePairs({ ...query, destinationSubset: subset });
      const expected: string[][] = w.areas.map(() => []);
      for (const j of subset ?? Uint32Array.from({ length: m }, (_, q) => q)) {
        // One location (at most a 64th of the areas): the per-location sweep.
        const one = rows(estimateModePairs({ ...query, destinationSubset: Uint32Array.of(j) }), w.areas.length);
        one.forEach((row, i) => expected[i].push(...row));
      }
      assert.equal(rows(byArea, w.areas.length), expected);
    }),
    { numRuns: 150 },
  );
});

test('areas without coordinates have no pairs and do not disturb the others', () => {
  const areas = { latitude: [52, Number.NaN, 52.01, 52.02], longitude: [5, 5, Number.POSITIVE_INFINITY, 5.01] };
  const locations = { latitude: [52, 52.015], longitude: [5.005, 5.01] };
  const p = estimateModePairs({ origins: areas, destinations: locations, carMinutes: 10 });
  assert.equal(Array.from(p.offsets), [0, 2, 2, 2, 4]);
  assert.equal(Array.from(p.location), [0, 1, 0, 1]);
});

test('estimator settings with car bands that do not ascend are refused with a clear error', () => {
  const settings = {
    car: {
      circuity: 1.3,
      accessMinutes: 2,
      bands: [
        { untilKm: 5, kmPerHour: 30 },
        { untilKm: 3, kmPerHour: 50 },
      ],
    },
    pedestrian: { circuity: 1.2, kmPerHour: 4.8 },
  };
  assert.throws(
    () => estimateModePairs({ origins: { latitude: [52], longitude: [5] }, destinations: { latitude: [52], longitude: [5] }, carMinutes: 10 }, settings),
    /band 2 must end beyond 5 km/,
  );
});

test.run();
