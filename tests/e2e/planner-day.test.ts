// A planner's day in Chromium against the real server and database (issue 8):
// sign in through the real sign-in page; the map shows the stores; select a
// store by clicking its icon and by keyboard; read its properties; edit its
// sales floor area into a new scenario; calculate and watch the chip's
// progress; compare the output with the base scenario's; add a location by
// clicking the map; close another store and undo the close; reload and land
// where the planner was; sign out. The planner's model (Supermarkten
// Nederland) sets Dutch, so the interface is Dutch whatever the browser says.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  catchmentDrawn,
  catchmentsDrawn,
  centreMap,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  launchBrowser,
  literal,
  mapIdle,
  newContext,
  pointOf,
  recordChipTexts,
  signIn,
  SIGN_IN,
  startServer,
  texts,
  waitForMap,
  type Api,
  type LocusServer,
} from './harness/index.js';

const t = texts('nl');
const test = e2eSuite('planner day');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let errors: string[];
let model: Model;
let base: Scenario;
let stores: LocationSummary[];
/** The store edited into a new scenario, the one reached by keyboard, and the one closed. */
let edited: LocationSummary;
let byKeyboard: LocationSummary;
let closed: LocationSummary;
let editedScenarioName = '';

const drawer = () => page.getByRole('complementary', { name: t('locationDrawer'), exact: true });
const outputDrawer = () => page.getByRole('complementary', { name: t('outputDrawer'), exact: true });
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const chip = () => page.getByRole('toolbar').getByRole('status');
/** The scenario picker's button (it opens the listbox of scenarios), named by its visible text "Scenario <name>". */
const scenarioButton = () =>
  page
    .getByRole('toolbar')
    .locator('button[aria-haspopup=listbox]')
    .and(page.getByRole('button', { name: new RegExp(`^${literal(t('scenario'))}\\b`) }));

/** Answers a yes/no question whose text contains `text`. */
async function answer(text: string, yes: boolean): Promise<void> {
  const question = page.getByRole('dialog').filter({ hasText: text });
  await question.waitFor();
  await question.getByRole('button', { name: yes ? t('yes') : t('no'), exact: true }).click();
  await question.waitFor({ state: 'hidden' });
}

const distance = (a: LocationSummary, b: LocationSummary) =>
  Math.hypot((a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180), a.latitude - b.latitude);

async function headingOf(region: Locator): Promise<string> {
  return (await region.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
}

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await apiAs(server, 'planner');
  model = (await api.models())[0]!;
  base = baseScenario(await api.scenarios(model.id));
  stores = (await api.locations(base.id)).filter((l) => l.visibility === 0 && l.type === 1);
  // The base scenario is calculated first (in the server's worker, while the day begins),
  // so the new scenario's output can be compared with it.
  await api.call('scenarioStartProcessing', { scenarioId: base.id });
  // Three stores near each other in Utrecht, apart enough to click each one's icon.
  const utrecht = stores.filter((s) => Math.abs(s.longitude - 5.12) < 0.05 && Math.abs(s.latitude - 52.09) < 0.03);
  edited = utrecht[0]!;
  byKeyboard = utrecht.filter((s) => s.id !== edited.id && distance(s, edited) > 0.002).sort((a, b) => distance(a, edited) - distance(b, edited))[0]!;
  closed = utrecht
    .filter((s) => s.id !== edited.id && s.id !== byKeyboard.id && distance(s, edited) > 0.002)
    .sort((a, b) => distance(a, edited) - distance(b, edited))[0]!;
  assert.ok(edited && byKeyboard && closed, 'the demo data has stores in Utrecht');
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('the planner signs in through the sign-in page and the map shows the stores', async () => {
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  assert.is(await page.title(), `Locus - ${model.name}`);
  await page.getByRole('button', { name: new RegExp(`${literal(t('signOut'))}.*Pieter Planner|Pieter Planner`) }).waitFor();
  // The map offers the icons on screen to the keyboard, named by location.
  const names = new Set(stores.map((s) => s.name));
  const iconList = page.getByRole('list', { name: /^(Locations on the map|Locaties op de kaart)$/ });
  await iconList.getByRole('button').first().waitFor({ state: 'attached' });
  const offered = await iconList.getByRole('button').allTextContents();
  assert.ok(offered.length >= 50, `the map offers ${offered.length} icons`);
  assert.ok(
    offered.every((name) => names.has(name)),
    'every offered icon is a store of the base scenario',
  );
  assert.ok(
    await scenarioButton()
      .textContent()
      .then((x) => x?.includes(base.name)),
    'the base scenario is chosen',
  );
  await expectNoAxeViolations(page, 'the main screen');
});

test('a click on a store icon selects it and the left drawer shows its properties', async () => {
  await centreMap(page, edited.longitude, edited.latitude, 15);
  const { x, y } = await pointOf(page, edited.longitude, edited.latitude);
  await page.mouse.click(x, y);
  await drawer().getByRole('heading', { name: edited.name, exact: true }).waitFor();
  assert.match(page.url(), new RegExp(`[?&]lid=${edited.id}(&|$)`));
  // The properties flagged viewLocation, with the values the API has.
  type Property = { name: string; title: string | null; viewLocation: number | null; visible: boolean; stringValue: string | null };
  const detail = await api.call<{ locationProperties: Property[] }>('scenarioLocationProperties', { scenarioId: base.id, locationId: edited.id });
  const shown = detail.locationProperties.filter((p) => p.viewLocation !== null && p.visible);
  const notShown = detail.locationProperties.filter((p) => p.viewLocation === null && !shown.some((s) => s.title === p.title));
  assert.ok(shown.length > 0, 'the model has properties flagged viewLocation');
  // The heading comes with the selection; the properties with their own read, a moment later.
  await drawer()
    .locator('dt')
    .nth(shown.length - 1)
    .waitFor({ state: 'attached' });
  const terms = (await drawer().locator('dt').allTextContents()).map((x) => x.trim());
  assert.equal([...terms].sort(), shown.map((p) => p.title ?? p.name).sort(), 'the drawer lists exactly the properties flagged viewLocation');
  for (const p of notShown) assert.not.ok(terms.includes(p.title ?? p.name), `${p.title} is not flagged viewLocation`);
  const brand = detail.locationProperties.find((p) => p.name === 'brand')!;
  const brandValue = await drawer()
    .locator('.property')
    .filter({ has: page.locator('dt', { hasText: brand.title! }) })
    .locator('dd')
    .textContent();
  assert.is(brandValue?.trim(), brand.stringValue);
  await mapIdle(page);
  await expectNoAxeViolations(page, 'the main screen with a location selected');
});

test('a store is selected by keyboard: its icon button, then Enter', async () => {
  const button = page
    .getByRole('list', { name: /^(Locations on the map|Locaties op de kaart)$/ })
    .getByRole('button', { name: byKeyboard.name, exact: true })
    .first();
  const drawn = await catchmentsDrawn(page);
  // Focus and Enter in one step (the last selection's focus move to the drawer heading may come late).
  await button.press('Enter');
  await drawer().getByRole('heading', { name: byKeyboard.name, exact: true }).waitFor();
  assert.match(page.url(), new RegExp(`[?&]lid=${byKeyboard.id}(&|$)`));
  // The map frames the store's catchment once it is drawn; the next steps start from that view.
  await catchmentDrawn(page, drawn);
});

test('editing the sales floor area in the base scenario goes into a new scenario named like the store', async () => {
  // The last selection framed its own catchment beside the drawers: bring this store into view first.
  await centreMap(page, edited.longitude, edited.latitude, 15);
  const { x, y } = await pointOf(page, edited.longitude, edited.latitude);
  await page.mouse.click(x, y);
  await drawer().getByRole('heading', { name: edited.name, exact: true }).waitFor();
  await drawer()
    .getByRole('button', { name: t('editLocation'), exact: true })
    .click();
  await answer(t('confirmChangeInNewScenario', { name: edited.name }), true);
  const form = dialog(t('editLocationTitle', { name: edited.name }));
  await form.waitFor();
  await expectNoAxeViolations(page, 'the location dialog');
  const area = form.getByRole('spinbutton', { name: /^Verkoopvloeroppervlak/ });
  const before = Number(await area.inputValue());
  await area.fill(String(before + 400));
  // In the base scenario the change can only go into a new scenario.
  assert.ok(await form.getByRole('radio', { name: t('newScenario') }).isChecked(), 'new scenario is the save target');
  assert.ok(await form.getByRole('radio', { name: t('currentScenario') }).isDisabled(), 'the base scenario itself cannot be the target');
  const chipTexts = await recordChipTexts(page);
  await form.getByRole('button', { name: t('save'), exact: true }).click();
  await form.waitFor({ state: 'hidden' });
  // The question to calculate the new scenario now: yes.
  editedScenarioName = edited.name;
  await answer(t('askCalculate', { name: editedScenarioName }), true);
  await scenarioButton().filter({ hasText: editedScenarioName }).waitFor();
  await chip()
    .filter({ hasText: t('statusCalculated') })
    .waitFor({ timeout: 90_000 });
  const seen = await chipTexts();
  const progress = seen.filter((text) => /^Berekenen \d+ %$/.test(text));
  // A one-store change can finish between two polls (one a second): the chip then goes from waiting
  // straight to calculated. It must show the processing state in some form either way.
  assert.ok(progress.length >= 1 || seen.includes(t('statusWaiting')), `the chip showed the processing state (saw ${seen.join(' → ')})`);
  assert.ok(
    progress.every((text) => Number(/(\d+)/.exec(text)![1]) % 11 === 0),
    'progress goes in steps of 11 %',
  );
  assert.is(seen[seen.length - 1], t('statusCalculated'));
  // The scenario the server created holds the edit.
  const created = (await api.scenarios(model.id)).find((s) => s.name === editedScenarioName)!;
  assert.is(created.parentScenarioId, base.id);
  assert.is(created.status, 9);
  assert.match(page.url(), new RegExp(`[?&]sid=${created.id}(&|$)`));
});

test('the right drawer shows the new output, different from the base scenario', async () => {
  await expectBaseCalculated();
  const value = outputDrawer().getByTestId('output-value');
  await value.waitFor({ timeout: 30_000 });
  // The comparison with the base appears once the base's value is there.
  const baseLine = outputDrawer().getByText(new RegExp(`^${literal(t('baseValue', { value: '' }))}`));
  await baseLine.waitFor({ timeout: 30_000 });
  const digits = (s: string | null) => (s ?? '').replace(/\D/g, '');
  const shown = digits(await value.textContent());
  const baseShown = digits((await baseLine.textContent())!.slice(t('baseValue', { value: '' }).length));
  assert.ok(shown.length > 0 && baseShown.length > 0, 'both values are shown');
  assert.is.not(shown, baseShown, 'a larger sales floor area changes the output');
  assert.ok(
    await outputDrawer()
      .getByText(new RegExp(literal(t('versusBase', { difference: '' }).trim())))
      .isVisible(),
    'the difference with the base is shown',
  );
});

async function expectBaseCalculated() {
  for (let i = 0; i < 120; i++) {
    const status = (await api.scenarios(model.id)).find((s) => s.id === base.id)!.status;
    if (status === 9) return;
    if (status === 10) throw new Error('the base scenario failed to calculate');
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the base scenario was not calculated within 2 minutes');
}

test('a new location is added by clicking the map, and the scenario gets a name of its own', async () => {
  await page.getByRole('button', { name: t('newLocation'), exact: true }).click();
  await page.getByText(t('placeLocationHint')).waitFor();
  // A point on the map beside the edited store.
  await centreMap(page, edited.longitude, edited.latitude, 15);
  const { x, y } = await pointOf(page, edited.longitude + 0.004, edited.latitude - 0.002);
  await page.mouse.click(x, y);
  const form = dialog(t('newLocation'));
  await form.waitFor();
  await form.getByRole('textbox', { name: t('locationName'), exact: true }).fill('Testwinkel Utrecht Oost');
  // The scenario holds one change so far (named like its store): the second change needs a name.
  await form.getByRole('radio', { name: t('currentScenario') }).check();
  await form.getByRole('button', { name: t('save'), exact: true }).click();
  const prompt = dialog(t('scenarioNamePromptTitle'));
  await prompt.waitFor();
  await expectNoAxeViolations(page, 'the scenario name prompt');
  editedScenarioName = 'Utrecht Oost uitbreiding';
  await prompt.getByRole('textbox', { name: t('scenarioName'), exact: true }).fill(editedScenarioName);
  await prompt.getByRole('button', { name: t('save'), exact: true }).click();
  await answer(t('askCalculate', { name: editedScenarioName }), false);
  await drawer().getByRole('heading', { name: 'Testwinkel Utrecht Oost', exact: true }).waitFor();
  await scenarioButton().filter({ hasText: editedScenarioName }).waitFor();
  const scenario = (await api.scenarios(model.id)).find((s) => s.name === editedScenarioName)!;
  const added = (await api.locations(scenario.id)).find((l) => l.name === 'Testwinkel Utrecht Oost');
  assert.ok(added, 'the new location is in the scenario');
  assert.is(added!.changeType, 1);
});

test('closing another store into a new scenario and undoing the close removes that scenario, with a notification', async () => {
  await centreMap(page, closed.longitude, closed.latitude, 15);
  const { x, y } = await pointOf(page, closed.longitude, closed.latitude);
  await page.mouse.click(x, y);
  await drawer().getByRole('heading', { name: closed.name, exact: true }).waitFor();
  await drawer()
    .getByRole('button', { name: t('closeLocation'), exact: true })
    .click();
  const form = dialog(t('closeLocationTitle', { name: closed.name }));
  await form.waitFor().catch(async (error: Error) => {
    // What the page showed instead, for the report.
    const open = await page.locator('dialog[open]').evaluateAll((list) => list.map((d) => d.textContent?.trim().slice(0, 120)));
    throw new Error(`${error.message}\nopen dialogs: ${JSON.stringify(open)}; drawer: ${await headingOf(drawer())}; ${await scenarioButton().textContent()}`);
  });
  await form.getByRole('radio', { name: t('newScenario') }).check();
  await form.getByRole('button', { name: t('closeLocation'), exact: true }).click();
  await answer(t('askCalculate', { name: closed.name }), false);
  await scenarioButton().filter({ hasText: closed.name }).waitFor();
  const closing = (await api.scenarios(model.id)).find((s) => s.name === closed.name)!;
  assert.ok(closing, 'the closure went into a scenario named like the store');
  assert.is((await api.locations(closing.id)).find((l) => l.id === closed.id)?.changeType, 2);

  await drawer()
    .getByRole('button', { name: t('undoClose'), exact: true })
    .click();
  await answer(t('confirmUndoCloseLocation', { name: closed.name }), true);
  const note = page
    .getByRole('region', { name: t('notifications') })
    .getByRole('status')
    .filter({ hasText: t('scenarioDeleted', { name: closed.name }) });
  await note.waitFor();
  // The scenario had no changes left: it is gone and the app is back in its parent.
  assert.not.ok(
    (await api.scenarios(model.id)).some((s) => s.id === closing.id),
    'the emptied scenario was removed',
  );
  await scenarioButton().filter({ hasText: editedScenarioName }).waitFor();
  await note.getByRole('button', { name: t('closeNotification') }).click();
  await note.waitFor({ state: 'hidden' });
});

test('after a reload the planner lands on the same model, scenario, location and view', async () => {
  // Select the edited store again and note where the planner is.
  await centreMap(page, edited.longitude, edited.latitude, 15);
  const { x, y } = await pointOf(page, edited.longitude, edited.latitude);
  await page.mouse.click(x, y);
  await drawer().getByRole('heading', { name: edited.name, exact: true }).waitFor();
  await page.waitForURL(new RegExp(`[?&]lid=${edited.id}(&|$)`));
  const before = new URL(page.url()).searchParams;
  await page.reload();
  await waitForMap(page);
  await drawer().getByRole('heading', { name: edited.name, exact: true }).waitFor();
  await scenarioButton().filter({ hasText: editedScenarioName }).waitFor();
  const after = new URL(page.url()).searchParams;
  for (const key of ['mid', 'smid', 'sid', 'lid']) assert.is(after.get(key), before.get(key), key);
  assert.ok(Math.abs(Number(after.get('z')) - Number(before.get('z'))) < 0.01, `zoom ${before.get('z')} → ${after.get('z')}`);
  const [lon1, lat1] = before.get('c')!.split(',').map(Number);
  const [lon2, lat2] = after.get('c')!.split(',').map(Number);
  assert.ok(Math.abs(lon1! - lon2!) < 1e-4 && Math.abs(lat1! - lat2!) < 1e-4, `centre ${before.get('c')} → ${after.get('c')}`);
  const view = await page.evaluate(() => (window as unknown as { locusMap: { getView(): { zoom: number; center: [number, number] } } }).locusMap.getView());
  assert.ok(Math.abs(view.zoom - Number(after.get('z'))) < 0.01, "the map shows the address's zoom");
});

test('the planner signs out', async () => {
  await page.getByRole('button', { name: new RegExp(`^${literal(t('signOut'))}`) }).click();
  // The provider ends the session and sends the browser back to the app (or shows its signed-out page).
  await page
    .getByRole('heading', { name: /^(Signed out|Afgemeld)$/ })
    .or(page.getByRole('banner').getByRole('button', { name: SIGN_IN }))
    .waitFor({ timeout: 30_000 });
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: SIGN_IN }).waitFor();
  assert.equal(errors, [], 'no uncaught errors in the page all day');
});

test.run();
