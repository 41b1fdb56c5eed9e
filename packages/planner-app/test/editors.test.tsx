// The model editors: new-row defaults, the validation flow of each editor
// (the server's first message at its field with its position, nothing
// saved), a valid save and the scenarios reloaded, delete and close
// confirmations, the expression help and the decay curve, and applying a
// calibration only after the confirmation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { ModelParameters } from '@locus/contract';
import { language } from '../src/i18n';
import { applySuggestion, decayValue, suggestionsFor, syntaxProblem } from '../src/stores/editors/expression-help';
import { newDriverRow, newFunctionRow, newScoreRow } from '../src/stores/editors/drafts';
import { EditorsModel } from '../src/stores/editors/model';
import { AppModel } from '../src/stores/app';
import { modelId, submodelId } from '../src/stores/models';
import * as planner from '../src/stores/planner';
import { dismiss, notifications } from '../src/stores/ui';
import { ExpressionField } from '../src/ui/editors/ExpressionField';
import { ApiFailure } from '@locus/contract/client';
import { fakeApi, type Answer } from './fake-api';
import { mount } from './render';

const PARAMETERS: ModelParameters = {
  fractionCutOffThreshold: 0.01,
  car: { maximumMinutes: 30, scale: 1, constant: 1, power: 2 },
  pedestrian: { maximumMinutes: 15, scale: 0.5, constant: 1, power: 2.5 },
  locationProperties: [
    { name: 'salesFloorArea', title: 'Sales floor', dataType: 2 },
    { name: 'parking', title: 'Parking', dataType: 2 },
  ],
  locationGroupProperties: [],
  locationClusterProperties: [],
  functions: [{ id: 1, description: 'Floor', function: 'pow(salesFloorArea, 1)', defaultValue: 1, type: 1 }],
};

type Options = Parameters<Answer>[0];

function editorsApi(extra: Partial<Record<string, Answer>> = {}) {
  return fakeApi({
    modelParameters: () => structuredClone(PARAMETERS),
    driverFilters: () => [
      { id: 3, title: 'All', function: '1', drivers: [{ id: 4, title: 'Floor', function: 'salesFloorArea', weight: 80, roundingDigits: 0, inverse: false }] },
    ],
    normalizedScoresFunctions: () => [{ id: 9, title: 'Floor', function: 'salesFloorArea', weight: 2, defaultValue: 1, type: 1 }],
    functionsValidate: (o: Options) => {
      const list = o.body as unknown as string[];
      const index = list.findIndex((s) => s.includes('salesArea2'));
      return { messages: index < 0 ? [] : [{ index, message: "unknown property 'salesArea2' at position 5", position: list[index]!.indexOf('salesArea2') }] };
    },
    modelParametersSave: (o: Options) => ({
      ...PARAMETERS,
      ...(o.body as unknown as object),
      functions: (o.body as unknown as { functions: object[] }).functions.map((f, i) => ({ id: i + 1, ...f })),
    }),
    driversSave: (o: Options) =>
      (o.body as unknown as { id?: number; drivers: { id?: number }[] }[]).map((f, i) => ({
        ...f,
        id: f.id ?? 100 + i,
        drivers: f.drivers.map((d, k) => ({ ...d, id: d.id ?? 200 + k })),
      })),
    normalizedScoresFunctionsSave: (o: Options) => (o.body as unknown as { id?: number }[]).map((r, i) => ({ ...r, id: r.id ?? 300 + i })),
    ...extra,
  } as never);
}

const yes = async () => true;
const no = async () => false;

test.before.each(() => {
  modelId.value = 1;
  submodelId.value = 11;
  language.value = 'en';
});

test('new rows: functions and scores default to defaultValue 1 and type 1; a driver to roundingDigits 2 and inverse false, weight within 50 to 100', () => {
  const f = newFunctionRow();
  assert.is(f.defaultValue, 1);
  assert.is(f.type, 1);
  const s = newScoreRow();
  assert.is(s.defaultValue, 1);
  assert.is(s.type, 1);
  const d = newDriverRow();
  assert.is(d.roundingDigits, 2);
  assert.is(d.inverse, false);
  assert.ok(d.weight >= 50 && d.weight <= 100);
});

test('model parameters: the server message goes to its field with its position and nothing is saved; a valid save saves and reloads the scenarios', async () => {
  const { api, names, calls } = editorsApi();
  const { openEditor, fieldError, editorDirty, saveEditor, openModelParameters, updateMode, updateFunctionRow, addFunctionRow } = new EditorsModel(api);
  const reloads: unknown[] = [];
  // The planner store takes its client with useApi: give it one that answers the scenario list.
  planner.useApi(
    fakeApi({
      scenarios: () => {
        reloads.push(1);
        return [];
      },
    } as never).api,
  );
  await openModelParameters();
  assert.is(openEditor.value, 'modelParameters');
  assert.is(editorDirty.value, false);
  const row = addFunctionRow();
  assert.is(row.defaultValue, 1);
  updateFunctionRow(row.key, { description: 'Wrong', function: 'log(salesArea2)' });
  assert.is(editorDirty.value, true);
  assert.is(await saveEditor('modelParameters'), false);
  assert.equal(fieldError.value, { row: row.key, field: 'function', message: "unknown property 'salesArea2' at position 5", position: 4 });
  assert.not.ok(names().includes('modelParametersSave'), 'nothing saved');
  updateFunctionRow(row.key, { function: 'log(parking + 1)' });
  assert.is(fieldError.value, null, 'editing the field clears its message');
  updateMode('car', { power: 1.8 });
  assert.is(await saveEditor('modelParameters'), true);
  const saved = calls.find((c) => c.name === 'modelParametersSave')!.options.body as unknown as {
    car: { power: number };
    functions: { defaultValue: number; type: number; key?: string }[];
  };
  assert.is(saved.car.power, 1.8);
  assert.is(saved.functions[1]!.defaultValue, 1);
  assert.is(saved.functions[1]!.type, 1);
  assert.is(saved.functions[1]!.key, undefined, 'row keys stay in the app');
  assert.ok(reloads.length >= 1, 'the scenarios were reloaded (they show as not calculated)');
  assert.is(editorDirty.value, false);
});

test('drivers: an invalid driver function is refused with the message at the driver; a weight change saves', async () => {
  const { api, names, calls } = editorsApi();
  const { fieldError, driversDraft, saveEditor, openDrivers, updateDriverRow, addDriver } = new EditorsModel(api);
  await openDrivers();
  const filter = driversDraft.value![0]!;
  const driver = addDriver(filter.key);
  updateDriverRow(filter.key, driver.key, { title: 'Bad', function: 'salesArea2 * 2' });
  assert.is(await saveEditor('drivers'), false);
  assert.is(fieldError.value?.row, driver.key);
  assert.is(fieldError.value?.position, 0);
  assert.not.ok(names().includes('driversSave'));
  updateDriverRow(filter.key, driver.key, { function: 'parking * 2' });
  updateDriverRow(filter.key, filter.drivers[0]!.key, { weight: 65 });
  assert.is(await saveEditor('drivers'), true);
  const body = calls.find((c) => c.name === 'driversSave')!.options.body as unknown as { drivers: { weight: number; roundingDigits: number }[] }[];
  assert.is(body[0]!.drivers[0]!.weight, 65);
  assert.is(body[0]!.drivers[1]!.roundingDigits, 2);
});

test('normalized scores: the validation flow and a valid save', async () => {
  const { api, names } = editorsApi();
  const { fieldError, scoresDraft, saveEditor, openNormalizedScores, updateScoreRow, addScoreRow } = new EditorsModel(api);
  await openNormalizedScores();
  const row = addScoreRow();
  updateScoreRow(row.key, { title: 'New', function: 'salesArea2' });
  assert.is(await saveEditor('normalizedScores'), false);
  assert.is(fieldError.value?.row, row.key);
  assert.not.ok(names().includes('normalizedScoresFunctionsSave'));
  updateScoreRow(row.key, { function: 'parking' });
  assert.is(await saveEditor('normalizedScores'), true);
  assert.ok(names().includes('normalizedScoresFunctionsSave'));
  assert.is(scoresDraft.value!.length, 2);
});

test('property ranges: numbers planners type, percentages in %; a save sends stored units; a refusal keeps every edit', async () => {
  const property = (id: number, name: string, dataType: number, extra: object = {}) => ({
    id,
    name,
    title: name.toUpperCase(),
    dataType,
    propertyType: 0,
    autoCalculateType: null,
    minimumValue: null,
    maximumValue: null,
    step: null,
    wholeNumbers: false,
    ...extra,
  });
  const properties = [
    property(1, 'area', 4, { minimumValue: 100, maximumValue: 4000, wholeNumbers: true }),
    property(2, 'share', 2, { minimumValue: 0.05, maximumValue: 0.9, step: 0.05 }),
    property(3, 'format', 0),
    property(4, 'parking', 5),
    property(5, 'stations', 4, { autoCalculateType: 6 }),
    property(6, 'turnover', 3, { propertyType: 4 }),
  ];
  let refuse = true;
  const { api, calls } = editorsApi({
    newLocationProperties: () => structuredClone(properties),
    propertyRangesSave: (o: Options) => {
      if (refuse) {
        throw new ApiFailure(
          'propertyRangesSave',
          400,
          { statusCode: 400, error: 'Bad Request', message: 'rangeMinimumAboveMaximum', field: '0.maximumValue' },
          '',
        );
      }
      const body = o.body as unknown as { id: number; minimumValue: number | null; maximumValue: number | null; step: number | null; wholeNumbers: boolean }[];
      return properties.map((p) => {
        const row = body.find((r) => r.id === p.id);
        return row ? { ...p, minimumValue: row.minimumValue, maximumValue: row.maximumValue, step: row.step, wholeNumbers: row.wholeNumbers } : p;
      });
    },
  });
  const { openEditor, rangesDraft, editorDirty, saveEditor, openPropertyRanges, updateRangeRow } = new EditorsModel(api);
  await openPropertyRanges();
  assert.is(openEditor.value, 'propertyRanges');
  assert.equal(
    rangesDraft.value!.map((r) => [r.name, r.minimum, r.maximum, r.step, r.wholeNumbers]),
    [
      ['area', '100', '4000', '', true],
      ['share', '5', '90', '5', false],
    ],
  );
  updateRangeRow(1, { minimum: '5000' });
  updateRangeRow(2, { maximum: '80', step: '' });
  assert.is(editorDirty.value, true);
  assert.is(await saveEditor('propertyRanges'), false);
  assert.equal(
    rangesDraft.value!.map((r) => [r.minimum, r.maximum, r.step]),
    [
      ['5000', '4000', ''],
      ['5', '80', ''],
    ],
    'every edit stays after a refusal',
  );
  assert.not.ok(
    calls.some((c) => c.name === 'functionsValidate'),
    'ranges have no expressions to check',
  );
  refuse = false;
  updateRangeRow(1, { minimum: '' });
  assert.is(await saveEditor('propertyRanges'), true);
  const body = calls.filter((c) => c.name === 'propertyRangesSave').at(-1)!.options.body as unknown;
  assert.equal(body, [
    { id: 1, minimumValue: null, maximumValue: 4000, step: null, wholeNumbers: true },
    { id: 2, minimumValue: 0.05, maximumValue: 0.8, step: null, wholeNumbers: false },
  ]);
  assert.is(editorDirty.value, false);
  assert.is(rangesDraft.value![0]!.minimum, '');
  for (const n of notifications.value) dismiss(n.id);
});

test('deleting a row and closing with unsaved changes ask first; No keeps everything', async () => {
  const { api } = editorsApi();
  const { openEditor, parametersDraft, openModelParameters, closeEditor, deleteFunctionRow } = new EditorsModel(api);
  await openModelParameters();
  const key = parametersDraft.value!.functions[0]!.key;
  assert.is(await deleteFunctionRow(key, no), false);
  assert.is(parametersDraft.value!.functions.length, 1);
  assert.is(await deleteFunctionRow(key, yes), true);
  assert.is(parametersDraft.value!.functions.length, 0);
  const asked: string[] = [];
  assert.is(
    await closeEditor(async (text) => {
      asked.push(text);
      return false;
    }),
    false,
  );
  assert.is(openEditor.value, 'modelParameters');
  assert.equal(asked, ['Close without saving your changes?']);
  assert.is(await closeEditor(yes), true);
  assert.is(openEditor.value, null);
});

test('expression help: property names and functions for the word at the caret; syntax problems found in the browser', async () => {
  const { api } = editorsApi();
  const app = new AppModel(api);
  const { fieldError, openModelParameters, expressionNames } = app.editors;
  await openModelParameters();
  assert.equal(
    suggestionsFor('log(sal', 7, expressionNames.value).map((s) => s.name),
    ['salesFloorArea'],
  );
  assert.equal(
    suggestionsFor('po', 2, expressionNames.value).map((s) => s.name),
    ['pow'],
  );
  assert.equal(suggestionsFor('1 + 2', 5, expressionNames.value), []);
  assert.equal(applySuggestion('log(sal', 7, 'salesFloorArea', 'property'), { text: 'log(salesFloorArea', caret: 18 });
  assert.equal(applySuggestion('po', 2, 'pow', 'function'), { text: 'pow(', caret: 4 });
  assert.is(syntaxProblem('salesFloorArea * 2'), null);
  const problem = syntaxProblem('salesFloorArea * (2');
  assert.ok(problem && problem.position >= 17, JSON.stringify(problem));

  // On screen: the server's message with the position marked.
  fieldError.value = { row: 'r1', field: 'function', message: "unknown property 'x' at position 5", position: 4 };
  const view = mount(<ExpressionField rowKey="r1" value="log(x)" label="Function of row 1" onChange={() => {}} />, app);
  assert.match(view.host.textContent ?? '', "unknown property 'x' at position 5");
  assert.is(view.host.querySelector('mark')?.textContent, 'x');
  assert.is(view.getByRole('combobox', { name: 'Function of row 1', hidden: true }).getAttribute('aria-invalid'), 'true');
  view.unmount();
  app[Symbol.dispose]();
});

test('the decay curve: f(t) = scale * (t + constant)^-power up to the maximum minutes, 0 beyond', () => {
  const mode = { maximumMinutes: 30, scale: 2, constant: 1, power: 2 };
  assert.is(decayValue(mode, 1), 0.5);
  assert.is(decayValue(mode, 3), 2 / 16);
  assert.is(decayValue(mode, 31), 0);
  assert.is(decayValue({ ...mode, maximumMinutes: 0 }, 1), 0);
});

test('calibration results go into the parameters only after the confirmation, then through the validated save', async () => {
  const { api, names, calls } = editorsApi();
  const { parametersDraft, calibration, applyCalibration, openModelParameters } = new EditorsModel(api);
  planner.useApi(fakeApi({ scenarios: () => [] } as never).api);
  await openModelParameters();
  calibration.value = {
    id: 'job',
    submodelId: 11,
    state: 'completed',
    progress: 100,
    error: null,
    result: {
      actualProperty: 'actualTurnover',
      locationCount: 3,
      before: {
        parameters: { carPower: 2, pedestrianPower: 2.5, attractivenessExponent: 1 },
        fit: { rSquared: 0.5, meanAbsolutePercentageError: 0.3, globalError: 0.2 },
      },
      after: {
        parameters: { carPower: 1.7, pedestrianPower: 2.9, attractivenessExponent: 1.2 },
        fit: { rSquared: 0.8, meanAbsolutePercentageError: 0.1, globalError: 0.1 },
      },
      functions: [{ id: 1, function: 'pow(salesFloorArea, 1.2)' }],
      points: [],
    },
  };
  assert.is(await applyCalibration(no), false);
  assert.is(parametersDraft.value!.car.power, 2);
  assert.not.ok(names().includes('modelParametersSave'));
  assert.is(await applyCalibration(yes), true);
  const body = calls.find((c) => c.name === 'modelParametersSave')!.options.body as unknown as ModelParameters;
  assert.is(body.car.power, 1.7);
  assert.is(body.pedestrian.power, 2.9);
  assert.is(body.functions[0]!.function, 'pow(salesFloorArea, 1.2)');
  assert.is(calibration.value, null);
});

// The notifications these actions raised (10 s timers) end with this file.
test.after(() => {
  for (const n of notifications.value) dismiss(n.id);
});

test.run();
