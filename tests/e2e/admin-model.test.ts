// The model administrator's editors in Chromium against the real server and
// database (issue 10): an invalid expression shows the server's message at its
// place and nothing is stored (read back); calibrate from the actual turnover
// and apply; change a decay parameter and a driver weight and save; the
// model's scenarios show as not calculated; recalculate and the output
// changes. Every editor passes axe and matches its golden. The turnover model
// (Supermarkten Nederland) sets Dutch, so the interface is Dutch.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { DriverFilter, Model, ModelParameters, Scenario } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  newContext,
  signIn,
  startServer,
  texts,
  type Api,
  type LocusServer,
} from './harness/index.js';

const t = texts('nl');
const test = e2eSuite('admin: model administrator');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let api: Api;
let model: Model;
let submodelId: number;
let base: Scenario;
/** A store of the base scenario whose output the test follows. */
let storeId: number;
/** That store's output with the demo parameters. */
let firstOutput = NaN;

const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
/** Moves the pointer off every control and lets tooltips go, before a screenshot. */
async function still() {
  await page.mouse.move(720, 890);
  await page.waitForTimeout(400);
}

async function waitForStatus(scenarioId: number, wanted: number, seconds = 300) {
  for (let i = 0; i < seconds; i++) {
    const status = (await api.scenarios(model.id)).find((s) => s.id === scenarioId)!.status;
    if (status === wanted) return;
    if (status === 10) throw new Error(`scenario ${scenarioId} failed to calculate`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`scenario ${scenarioId} did not reach status ${wanted} within ${seconds} s`);
}

async function outputOf(scenarioId: number, locationId: number): Promise<number> {
  const detail = await api.call<{ locationProperties: { name: string; numberValue: number | null }[] }>('scenarioLocationProperties', {
    scenarioId,
    locationId,
  });
  const value = detail.locationProperties.find((p) => p.name === 'turnover')?.numberValue;
  if (typeof value !== 'number') throw new Error('the store has no turnover');
  return value;
}

async function openEditor(entry: string) {
  await page.getByRole('button', { name: t('mainMenu') }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  await dialog(entry).waitFor();
}

/** The editor's own box: the screenshot shows the editor, not the map behind it (whose view is not the test's subject). */
async function clipOf(editor: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await editor.boundingBox();
  if (!box) throw new Error('the editor is not on screen');
  return box;
}

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await apiAs(server, 'modelAdmin');
  model = (await api.models()).find((m) => m.userIsAdmin)!;
  submodelId = (await api.call<{ id: number }[]>('submodels', { modelId: model.id }))[0]!.id;
  base = baseScenario(await api.scenarios(model.id));
  storeId = (await api.locations(base.id)).find((l) => l.type === 1 && l.visibility === 0)!.id;
  // The base scenario is calculated first, so the output after the changes can be compared with it.
  await api.call('scenarioStartProcessing', { scenarioId: base.id });
  context = await newContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
  // The store's output with the demo parameters, once that calculation is done.
  await waitForStatus(base.id, 9);
  firstOutput = await outputOf(base.id, storeId);
  await signIn(page, server.baseUrl, 'modelAdmin');
  // The model administrator's first model is the score model (English): choose the turnover model, as a user does.
  await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: model.name });
  await page.getByRole('button', { name: t('mainMenu') }).waitFor({ timeout: 30_000 });
  // The model has loaded with its sub-models and scenarios (the editors edit the chosen sub-model).
  await page.getByRole('combobox', { name: t('subModel') }).waitFor({ timeout: 30_000 });
  await page.getByRole('toolbar').getByRole('status').waitFor({ timeout: 30_000 });
});

test.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test("an invalid expression shows the server's message at its place and nothing is stored", async () => {
  await openEditor(t('editModelParameters'));
  const editor = dialog(t('editModelParameters'));
  await still();
  await expectNoAxeViolations(page, 'the model parameters editor', { include: 'dialog[open]' });
  await expectScreenshot(page, 'admin-model-parameters', { clip: await clipOf(editor) });
  await editor.getByRole('button', { name: t('addRow') }).click();
  const rows = await editor.getByRole('combobox', { name: /^Functie van rij \d+$/ }).count();
  await editor.getByRole('textbox', { name: t('functionDescriptionOf', { row: rows }) }).fill('Fout');
  await editor.getByRole('combobox', { name: t('functionExpressionOf', { row: rows }) }).fill('log(salesArea2)');
  // A new row defaults to default value 1 and type 1.
  assert.is(await editor.getByRole('spinbutton', { name: t('defaultValueOf', { row: rows }) }).inputValue(), '1');
  assert.is(await editor.getByRole('spinbutton', { name: t('functionTypeOf', { row: rows }) }).inputValue(), '1');
  await editor.getByRole('button', { name: t('save'), exact: true }).click();
  // At its place: the field's alert marks the position (the notification repeats the text).
  // In the interface language (the model's Dutch), with the position of the name (1-based).
  const text = t('exprUnknownProperty', { name: 'salesArea2', position: 5 });
  const message = editor.getByRole('alert').filter({ hasText: text, has: page.locator('mark') });
  await message.waitFor();
  assert.is(await message.locator('mark').textContent(), 's', 'the position is marked');
  await expectNoAxeViolations(page, "the editor with the server's message", { include: 'dialog[open]' });
  const stored = await api.call<ModelParameters>('modelParameters', { submodelId });
  assert.not.ok(
    stored.functions.some((f) => f.function.includes('salesArea2')),
    'nothing was stored',
  );
  assert.ok(stored.functions.every((f) => f.description !== 'Fout'));
  // Remove the row again (the confirmation first).
  await editor.getByRole('button', { name: t('deleteRowOf', { row: rows }) }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: t('confirmDeleteRow') })
    .getByRole('button', { name: t('yes') })
    .click();
  assert.equal(errors, []);
});

test('calibrate from the actual turnover, then apply after the confirmation', async () => {
  const editor = dialog(t('editModelParameters'));
  await editor.getByRole('button', { name: t('calibrate') }).click();
  const apply = editor.getByRole('button', { name: t('calibrationApply') });
  await apply.waitFor({ timeout: 240_000 });
  const fits = await editor
    .getByRole('table', { name: t('calibrationFit') })
    .getByRole('cell')
    .allTextContents();
  assert.ok(fits.length >= 4, `fit table: ${fits.join(' | ')}`);
  await expectNoAxeViolations(page, 'the calibration result', { include: 'dialog[open]' });
  await apply.click();
  const question = page.getByRole('dialog').filter({ hasText: t('calibrationApplyConfirm') });
  await question.getByRole('button', { name: t('yes') }).click();
  await apply.waitFor({ state: 'detached', timeout: 30_000 });
  const stored = await api.call<ModelParameters>('modelParameters', { submodelId });
  const shownCar = await editor
    .getByRole('spinbutton', { name: t('decayPower') })
    .first()
    .inputValue();
  assert.is(String(stored.car.power), shownCar, 'the fitted car power is stored');
  assert.equal(errors, []);
});

test('a decay parameter and a driver weight saved: the scenarios show as not calculated; recalculated, the output changes', async () => {
  const editor = dialog(t('editModelParameters'));
  const constant = editor.getByRole('spinbutton', { name: t('decayConstant') }).first();
  const before = Number(await constant.inputValue());
  await constant.fill(String(before + 1.5));
  await constant.blur();
  const save = editor.locator('footer').getByRole('button', { name: t('save'), exact: true });
  assert.ok(await save.isEnabled(), 'the change makes the editor savable');
  await save.click();
  // Saved: nothing left to save.
  await save.and(page.locator(':disabled')).waitFor({ timeout: 30_000 });
  const stored = await api.call<ModelParameters>('modelParameters', { submodelId });
  assert.is(stored.car.constant, before + 1.5);
  await editor
    .locator('footer')
    .getByRole('button', { name: t('close'), exact: true })
    .click();
  await editor.waitFor({ state: 'hidden' });
  // The scenario chip says not calculated.
  await page
    .getByRole('toolbar')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${t('statusNotCalculated')}$`) })
    .waitFor({ timeout: 30_000 });
  assert.ok(
    (await api.scenarios(model.id)).every((s) => s.status === 0),
    'every scenario of the model needs calculating',
  );

  await openEditor(t('editDrivers'));
  const drivers = dialog(t('editDrivers'));
  await still();
  await expectNoAxeViolations(page, 'the drivers editor', { include: 'dialog[open]' });
  await expectScreenshot(page, 'admin-drivers', { clip: await clipOf(drivers) });
  const filters = await api.call<DriverFilter[]>('driverFilters', { modelId: model.id });
  const driver = filters[0]!.drivers[0]!;
  const next = driver.weight === 50 ? 75 : 50;
  await drivers
    .getByRole('slider', { name: t('driverWeightOf', { name: driver.title }) })
    .first()
    .fill(String(next));
  const saveDrivers = drivers.locator('footer').getByRole('button', { name: t('save'), exact: true });
  await saveDrivers.click();
  await saveDrivers.and(page.locator(':disabled')).waitFor({ timeout: 30_000 });
  const after = await api.call<DriverFilter[]>('driverFilters', { modelId: model.id });
  assert.is(after[0]!.drivers[0]!.weight, next, 'the driver weight is stored');
  await drivers
    .locator('footer')
    .getByRole('button', { name: t('close'), exact: true })
    .click();

  await openEditor(t('editNormalizedScores'));
  await still();
  await expectNoAxeViolations(page, 'the normalized scores functions editor', { include: 'dialog[open]' });
  await expectScreenshot(page, 'admin-normalized-scores', { clip: await clipOf(dialog(t('editNormalizedScores'))) });
  await dialog(t('editNormalizedScores'))
    .locator('footer')
    .getByRole('button', { name: t('close'), exact: true })
    .click();

  // Recalculated, the store's output differs from before the changes.
  await api.call('scenarioStartProcessing', { scenarioId: base.id });
  await waitForStatus(base.id, 9);
  await page
    .getByRole('toolbar')
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${t('statusCalculated')}$`) })
    .waitFor({ timeout: 60_000 });
  const output = await outputOf(base.id, storeId);
  assert.ok(output > 0);
  assert.is.not(output, firstOutput, 'the output changed with the parameters');
  assert.equal(errors, []);
});

test.run();
