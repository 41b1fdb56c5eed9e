// Guard rails in Chromium against the real server (issue 24): the wrong
// address leads to PUBLIC_URL; the sign-in page speaks the browser's language
// or the app's; a refused value shows at its field in the location dialog,
// the model parameters editor and the add-login form while every other edit
// stays; a language chosen in the menu holds after a reload and a new sign-in;
// the header fits at 1024 px in all five languages (goldens header-1024-*);
// the property ranges editor refuses a range at its field and keeps every
// other edit; an unusual value in a scenario not calculated asks before Save
// and before Save and calculate, and No keeps the dialog as it was.
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  answerQuestion,
  apiAs,
  type Api,
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
  waitForMap,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('guard rails');
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

type PropertyEntry = { id: number; name: string; numberValue: number | null };

/**
 * A value of a property that is usual among the store's comparable locations
 * (their median, or the next value above it when the store holds the median
 * already): an edit to it gets no plausibility question.
 */
async function usualValue(api: Api, scenarioId: number, store: LocationSummary, name: string): Promise<number> {
  const detail = await api.call<{ locationProperties: PropertyEntry[] }>('scenarioLocationProperties', { scenarioId, locationId: store.id });
  const property = detail.locationProperties.find((p) => p.name === name)!;
  const { values } = await api.call<{ values: number[] }>(
    'comparableValues',
    { scenarioId, propertyId: property.id },
    { query: { locationGroupId: store.locationGroupId, exceptLocationId: store.id } },
  );
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return median !== property.numberValue ? median : (sorted.find((v) => v > median) ?? median - 1);
}

async function withPage<T>(locale: string, run: (page: Page, errors: string[]) => Promise<T>): Promise<T> {
  const context = await newContext(browser, { locale });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    return await run(page, errors);
  } finally {
    await context.close();
  }
}

test('opened at https://127.0.0.1:PORT, the app goes to the same path at PUBLIC_URL', async () => {
  await withPage('en-GB', async (page, errors) => {
    const port = new URL(server.baseUrl).port;
    await page.goto(`https://127.0.0.1:${port}/test?x=1`);
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/test' && url.search === '?x=1', { timeout: 20_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(errors, []);
  });
});

test('the sign-in page follows the browser (Dutch) and the language chosen in the app (French)', async () => {
  await withPage('nl-NL', async (page) => {
    await page.goto(`${server.baseUrl}/test`);
    await page.getByRole('banner').getByRole('button', { name: 'Aanmelden' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: 'Aanmelden' }).waitFor();
    assert.is(await page.locator('html').getAttribute('lang'), 'nl');
    await page.getByLabel('Wachtwoord', { exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/test`);
    await page.getByRole('button', { name: texts('nl')('mainMenu') }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    assert.is(await page.locator('html').getAttribute('lang'), 'fr');
  });
});

test('location dialog: a value outside its range is refused at its field, every other edit stays', async () => {
  const t = texts('nl');
  const api = await apiAs(server, 'planner');
  const model = (await api.models()).find((m: Model) => m.language === 'nl')!;
  const base: Scenario = baseScenario(await api.scenarios(model.id));
  const buurtwinkel = model.locationGroups.find((g) => g.code === 'BUU')!.id;
  const store = (await api.locations(base.id)).find((l: LocationSummary) => l.visibility === 0 && l.type === 1 && l.locationGroupId === buurtwinkel)!;
  // A usual number of checkouts: the refusal of the floor area is the only thing that stops the save.
  const checkoutCount = String(await usualValue(api, base.id, store, 'checkouts'));
  await withPage('nl-NL', async (page, errors) => {
    await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&lid=${store.id}&z=13&c=${store.longitude},${store.latitude}`);
    await waitForMap(page);
    const drawer = page.getByRole('complementary', { name: t('locationDrawer'), exact: true });
    await drawer.getByRole('button', { name: t('editLocation'), exact: true }).click();
    await answerQuestion(page, t('confirmChangeInNewScenario', { name: store.name }), t('yes'));
    const dialog = page.getByRole('dialog', { name: t('editLocationTitle', { name: store.name }) });
    await dialog.waitFor();
    const area = dialog.getByRole('spinbutton', { name: 'Verkoopvloeroppervlak (m²)' });
    const checkouts = dialog.getByRole('spinbutton', { name: "Kassa's" });
    await dialog.getByText('Toegestaan: 100 tot 4000, gehele getallen').waitFor();
    await area.fill('1000000');
    await checkouts.fill(checkoutCount);
    await dialog.getByRole('combobox', { name: 'Formule' }).selectOption('discount');
    await dialog.getByRole('button', { name: t('save'), exact: true }).click();
    const message = dialog.getByRole('alert').filter({ hasText: 'De waarde mag hoogstens 4.000 zijn.' });
    await message.waitFor();
    assert.is(await area.getAttribute('aria-invalid'), 'true');
    assert.ok((await area.getAttribute('aria-describedby'))?.includes((await message.getAttribute('id'))!), 'the message describes the field');
    assert.ok(await dialog.isVisible(), 'the dialog stays open');
    assert.is(await area.inputValue(), '1000000');
    assert.is(await checkouts.inputValue(), checkoutCount);
    assert.is(await dialog.getByRole('combobox', { name: 'Formule' }).inputValue(), 'discount');
    assert.not.ok(await page.getByRole('dialog', { name: t('errorTitle') }).isVisible(), 'no error dialog');
    await expectNoAxeViolations(page, 'the location dialog with a refused value', { include: 'dialog[open]' });
    assert.equal(errors, []);
  });
});

test('model parameters editor: a refused parameter shows at its field, the editor keeps every edit; the curve warns live', async () => {
  const t = texts('nl');
  const api = await apiAs(server, 'modelAdmin');
  const model = (await api.models()).find((m: Model) => m.userIsAdmin && m.language === 'nl')!;
  await withPage('nl-NL', async (page, errors) => {
    await signIn(page, server.baseUrl, 'modelAdmin', `/?mid=${model.id}`);
    // The editors edit the chosen sub-model: the model has loaded with its sub-models and scenarios first.
    await page.getByRole('combobox', { name: t('subModel') }).waitFor({ timeout: 30_000 });
    await page.getByRole('toolbar').getByRole('status').waitFor({ timeout: 30_000 });
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('mainMenu') })
      .click();
    await page.getByRole('menuitem', { name: t('editModelParameters'), exact: true }).click();
    const editor = page.getByRole('dialog', { name: t('editModelParameters'), exact: true });
    await editor.waitFor();
    const power = editor.getByRole('spinbutton', { name: t('decayPower') }).first();
    const constant = editor.getByRole('spinbutton', { name: t('decayConstant') }).first();
    await constant.fill('3');
    await power.fill('0.01');
    await editor
      .getByText(
        t('decayStaysHigh', {
          minutes: await editor
            .getByRole('spinbutton', { name: t('maximumMinutes') })
            .first()
            .inputValue(),
        }),
      )
      .waitFor();
    await power.fill('50');
    await editor
      .locator('footer')
      .getByRole('button', { name: t('save'), exact: true })
      .click();
    await editor
      .getByRole('group', { name: t('modeCar') })
      .getByRole('alert')
      .filter({ hasText: t('powerOutOfRange') })
      .waitFor();
    assert.is(await power.getAttribute('aria-invalid'), 'true');
    // The notification shows above the open editor: inside it, in the top layer.
    await editor
      .getByRole('region', { name: t('notifications') })
      .getByText(t('powerOutOfRange'))
      .waitFor();
    assert.is(await power.inputValue(), '50');
    assert.is(await constant.inputValue(), '3');
    assert.ok(await editor.isVisible());
    await expectNoAxeViolations(page, 'the model parameters editor with a refused value', { include: 'dialog[open]' });
    assert.equal(errors, []);
  });
});

test('add login: an e-mail address in use is refused at its field, the display name stays', async () => {
  const t = texts('en');
  await withPage('en-GB', async (page, errors) => {
    await signIn(page, server.baseUrl, 'admin', '/admin/logins');
    const form = page.getByRole('region', { name: t('addLogin') });
    await form.getByRole('textbox', { name: t('displayName') }).fill('Second Planner');
    await form.getByRole('textbox', { name: t('emailAddress') }).fill('planner@example.com');
    await form.getByRole('button', { name: t('createLogin') }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: t('loginExists') })
      .waitFor();
    assert.is(await form.getByRole('textbox', { name: t('displayName') }).inputValue(), 'Second Planner');
    assert.not.ok(await page.getByRole('dialog', { name: t('errorTitle') }).isVisible(), 'no error dialog');
    assert.equal(errors, []);
  });
});

test('a language chosen in the menu holds after a reload and a new sign-in; the header fits at 1024 px in all five', async () => {
  await withPage('en-GB', async (page, errors) => {
    await signIn(page, server.baseUrl, 'planner');
    await page.getByRole('button', { name: texts('nl')('mainMenu') }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: /^Abmelden/ }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /^Abmelden/ }).waitFor();
    assert.equal(errors, []);
  });
  await withPage('en-GB', async (page) => {
    await signIn(page, server.baseUrl, 'planner');
    await page.getByRole('button', { name: /^Abmelden/ }).waitFor();
    await page.setViewportSize({ width: 1024, height: 700 });
    let shown: 'nl' | 'en' | 'de' | 'es' | 'fr' = 'de';
    for (const lang of ['nl', 'en', 'de', 'es', 'fr'] as const) {
      await page
        .getByRole('banner')
        .getByRole('button', { name: texts(shown)('mainMenu') })
        .click();
      await page.getByRole('menuitemradio', { name: { nl: 'Nederlands', en: 'English', de: 'Deutsch', es: 'Español', fr: 'Français' }[lang] }).click();
      shown = lang;
      await page.getByRole('button', { name: new RegExp(`^${texts(lang)('signOut')}`) }).waitFor();
      // No tooltip over the shot: the pointer rests on the map and the menu button (focused again as the menu closed) lets go.
      await page.mouse.move(600, 400);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.waitForTimeout(500);
      const overflow = await page.evaluate(() => {
        const header = document.querySelector('header.top-bar') as HTMLElement;
        const clipped = [...header.querySelectorAll<HTMLElement>('button, select, a, h1, label, .account-name')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > header.getBoundingClientRect().right + 0.5)
          .map((e) => e.textContent?.trim() || e.tagName);
        return { clipped, wrapped: header.scrollWidth > header.clientWidth || header.getBoundingClientRect().height > 73 };
      });
      assert.equal(overflow, { clipped: [], wrapped: false }, `header at 1024 px in ${lang}`);
      await expectScreenshot(page, `header-1024-${lang}`, { clip: { x: 0, y: 0, width: 1024, height: 72 } });
    }
  });
});

test('property ranges editor: a refused range shows at its field, every other edit stays; a valid save holds', async () => {
  const t = texts('nl');
  const admin = await apiAs(server, 'modelAdmin');
  const model = (await admin.models()).find((m: Model) => m.userIsAdmin && m.language === 'nl')!;
  type Definition = { id: number; name: string; minimumValue: number | null; maximumValue: number | null; step?: number | null; wholeNumbers?: boolean };
  const before = await admin.call<Definition[]>('newLocationProperties', { modelId: model.id });
  const parking = before.find((p) => p.name === 'parkingSpaces')!;
  await withPage('nl-NL', async (page, errors) => {
    await signIn(page, server.baseUrl, 'modelAdmin', `/?mid=${model.id}`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('mainMenu') })
      .click();
    await page.getByRole('menuitem', { name: t('editPropertyRanges'), exact: true }).click();
    const editor = page.getByRole('dialog', { name: t('editPropertyRanges'), exact: true });
    await editor.waitFor();
    const area = 'Verkoopvloeroppervlak (m²)';
    const areaMinimum = editor.getByRole('spinbutton', { name: t('rangeMinimumOf', { name: area }), exact: true });
    const areaMaximum = editor.getByRole('spinbutton', { name: t('rangeMaximumOf', { name: area }), exact: true });
    const parkingMaximum = editor.getByRole('spinbutton', { name: t('rangeMaximumOf', { name: 'Parkeerplaatsen' }), exact: true });
    assert.is(await areaMinimum.inputValue(), '100');
    assert.is(await areaMaximum.inputValue(), '4000');
    assert.ok(await editor.getByRole('checkbox', { name: t('rangeWholeNumbersOf', { name: area }) }).isChecked());
    await parkingMaximum.fill('350');
    await areaMinimum.fill('5000');
    await editor
      .locator('footer')
      .getByRole('button', { name: t('save'), exact: true })
      .click();
    const message = editor
      .getByRole('table')
      .getByRole('alert')
      .filter({ hasText: t('rangeMinimumAboveMaximum') });
    await message.waitFor();
    assert.is(await areaMaximum.getAttribute('aria-invalid'), 'true');
    assert.ok((await areaMaximum.getAttribute('aria-describedby'))?.includes((await message.getAttribute('id'))!), 'the message describes the field');
    assert.ok(await editor.isVisible(), 'the editor stays open');
    assert.is(await areaMinimum.inputValue(), '5000');
    assert.is(await parkingMaximum.inputValue(), '350');
    assert.not.ok(await page.getByRole('dialog', { name: t('errorTitle') }).isVisible(), 'no error dialog');
    await expectNoAxeViolations(page, 'the property ranges editor with a refused range', { include: 'dialog[open]' });
    const stored = await admin.call<Definition[]>('newLocationProperties', { modelId: model.id });
    assert.is(stored.find((p) => p.name === 'parkingSpaces')!.maximumValue, parking.maximumValue, 'nothing was saved');

    await areaMinimum.fill('100');
    await editor
      .locator('footer')
      .getByRole('button', { name: t('save'), exact: true })
      .click();
    await editor
      .getByRole('region', { name: t('notifications') })
      .getByText(t('editorSaved'))
      .waitFor();
    const saved = await admin.call<Definition[]>('newLocationProperties', { modelId: model.id });
    assert.is(saved.find((p) => p.name === 'parkingSpaces')!.maximumValue, 350);
    assert.is(saved.find((p) => p.name === 'salesFloorArea')!.minimumValue, 100);
    assert.equal(errors, []);
  });
  // The other tests of this file meet the demo's ranges.
  await admin.call(
    'propertyRangesSave',
    { modelId: model.id },
    {
      body: [
        {
          id: parking.id,
          minimumValue: parking.minimumValue,
          maximumValue: parking.maximumValue,
          step: parking.step ?? null,
          wholeNumbers: !!parking.wholeNumbers,
        },
      ],
    },
  );
});

test('plausibility: an unusual value in a scenario not calculated asks before Save and before Save and calculate; No keeps every edit', async () => {
  const t = texts('nl');
  const api = await apiAs(server, 'planner');
  const model = (await api.models()).find((m: Model) => m.language === 'nl')!;
  const base: Scenario = baseScenario(await api.scenarios(model.id));
  const buurtwinkel = model.locationGroups.find((g) => g.code === 'BUU')!.id;
  const store = (await api.locations(base.id)).find((l: LocationSummary) => l.visibility === 0 && l.type === 1 && l.locationGroupId === buurtwinkel)!;
  // The planner's interface language follows the model again (an earlier test chose another one).
  await api.call('userSettingsSave', {}, { body: { language: null } });
  const { id: child } = await api.call<{ id: number }>(
    'scenarioCreate',
    { modelId: model.id },
    { body: { name: 'Grotere buurtwinkel', parentScenarioId: base.id } },
  );
  assert.is((await api.scenarios(model.id)).find((s) => s.id === child)!.status, 0, 'the scenario is not calculated');
  const detail = await api.call<{ locationProperties: { id: number; name: string }[] }>('scenarioLocationProperties', {
    scenarioId: child,
    locationId: store.id,
  });
  const areaId = detail.locationProperties.find((p) => p.name === 'salesFloorArea')!.id;
  const { values } = await api.call<{ values: number[] }>(
    'comparableValues',
    { scenarioId: child, propertyId: areaId },
    { query: { locationGroupId: buurtwinkel, exceptLocationId: store.id } },
  );
  // Inside the range (at most 4,000) but well above every comparable store.
  const unusual = Math.min(4000, Math.ceil(Math.max(...values) * 1.5));
  assert.ok(
    values.length >= 10 && unusual > Math.max(...values),
    `an unusual value exists (${unusual} against ${values.length} stores up to ${Math.max(...values)})`,
  );
  await withPage('nl-NL', async (page, errors) => {
    await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${child}&lid=${store.id}&z=13&c=${store.longitude},${store.latitude}`);
    await waitForMap(page);
    const drawer = page.getByRole('complementary', { name: t('locationDrawer'), exact: true });
    await drawer.getByRole('button', { name: t('editLocation'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('editLocationTitle', { name: store.name }) });
    await dialog.waitFor();
    const area = dialog.getByRole('spinbutton', { name: 'Verkoopvloeroppervlak (m²)' });
    const formula = dialog.getByRole('combobox', { name: 'Formule' });
    await area.fill(String(unusual));
    // The hint under the field says so as it is typed.
    await dialog
      .getByRole('status')
      .filter({ hasText: t('implausibleValue', { name: 'Verkoopvloeroppervlak (m²)', value: '' }).split(':')[0]! })
      .waitFor();
    await formula.selectOption('discount');
    await dialog.getByRole('button', { name: t('save'), exact: true }).click();
    const question = page.getByRole('dialog', { name: t('implausibleTitle') });
    await question.waitFor();
    assert.match((await question.textContent()) ?? '', 'Verkoopvloeroppervlak (m²)');
    await expectNoAxeViolations(page, 'the plausibility question', { include: 'dialog[open]' });
    await question.getByRole('button', { name: t('no'), exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    assert.ok(await dialog.isVisible(), 'No keeps the dialog');
    assert.is(await area.inputValue(), String(unusual));
    assert.is(await formula.inputValue(), 'discount');

    await dialog.getByRole('button', { name: t('saveAndCalculate'), exact: true }).click();
    await question.waitFor();
    await question.getByRole('button', { name: t('yes'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = await api.call<{ locationProperties: { name: string; numberValue: number | null }[] }>('scenarioLocationProperties', {
      scenarioId: child,
      locationId: store.id,
    });
    assert.is(saved.locationProperties.find((p) => p.name === 'salesFloorArea')!.numberValue, unusual);
    assert.equal(errors, []);
  });
});

test.run();
