// Freiburg groceries (Wieland 2017, R Journal; MCI 1.3.0): U_ij = salesarea_j * distance_ij^-2
// on the given street distances (km), demand = purchasing power. The distance
// matrix goes in through the matrix provider as the "car" mode's travel cost
// with scale 1, constant 0, power 2 and no limit; attractiveness pow(salesArea, 1).
// Tolerances (README): T_j relative <= 1e-6 and within 0.5 EUR of the printed integer;
// share_j |d| <= 5e-10; fit measures relative <= 1e-6 (here: within half a unit of the printed last digit too).
// The calibration case: the MCI update rule A_j := A_j * T_obs / T_exp for stores off by more than the tolerance.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, calibrateAttractiveness, catchmentOf, fitMeasures, matrixProvider, type ScenarioResult } from '../src/index.js';
import { readCsv, readJson } from './reference-cases.js';

const CASE = 'freiburg-groceries-rjournal2017';
const CALIBRATION = 'freiburg-attraction-calibration-rjournal2017';

async function freiburg(caseName: string) {
  const interaction = readCsv(caseName, 'inputs/interaction.csv');
  const power = readCsv(caseName, 'inputs/purchasing_power.csv');
  const observedRows = readCsv(caseName, 'inputs/observed_sales.csv');
  const districts = power.map((p) => p.district);
  const stores = [...new Set(interaction.map((r) => r.store))].sort((a, b) => Number(a) - Number(b));
  const areaIndex = new Map(districts.map((d, i) => [d, i]));
  const storeIndex = new Map(stores.map((s, j) => [s, j]));
  const salesArea = new Map(interaction.map((r) => [r.store, Number(r.salesarea_sqm)]));
  const provider = matrixProvider({
    car: {
      origin: interaction.map((r) => areaIndex.get(r.district)!),
      destination: interaction.map((r) => storeIndex.get(r.store)!),
      minutes: interaction.map((r) => Number(r.distance_km)),
    },
  });
  // Coordinates are not part of this case: the matrix provider does not need them.
  const zeros = (n: number) => new Float64Array(n);
  const result = await calculateScenario(
    {
      areas: { latitude: zeros(districts.length), longitude: zeros(districts.length), properties: power.map((p) => ({ ppower: Number(p.ppower_eur) })) },
      locations: { latitude: zeros(stores.length), longitude: zeros(stores.length), properties: stores.map((s) => ({ salesArea: salesArea.get(s)! })) },
      parameters: {
        fractionCutOffThreshold: 0,
        car: { maximumMinutes: Infinity, scale: 1, constant: 0, power: 2 },
        functions: [
          { description: 'sales area', function: 'pow(salesArea, 1)', defaultValue: 0, type: 1 },
          { description: 'purchasing power', function: 'ppower', defaultValue: 0, type: 2 },
        ],
      },
    },
    provider,
  );
  const observed = new Float64Array(stores.length).fill(NaN);
  for (const r of observedRows) observed[storeIndex.get(r.store)!] = Number(r.annualsales_eur);
  return { result, storeIndex, areaIndex, observed, stores, districts };
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const total = (a: ArrayLike<number>) => Array.from(a).reduce((s, v) => s + v, 0);

/** The printed number has this many significant digits or decimals: within half a unit of its last digit. */
function withinPrinted(value: number, printed: string): boolean {
  const m = printed.match(/^-?\d*\.?(\d*)(?:e([+-]?\d+))?$/i)!;
  const decimals = m[1].length;
  const exponent = m[2] ? Number(m[2]) : 0;
  const unit = Math.pow(10, exponent - decimals);
  return Math.abs(value - Number(printed)) <= unit / 2 + 1e-12 * Math.abs(value);
}

function assertFit(fit: ReturnType<typeof fitMeasures>, expected: { resids_sq_sum: string; pseudorsq: string; globerr: string; mape: string }, label: string) {
  const pairs: Array<[number, string, string]> = [
    [fit.residualsSquaredSum, expected.resids_sq_sum, 'rss'],
    [fit.pseudoRSquared, expected.pseudorsq, 'pseudo R2'],
    [fit.globalError, expected.globerr, 'global error'],
    [fit.meanAbsolutePercentageError, expected.mape, 'MAPE'],
  ];
  for (const [value, printed, name] of pairs) {
    assert.ok(withinPrinted(value, printed), `${label} ${name}: ${value} vs printed ${printed}`);
  }
}

test('published T_j and share_j of stores 1, 10, 11, 12, 13', async () => {
  const { result, storeIndex } = await freiburg(CASE);
  const sum = total(result.output);
  const rows = readCsv(CASE, 'expected/published_totals.csv');
  assert.is(rows.length, 5);
  for (const r of rows) {
    const j = storeIndex.get(r.store)!;
    const t = result.output[j];
    assert.ok(Math.abs(t - Number(r.sum_E_j)) <= 0.5, `T_${r.store} ${t} vs ${r.sum_E_j}`);
    assert.ok(relative(t, Number(r.sum_E_j)) <= 1e-6);
    assert.ok(Math.abs(t / sum - Number(r.share_j)) <= 5e-10, `share_${r.store}`);
  }
});

test('published fit measures against observed sales (all 63 stores)', async () => {
  const { result, observed } = await freiburg(CASE);
  const expected = readJson<{ resids_sq_sum: string; pseudorsq: string; globerr: string; mape: string }>(CASE, 'expected/published_fit.json');
  const fit = fitMeasures(observed, result.output);
  assertFit(fit, expected, 'fit');
  assert.ok(relative(fit.pseudoRSquared, Number(expected.pseudorsq)) <= 1e-6);
});

test('derived matrix, totals and 50/80 catchments agree', async () => {
  const { result, storeIndex, areaIndex, districts } = await freiburg(CASE);
  for (const r of readCsv(CASE, 'expected_derived/interaction_matrix.csv')) {
    const i = areaIndex.get(r.district)!;
    const j = storeIndex.get(r.store)!;
    let k = result.pairs.offsets[i];
    while (result.pairs.location[k] !== j) k++;
    assert.ok(Math.abs(result.probability[k] - Number(r.p_ij)) <= 1e-9);
    assert.ok(relative(result.flow[k], Number(r.E_ij)) <= 1e-9);
  }
  for (const r of readCsv(CASE, 'expected_derived/market_areas_all63.csv')) {
    assert.ok(relative(result.output[storeIndex.get(r.store)!], Number(r.T_j)) <= 1e-9);
  }
  const catchments = new Map<string, ReturnType<typeof catchmentOf>>();
  for (const r of readCsv(CASE, 'expected_derived/catchments_50_80.csv')) {
    let c = catchments.get(r.store);
    if (!c) catchments.set(r.store, (c = catchmentOf(result, storeIndex.get(r.store)!)));
    const e = c.areas.find((a) => districts[a.area] === r.district)!;
    assert.is(e.rank, Number(r.rank), `rank ${r.store}/${r.district}`);
    assert.is(e.zone, r.zone, `zone ${r.store}/${r.district}`);
  }
  assert.is(catchments.size, 63);
});

async function calibrationInput(tolerancePercentage: number, iterations: number) {
  const { result, observed, storeIndex } = await freiburg(CALIBRATION);
  const r: ScenarioResult = result;
  return {
    storeIndex,
    observed,
    run: calibrateAttractiveness({
      pairs: r.pairs,
      decay: r.decay,
      attractiveness: r.attractiveness,
      demand: r.demand,
      fractionCutOffThreshold: 0,
      observed,
      tolerancePercentage,
      iterations,
    }),
  };
}

test('calibration: one pass at 5 % reproduces the printed rows and fit', async () => {
  const { run, storeIndex, observed } = await calibrationInput(5, 1);
  const pass = run.passes[0];
  const sum = total(pass.output);
  for (const r of readCsv(CALIBRATION, 'expected/published_iteration1_tol5.csv')) {
    const j = storeIndex.get(r.store)!;
    assert.ok(Math.abs(pass.output[j] - Number(r.sum_E_j)) <= 0.5, `T_${r.store}: ${pass.output[j]} vs ${r.sum_E_j}`);
    assert.ok(relative(pass.output[j], Number(r.sum_E_j)) <= 1e-6);
    assert.ok(withinPrinted(pass.output[j] / sum, r.share_j), `share_${r.store}`);
    assert.is(observed[j], Number(r.total_obs));
    assert.ok(withinPrinted(observed[j] - pass.output[j], r.diff), `diff_${r.store}: ${observed[j] - pass.output[j]} vs ${r.diff}`);
    assert.ok(withinPrinted(pass.attractiveness[j], r.attrac_new_opt), `A_${r.store}: ${pass.attractiveness[j]} vs ${r.attrac_new_opt}`);
    assert.ok(relative(pass.attractiveness[j], Number(r.attrac_new_opt)) <= 1e-6);
  }
  assertFit(pass.fit, readJson(CALIBRATION, 'expected/published_fit_iteration1_tol5.json'), 'pass 1');
});

test('calibration: ten passes at 1 % reproduce the printed diag table', async () => {
  const { run } = await calibrationInput(1, 10);
  const rows = readCsv(CALIBRATION, 'expected/published_diag_tol1_10iter.csv');
  assert.is(rows.length, 10);
  rows.forEach((r, k) => {
    assert.is(Number(r.iterations_count), k + 1);
    assertFit(run.passes[k].fit, r as never, `pass ${k + 1}`);
  });
  assert.ok(run.passes[9].fit.meanAbsolutePercentageError <= 0.0045);
});

test.run();
