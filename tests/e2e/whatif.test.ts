// The planner's what-if on a fresh install (issue 23), on one server started
// as `npm start` runs it (AUTO_CALCULATE_BASE on): the base scenario is
// calculated by itself, and the chip shows it without the planner asking.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Model, Scenario } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  catchmentDrawn,
  centreMap,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  mapIdle,
  newContext,
  pointOf,
  showModelAs,
  signIn,
  startServer,
  texts,
  waitForMap,
  type Api,
  type LocusServer,
} from './harness/index.js';

const t = texts('nl');
const en = texts('en');
/** Amersfoort, where the planner opens a new supermarket. */
const AMERSFOORT: [number, number] = [5.3872, 52.1561];
const NEW_STORE = 'Korenbloem Amersfoort Vathorst';

type Differences = {
  impactOutputLocationPropertyTitle: string;
  locations: { locationID: number; locationName: string; outputDefault: number; output: number; outputDifference: number }[];
  locationGroups: { locationGroupName: string; outputDifference: number }[];
};
const test = e2eSuite('what-if');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let errors: string[];
let model: Model;
let base: Scenario;

const chip = () => page.getByRole('toolbar').getByRole('status');
const outputDrawer = () => page.getByRole('complementary', { name: t('outputDrawer'), exact: true });
const impactSection = () => outputDrawer().getByRole('region', { name: t('impactTitle'), exact: true });
/** The digits of a shown amount (the figures are compared with the API's, rounded as shown). */
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
const euros = (value: number) => String(Math.round(Math.abs(value)));

test.before(async () => {
  [server, browser] = await Promise.all([startServer({ env: { AUTO_CALCULATE_BASE: 'true' } }), launchBrowser()]);
  api = await apiAs(server, 'planner');
  model = (await api.models())[0]!;
  base = baseScenario(await api.scenarios(model.id));
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('first use: the base scenario is calculated by itself and the chip says so, without a reload', async () => {
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  // Nobody asks for a calculation: the server queued the base at its start.
  await chip()
    .filter({ hasText: t('statusCalculated') })
    .waitFor({ timeout: 60_000 });
  const now = baseScenario(await api.scenarios(model.id));
  assert.is(now.status, 9);
  assert.is(now.id, base.id);
  const log = await api.call<{ scenarioName: string; userName: string | null }[]>('processingLog', { modelId: model.id });
  const entry = log.find((e) => e.scenarioName === base.name);
  assert.ok(entry, 'the processing log has the base scenario');
  assert.ok(!entry!.userName, 'started by the server, not by a user');
  assert.equal(errors, []);
});

test("a new store near Amersfoort in five actions: Save and calculate; the Impact section and layer show the API's differences", async () => {
  await centreMap(page, AMERSFOORT[0], AMERSFOORT[1], 13);
  // 1: New location; 2: a click on the map; 3: the name; 4: the group; 5: Save and calculate.
  await page.getByRole('button', { name: t('newLocation'), exact: true }).click();
  const { x, y } = await pointOf(page, AMERSFOORT[0] + 0.012, AMERSFOORT[1] + 0.018);
  await page.mouse.click(x, y);
  const form = page.getByRole('dialog', { name: t('newLocation') });
  await form.waitFor();
  await form.getByRole('textbox', { name: t('locationName'), exact: true }).fill(NEW_STORE);
  await form.getByRole('combobox', { name: t('locationGroup'), exact: true }).selectOption({ label: 'Korenbloem' });
  const started = Date.now();
  await form.getByRole('button', { name: t('saveAndCalculate'), exact: true }).click();
  await form.waitFor({ state: 'hidden' });
  // No calculate question: the calculation runs, and the Impact section answers.
  assert.is(
    await page
      .getByRole('dialog')
      .filter({ hasText: t('askCalculate', { name: NEW_STORE }) })
      .count(),
    0,
  );
  await impactSection().waitFor({ timeout: 60_000 });
  console.log(`  new store: Impact section ${((Date.now() - started) / 1000).toFixed(1)} s after Save and calculate`);
  const scenario = (await api.scenarios(model.id)).find((s) => s.name === NEW_STORE)!;
  assert.ok(scenario, 'the store went into a new scenario named like it');
  assert.is(scenario.status, 9);
  const store = (await api.locations(scenario.id)).find((l) => l.name === NEW_STORE)!;
  const [submodel] = await api.call<{ id: number }[]>('submodels', { modelId: model.id });
  const differences = await api.call<Differences>('scenarioDifferences', { submodelId: submodel!.id, scenarioId: scenario.id });
  const own = differences.locations.find((d) => d.locationID === store.id)!;
  assert.ok(own && own.output > 0, 'the new store has an output');
  // The store's output as the API says.
  const figures = impactSection().locator('table').first();
  assert.is(digits(await figures.locator(`tr[data-location-id="${store.id}"] td`).textContent()), euros(own.output));
  // Its own group's net effect is the API's group figure.
  const ownGroup = differences.locationGroups.find((g) => g.locationGroupName === 'Korenbloem')!;
  assert.is(digits(await impactSection().locator('tr[data-flow="own-net"] td').textContent()), euros(ownGroup.outputDifference));
  // Each competing group's figure is the API's.
  for (const g of differences.locationGroups.filter((x) => x.locationGroupName !== 'Korenbloem' && x.outputDifference !== 0)) {
    assert.is(
      digits(await impactSection().locator(`tr[data-flow="group-${g.locationGroupName}"] td`).textContent()),
      euros(g.outputDifference),
      g.locationGroupName,
    );
  }
  // The store that loses most is first in its list, with the API's change.
  const loser = differences.locations
    .filter((d) => d.locationID !== store.id && d.outputDifference < 0)
    .sort((a, b) => a.outputDifference - b.outputDifference)[0]!;
  const losers = impactSection().getByRole('list', { name: t('impactLosers') });
  const first = losers.getByRole('button').first();
  assert.match((await first.textContent()) ?? '', new RegExp(`^${loser.locationName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.is(digits(await first.locator('.row-value').textContent()), euros(loser.outputDifference));
  // The Impact layer: one symbol per store of the differences, with the API's change.
  const symbols = await page.evaluate(() => {
    const layer = (window as unknown as { locusMap: { getLayers(): { id: string; visible: boolean; features?: { id: number; change: number }[] }[] } }).locusMap
      .getLayers()
      .find((l) => l.id === 'impact')!;
    return { visible: layer.visible, features: layer.features!.map((f) => [f.id, f.change]) };
  });
  assert.ok(symbols.visible, 'the Impact layer is on after the calculation');
  // The new store itself is not a symbol: the layer shows what it does to the other stores.
  const expected = differences.locations.filter((d) => d.outputDifference !== 0 && d.locationID !== store.id).map((d) => [d.locationID, d.outputDifference]);
  assert.equal(
    [...symbols.features].sort((a, b) => a[0]! - b[0]!),
    [...expected].sort((a, b) => a[0]! - b[0]!),
  );
  await expectNoAxeViolations(page, 'the Impact section', { include: '.impact-section' });
  // The new store is selected: its catchment is drawn and framed before the picture.
  await catchmentDrawn(page);
  await expectScreenshot(page, 'impact-drawer-nl', { mask: [page.getByRole('banner')] });
  // A click on the loser selects it and brings it into view.
  await first.click();
  await page
    .getByRole('complementary', { name: t('locationDrawer'), exact: true })
    .getByRole('heading', { name: loser.locationName, exact: true })
    .waitFor();
  assert.match(page.url(), new RegExp(`[?&]lid=${loser.locationID}(&|$)`));
  // The layer can be switched off and on in the Layers panel; the legend has its entry.
  await page.getByRole('button', { name: t('legendButton'), exact: true }).click();
  await page
    .getByRole('toolbar')
    .getByRole('heading', { name: t('impactLayer'), exact: true })
    .waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: t('layersButton'), exact: true }).click();
  const toggle = page.getByRole('switch', { name: t('impactLayer'), exact: true });
  await toggle.uncheck();
  assert.is(
    await page.evaluate(
      () =>
        (window as unknown as { locusMap: { getLayers(): { id: string; visible: boolean }[] } }).locusMap.getLayers().find((l) => l.id === 'impact')!.visible,
    ),
    false,
  );
  await toggle.check();
  await page.keyboard.press('Escape');
  // The layer alone: no store selected (no catchment area over it), the map at the new store.
  await outputDrawer()
    .getByRole('button', { name: t('closeDrawer'), exact: true })
    .click();
  await outputDrawer().waitFor({ state: 'hidden' });
  await centreMap(page, store.longitude, store.latitude, 13);
  await mapIdle(page);
  await expectScreenshot(page, 'impact-layer-nl', { mask: [page.getByRole('banner')] });
  assert.equal(errors, []);
});

test('the Impact drawer and layer in English', async () => {
  await showModelAs(page, model.id, { language: 'en' });
  const scenario = (await api.scenarios(model.id)).find((s) => s.name === NEW_STORE)!;
  const store = (await api.locations(scenario.id)).find((l) => l.name === NEW_STORE)!;
  // The same view with the new store selected, from its address.
  const address = new URL(page.url());
  address.searchParams.set('lid', String(store.id));
  await page.goto(address.href);
  await waitForMap(page);
  const drawer = page.getByRole('complementary', { name: en('outputDrawer'), exact: true });
  await drawer.getByRole('region', { name: en('impactTitle'), exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('list', { name: en('impactLosers') }).waitFor();
  await centreMap(page, store.longitude, store.latitude, 13);
  await mapIdle(page);
  await expectScreenshot(page, 'impact-drawer-en', { mask: [page.getByRole('banner')] });
  await expectNoAxeViolations(page, 'the Impact section in English', { include: '.impact-section' });
  await drawer.getByRole('button', { name: en('closeDrawer'), exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
  await centreMap(page, store.longitude, store.latitude, 13);
  await mapIdle(page);
  await expectScreenshot(page, 'impact-layer-en', { mask: [page.getByRole('banner')] });
});

test.run();
