// Errors keep work: a refusal goes to its field and a notification, never to
// the error dialog; the error dialog closes with Escape and its Refresh asks
// before throwing edits away; notifications show inside the open dialog (the
// top layer); every message key the server sends has a text in five languages.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { act } from 'react';
import { CalibrationMessage, FieldRefusalMessage, GoneMessage, LimitMessage, RuleMessage, ValidationMessage } from '@locus/contract';
import { EXPRESSION_ERROR_CODES, validateExpression } from '@locus/engine/expression';
import { expressionMessageText } from '../src/stores/editors/saving';
import { ApiFailure } from '@locus/contract/client';
import { catalogue, language, LANGS } from '../src/i18n';
import { routeFailure } from '../src/stores/api';
import { refusal, refusalAt } from '../src/stores/refusals';
import { scenarioDraft } from '../src/stores/editing/scenario-dialog';
import { confirmations, dismiss, globalError, notifications, notify } from '../src/stores/ui';
import { ErrorDialog, Notifications } from '../src/ui/feedback';
import { mount } from './render';
import { fakeApi } from './fake-api';
import { isImplausible, MIN_COMPARABLE, plausibilityWarnings, sampleKey, usualRange, PlausibilityModel } from '../src/stores/plausibility';

const failure = (status: number, body: object | null) =>
  new ApiFailure('modelParametersSave', status, body as never, body ? JSON.stringify(body) : 'network down');

test('every message key the server answers with has a text in each of the five catalogues', () => {
  const keys = [
    ...Object.values(ValidationMessage),
    ...Object.values(RuleMessage),
    ...Object.values(LimitMessage),
    ...Object.values(FieldRefusalMessage),
    ...Object.values(GoneMessage),
    ...Object.values(CalibrationMessage),
    // Expression messages (functionsValidate, the editors' own check) travel as codes.
    ...EXPRESSION_ERROR_CODES,
    'exprSyntaxAt',
    'exprTheEnd',
    'exprArgumentCountOne',
    'exprArgumentCountAtLeast',
    'exprArgumentCountEither',
  ];
  for (const lang of LANGS) {
    const texts = catalogue(lang);
    for (const key of keys) assert.ok(texts[key]?.trim(), `${lang} has no text for ${key}`);
  }
});

// One expression per code the expression check can answer with: together they must send every code there is.
const EXPRESSION_SAMPLES: [string, string][] = [
  ['2x', 'exprCharAfterNumber'],
  ['[sales area', 'exprBracketNotClosed'],
  ['[ ] + 1', 'exprEmptyBracketName'],
  ["'open", 'exprTextNotClosed'],
  ['1 # 2', 'exprUnexpectedCharacter'],
  ['if a then 1', 'exprExpected'],
  ['pow(1 2)', 'exprExpectedCommaOrClose'],
  ['1 < 2 < 3', 'exprChainedComparison'],
  ['if(1, 2) then 3 else 4', 'exprIfArguments'],
  ['foo(1)', 'exprUnknownFunction'],
  ['pow(1)', 'exprArgumentCount'],
  ['1 )', 'exprUnexpected'],
  ['1 +', 'exprEndsEarly'],
  ['salesArea * 2', 'exprUnknownProperty'],
];

test('expression messages: every code the check sends has a text, filled in and placed, in the interface language', () => {
  const sent = EXPRESSION_SAMPLES.map(([source, code]) => {
    const [m] = validateExpression(source, []);
    assert.ok(m, `${source} is refused`);
    assert.is(m!.code, code, source);
    return m!.code;
  });
  assert.equal([...new Set(sent)].sort(), [...EXPRESSION_ERROR_CODES].sort(), 'the samples cover every code');
  for (const lang of LANGS) {
    language.value = lang;
    for (const [source] of EXPRESSION_SAMPLES) {
      const text = expressionMessageText(validateExpression(source, [])[0]!);
      assert.not.match(text, /\{\w+\}/, `${lang}: ${source} leaves a placeholder: ${text}`);
    }
  }
  language.value = 'nl';
  assert.is(expressionMessageText(validateExpression('pow(1)', [])[0]!), 'Syntaxisfout op positie 1: pow() heeft 2 argumenten, niet 1');
  assert.is(
    expressionMessageText(validateExpression('if a then 1', [])[0]!),
    "Syntaxisfout op positie 12: 'else' verwacht maar het einde van de expressie gevonden",
  );
  assert.is(expressionMessageText(validateExpression('sqrt(1, 2)', [])[0]!), 'Syntaxisfout op positie 1: sqrt() heeft 1 argument, niet 2');
  assert.is(expressionMessageText(validateExpression('a + omzet', ['a'])[0]!), "onbekende eigenschap 'omzet' op positie 5");
  language.value = 'de';
  assert.is(
    expressionMessageText({ message: 'x', code: 'exprUnexpected', params: { found: ')' }, position: 2 }),
    "Syntaxfehler an Position 3: unerwartet: ')'",
  );
  // A message without a code (an older server) is shown as sent.
  assert.is(expressionMessageText({ message: 'unexpected thing', position: 0 }), 'unexpected thing');
  language.value = 'en';
});

test('a refusal with a field goes to that field and a notification, translated with its values; the error dialog stays shut', () => {
  language.value = 'nl';
  routeFailure(
    failure(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'valueAboveMaximum',
      field: 'locationProperties.1.numberValue',
      params: { minimum: 100, maximum: 4000 },
    }),
  );
  assert.is(globalError.value, null);
  assert.is(refusal.value?.field, 'locationProperties.1.numberValue');
  assert.is(refusalAt('locationProperties.1.numberValue'), 'De waarde mag hoogstens 4.000 zijn.');
  assert.is(refusalAt('locationProperties.2.numberValue'), null);
  assert.ok(notifications.value.some((n) => n.tone === 'error' && n.text === 'De waarde mag hoogstens 4.000 zijn.'));
  routeFailure(failure(400, { statusCode: 400, error: 'Bad Request', message: 'powerOutOfRange', field: 'car.power' }));
  assert.is(refusalAt('car.power'), 'De macht moet groter dan 0 en hoogstens 10 zijn.');
  language.value = 'en';
});

test('network failures and server errors open the error dialog', () => {
  routeFailure(failure(0, null));
  assert.ok(globalError.value);
  globalError.value = null;
  routeFailure(failure(503, { statusCode: 503, error: 'Service Unavailable', message: 'the database is starting' }));
  assert.ok(globalError.value);
  globalError.value = null;
});

test('the error dialog closes with Escape; Refresh with an open edit asks first and keeps the edit on No', async () => {
  const { getByRole, queryByRole, unmount } = mount(<ErrorDialog />);
  act(() => {
    globalError.value = { message: 'x: 500', response: null };
  });
  const dialog = getByRole('dialog', { hidden: true });
  act(() => {
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
  assert.is(globalError.value, null);
  assert.is(queryByRole('dialog', { hidden: true }), null);

  act(() => {
    globalError.value = { message: 'x: 500', response: null };
  });
  scenarioDraft.value = { mode: 'new' } as never;
  const refresh = getByRole('button', { name: 'Refresh', hidden: true });
  await act(async () => {
    refresh.click();
  });
  assert.is(confirmations.value.length, 1);
  assert.match(confirmations.value[0]!.text, 'throws away the changes');
  await act(async () => {
    confirmations.value[0]!.resolve(false);
  });
  assert.ok(globalError.value, 'the error dialog is still there');
  assert.ok(scenarioDraft.value, 'the edit is kept');
  scenarioDraft.value = null;
  act(() => {
    globalError.value = null;
  });
  unmount();
});

test('notifications are shown inside the topmost open dialog, else in the page', async () => {
  const { unmount } = mount(<Notifications />);
  const dialog = document.createElement('dialog');
  document.body.append(dialog);
  await act(async () => {
    dialog.setAttribute('open', '');
    await new Promise((r) => setTimeout(r, 0));
  });
  act(() => {
    notify('Saved.', 'success');
  });
  assert.match(dialog.querySelector('.notifications')?.textContent ?? '', 'Saved.');
  await act(async () => {
    dialog.removeAttribute('open');
    await new Promise((r) => setTimeout(r, 0));
  });
  assert.is(dialog.querySelector('.notifications'), null);
  assert.match(document.body.querySelector(':scope > .notifications')?.textContent ?? '', 'Saved.');
  for (const n of notifications.value) dismiss(n.id);
  dialog.remove();
  unmount();
});

test("plausibility: a value outside the group's 1st to 99th percentile or beyond 3 sigma is unusual; small groups say nothing", async () => {
  const values = Array.from({ length: 50 }, (_, i) => 300 + i * 5); // 300 .. 545
  const usual = usualRange(values)!;
  assert.ok(usual.low > 300 && usual.low < 305 && usual.high > 540 && usual.high < 545);
  assert.not.ok(isImplausible(420, usual));
  assert.ok(isImplausible(3900, usual));
  assert.ok(isImplausible(290, usual));
  assert.is(usualRange(values.slice(0, MIN_COMPARABLE - 1)), null);

  language.value = 'en';
  // The sample: stored values of the group's locations (here, locations 1 to 40 are group 7), calculated or not.
  const { api, calls } = fakeApi({
    comparableValues: (o) => {
      const q = o.query as unknown as { locationGroupId?: number; exceptLocationId?: number };
      return { values: values.filter((_, i) => (q.locationGroupId === undefined || (i < 40 ? 7 : 8) === q.locationGroupId) && i + 1 !== q.exceptLocationId) };
    },
  });
  const area = { id: 3, title: 'Sales area', name: 'area', dataType: 4, propertyType: 0, roundingDigits: 0 };
  const warnings = await plausibilityWarnings(api, 1, null, 7, [{ ...area, value: 3900 }], 'EUR');
  assert.equal(warnings, ['Sales area: 3900 is unusual for comparable locations (most lie between 302 and 493).']);
  assert.equal(calls[0]!.options.params, { scenarioId: 1, propertyId: 3 });
  assert.equal(calls[0]!.options.query, { locationGroupId: 7 });
  assert.equal(await plausibilityWarnings(api, 1, 5, 7, [{ ...area, value: 400 }], 'EUR'), []);
  assert.equal(calls.at(-1)!.options.query, { locationGroupId: 7, exceptLocationId: 5 });
  // No sample (the read failed): no warning, the save goes on.
  const failing = fakeApi({});
  assert.equal(await plausibilityWarnings(failing.api, 1, 5, 7, [{ ...area, value: 3900 }], 'EUR'), []);

  // The live hint's samples: read once per key (scenario as read, property, group, location left out); a failed read is null.
  const key = sampleKey(1, '2026-01-01T00:00:00Z', 3, 7, 5);
  assert.is(key, '1:2026-01-01T00:00:00Z:3:7:5');
  const before = calls.length;
  const samples = new PlausibilityModel(api);
  await samples.loadComparableSample(key, 1, 3, 7, 5);
  await samples.loadComparableSample(key, 1, 3, 7, 5);
  assert.is(calls.length, before + 1, 'one read per key');
  assert.is(samples.comparableSamples.value[key]!.length, 39);
  const failed = new PlausibilityModel(failing.api);
  await failed.loadComparableSample('other', 1, 3, 7, 5);
  assert.is(failed.comparableSamples.value.other, null);
});

test.run();
