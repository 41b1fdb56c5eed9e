// Haslach supermarkets (huff Python package v1.7.0): U_ij = A_j^0.9 * t_ij^-2.2
// on the given car travel times. Expressed in our model as a type-1 function
// pow(salesArea, gamma), a type-2 function population, and one mode with
// scale 1, constant 0, power -lambda and no time limit.
// Tolerance (README): p_ij |d| <= 1e-6; E_ij and T_j relative <= 1e-6.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, catchmentOf, matrixProvider, type ModelParameters } from '../src/index.js';
import { readCsv, readJson } from './reference-cases.js';

const CASE = 'haslach-supermarkets-huffpy';

async function run(gamma: number, lambda: number) {
  const origins = readCsv(CASE, 'inputs/origins.csv');
  const destinations = readCsv(CASE, 'inputs/destinations.csv');
  const times = readCsv(CASE, 'inputs/travel_times.csv');
  const areaIndex = new Map(origins.map((o, i) => [o.origin_id, i]));
  const locationIndex = new Map(destinations.map((d, j) => [d.dest_id, j]));
  const parameters: ModelParameters = {
    fractionCutOffThreshold: 0,
    car: { maximumMinutes: Infinity, scale: 1, constant: 0, power: -lambda },
    functions: [
      { description: 'sales area', function: `pow(salesArea, ${gamma})`, defaultValue: 0, type: 1 },
      { description: 'population', function: 'population', defaultValue: 0, type: 2 },
    ],
  };
  const provider = matrixProvider({
    car: {
      origin: times.map((t) => areaIndex.get(t.origin_id)!),
      destination: times.map((t) => locationIndex.get(t.dest_id)!),
      minutes: times.map((t) => Number(t.t_ij_minutes)),
    },
  });
  const result = await calculateScenario(
    {
      areas: {
        latitude: origins.map((o) => Number(o.lat)),
        longitude: origins.map((o) => Number(o.lon)),
        properties: origins.map((o) => ({ population: Number(o.C_i_population) })),
      },
      locations: {
        latitude: destinations.map((d) => Number(d.lat)),
        longitude: destinations.map((d) => Number(d.lon)),
        properties: destinations.map((d) => ({ salesArea: Number(d.A_j_salesarea_sqm) })),
      },
      parameters,
    },
    provider,
  );
  const pair = (originId: string, destId: string) => {
    const i = areaIndex.get(originId)!;
    const j = locationIndex.get(destId)!;
    for (let k = result.pairs.offsets[i]; k < result.pairs.offsets[i + 1]; k++) if (result.pairs.location[k] === j) return k;
    throw new Error(`no pair ${originId} -> ${destId}`);
  };
  return { result, pair, areaIndex, locationIndex, origins };
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

test('p_ij and E_ij of gamma 0.9, lambda -2.2 match the published 32 pairs', async () => {
  const params = readJson<{ attraction_weighting: { gamma: number }; transport_cost_weighting: { lambda: number } }>(CASE, 'inputs/params.json');
  const { result, pair } = await run(params.attraction_weighting.gamma, params.transport_cost_weighting.lambda);
  const rows = readCsv(CASE, 'expected/huff_g0.9_l-2.2_published.csv');
  assert.is(rows.length, 32);
  for (const r of rows) {
    const k = pair(r.origin_id, r.dest_id);
    assert.ok(Math.abs(result.probability[k] - Number(r.p_ij)) <= 1e-6, `p ${r.origin_id}->${r.dest_id}`);
    assert.ok(relative(result.flow[k], Number(r.E_ij)) <= 1e-6, `E ${r.origin_id}->${r.dest_id}`);
  }
});

test('the ML-fitted exponents reproduce the published U_ij-based p_ij and E_ij', async () => {
  const params = readJson<{ ml_fit_variant: { gamma_hat: number; lambda_hat: number } }>(CASE, 'inputs/params.json');
  const { result, pair, locationIndex } = await run(params.ml_fit_variant.gamma_hat, params.ml_fit_variant.lambda_hat);
  const rows = readCsv(CASE, 'expected/huff_mlfit_published.csv');
  assert.is(rows.length, 32);
  for (const r of rows) {
    const k = pair(r.origin_id, r.dest_id);
    const u = result.attractiveness[locationIndex.get(r.dest_id)!] * result.decay[k];
    assert.ok(relative(u, Number(r.U_ij)) <= 1e-6, `U ${r.origin_id}->${r.dest_id}: ${u} vs ${r.U_ij}`);
    assert.ok(Math.abs(result.probability[k] - Number(r.p_ij)) <= 1e-6, `p ${r.origin_id}->${r.dest_id}`);
    assert.ok(relative(result.flow[k], Number(r.E_ij)) <= 1e-6, `E ${r.origin_id}->${r.dest_id}`);
  }
});

test('derived market areas T_j and shares match, and catchments follow the 50/80 rule', async () => {
  const { result, locationIndex, origins } = await run(0.9, -2.2);
  const total = result.output.reduce((s, v) => s + v, 0);
  for (const r of readCsv(CASE, 'expected_derived/market_areas.csv')) {
    const j = locationIndex.get(r.dest_id)!;
    assert.ok(relative(result.output[j], Number(r.T_j)) <= 1e-6, `T ${r.dest_id}`);
    assert.ok(Math.abs(result.output[j] / total - Number(r.share_j)) <= 1e-9, `share ${r.dest_id}`);
  }
  const expected = readCsv(CASE, 'expected_derived/catchments_50_80.csv');
  for (const [destId, j] of locationIndex) {
    const catchment = catchmentOf(result, j);
    const rows = expected.filter((r) => r.dest_id === destId);
    for (const r of rows) {
      const i = origins.findIndex((o) => o.origin_id === r.origin_id);
      const entry = catchment.areas.find((a) => a.area === i)!;
      assert.is(entry.rank, Number(r.rank), `rank ${destId} ${r.origin_id}`);
      assert.is(entry.zone, r.zone, `zone ${destId} ${r.origin_id}`);
      assert.ok(Math.abs(entry.cumulativeShare - Number(r.cum_share)) <= 1e-9);
    }
  }
});

test.run();
