// Values within bounds: a location property's range (minimum, maximum, whole
// numbers, step) and the model parameter rules hold on every write. Property
// based (fast-check) against the real server over HTTP: no value outside a
// rule is stored, every value inside is; a refusal names the field, the reason
// and the range, and leaves the data as it was.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { ParameterLimits, routes } from '@locus/contract';
import { accepted, refused, startScenarioKit, type ScenarioKit } from './helpers/scenario-kit.js';

let kit: ScenarioKit;
test.before(async () => {
  kit = await startScenarioKit();
});
test.after(async () => {
  await kit?.server.close();
});

const RUNS = 40;

async function setRange(propertyId: number, range: { min: number | null; max: number | null; step?: number | null; whole?: boolean }) {
  await kit.server.ctx.db.query('UPDATE location_property SET minimum_value = $2, maximum_value = $3, value_step = $4, whole_numbers = $5 WHERE id = $1', [
    propertyId,
    range.min,
    range.max,
    range.step ?? null,
    range.whole ?? false,
  ]);
}

/** Edits one numeric property of a location in a scenario; answers the HTTP answer and the entry's index in the body. */
async function editValue(scenarioId: number, locationId: number, propertyId: number, value: number) {
  const body = await kit.planner.editBody(scenarioId, locationId);
  const index = body.locationProperties.findIndex((p) => p.id === propertyId);
  body.locationProperties[index] = { ...body.locationProperties[index]!, numberValue: value };
  return { answer: await kit.planner.edit(kit.f.modelId, scenarioId, locationId, body), index };
}

const storedValue = async (scenarioId: number, locationId: number, propertyId: number) =>
  (await kit.planner.location(scenarioId, locationId)).locationProperties.find((p) => p.id === propertyId)?.numberValue ?? null;

test('a number property with a range: every value inside is stored, none outside; the refusal names field, reason and range', async () => {
  const s = await kit.child('Ranges');
  const surface = kit.f.properties.surface;
  const id = kit.L(0);
  await setRange(surface, { min: 50, max: 5000, whole: true });
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.integer({ min: -10_000, max: 20_000 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(49, 50, 5000, 5001, 49.5, 4999.5),
      ),
      async (value) => {
        const before = await storedValue(s, id, surface);
        const { answer, index } = await editValue(s, id, surface, value);
        const inside = value >= 50 && value <= 5000 && Number.isInteger(value);
        if (inside || value === before) {
          accepted(answer);
          assert.is(await storedValue(s, id, surface), value);
        } else {
          const reason = value < 50 ? 'valueBelowMinimum' : value > 5000 ? 'valueAboveMaximum' : 'valueNotWhole';
          refused(answer, 400, reason, `locationProperties.${index}.numberValue`);
          assert.equal(answer.body.params, { minimum: 50, maximum: 5000 });
          assert.is(await storedValue(s, id, surface), before, 'a refused value is not stored');
        }
      },
    ),
    { numRuns: RUNS },
  );
});

test('a percentage keeps to its step from the minimum; the range is told in percent', async () => {
  const s = await kit.child('Steps');
  const share = kit.f.properties.share;
  const id = kit.L(1);
  await setRange(share, { min: 0.05, max: 0.9, step: 0.05 });
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: -10, max: 200 }), fc.boolean(), async (k, offStep) => {
      const value = ((k * 5 + (offStep ? 2 : 0)) / 1000) * 10; // k steps of 0.05, or 0.02 beside one
      const before = await storedValue(s, id, share);
      const { answer } = await editValue(s, id, share, value);
      const inside = value >= 0.05 - 1e-12 && value <= 0.9 + 1e-12 && !offStep;
      if (inside || value === before) {
        accepted(answer);
        assert.ok(Math.abs((await storedValue(s, id, share))! - value) < 1e-12);
      } else {
        assert.is(answer.status, 400);
        assert.ok(['valueBelowMinimum', 'valueAboveMaximum', 'valueNotOnStep'].includes(answer.message!), answer.message);
        assert.is(answer.body.params.minimum, 5);
        assert.is(answer.body.params.maximum, 90);
        if (answer.message === 'valueNotOnStep') assert.is(answer.body.params.step, 5);
        assert.is(await storedValue(s, id, share), before);
      }
    }),
    { numRuns: RUNS },
  );
});

test('a value stored before its range was set may be sent back unchanged; changing it must bring it inside', async () => {
  const s = await kit.child('Imported');
  const surface = kit.f.properties.surface;
  const id = kit.L(2);
  await setRange(surface, { min: null, max: null });
  accepted((await editValue(s, id, surface, 80_000)).answer);
  await setRange(surface, { min: 50, max: 5000, whole: true });
  const body = await kit.planner.editBody(s, id, { excluded: true });
  accepted(await kit.planner.edit(kit.f.modelId, s, id, body));
  assert.is(await storedValue(s, id, surface), 80_000);
  refused((await editValue(s, id, surface, 70_000)).answer, 400, 'valueAboveMaximum');
  accepted((await editValue(s, id, surface, 4000)).answer);
});

// --- Model parameters -------------------------------------------------------------

const L = ParameterLimits;
const PARAMETERS = {
  fractionCutOffThreshold: 0.01,
  car: { maximumMinutes: 15, scale: 1, constant: 2, power: 2 },
  pedestrian: { maximumMinutes: 10, scale: 1.5, constant: 1, power: 2.5 },
  functions: [{ description: 'surface', function: 'surface', defaultValue: 1, type: 1 }],
};

const saveParameters = (body: unknown) => kit.globalAdmin.call(routes.modelParametersSave, { submodelId: kit.f.subModelId }, undefined, body);
const storedParameters = async () =>
  (await kit.server.ctx.db.query<{ parameters: unknown }>('SELECT parameters FROM sub_model WHERE id = $1', [kit.f.subModelId])).rows[0]!.parameters;

const within = (v: number, r: { above?: number; minimum?: number; maximum?: number; below?: number }) =>
  (r.above === undefined || v > r.above) &&
  (r.minimum === undefined || v >= r.minimum) &&
  (r.maximum === undefined || v <= r.maximum) &&
  (r.below === undefined || v < r.below);

test('model parameters: every mode value within its rule is stored, any outside refused at its field with nothing stored', async () => {
  accepted(await saveParameters(PARAMETERS));
  const value = fc.oneof(fc.double({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 10, 10.001, 240, 240.5, 1e7));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('car', 'pedestrian'), fc.constantFrom('maximumMinutes', 'scale', 'constant', 'power'), value, async (mode, name, v) => {
      const before = await storedParameters();
      const body = { ...PARAMETERS, [mode]: { ...PARAMETERS[mode as 'car'], [name]: v } };
      const answer = await saveParameters(body);
      if (within(v, L[name as 'power'])) {
        accepted(answer);
        assert.is(((await storedParameters()) as Record<string, Record<string, number>>)[mode]![name], v);
      } else {
        refused(answer, 400, `${name}OutOfRange`, `${mode}.${name}`);
        assert.equal(await storedParameters(), before);
      }
    }),
    { numRuns: RUNS * 2 },
  );
});

test('model parameters: the cut-off, function types and defaults keep to their rules', async () => {
  accepted(await saveParameters(PARAMETERS));
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: -3, max: 9 }), fc.double({ min: -0.5, max: 1.5, noNaN: true }), async (type, cutOff) => {
      const before = await storedParameters();
      const answer = await saveParameters({ ...PARAMETERS, fractionCutOffThreshold: cutOff, functions: [{ ...PARAMETERS.functions[0], function: '1', type }] });
      const typeOk = (L.functionTypes as readonly number[]).includes(type);
      const cutOk = within(cutOff, L.fractionCutOffThreshold);
      if (typeOk && cutOk) accepted(answer);
      else {
        assert.is(answer.status, 400);
        assert.ok(answer.field === 'fractionCutOffThreshold' || answer.field === 'functions.0.type', answer.field);
        assert.equal(await storedParameters(), before);
      }
    }),
    { numRuns: RUNS },
  );
});

test('model parameters: an unchanged save changes nothing (no scenario goes back to be calculated)', async () => {
  accepted(await saveParameters(PARAMETERS));
  const { db } = kit.server.ctx;
  await db.query('UPDATE scenario SET status = 9 WHERE id = $1', [kit.f.baseId]);
  const modified = (await db.query('SELECT modified FROM sub_model WHERE id = $1', [kit.f.subModelId])).rows[0];
  const saved = await kit.globalAdmin.ok(kit.globalAdmin.call(routes.modelParameters, { submodelId: kit.f.subModelId }));
  accepted(await saveParameters({ ...saved, locationProperties: undefined, locationGroupProperties: undefined, locationClusterProperties: undefined }));
  assert.equal((await db.query('SELECT modified FROM sub_model WHERE id = $1', [kit.f.subModelId])).rows[0], modified);
  assert.is((await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [kit.f.baseId])).rows[0]!.status, 9);
});

test('normalized scores: weights above 0 are stored, none at or below', async () => {
  await fc.assert(
    fc.asyncProperty(fc.double({ min: -100, max: 100, noNaN: true }), async (weight) => {
      const before = (await kit.server.ctx.db.query('SELECT weight FROM normalized_scores_function WHERE model_id = $1', [kit.f.modelId])).rows;
      const answer = await kit.globalAdmin.call(routes.normalizedScoresFunctionsSave, { submodelId: kit.f.subModelId }, undefined, [
        { title: 'Surface', function: 'surface', weight, defaultValue: 1, type: 1 },
      ]);
      if (weight > 0) accepted(answer);
      else {
        refused(answer, 400, 'scoreWeightOutOfRange', '0.weight');
        assert.equal((await kit.server.ctx.db.query('SELECT weight FROM normalized_scores_function WHERE model_id = $1', [kit.f.modelId])).rows, before);
      }
    }),
    { numRuns: RUNS },
  );
});

// --- Property ranges (the model administrator's editor) ------------------------------

const saveRanges = (body: unknown) => kit.globalAdmin.call(routes.propertyRangesSave, { modelId: kit.f.modelId }, undefined, body);
const storedRange = async (id: number) =>
  (
    await kit.server.ctx.db.query<{ minimum_value: number | null; maximum_value: number | null; value_step: number | null; whole_numbers: boolean }>(
      'SELECT minimum_value, maximum_value, value_step, whole_numbers FROM location_property WHERE id = $1',
      [id],
    )
  ).rows[0]!;

test('property ranges: every range with minimum <= maximum and a positive step is stored, every other refused at its field with nothing stored', async () => {
  const surface = kit.f.properties.surface;
  const share = kit.f.properties.share;
  const bound = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), { nil: null });
  const step = fc.option(fc.oneof(fc.double({ min: -10, max: 100, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 0.5, 25)), { nil: null });
  try {
    await fc.assert(
      fc.asyncProperty(bound, bound, step, fc.boolean(), async (minimumValue, maximumValue, stepValue, wholeNumbers) => {
        const before = [await storedRange(surface), await storedRange(share)];
        // The share's row comes first and is valid: a refusal of the surface's row must leave it as it was too.
        const shareRow = { id: share, minimumValue: 0, maximumValue: 1, step: null, wholeNumbers: false };
        const row = { id: surface, minimumValue, maximumValue, step: stepValue, wholeNumbers };
        const answer = await saveRanges([shareRow, row]);
        const orderOk = minimumValue === null || maximumValue === null || minimumValue <= maximumValue;
        const stepOk = stepValue === null || stepValue > 0;
        if (orderOk && stepOk) {
          const saved = accepted(answer) as {
            id: number;
            minimumValue: number | null;
            maximumValue: number | null;
            step: number | null;
            wholeNumbers: boolean;
          }[];
          assert.equal(await storedRange(surface), {
            minimum_value: minimumValue,
            maximum_value: maximumValue,
            value_step: stepValue,
            whole_numbers: wholeNumbers,
          });
          const shown = saved.find((p) => p.id === surface)!;
          assert.equal([shown.minimumValue, shown.maximumValue, shown.step, shown.wholeNumbers], [minimumValue, maximumValue, stepValue, wholeNumbers]);
        } else {
          if (!stepOk) refused(answer, 400, 'rangeStepNotPositive', '1.step');
          else refused(answer, 400, 'rangeMinimumAboveMaximum', '1.maximumValue');
          assert.equal([await storedRange(surface), await storedRange(share)], before, 'a refused save stores nothing');
        }
      }),
      { numRuns: RUNS },
    );
  } finally {
    // The surface property goes back to no range for the tests after this one.
    await saveRanges([{ id: surface, minimumValue: null, maximumValue: null, step: null, wholeNumbers: false }]);
  }
});

test('property ranges: only numbers a planner types have one; an unknown property is a row that no longer exists; only administrators save', async () => {
  const before = await storedRange(kit.f.properties.surface);
  const row = (id: number) => ({ id, minimumValue: 0, maximumValue: 10, step: null, wholeNumbers: true });
  for (const id of [kit.f.properties.format, kit.f.properties.parking, kit.f.properties.stations, kit.f.properties.turnover]) {
    refused(await saveRanges([row(kit.f.properties.surface), row(id)]), 400, 'rangeOnlyForNumbers', '1.id');
  }
  refused(await saveRanges([row(kit.f.properties.surface), row(kit.fm.properties.surface)]), 409, 'rowNoLongerExists', '1.id');
  refused(await saveRanges([{ ...row(kit.f.properties.surface), minimumValue: 'a lot' }]), 400, 'rangeBoundNotANumber', '0.minimumValue');
  assert.is((await kit.planner.call(routes.propertyRangesSave, { modelId: kit.f.modelId }, undefined, [row(kit.f.properties.surface)])).status, 403);
  assert.equal(await storedRange(kit.f.properties.surface), before);
});

test('comparable values: the stored values of the open shops of a group in a scenario not calculated, the edited location left out', async () => {
  const s = await kit.child('Comparable');
  const surface = kit.f.properties.surface;
  const id = kit.L(0);
  accepted((await editValue(s, id, surface, 3210)).answer);
  assert.is(await kit.statusOf(s), 0, 'the scenario is not calculated');
  const read = (query: Record<string, unknown>) => kit.planner.ok(kit.planner.call(routes.comparableValues, { scenarioId: s, propertyId: surface }, query));
  const all = (await read({})) as { values: number[] };
  assert.ok(all.values.includes(3210), 'the scenario own edit counts');
  assert.is(all.values.length, kit.f.locations.length, 'every location has a value');
  const group = kit.f.groups.albert;
  const inGroup = (await read({ locationGroupId: group, exceptLocationId: id })) as { values: number[] };
  assert.not.ok(inGroup.values.includes(3210), 'the edited location is left out');
  assert.ok(inGroup.values.length > 0 && inGroup.values.length < all.values.length);
  const text = await kit.planner.call(routes.comparableValues, { scenarioId: s, propertyId: kit.f.properties.format }, {});
  assert.equal(text.body, { values: [] });
  assert.is((await kit.outsider.call(routes.comparableValues, { scenarioId: s, propertyId: surface }, {})).status, 403);
});

test.run();
