// Calibration: the Freiburg reference case (Wieland 2017) through the
// calibration worker thread, and the calls on the demo database as the model
// administrator (start, progress, result) and as the planner (403).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readCsv, readJson } from '../../engine/test/reference-cases.js';
import { withExponent } from '../src/calibration/fit.js';
import { runInWorker, type CalibrationWorkerInput } from '../src/calibration/jobs.js';
import { DEMO_ACCOUNTS } from '../src/demo/index.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { demoData } from './helpers/seeded.js';
import { signIn } from './helpers/sign-in.js';

const CASE = 'freiburg-attraction-calibration-rjournal2017';

/** The Freiburg case as a worker job: street distances (km) as the car mode's minutes, power 2, attractiveness pow(salesArea, 1). */
function freiburgJob(request: CalibrationWorkerInput['request']): { input: CalibrationWorkerInput; stores: string[] } {
  const interaction = readCsv(CASE, 'inputs/interaction.csv');
  const power = readCsv(CASE, 'inputs/purchasing_power.csv');
  const districts = power.map((p) => p.district);
  const stores = [...new Set(interaction.map((r) => r.store))].sort((a, b) => Number(a) - Number(b));
  const areaIndex = new Map(districts.map((d, i) => [d, i]));
  const storeIndex = new Map(stores.map((s, j) => [s, j]));
  const salesArea = new Map(interaction.map((r) => [r.store, Number(r.salesarea_sqm)]));
  const observed = new Float64Array(stores.length).fill(NaN);
  for (const r of readCsv(CASE, 'inputs/observed_sales.csv')) observed[storeIndex.get(r.store)!] = Number(r.annualsales_eur);
  const zeros = (n: number) => new Float64Array(n);
  return {
    stores,
    input: {
      areas: { latitude: zeros(districts.length), longitude: zeros(districts.length), properties: power.map((p) => ({ ppower: Number(p.ppower_eur) })) },
      locations: {
        latitude: zeros(stores.length),
        longitude: zeros(stores.length),
        properties: stores.map((s) => ({ salesArea: salesArea.get(s)! })),
        active: new Uint8Array(stores.length).fill(1),
      },
      parameters: {
        fractionCutOffThreshold: 0,
        car: { maximumMinutes: Infinity, scale: 1, constant: 0, power: 2 },
        functions: [
          { id: 1, description: 'sales area', function: 'pow(salesArea, 1)', defaultValue: 0, type: 1 },
          { id: 2, description: 'purchasing power', function: 'ppower', defaultValue: 0, type: 2 },
        ],
      },
      observed,
      request,
      routing: { provider: 'estimator' },
      matrix: {
        car: {
          origin: interaction.map((r) => areaIndex.get(r.district)!),
          destination: interaction.map((r) => storeIndex.get(r.store)!),
          minutes: interaction.map((r) => Number(r.distance_km)),
        },
      },
    },
  };
}

/** Within half a unit of the printed number's last digit. */
function withinPrinted(value: number, printed: string): boolean {
  const m = printed.match(/^-?\d*\.?(\d*)(?:e([+-]?\d+))?$/i)!;
  const unit = Math.pow(10, (m[2] ? Number(m[2]) : 0) - m[1]!.length);
  return Math.abs(value - Number(printed)) <= unit / 2 + 1e-12 * Math.abs(value);
}

type Printed = { resids_sq_sum: string; pseudorsq: string; globerr: string; mape: string };
function assertFit(
  fit: { residualsSquaredSum: number; pseudoRSquared: number; globalError: number; meanAbsolutePercentageError: number },
  expected: Printed,
  label: string,
) {
  assert.ok(withinPrinted(fit.residualsSquaredSum, expected.resids_sq_sum), `${label} rss ${fit.residualsSquaredSum} vs ${expected.resids_sq_sum}`);
  assert.ok(withinPrinted(fit.pseudoRSquared, expected.pseudorsq), `${label} R2 ${fit.pseudoRSquared} vs ${expected.pseudorsq}`);
  assert.ok(withinPrinted(fit.globalError, expected.globerr), `${label} GE ${fit.globalError} vs ${expected.globerr}`);
  assert.ok(withinPrinted(fit.meanAbsolutePercentageError, expected.mape), `${label} MAPE ${fit.meanAbsolutePercentageError} vs ${expected.mape}`);
}

test('Freiburg through the calibration worker: the published fit after one pass at 5 % and the ten passes at 1 %', async () => {
  const progress: number[] = [];
  const one = await runInWorker(
    freiburgJob({ fitDecay: false, fitAttractiveness: false, localAttraction: { tolerancePercentage: 5, iterations: 1 } }).input,
    (p) => progress.push(p),
  );
  assert.equal(one.before.parameters, { carPower: 2, pedestrianPower: null, attractivenessExponent: 1 });
  assert.equal(one.after.parameters, one.before.parameters, 'nothing fitted');
  assert.is(one.localAttraction.length, 1);
  assertFit(one.localAttraction[0]!.fit, readJson<Printed>(CASE, 'expected/published_fit_iteration1_tol5.json'), 'pass 1');
  assert.ok(progress.length > 0 && progress.every((p, i) => i === 0 || p >= progress[i - 1]!), 'progress rises');

  const ten = await runInWorker(freiburgJob({ fitDecay: false, fitAttractiveness: false, localAttraction: { tolerancePercentage: 1, iterations: 10 } }).input);
  const rows = readCsv(CASE, 'expected/published_diag_tol1_10iter.csv');
  rows.forEach((r, k) => assertFit(ten.localAttraction[k]!.fit, r as unknown as Printed, `pass ${k + 1}`));
  assert.ok(ten.localAttraction[9]!.fit.meanAbsolutePercentageError <= 0.0045);
});

test('Freiburg: fitting the decay power and the attractiveness exponent lowers the squared residuals and raises R²', async () => {
  const outcome = await runInWorker(freiburgJob({ fitDecay: true, fitAttractiveness: true }).input);
  assert.ok(
    outcome.after.fit.residualsSquaredSum < outcome.before.fit.residualsSquaredSum,
    `${outcome.after.fit.residualsSquaredSum} < ${outcome.before.fit.residualsSquaredSum}`,
  );
  assert.ok(outcome.after.fit.pseudoRSquared > outcome.before.fit.pseudoRSquared);
  assert.ok(outcome.after.parameters.carPower !== 2 || outcome.after.parameters.attractivenessExponent !== 1, 'something moved');
  assert.ok(outcome.after.parameters.carPower! >= 0.2 && outcome.after.parameters.carPower! <= 4);
});

test('the exponent goes into pow() when the function is one, else wraps it', () => {
  assert.is(withExponent('pow(salesArea, 1)', 1.25), 'pow(salesArea, 1.25)');
  assert.is(withExponent('pow(salesArea, 2)', 0.5), 'pow(salesArea, 1)');
  assert.is(withExponent('salesArea * 2', 0.8), 'pow(salesArea * 2, 0.8)');
  assert.is(withExponent('pow(a, 1) * pow(b, 2)', 0.5), 'pow(pow(a, 1) * pow(b, 2), 0.5)');
  assert.is(withExponent('salesArea', 1), 'salesArea');
});

let server: TestServer;
const account = (role: string) => DEMO_ACCOUNTS.find((x) => x.role === role)!;

test('the calls: the model administrator calibrates the turnover model; the planner is refused', async () => {
  server = await startTestServer({ fill: demoData });
  try {
    const admin = account('modelAdmin');
    const planner = account('planner');
    const adminToken = (await signIn(server.baseUrl, admin.email, admin.password)).accessToken;
    const plannerToken = (await signIn(server.baseUrl, planner.email, planner.password)).accessToken;
    const model = (await server.ctx.db.query<{ id: number }>('SELECT id FROM model WHERE actual_output_location_property_id IS NOT NULL ORDER BY id LIMIT 1'))
      .rows[0]!;
    const sub = (
      await server.ctx.db.query<{ id: number; parameters: unknown }>(
        'SELECT id, parameters FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id LIMIT 1',
        [model.id],
      )
    ).rows[0]!;

    const refused = await server.fetch(`/api/models/${sub.id}/calibration`, { method: 'POST', token: plannerToken, body: {} });
    assert.is(refused.status, 403);

    const started = await server.fetch(`/api/models/${sub.id}/calibration`, {
      method: 'POST',
      token: adminToken,
      body: { fitDecay: true, fitAttractiveness: true },
    });
    assert.is(started.status, 200, started.text());
    let job = started.json();
    assert.is(job.state, 'running');
    const seen: number[] = [job.progress];
    const deadline = Date.now() + 240_000;
    while (job.state === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      const r = await server.fetch(`/api/models/${sub.id}/calibration/${job.id}`, { token: adminToken });
      assert.is(r.status, 200);
      job = r.json();
      seen.push(job.progress);
    }
    assert.is(job.state, 'completed', job.error ?? 'still running');
    assert.ok(
      seen.every((p, i) => i === 0 || p >= seen[i - 1]!),
      'progress never falls',
    );
    const result = job.result;
    assert.ok(result.locationCount >= 3);
    assert.ok(result.after.fit.rSquared >= result.before.fit.rSquared - 1e-12);
    assert.is(result.points.length, Math.min(2000, result.locationCount));
    assert.ok(
      result.points.every((p: { actual: number }, i: number, all: { actual: number }[]) => i === 0 || all[i - 1]!.actual >= p.actual),
      'largest actual turnovers first',
    );
    assert.ok(result.functions.length >= 1, 'the attractiveness functions come back rewritten');
    // Nothing was stored.
    const after = (await server.ctx.db.query<{ parameters: unknown }>('SELECT parameters FROM sub_model WHERE id = $1', [sub.id])).rows[0]!;
    assert.equal(after.parameters, sub.parameters);

    const unknown = await server.fetch(`/api/models/${sub.id}/calibration/nothing-like-this`, { token: adminToken });
    assert.is(unknown.status, 404);
  } finally {
    await server.close();
  }
});

test.run();
