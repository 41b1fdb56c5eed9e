// Outputs read by the app: differences, matching locations, drivers, location
// scores, score models, area views and catchments carried to another area set.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  areaLocations,
  areaOverlap,
  areasWithinCoverage,
  calculateScenario,
  carryCatchment,
  catchmentOf,
  compileFunctions,
  driverChart,
  locationScores,
  matchingLocations,
  matchingScores,
  matrixProvider,
  normalizedScores,
  rankCatchment,
  scenarioDifferences,
  scoreFunctions,
  scoreModelOutputs,
  type AreaFeature,
} from '../src/index.js';

const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(b));

test('differences per location, group and cluster; missing counts as 0; threshold in percent of the default', () => {
  const base = [
    { locationId: 1, locationName: 'A', locationGroupName: 'Us', locationClusterNames: ['North'], output: 1000 },
    { locationId: 2, locationName: 'B', locationGroupName: 'Them', locationClusterNames: ['North'], output: 500 },
    { locationId: 3, locationName: 'C', locationGroupName: 'Them', locationClusterNames: ['South'], output: 200 },
  ];
  const current = [
    { locationId: 1, locationName: 'A', locationGroupName: 'Us', locationClusterNames: ['North'], output: 800 },
    // B moved by 0.000005 = 0.000001 %: under the 0.001 % threshold.
    { locationId: 2, locationName: 'B', locationGroupName: 'Them', locationClusterNames: ['North'], output: 500.000005 },
    { locationId: 4, locationName: 'New', locationGroupName: 'Us', locationClusterNames: ['South'], output: 400 },
  ];
  const d = scenarioDifferences(current, base);
  assert.equal(
    d.locations.map((l) => [l.locationID, l.outputDefault, l.output, l.outputDifference]),
    [
      [4, 0, 400, 400],
      [1, 1000, 800, -200],
      [3, 200, 0, -200],
    ],
  );
  assert.equal(
    d.locationGroups.map((g) => [g.locationGroupName, g.outputDefault, g.output]),
    [
      ['Us', 1000, 1200],
      ['Them', 700, 500.000005],
    ],
  );
  assert.equal(d.locationClusters.map((c) => c.locationClusterName).sort(), ['North', 'South']);
  // With a 25 % threshold only the new location (default 0) and C (closed: -100 %) remain.
  assert.equal(
    scenarioDifferences(current, base, 25).locations.map((l) => l.locationID),
    [4, 3],
  );
});

// Three normalized-scores functions over five locations (hand-normalised below).
const stores = [
  { size: 1000, parking: 100, rent: 10 }, // z = 0.5, 1, 0
  { size: 500, parking: 0, rent: 20 }, //    z = 0,   0, 0.5
  { size: 1500, parking: 50, rent: 30 }, //  z = 1, 0.5, 1
  { size: 1000, parking: 100, rent: 20 }, // z = 0.5, 1, 0.5
  { size: 500, parking: 50, rent: 10 }, //   z = 0, 0.5, 0
];
const functions = [
  { title: 'Size', function: 'size', weight: 2 },
  { title: 'Parking', function: 'parking', weight: 1 },
  { title: 'Rent', function: 'rent', weight: 1 },
];

test('matching locations: min-max normalised scores and weighted similarity, reference first', () => {
  const scores = normalizedScores(functions, stores);
  assert.equal(Array.from(scores.normalized[0]), [0.5, 0, 1, 0.5, 0]);
  // Similarity of 3 to 0: 1 - sqrt((2*0 + 1*0 + 1*0.25) / 4) = 1 - 0.25 = 75 %.
  // Of 4 to 0: 1 - sqrt((2*0.25 + 0.25 + 0) / 4) = 1 - sqrt(0.1875) = 56.70 %.
  // Of 2 to 0: 1 - sqrt((2*0.25 + 0.25 + 1) / 4) = 1 - sqrt(0.4375) = 33.86 %.
  // Of 1 to 0: 1 - sqrt((2*0.25 + 1 + 0.25) / 4) = 33.86 % as well (tie: lower index first).
  const list = matchingLocations(scores, 0);
  assert.equal(
    list.map((m) => m.location),
    [0, 3, 4, 1, 2],
  );
  assert.is(list[0].score, 100);
  assert.ok(close(list[1].score, 75));
  assert.ok(close(list[2].score, (1 - Math.sqrt(0.1875)) * 100));
  assert.equal(list[1].normalizedScores, [
    { title: 'Size', score: 0.5 },
    { title: 'Parking', score: 1 },
    { title: 'Rent', score: 0.5 },
  ]);
  assert.is(matchingLocations(scores, 0, 3).length, 3, 'topN counts the reference');
  assert.equal(
    matchingScores(scores, 0, 2).map((m) => m.location),
    [0, 3],
  );
  assert.equal(
    matchingLocations(scores, 0, 11, (j) => j !== 3).map((m) => m.location),
    [0, 4, 1, 2],
  );
});

test('drivers: the filter picks the comparable locations; min, max, average and the selected value, rounded', () => {
  const locations = [
    { size: 1000, formula: 'super', visitors: 1234.567 },
    { size: 1500, formula: 'super', visitors: 2000 },
    { size: 400, formula: 'discount', visitors: 900 },
    { size: 1200, formula: 'super' }, // no visitors: left out of that driver
  ];
  const chart = driverChart(
    {
      title: 'Supermarkets',
      function: "formula = 'super'",
      drivers: [
        { title: 'Visitors', function: 'visitors', weight: 80, roundingDigits: 1 },
        { title: 'Size', function: 'size / 1000', weight: 50, inverse: true },
      ],
    },
    locations,
    0,
  );
  assert.equal(chart.comparable, [0, 1, 3]);
  assert.equal(chart.drivers[0], {
    title: 'Visitors',
    minimum: 1234.6,
    maximum: 2000,
    average: 1617.3,
    value: 1234.6,
    weight: 80,
    inverse: false,
    roundingDigits: 1,
  });
  assert.equal(chart.drivers[1], { title: 'Size', minimum: 1, maximum: 1.5, average: 1.23, value: 1, weight: 50, inverse: true, roundingDigits: 2 });
});

test('location scores: description, expression, calculation, default, score; total = product, 0 when none', () => {
  const compiled = compileFunctions([
    { description: 'Size', function: 'pow(size, 0.5)', defaultValue: 1, type: 1 },
    { description: 'Parking', function: 'if parking > 50 then 1.2 else 1', defaultValue: 1, type: 1 },
    { description: 'Footfall', function: 'footfall / 1000', defaultValue: 0.8, type: 1 },
    { description: 'Population', function: 'population', defaultValue: 0, type: 2 },
  ]).filter((f) => f.definition.type === 1);
  const { scores, total } = locationScores(compiled, { size: 900, parking: 80 });
  assert.equal(
    scores.map((s) => [s.description, s.calculation, s.score]),
    [
      ['Size', 'pow(900, 0.5)', 30],
      ['Parking', 'if 80 > 50 then 1.2 else 1', 1.2],
      ['Footfall', '? / 1000', 0.8],
    ],
  );
  assert.match(scores[2].fallbackReason ?? '', 'footfall');
  assert.ok(close(total, 30 * 1.2 * 0.8));
  assert.is(locationScores([], { size: 1 }).total, 0);
  // Score model (outputType 4): the output is that product per location, no interaction.
  const outputs = scoreModelOutputs(
    scoreFunctions([
      { function: 'a * 2', defaultValue: 1, type: 1 },
      { function: 'b', defaultValue: 3, type: 1 },
    ]),
    [{ a: 1, b: 2 }, { a: 5 }],
  );
  assert.equal(Array.from(outputs), [4, 30]);
});

test('area view: the locations an area reaches, with minutes, share, score and value', async () => {
  const r = await calculateScenario(
    {
      areas: { latitude: [0], longitude: [0], properties: [{ d: 100 }] },
      locations: { latitude: [0, 0], longitude: [0, 0], properties: [{ a: 1 }, { a: 3 }] },
      parameters: {
        fractionCutOffThreshold: 0,
        car: { maximumMinutes: 30, scale: 1, constant: 0, power: 1 },
        pedestrian: { maximumMinutes: 10, scale: 1, constant: 0, power: 1 },
        functions: [
          { function: 'a', defaultValue: 1, type: 1 },
          { function: 'd', defaultValue: 0, type: 2 },
        ],
      },
    },
    matrixProvider({ car: { origin: [0, 0], destination: [0, 1], minutes: [5, 10] }, pedestrian: { origin: [0], destination: [0], minutes: [5] } }),
  );
  // U_0 = 1 * (1/5 + 1/5) = 0.4; U_1 = 3 * (1/10) = 0.3 -> shares 4/7, 3/7.
  const view = areaLocations(r, 0);
  assert.ok(close(view.totalValue, 100));
  assert.equal(
    view.locations.map((l) => [l.location, l.minutesCar, l.minutesPedestrian]),
    [
      [0, 5, 5],
      [1, 10, null],
    ],
  );
  assert.ok(close(view.locations[0].share, 4 / 7) && close(view.locations[0].score, 0.4) && close(view.locations[1].value, 300 / 7));
});

const square = (x0: number, y0: number, x1: number, y1: number): AreaFeature => ({
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  },
});

test('catchment values carried to another area set by overlap', () => {
  // Demand cells: two squares side by side; target areas: one covering the left cell and half of the right, one the other half.
  const cells = [square(5, 52, 5.01, 52.01), square(5.01, 52, 5.02, 52.01)];
  const targets = [square(5, 52, 5.015, 52.01), square(5.015, 52, 5.03, 52.01)];
  const overlap = areaOverlap(cells, targets);
  assert.equal(Array.from(overlap.offsets), [0, 1, 3]);
  assert.ok(close(overlap.weight[0], 1, 1e-9) && close(overlap.weight[1], 0.5, 1e-3) && close(overlap.weight[2], 0.5, 1e-3));
  // Cell 0: value 60 of demand 100 (fraction 0.6); cell 1: value 20 of demand 100 (0.2).
  const catchment = rankCatchment(
    [
      { area: 0, value: 60, fraction: 0.6, valueDefault: 0, fractionDefault: 0 },
      { area: 1, value: 20, fraction: 0.2, valueDefault: 40, fractionDefault: 0.4 },
    ],
    80,
  );
  const carried = carryCatchment(catchment, overlap, [100, 100]);
  // Target 0: 60 + 10 = 70 of demand 150 (fraction 0.467); target 1: 10 of 50 (0.2).
  const [t0, t1] = carried.areas;
  assert.is(t0.area, 0);
  assert.ok(close(t0.value, 70, 1e-3) && close(t0.fraction, 70 / 150, 1e-3) && close(t0.valueDefault, 20, 1e-3));
  assert.ok(close(t1.value, 10, 1e-3) && close(t1.fraction, 0.2, 1e-3));
  // 70 of 80 = 87.5 %: target 0 alone passes both 50 % and 80 %.
  assert.is(t0.zone, 'primary');
  assert.is(t1.zone, 'outside');
  assert.ok(close(t0.value + t1.value, 80, 1e-9), 'carrying keeps the total');
  assert.equal(
    areasWithinCoverage(carried, 0.5).map((a) => a.area),
    [0],
  );
  assert.equal(
    areasWithinCoverage(carried, 0.8).map((a) => a.area),
    [0],
  );
  assert.equal(
    areasWithinCoverage(carried, 1).map((a) => a.area),
    [0, 1],
  );
  assert.equal(areasWithinCoverage(carried, 0), []);
});

test('areas with a fraction under 0.01 are marked excluded in the catchment', async () => {
  const r = await calculateScenario(
    {
      areas: { latitude: [0, 0], longitude: [0, 0], properties: [{ d: 100 }, { d: 100 }] },
      locations: { latitude: [0, 0], longitude: [0, 0], properties: [{}, {}] },
      parameters: {
        fractionCutOffThreshold: 0,
        car: { maximumMinutes: 1000, scale: 1, constant: 0, power: 2 },
        functions: [{ function: 'd', defaultValue: 0, type: 2 }],
      },
    },
    // Area 1 is 1 minute from store 1 and 20 from store 0: P_10 = (1/400) / (1/400 + 1) = 0.0025.
    matrixProvider({ car: { origin: [0, 0, 1, 1], destination: [0, 1, 0, 1], minutes: [1, 1, 20, 1] } }),
  );
  const c = catchmentOf(r, 0);
  assert.equal(
    c.areas.map((a) => [a.area, a.excluded]),
    [
      [0, false],
      [1, true],
    ],
  );
});

test.run();
