// Travel times: the estimator's documented numbers, its inverse, the spatial
// index finding exactly the pairs a brute-force scan finds, and the matrix provider.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateMinutes, estimatorProvider, findCandidatePairs, greatCircleKm, matrixProvider, reachKm } from '../src/index.js';

test('estimator: the numbers of docs/calculation-model.md', () => {
  // On foot: 1.2 x distance at 4.8 km/h -> 1 km straight line = 1.2 km = 15 minutes.
  assert.ok(Math.abs(estimateMinutes('pedestrian', 1) - 15) < 1e-12);
  // By car, 1 km: 2 + 1.3 km at 25 km/h (3.12) = 5.12.
  assert.ok(Math.abs(estimateMinutes('car', 1) - 5.12) < 1e-12);
  // 8 km: road 10.4 = 2 km @25 (4.8) + 3 km @40 (4.5) + 5.4 km @60 (5.4), plus 2 = 16.7.
  assert.ok(Math.abs(estimateMinutes('car', 8) - 16.7) < 1e-12);
  // 20 km: road 26 = 4.8 + 4.5 + 10 km @60 (10) + 11 km @90 (7.333) + 2 = 28.633.
  assert.ok(Math.abs(estimateMinutes('car', 20) - (2 + 4.8 + 4.5 + 10 + 11 / 1.5)) < 1e-12);
  assert.is(estimateMinutes('car', 0), 2, 'the access time');
  assert.is(reachKm('car', 1.5), 0, 'less than the access time reaches nowhere');
});

test('estimator: reachKm is the inverse of estimateMinutes', () => {
  fc.assert(
    fc.property(fc.constantFrom('car' as const, 'pedestrian' as const), fc.double({ min: 2.01, max: 120, noNaN: true }), (profile, minutes) => {
      const km = reachKm(profile, minutes);
      assert.ok(Math.abs(estimateMinutes(profile, km) - minutes) < 1e-9);
    }),
  );
});

test('the spatial index finds exactly the pairs a scan of all pairs finds', async () => {
  const point = fc.record({ latitude: fc.double({ min: 51, max: 51.3, noNaN: true }), longitude: fc.double({ min: 4, max: 4.5, noNaN: true }) });
  await fc.assert(
    fc.asyncProperty(
      fc.array(point, { minLength: 1, maxLength: 40 }),
      fc.array(point, { minLength: 1, maxLength: 15 }),
      fc.double({ min: 3, max: 30, noNaN: true }),
      async (a, l, minutes) => {
        const areas = { latitude: a.map((p) => p.latitude), longitude: a.map((p) => p.longitude) };
        const locations = { latitude: l.map((p) => p.latitude), longitude: l.map((p) => p.longitude) };
        const r = await estimatorProvider().reachable({ profile: 'car', origins: areas, destinations: locations, maximumMinutes: minutes });
        const expected: string[] = [];
        a.forEach((p, i) =>
          l.forEach((q, j) => {
            const t = estimateMinutes('car', greatCircleKm(p.latitude, p.longitude, q.latitude, q.longitude));
            if (t <= minutes) expected.push(`${i}:${j}:${t}`);
          }),
        );
        const found: string[] = [];
        for (let i = 0; i < a.length; i++) for (let k = r.offsets[i]; k < r.offsets[i + 1]; k++) found.push(`${i}:${r.destination[k]}:${r.minutes[k]}`);
        assert.equal(found, expected);
      },
    ),
    { numRuns: 60 },
  );
});

test('candidate pairs merge both modes; inactive locations and a subset are honoured', async () => {
  const provider = matrixProvider({
    car: { origin: [0, 0, 1], destination: [2, 0, 1], minutes: [12, 5, 7] },
    pedestrian: { origin: [0, 1], destination: [1, 1], minutes: [9, 30] },
  });
  const points = (n: number) => ({ latitude: new Float64Array(n), longitude: new Float64Array(n) });
  const parameters = { car: { maximumMinutes: 10, scale: 1, constant: 0, power: 1 }, pedestrian: { maximumMinutes: 20, scale: 1, constant: 0, power: 1 } };
  const pairs = await findCandidatePairs(provider, parameters, { areas: points(2), locations: points(3) });
  // Area 0: location 0 by car (5), location 1 on foot (9), location 2 by car is 12 > 10 -> out. Area 1: location 1 by car 7 (walk 30 > 20).
  assert.equal(Array.from(pairs.offsets), [0, 2, 3]);
  assert.equal(Array.from(pairs.location), [0, 1, 1]);
  assert.equal(Array.from(pairs.minutesCar), [5, Infinity, 7]);
  assert.equal(Array.from(pairs.minutesPedestrian), [Infinity, 9, Infinity]);
  const inactive = await findCandidatePairs(provider, parameters, { areas: points(2), locations: points(3), active: [1, 0, 1] });
  assert.equal(Array.from(inactive.location), [0]);
  const subset = await findCandidatePairs(provider, parameters, { areas: points(2), locations: points(3), locationSubset: Uint32Array.from([1]) });
  assert.equal(Array.from(subset.location), [1, 1]);
});

test('the matrix provider refuses an origin outside the areas', async () => {
  const provider = matrixProvider({ car: { origin: [5], destination: [0], minutes: [1] } });
  try {
    await provider.reachable({
      profile: 'car',
      origins: { latitude: [0], longitude: [0] },
      destinations: { latitude: [0], longitude: [0] },
      maximumMinutes: 10,
    });
    assert.unreachable('should have thrown');
  } catch (e) {
    assert.match(String(e), 'origin 5 is not one of the 1 areas');
  }
});

test.run();
