// Invariants of the model on random small worlds (fast-check): shares per
// area sum to 1 or 0, outputs add up to the demand in reach, the cut-off
// keeps only shares at or above the threshold, closing a store never lowers
// another's output (without cut-off) and hands on all demand others reach,
// incremental equals full, and the catchment zones reach 50 % and 80 %.

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  calculateScenario,
  catchmentOf,
  demandInReach,
  estimatorProvider,
  recalculateChangedLocations,
  type ModelParameters,
  type ScenarioResult,
} from '../src/index.js';

const provider = estimatorProvider();

const mode = fc.record({
  maximumMinutes: fc.double({ min: 3, max: 30, noNaN: true }),
  scale: fc.double({ min: 0.1, max: 5, noNaN: true }),
  constant: fc.double({ min: 0, max: 5, noNaN: true }),
  power: fc.double({ min: 0.5, max: 3, noNaN: true }),
});
// Points within ~10 km so that some pairs are in reach and some are not.
const point = fc.record({ latitude: fc.double({ min: 52, max: 52.1, noNaN: true }), longitude: fc.double({ min: 5, max: 5.15, noNaN: true }) });
const worldArb = fc.record({
  areas: fc.array(fc.record({ p: point, demand: fc.double({ min: 0, max: 1e4, noNaN: true }) }), { minLength: 1, maxLength: 8 }),
  stores: fc.array(fc.record({ p: point, size: fc.double({ min: 50, max: 5000, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
  car: mode,
  pedestrian: fc.option(mode, { nil: undefined }),
  threshold: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.4, noNaN: true })),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

function input(w: World, threshold = w.threshold, active?: number[]) {
  const parameters: ModelParameters = {
    fractionCutOffThreshold: threshold,
    car: w.car,
    pedestrian: w.pedestrian,
    functions: [
      { function: 'pow(size, 0.9)', defaultValue: 1, type: 1 },
      { function: 'demand', defaultValue: 0, type: 2 },
    ],
  };
  return {
    areas: { latitude: w.areas.map((a) => a.p.latitude), longitude: w.areas.map((a) => a.p.longitude), properties: w.areas.map((a) => ({ demand: a.demand })) },
    locations: {
      latitude: w.stores.map((s) => s.p.latitude),
      longitude: w.stores.map((s) => s.p.longitude),
      properties: w.stores.map((s) => ({ size: s.size })),
      active,
    },
    parameters,
  };
}

function rowSums(r: ScenarioResult): number[] {
  const sums: number[] = [];
  for (let i = 0; i < r.pairs.areaCount; i++) {
    let s = 0;
    for (let k = r.pairs.offsets[i]; k < r.pairs.offsets[i + 1]; k++) s += r.probability[k];
    sums.push(s);
  }
  return sums;
}

const RUNS = { numRuns: 150 };

function areaOf(r: ScenarioResult, k: number): number {
  let i = 0;
  while (r.pairs.offsets[i + 1] <= k) i++;
  return i;
}

test('shares per area sum to 1, or 0 when nothing is in reach', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const r = await calculateScenario(input(w), provider);
      rowSums(r).forEach((s, i) => {
        const inReach = r.pairs.offsets[i + 1] > r.pairs.offsets[i];
        if (inReach) assert.ok(Math.abs(s - 1) < 1e-12, `area ${i}: ${s}`);
        else assert.is(s, 0);
      });
    }),
    RUNS,
  );
});

test('total output equals total demand in reach', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const r = await calculateScenario(input(w), provider);
      let expected = 0;
      w.areas.forEach((a, i) => {
        if (r.pairs.offsets[i + 1] > r.pairs.offsets[i]) expected += a.demand;
      });
      const total = r.output.reduce((s, v) => s + v, 0);
      assert.ok(Math.abs(total - expected) <= 1e-9 * Math.max(1, expected));
      assert.ok(Math.abs(demandInReach(r) - expected) <= 1e-9 * Math.max(1, expected));
    }),
    RUNS,
  );
});

test('the cut-off zeroes shares under the threshold (but never the largest) and renormalises the rest', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const r = await calculateScenario(input(w), provider);
      const raw = await calculateScenario(input(w, 0), provider);
      for (let k = 0; k < r.probability.length; k++) {
        const i = areaOf(r, k);
        let largest = 0;
        for (let q = r.pairs.offsets[i]; q < r.pairs.offsets[i + 1]; q++) largest = Math.max(largest, raw.probability[q]);
        if (raw.probability[k] < w.threshold && raw.probability[k] < largest) assert.is(r.probability[k], 0);
        else assert.ok(r.probability[k] >= raw.probability[k] - 1e-15, 'kept shares only grow');
      }
    }),
    RUNS,
  );
});

test('closing a store never lowers another store and passes on all demand the others reach', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, fc.nat(), async (w, pick) => {
      const closed = pick % w.stores.length;
      const before = await calculateScenario(input(w, 0), provider);
      const active = w.stores.map((_, j) => (j === closed ? 0 : 1));
      const after = await calculateScenario(input(w, 0, active), provider);
      assert.is(after.output[closed], 0);
      for (let j = 0; j < w.stores.length; j++) if (j !== closed) assert.ok(after.output[j] >= before.output[j] * (1 - 1e-12));
      // Demand lost = demand of areas that only the closed store reached.
      let lost = 0;
      for (let i = 0; i < w.areas.length; i++) {
        const reached = Array.from(before.pairs.location.subarray(before.pairs.offsets[i], before.pairs.offsets[i + 1]));
        if (reached.length === 1 && reached[0] === closed) lost += w.areas[i].demand;
      }
      const sumBefore = before.output.reduce((s, v) => s + v, 0);
      const sumAfter = after.output.reduce((s, v) => s + v, 0);
      assert.ok(Math.abs(sumAfter - (sumBefore - lost)) <= 1e-9 * Math.max(1, sumBefore));
    }),
    RUNS,
  );
});

test('an incremental change equals a full calculation', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, fc.nat(), point, fc.double({ min: 50, max: 5000, noNaN: true }), fc.boolean(), async (w, pick, moved, size, close) => {
      const j = pick % w.stores.length;
      const base = await calculateScenario(input(w), provider);
      const changed: World = { ...w, stores: w.stores.map((s, k) => (k === j ? { p: moved, size } : s)) };
      const active = w.stores.map((_, k) => (k === j && close ? 0 : 1));
      const next = input(changed, w.threshold, active);
      const inc = await recalculateChangedLocations(base, next.areas, { locations: next.locations, changed: [j] }, provider);
      const full = await calculateScenario(next, provider);
      assert.equal(Array.from(inc.output), Array.from(full.output));
      assert.equal(Array.from(inc.probability), Array.from(full.probability));
    }),
    RUNS,
  );
});

test('primary reaches 50 % and secondary 80 % with the shortest prefixes', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const r = await calculateScenario(input(w), provider);
      for (let j = 0; j < w.stores.length; j++) {
        const c = catchmentOf(r, j);
        if (!(c.output > 0)) continue;
        const share = (zones: string[]) => c.areas.filter((a) => zones.includes(a.zone)).reduce((s, a) => s + a.value, 0) / c.output;
        const primary = c.areas.filter((a) => a.zone === 'primary');
        const secondaryToo = c.areas.filter((a) => a.zone !== 'outside');
        assert.ok(share(['primary']) >= 0.5 - 1e-12);
        assert.ok(share(['primary', 'secondary']) >= 0.8 - 1e-12);
        // Shortest: without its last area the prefix falls short.
        assert.ok(share(['primary']) - primary[primary.length - 1].value / c.output < 0.5);
        assert.ok(share(['primary', 'secondary']) - secondaryToo[secondaryToo.length - 1].value / c.output < 0.8);
        // Ranked by value.
        for (let k = 1; k < c.areas.length; k++) assert.ok(c.areas[k - 1].value >= c.areas[k].value);
      }
    }),
    RUNS,
  );
});

test.run();
