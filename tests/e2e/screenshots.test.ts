// The visual regression set (issue 8): the main screen, a location selected,
// the location dialog and the scenario menu open, at 1440 x 900 and device
// pixel ratio 1, in English and in Dutch, compared with the goldens in
// tests/e2e/goldens/ (UPDATE_GOLDENS=1 writes them). The interface language
// follows the model's language: English on the pharmacy score model (its
// model administrator, an English browser), Dutch on the supermarket model
// (the planner, a Dutch browser).
import type { Browser } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  answerQuestion,
  apiAs,
  baseScenario,
  e2eSuite,
  expectScreenshot,
  launchBrowser,
  newContext,
  settleForShot,
  signIn,
  startServer,
  texts,
  waitForMap,
  type AccountName,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('screenshots');
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

async function shots(lang: 'en' | 'nl', account: AccountName, locale: string, pickModel: (models: Model[]) => Model) {
  const t = texts(lang);
  const api = await apiAs(server, account);
  const model = pickModel(await api.models());
  const base: Scenario = baseScenario(await api.scenarios(model.id));
  const locations: LocationSummary[] = (await api.locations(base.id)).filter((l) => l.visibility === 0 && l.type === 1);
  // A location near the middle of the country, the same every run (the demo data is deterministic).
  const store = [...locations].sort((a, b) => Math.hypot(a.longitude - 5.3, a.latitude - 52.1) - Math.hypot(b.longitude - 5.3, b.latitude - 52.1))[0]!;
  const context = await newContext(browser, { locale });
  const page = await context.newPage();
  try {
    await signIn(page, server.baseUrl, account, `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&z=7.2&c=5.35,52.15&b=0&p=0`);
    await waitForMap(page);
    await settleForShot(page);
    await expectScreenshot(page, `main-${lang}`);

    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&lid=${store.id}&z=13&c=${store.longitude},${store.latitude}&b=0&p=0`);
    await waitForMap(page);
    await page
      .getByRole('complementary', { name: t('locationDrawer'), exact: true })
      .getByRole('heading', { name: store.name, exact: true })
      .waitFor();
    await settleForShot(page);
    await expectScreenshot(page, `location-selected-${lang}`);

    await page
      .getByRole('complementary', { name: t('locationDrawer'), exact: true })
      .getByRole('button', { name: t('editLocation'), exact: true })
      .click();
    await answerQuestion(page, t('confirmChangeInNewScenario', { name: store.name }), t('yes'));
    const dialog = page.getByRole('dialog', { name: t('editLocationTitle', { name: store.name }) });
    await dialog.waitFor();
    await settleForShot(page);
    await expectScreenshot(page, `location-dialog-${lang}`);
    await dialog.getByRole('button', { name: t('cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: t('scenarioMenu'), exact: true }).click();
    await page.getByRole('menu', { name: t('scenarioMenu') }).waitFor();
    await settleForShot(page);
    await expectScreenshot(page, `scenario-menu-${lang}`);
  } finally {
    await context.close();
  }
}

test('English: the pharmacy score model, its model administrator, an English browser', async () => {
  await shots('en', 'modelAdmin', 'en-GB', (models) => models.find((m) => m.language === 'en')!);
});

test('Dutch: the supermarket model, the planner, a Dutch browser', async () => {
  await shots('nl', 'planner', 'nl-NL', (models) => models.find((m) => m.language === 'nl')!);
});

test.run();
