// Small worlds whose numbers are worked out by hand in the comments.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  calculateScenario,
  catchmentOf,
  decay,
  demandInReach,
  matrixProvider,
  ModelFunctionError,
  recalculateChangedLocations,
  type AreaInput,
  type LocationInput,
  type ModelParameters,
  type TravelTimeMatrix,
} from '../src/index.js';

const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(b));

// Areas a (demand 1000) and b (500); stores X (A = 100) and Y (A = 200).
// Car minutes: a->X 5, a->Y 10, b->X 20, b->Y 10. Decay t^-2 (scale 1, constant 0, power 2).
//   a: U_X = 100/25 = 4,     U_Y = 200/100 = 2  -> P_X = 2/3, P_Y = 1/3 -> V = 666.667, 333.333
//   b: U_X = 100/400 = 0.25, U_Y = 200/100 = 2  -> P_X = 1/9, P_Y = 8/9 -> V = 55.556, 444.444
//   O_X = 722.222, O_Y = 777.778, total 1500 = all demand.
const times: TravelTimeMatrix = { origin: [0, 0, 1, 1], destination: [0, 1, 0, 1], minutes: [5, 10, 20, 10] };
const world = (threshold = 0, active: number[] = [1, 1]): { areas: AreaInput; locations: LocationInput; parameters: ModelParameters } => ({
  areas: { latitude: [0, 0], longitude: [0, 0], properties: [{ demand: 1000 }, { demand: 500 }] },
  locations: { latitude: [0, 0], longitude: [0, 0], properties: [{ salesArea: 100 }, { salesArea: 200 }], active },
  parameters: {
    fractionCutOffThreshold: threshold,
    car: { maximumMinutes: 30, scale: 1, constant: 0, power: 2 },
    functions: [
      { function: 'salesArea', defaultValue: 1, type: 1 },
      { function: 'demand', defaultValue: 0, type: 2 },
    ],
  },
});

test('two areas, two stores: probabilities, flows and outputs as worked out', async () => {
  const r = await calculateScenario(world(), matrixProvider({ car: times }));
  assert.equal(Array.from(r.pairs.location), [0, 1, 0, 1]);
  const p = Array.from(r.probability);
  assert.ok(close(p[0], 2 / 3) && close(p[1], 1 / 3) && close(p[2], 1 / 9) && close(p[3], 8 / 9));
  assert.ok(close(r.flow[0], 2000 / 3) && close(r.flow[3], 4000 / 9));
  assert.ok(close(r.output[0], 2000 / 3 + 500 / 9), `O_X ${r.output[0]}`);
  assert.ok(close(r.output[1], 1000 / 3 + 4000 / 9), `O_Y ${r.output[1]}`);
  assert.ok(close(r.output[0] + r.output[1], 1500));
});

test('cut-off 0.2 drops b->X (1/9) and renormalises b to Y alone', async () => {
  // b: P_X = 0.111 < 0.2 -> 0; P_Y = 2/2 = 1 -> V_bY = 500. a unchanged (1/3 >= 0.2).
  // O_X = 666.667, O_Y = 333.333 + 500 = 833.333.
  const r = await calculateScenario(world(0.2), matrixProvider({ car: times }));
  assert.is(r.probability[2], 0);
  assert.is(r.probability[3], 1);
  assert.ok(close(r.output[0], 2000 / 3));
  assert.ok(close(r.output[1], 1000 / 3 + 500));
  assert.ok(close(r.output[0] + r.output[1], 1500), 'the cut-off moves demand, it does not lose it');
});

test('closing X moves all its reachable revenue to Y', async () => {
  const before = await calculateScenario(world(), matrixProvider({ car: times }));
  const after = await calculateScenario(world(0, [0, 1]), matrixProvider({ car: times }));
  assert.is(after.output[0], 0);
  // Y reaches both areas, so it gets everything X had: 777.778 + 722.222 = 1500.
  assert.ok(close(after.output[1], before.output[1] + before.output[0]));
  assert.ok(close(after.output[1], 1500));
});

test('closing X through the incremental path gives the same numbers as a full calculation', async () => {
  const provider = matrixProvider({ car: times });
  const before = await calculateScenario(world(), provider);
  const w = world(0, [0, 1]);
  const inc = await recalculateChangedLocations(before, w.areas, { locations: w.locations, changed: [0] }, provider);
  const full = await calculateScenario(w, provider);
  assert.equal(Array.from(inc.output), Array.from(full.output));
  assert.equal(Array.from(inc.affectedAreas), [0, 1]);
});

test('an area with nothing in reach has shares summing to 0 and keeps its demand out of the outputs', async () => {
  // Area c (demand 300) is 40 minutes from both stores, beyond maximumMinutes 30.
  const w = world();
  const provider = matrixProvider({ car: { origin: [0, 0, 1, 1, 2, 2], destination: [0, 1, 0, 1, 0, 1], minutes: [5, 10, 20, 10, 40, 40] } });
  const r = await calculateScenario(
    { ...w, areas: { latitude: [0, 0, 0], longitude: [0, 0, 0], properties: [{ demand: 1000 }, { demand: 500 }, { demand: 300 }] } },
    provider,
  );
  assert.is(r.pairs.offsets[3] - r.pairs.offsets[2], 0);
  assert.ok(close(r.output[0] + r.output[1], 1500));
  assert.ok(close(demandInReach(r), 1500));
});

test('multi-mode decay: U = A (f_car + f_ped) with each mode cut at its maximumMinutes', async () => {
  // One area, one store 8 minutes by car, 12 on foot; a second store 4 by car, 40 on foot (beyond 20).
  // car f = 2 (t + 1)^-1.5 ; pedestrian f = 3 (t + 2)^-2.
  //   store 1: f = 2 * 9^-1.5 + 3 * 14^-2 = 2/27 + 3/196 = 0.0740741 + 0.0153061 = 0.0893802
  //   store 2: f = 2 * 5^-1.5 + 0           = 0.1788854
  // A = 1 for both: P_1 = 0.0893802 / 0.2682656 = 0.333178
  const parameters: ModelParameters = {
    fractionCutOffThreshold: 0,
    car: { maximumMinutes: 20, scale: 2, constant: 1, power: 1.5 },
    pedestrian: { maximumMinutes: 20, scale: 3, constant: 2, power: 2 },
    functions: [],
  };
  const provider = matrixProvider({
    car: { origin: [0, 0], destination: [0, 1], minutes: [8, 4] },
    pedestrian: { origin: [0, 0], destination: [0, 1], minutes: [12, 40] },
  });
  const r = await calculateScenario(
    { areas: { latitude: [0], longitude: [0], properties: [{}] }, locations: { latitude: [0, 0], longitude: [0, 0], properties: [{}, {}] }, parameters },
    provider,
  );
  assert.ok(close(r.decay[0], 2 / 27 + 3 / 196));
  assert.ok(close(r.decay[1], 2 * Math.pow(5, -1.5)));
  assert.is(r.pairs.minutesPedestrian[1], Infinity, 'the walk beyond 20 minutes is not a pair of that mode');
  assert.ok(close(r.probability[0], (2 / 27 + 3 / 196) / (2 / 27 + 3 / 196 + 2 * Math.pow(5, -1.5))));
  // No demand functions: demand is the empty product 1.
  assert.ok(close(r.output[0] + r.output[1], 1));
  assert.is(decay(parameters.car!, 20.0001), 0);
});

test('a failing attractiveness function yields its defaultValue and is counted', async () => {
  const w = world();
  w.locations.properties = [{ salesArea: 100 }, {}];
  w.parameters.functions[0] = { function: 'salesArea', defaultValue: 200, type: 1 };
  const r = await calculateScenario(w, matrixProvider({ car: times }));
  assert.is(r.attractiveness[1], 200);
  assert.is(r.fallbacks.attractiveness.length, 1);
  assert.is(r.fallbacks.attractiveness[0].count, 1);
  assert.match(r.fallbacks.attractiveness[0].firstReason, "'salesArea'");
});

test('a model function that does not parse stops the calculation with every problem and its position', async () => {
  const w = world();
  w.parameters.functions = [
    { id: 7, function: 'salesArea *', defaultValue: 1, type: 1 },
    { id: 8, function: 'demand', defaultValue: 0, type: 2 },
    { id: 9, function: 'sqrt(demand', defaultValue: 0, type: 2 },
  ];
  try {
    await calculateScenario(w, matrixProvider({ car: times }));
    assert.unreachable('should have thrown');
  } catch (e) {
    assert.instance(e, ModelFunctionError);
    assert.equal(
      (e as ModelFunctionError).problems.map((p) => [p.functionId, p.position]),
      [
        [7, 11],
        [9, 11],
      ],
    );
  }
});

test('primary and secondary catchments reach 50 % and 80 %', async () => {
  const r = await calculateScenario(world(), matrixProvider({ car: times }));
  // X: a 666.667 of 722.222 = 92.3 % -> a alone is primary, and already past 80 %: b is outside.
  const x = catchmentOf(r, 0);
  assert.equal(
    x.areas.map((a) => [a.area, a.zone]),
    [
      [0, 'primary'],
      [1, 'outside'],
    ],
  );
  assert.ok(close(x.areas[0].valueSharePrevious, 2000 / 3 / (2000 / 3 + 500 / 9)));
  // Y: b 444.444 of 777.778 = 57.1 % (primary), then a brings it to 100 % (secondary).
  const y = catchmentOf(r, 1);
  assert.equal(
    y.areas.map((a) => [a.area, a.zone]),
    [
      [1, 'primary'],
      [0, 'secondary'],
    ],
  );
  assert.ok(close(y.areas[1].cumulativeShare, 1));
});

test('catchment against the default scenario carries valueDefault and fractionDefault', async () => {
  const base = await calculateScenario(world(), matrixProvider({ car: times }));
  const closed = await calculateScenario(world(0, [0, 1]), matrixProvider({ car: times }));
  const y = catchmentOf(closed, 1, { defaultResult: base, defaultLocation: 1 });
  const a = y.areas.find((e) => e.area === 0)!;
  assert.ok(close(a.value, 1000) && close(a.fraction, 1));
  assert.ok(close(a.valueDefault, 1000 / 3) && close(a.fractionDefault, 1 / 3));
  // An area with a fraction under 0.01 is marked excluded.
  assert.is(
    y.areas.some((e) => e.excluded),
    false,
  );
});

test.run();
