// The estimator's sweeps keep their scratch arrays from one calculation to
// the next (estimator-pairs.ts, SweepArena), and hand each area's row to a
// row sink as soon as it is written (ModesQuery.rows, which calculateScenario
// uses to compute the shares while the row is in cache). What a caller gets
// back must never live in those scratch arrays: a result kept as the basis of
// the next incremental calculation (as the server's engine thread does) has
// to stay as it was, whatever is calculated after it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  calculateScenario,
  estimateModePairs,
  estimatorProvider,
  reachKm,
  recalculateChangedLocations,
  type ModePairs,
  type PairRowSink,
} from '../src/index.js';
import { KM_PER_DEGREE_LATITUDE } from '../src/travel/geo.js';
import { syntheticWorld } from './synthetic-world.js';

const provider = estimatorProvider();

const copyOf = (r: Awaited<ReturnType<typeof calculateScenario>>) => ({
  offsets: Array.from(r.pairs.offsets),
  location: Array.from(r.pairs.location),
  minutesCar: Array.from(r.pairs.minutesCar),
  minutesPedestrian: Array.from(r.pairs.minutesPedestrian),
  probability: Array.from(r.probability),
  output: Array.from(r.output),
});

/** Asserts equal copies, naming the first difference (a diff of arrays this long would take the reporter ages). */
function sameCopy(a: ReturnType<typeof copyOf>, b: ReturnType<typeof copyOf>, label: string) {
  for (const key of Object.keys(a) as Array<keyof typeof a>) {
    const x = a[key],
      y = b[key];
    assert.is(x.length, y.length, `${label}: length of ${key}`);
    const k = x.findIndex((v, q) => !Object.is(v, y[q]));
    assert.ok(k < 0, `${label}: ${key}[${k}] is ${x[k]}, was ${y[k]}`);
  }
}

test('a result stays as it was after later calculations, larger and smaller, full and incremental', async () => {
  const small = syntheticWorld(8_000, 1_200, 11);
  const kept = await calculateScenario(small, provider);
  const before = copyOf(kept);
  assert.ok(before.location.length > 20_000, `a world with many pairs (${before.location.length})`);
  // Worlds of the same size and smaller reuse the scratch arrays as they are, a larger one grows them.
  for (const [cells, stores, seed] of [
    [8_000, 1_200, 12],
    [2_000, 900, 13],
    [20_000, 3_000, 14],
    [8_000, 1_100, 15],
  ]) {
    await calculateScenario(syntheticWorld(cells, stores, seed), provider);
  }
  sameCopy(copyOf(kept), before, 'after full calculations');
  // An incremental change sweeps location by location with the same scratch.
  const properties = Array.from(small.locations.properties).map((p, j) => (j === 7 ? { ...p, salesArea: 2_900 } : p));
  await recalculateChangedLocations(kept, small.areas, { locations: { ...small.locations, properties }, changed: [7] }, provider);
  sameCopy(copyOf(kept), before, 'after an incremental calculation');
  // And the same world calculated again gives the same bits.
  sameCopy(copyOf(await calculateScenario(small, provider)), before, 'calculated again');
});

/** A sink that records the rows it is handed, and checks them against the columns. */
function recordingSink(onRow?: () => void) {
  const calls: Array<[number, number, number]> = [];
  let columns: Uint32Array | undefined;
  let columnCalls = 0;
  const sink: PairRowSink = {
    columns(location) {
      columns = location;
      columnCalls++;
    },
    row(origin, from, to) {
      calls.push([origin, from, to]);
      onRow?.();
    },
  };
  return { sink, calls, columns: () => columns, columnCalls: () => columnCalls };
}

function expectRows(p: ModePairs, r: ReturnType<typeof recordingSink>, areaCount: number, label: string) {
  assert.is(r.columnCalls(), 1, `${label}: columns once`);
  assert.equal(
    r.calls,
    Array.from({ length: areaCount }, (_, i) => [i, p.offsets[i], p.offsets[i + 1]]),
    `${label}: every row in order`,
  );
  // The rows were written into the columns handed to the sink (cut to the pairs kept at most).
  const handed = r.columns()!;
  assert.equal(Array.from(handed.subarray(0, p.location.length)), Array.from(p.location), `${label}: the same columns`);
}

test('both sweep orders hand every row, in order, to a row sink, also one that sweeps again meanwhile', () => {
  const w = syntheticWorld(4_000, 500, 21);
  const base = { origins: w.areas, destinations: w.locations, carMinutes: 20, pedestrianMinutes: 15 };
  const areaCount = w.areas.latitude.length;
  // Area by area (many locations), and location by location (a few, as an incremental change asks).
  for (const [label, subset] of [
    ['per area', undefined],
    ['per location', Uint32Array.of(3, 40, 41)],
  ] as const) {
    const plain = estimateModePairs({ ...base, destinationSubset: subset });
    const r = recordingSink();
    const p = estimateModePairs({ ...base, destinationSubset: subset, rows: r.sink });
    expectRows(p, r, areaCount, label);
    assert.equal(Array.from(p.location), Array.from(plain.location), `${label}: a sink changes nothing`);
    // A sink that starts another sweep while one is running (it gets scratch of its own).
    let inner: ModePairs | undefined;
    const nested = recordingSink(() => {
      // 70 of the 500 locations: the per-area sweep again.
      inner ??= estimateModePairs({ ...base, destinationSubset: Uint32Array.from({ length: 70 }, (_, q) => q + 1) });
    });
    const q = estimateModePairs({ ...base, destinationSubset: subset, rows: nested.sink });
    expectRows(q, nested, areaCount, `${label}, nested`);
    assert.equal(Array.from(q.location), Array.from(plain.location), `${label}: a nested sweep changes nothing`);
    assert.equal(Array.from(q.minutesCar), Array.from(plain.minutesCar));
    assert.ok(inner && inner.location.length > 0);
  }
});

/**
 * The sweep sizes its columns by the pairs within the squared chord of the
 * reach, which has a hair of slack; a pair in that hair is beyond the
 * minutes and dropped, and the columns are cut to the pairs kept (copied
 * when many were dropped, a view otherwise). The shares the row sink wrote
 * are cut the same way.
 */
test('pairs within the chord but beyond the minutes are dropped, and the shares are cut with the columns', async () => {
  const reach = reachKm('car', 20);
  for (const beyond of [10, 6_000]) {
    // One area; 3 stores well within reach, then `beyond` stores a ten-billionth of the reach too far north.
    const lat = 52,
      lon = 5;
    const far = lat + (reach * (1 + 1e-10)) / KM_PER_DEGREE_LATITUDE;
    const near = [lat + reach / 2 / KM_PER_DEGREE_LATITUDE, lat, lat - reach / 3 / KM_PER_DEGREE_LATITUDE];
    const latitude = Float64Array.from([...near, ...Array.from({ length: beyond }, () => far)]);
    const longitude = new Float64Array(latitude.length).fill(lon);
    // The far stores are counted (the columns handed to a row sink hold them) ...
    const recorded = recordingSink();
    const swept = estimateModePairs({
      origins: { latitude: [lat], longitude: [lon] },
      destinations: { latitude, longitude },
      carMinutes: 20,
      rows: recorded.sink,
    });
    assert.is(recorded.columns()!.length, 3 + beyond, 'counted within the chord');
    assert.is(swept.location.length, 3, '... and dropped by the minutes');
    const r = await calculateScenario(
      {
        areas: { latitude: [lat], longitude: [lon], properties: [{ population: 10 }] },
        locations: { latitude, longitude, properties: Array.from(latitude, () => ({ size: 1 })) },
        parameters: {
          fractionCutOffThreshold: 0,
          car: { maximumMinutes: 20, scale: 1, constant: 2, power: 2 },
          functions: [{ function: 'population', defaultValue: 0, type: 2 }],
        },
      },
      provider,
    );
    assert.equal(Array.from(r.pairs.location), [0, 1, 2], `${beyond} beyond: only the stores within the minutes`);
    assert.is(r.probability.length, 3);
    assert.ok(Math.abs(r.probability[0] + r.probability[1] + r.probability[2] - 1) < 1e-15);
    assert.ok(r.output[1] > r.output[2] && r.output[2] > r.output[0] && r.output[3] === 0);
    // Many dropped: the columns and shares are copies of their own length, not views of the larger scratch.
    if (beyond > 4_096) assert.is(r.probability.buffer.byteLength, 3 * 8);
  }
});

test.run();
