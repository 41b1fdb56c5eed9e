// The optimised calculation (both modes in one k-d tree sweep, the decay
// computed on the way, products for whole and half powers, the cut-off pass
// only when needed) equals the straightforward one on random worlds to 1e-9:
// the estimator asked per mode, the rows merged, the decay stored per pair
// with Math.pow, then the plain interaction. Worlds are large enough now and
// then for the location-major sweep of an incremental change to be taken too.
//
// The seed is fixed in CI (CI=true), so a failure there repeats; elsewhere it
// is new on every run. Either way it is printed, and FC_SEED=<seed> runs
// that seed again (fast-check's failure report adds the path of the case).

import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  calculateScenario,
  compileModel,
  estimatorProvider,
  functionProducts,
  interact,
  MINIMUM_DECAY_BASE_MINUTES,
  mergeModes,
  modeIsOn,
  recalculateChangedLocations,
  type ModeParameters,
  type ModelParameters,
  type ScenarioInput,
  type TravelTimeProvider,
} from '../src/index.js';
import { estimateReachable } from '../src/travel/estimator.js';

const optimised = estimatorProvider();

const FIXED_SEED = 20261123;
const seed =
  process.env.FC_SEED !== undefined && process.env.FC_SEED !== ''
    ? Number(process.env.FC_SEED)
    : process.env.CI === 'true'
      ? FIXED_SEED
      : (Math.random() * 2 ** 32) | 0;
if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${process.env.FC_SEED}`);
console.log(`optimised-path: fast-check seed ${seed} (FC_SEED=${seed} repeats it)`);

function plainDecay(mode: ModeParameters | undefined, minutes: number): number {
  if (!modeIsOn(mode) || !(minutes <= mode.maximumMinutes)) return 0;
  return mode.scale * Math.pow(Math.max(minutes + mode.constant, MINIMUM_DECAY_BASE_MINUTES), -mode.power);
}

/** The straightforward path, step by step, sharing only the per-mode estimator and the function evaluation. */
function straightforward(input: ScenarioInput) {
  const { areas, locations, parameters } = input;
  const n = areas.latitude.length;
  const m = locations.latitude.length;
  const compiled = compileModel(parameters);
  const attractiveness = functionProducts(compiled.attractiveness, locations.properties).values;
  const demand = functionProducts(compiled.demand, areas.properties).values;
  const active = Array.from({ length: m }, (_, j) => (locations.active ? locations.active[j] : 1));
  for (let j = 0; j < m; j++) if (!active[j]) attractiveness[j] = 0;
  const subset = Uint32Array.from(active.flatMap((a, j) => (a ? [j] : [])));
  const reach = (mode: ModeParameters | undefined, profile: 'car' | 'pedestrian') =>
    modeIsOn(mode)
      ? estimateReachable({ profile, origins: areas, destinations: locations, maximumMinutes: mode.maximumMinutes, destinationSubset: subset })
      : { offsets: new Uint32Array(n + 1), destination: new Uint32Array(0), minutes: new Float64Array(0) };
  const pairs = mergeModes(n, m, reach(parameters.car, 'car'), reach(parameters.pedestrian, 'pedestrian'));
  const decay = new Float64Array(pairs.location.length);
  for (let k = 0; k < decay.length; k++)
    decay[k] = plainDecay(parameters.car, pairs.minutesCar[k]) + plainDecay(parameters.pedestrian, pairs.minutesPedestrian[k]);
  const r = interact({ pairs, decay, attractiveness, demand, fractionCutOffThreshold: parameters.fractionCutOffThreshold });
  return { pairs, decay, ...r };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const mode = fc.record({
  maximumMinutes: fc.double({ min: 3, max: 30, noNaN: true }),
  scale: fc.double({ min: 0.1, max: 5, noNaN: true }),
  constant: fc.double({ min: 0, max: 5, noNaN: true }),
  // Whole and half powers take the product route, the others Math.pow.
  power: fc.oneof(fc.constantFrom(0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4), fc.double({ min: 0.3, max: 4, noNaN: true })),
});
const point = fc.record({ latitude: fc.double({ min: 52, max: 52.2, noNaN: true }), longitude: fc.double({ min: 5, max: 5.3, noNaN: true }) });
const worldArb = fc.record({
  areas: fc.array(fc.record({ p: point, demand: fc.double({ min: 0, max: 1e4, noNaN: true }) }), { minLength: 1, maxLength: 200 }),
  stores: fc.array(fc.record({ p: point, size: fc.double({ min: 50, max: 5000, noNaN: true }), open: fc.boolean() }), { minLength: 1, maxLength: 12 }),
  car: fc.option(mode, { nil: undefined }),
  pedestrian: fc.option(mode, { nil: undefined }),
  threshold: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.4, noNaN: true })),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

const walking = (constant: number, power: number) => ({ maximumMinutes: 3, scale: 0.1, constant, power });
const shop = (latitude: number, longitude: number) => ({ p: { latitude, longitude }, size: 50, open: true });
/**
 * Stores within a hair of an area, where the decay is steepest: a store
 * 1e-14 degrees away with a tiny constant and a fractional power (a failure
 * once, when the optimised path took such distances from the chord between
 * unit vectors, which is only good to about 1e-16 absolute), one on the
 * centroid itself, and some a few metres away in both directions.
 */
const nearWorlds: World[] = [
  {
    areas: [{ p: { latitude: 52, longitude: 5 }, demand: 0 }],
    stores: [shop(52.00000000000001, 5)],
    car: undefined,
    pedestrian: walking(9.999881520048566e-7, 0.30000000000000016),
    threshold: 0,
  },
  {
    areas: [
      { p: { latitude: 52.1, longitude: 5.1 }, demand: 100 },
      { p: { latitude: 52.10001, longitude: 5.1 }, demand: 7 },
    ],
    stores: [shop(52.1, 5.1), shop(52.1, 5.100000000000001), shop(52.10000003, 5.09999996), shop(52.1002, 5.1003)],
    car: { maximumMinutes: 10, scale: 1, constant: 0, power: 2 },
    pedestrian: walking(1e-9, 3.7),
    threshold: 0,
  },
  {
    areas: [{ p: { latitude: 52.05, longitude: 5.2 }, demand: 1 }],
    stores: [shop(52.05, 5.200000000000003), shop(52.05000000000001, 5.2)],
    car: undefined,
    pedestrian: walking(0, 0.5),
    threshold: 0.2,
  },
];

function inputOf(w: World): ScenarioInput {
  const parameters: ModelParameters = {
    fractionCutOffThreshold: w.threshold,
    car: w.car,
    pedestrian: w.pedestrian,
    functions: [
      { function: 'pow(size, 0.9)', defaultValue: 1, type: 1 },
      { function: 'demand', defaultValue: 0, type: 2 },
    ],
  };
  return {
    areas: {
      latitude: Float64Array.from(w.areas, (a) => a.p.latitude),
      longitude: Float64Array.from(w.areas, (a) => a.p.longitude),
      properties: w.areas.map((a) => ({ demand: a.demand })),
    },
    locations: {
      latitude: Float64Array.from(w.stores, (s) => s.p.latitude),
      longitude: Float64Array.from(w.stores, (s) => s.p.longitude),
      properties: w.stores.map((s) => ({ size: s.size })),
      active: w.stores.map((s) => (s.open ? 1 : 0)),
    },
    parameters,
  };
}

test('the optimised path equals the straightforward one (pairs, minutes, decay, shares, flows, outputs) to 1e-9', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const input = inputOf(w);
      const fast = await calculateScenario(input, optimised);
      const plain = straightforward(input);
      assert.equal(Array.from(fast.pairs.offsets), Array.from(plain.pairs.offsets), 'the same pairs per area');
      assert.equal(Array.from(fast.pairs.location), Array.from(plain.pairs.location), 'the same locations, ascending');
      for (let k = 0; k < plain.decay.length; k++) {
        assert.ok(
          fast.pairs.minutesCar[k] === plain.pairs.minutesCar[k] || close(fast.pairs.minutesCar[k], plain.pairs.minutesCar[k]),
          `car minutes of pair ${k}`,
        );
        assert.ok(
          fast.pairs.minutesPedestrian[k] === plain.pairs.minutesPedestrian[k] || close(fast.pairs.minutesPedestrian[k], plain.pairs.minutesPedestrian[k]),
          `walking minutes of pair ${k}`,
        );
        assert.ok(close(fast.decay[k], plain.decay[k]), `decay of pair ${k}: ${fast.decay[k]} vs ${plain.decay[k]}`);
        assert.ok(close(fast.probability[k], plain.probability[k]), `share of pair ${k}: ${fast.probability[k]} vs ${plain.probability[k]}`);
        assert.ok(close(fast.flow[k], plain.flow[k]), `flow of pair ${k}`);
      }
      for (let j = 0; j < plain.output.length; j++)
        assert.ok(close(fast.output[j], plain.output[j]), `output of ${j}: ${fast.output[j]} vs ${plain.output[j]}`);
    }),
    { numRuns: 200, seed, examples: nearWorlds.map((w) => [w] as [World]) },
  );
});

test('the location-major sweep of an incremental change gives the bits of the area-major sweep of a full calculation', async () => {
  await fc.assert(
    fc.asyncProperty(worldArb, fc.nat(), point, async (w, pick, moved) => {
      // Enough areas that one changed location takes the location-major sweep.
      const many: World = { ...w, areas: Array.from({ length: 70 }, (_, k) => w.areas[k % w.areas.length]) };
      const input = inputOf(many);
      const j = pick % many.stores.length;
      const base = await calculateScenario(input, optimised);
      const latitude = Float64Array.from(input.locations.latitude);
      const longitude = Float64Array.from(input.locations.longitude);
      latitude[j] = moved.latitude;
      longitude[j] = moved.longitude;
      const locations = { ...input.locations, latitude, longitude };
      const inc = await recalculateChangedLocations(base, input.areas, { locations, changed: [j] }, optimised);
      const full = await calculateScenario({ ...input, locations }, optimised);
      assert.equal(Array.from(inc.pairs.location), Array.from(full.pairs.location));
      assert.equal(Array.from(inc.pairs.minutesCar), Array.from(full.pairs.minutesCar));
      assert.equal(Array.from(inc.probability), Array.from(full.probability));
      assert.equal(Array.from(inc.output), Array.from(full.output));
    }),
    { numRuns: 100, seed },
  );
});

/** A provider without the one-sweep method: the calculation falls back to asking per mode and merging. */
test('a provider that answers per mode only gives the same result through the merge', async () => {
  const perMode: TravelTimeProvider = { name: 'per mode', reachable: (q) => optimised.reachable(q) };
  await fc.assert(
    fc.asyncProperty(worldArb, async (w) => {
      const input = inputOf(w);
      const a = await calculateScenario(input, optimised);
      const b = await calculateScenario(input, perMode);
      assert.equal(Array.from(a.pairs.location), Array.from(b.pairs.location));
      for (let j = 0; j < a.output.length; j++) assert.ok(close(a.output[j], b.output[j]));
    }),
    { numRuns: 100, seed },
  );
});

test.run();
