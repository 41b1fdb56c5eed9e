// Choosing what a calculation starts from (processing/basis.ts): the stored
// result with the fewest changed locations, but a result the calculation
// thread still holds before one it let go (only a held one makes the
// calculation incremental), and a whole calculation when too much changed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { choosePlan } from '../src/processing/basis.js';
import type { ScenarioLocationInputs } from '../src/processing/inputs.js';
import type { BasisSummary } from '../src/repo/results.js';
import type { CalculationRow } from '../src/repo/scenario-locations.js';

const N = 100;

/** Inputs of N locations whose fingerprints are `value(j)` (one byte, the other seven zero). */
function inputs(value: (j: number) => number): ScenarioLocationInputs {
  const rows = Array.from({ length: N }, (_, j) => ({ location_id: j + 1 }) as CalculationRow);
  const fingerprints = new Uint8Array(8 * N);
  for (let j = 0; j < N; j++) fingerprints[8 * j] = value(j);
  return { rows, records: [], active: new Uint8Array(N).fill(1), fingerprints };
}

function summary(scenarioId: number, version: string, from: ScenarioLocationInputs): BasisSummary {
  return {
    scenarioId,
    subModelId: 1,
    version,
    basisKey: 'k',
    areaCount: 10,
    locationIds: Int32Array.from(from.rows, (r) => r.location_id),
    locationInputs: from.fingerprints,
  };
}

const now = inputs(() => 0);
/** The scenario's previous result: one location differed. */
const own = summary(
  2,
  'own',
  inputs((j) => (j === 5 ? 1 : 0)),
);
/** The base's result: equal to now. */
const base = summary(
  1,
  'base',
  inputs(() => 0),
);

test('the fewest changes win among results the thread holds, or among all when it holds none', () => {
  const candidates = new Map([
    [2, [own]],
    [1, [base]],
  ]);
  assert.is(choosePlan(now, candidates).basis?.scenarioId, 1, 'without knowing what is held: the fewest changes');
  assert.is(choosePlan(now, candidates, () => true).basis?.scenarioId, 1, 'both held: the fewest changes');
  assert.equal(choosePlan(now, candidates, () => true).changed, []);
  const ownKept = choosePlan(now, candidates, (s) => s[0]!.version === 'own');
  assert.is(ownKept.basis?.scenarioId, 2, 'the held result with one change before the one let go with none');
  assert.equal(ownKept.changed, [5]);
  assert.is(choosePlan(now, candidates, () => false).basis?.scenarioId, 1, 'none held: the fewest changes (its order, every area calculated)');
});

test('a held result with too many changes is passed over; too many changes everywhere is a whole calculation', () => {
  const far = summary(
    3,
    'far',
    inputs((j) => (j < 40 ? 1 : 0)),
  );
  const plan = choosePlan(
    now,
    new Map([
      [3, [far]],
      [1, [base]],
    ]),
    (s) => s[0]!.version === 'far',
  );
  assert.is(plan.basis?.scenarioId, 1, '40 of 100 changed is over the limit: the other basis');
  const whole = choosePlan(now, new Map([[3, [far]]]), () => true);
  assert.is(whole.basis, undefined);
  assert.is(whole.changed.length, N);
});

test.run();
