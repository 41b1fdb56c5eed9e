// The planner's results in Chromium against the real server: the right
// drawer at status 9 (catchment-area panel titled with the areas type, top 10
// areas, area information, matching locations) and the catchment drawn on the
// map; the scores dialog with its product; the processing log; the export
// dialog per role with the files read back (BOM, columns, culture separators,
// the culture cookie); the isoline tool for global administrators; street
// view through a local fake of the maps service, and absent without a key.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocationScore, LocationSummary, Model, Scenario } from '@locus/contract';
import { readFile } from 'node:fs/promises';
import {
  apiAs,
  baseScenario,
  catchmentDrawn,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  newContext,
  showModelAs,
  signIn,
  startServer,
  texts,
  waitForMap,
  type Api,
  type LocusServer,
} from './harness/index.js';

const t = texts('nl');
const test = e2eSuite('results (drawer, scores, exports, street view)');
const STREET_VIEW_KEY = 'e2e-street-view-key';

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let errors: string[];
let model: Model;
let base: Scenario;
let store: LocationSummary;
let submodelId: number;

const outputDrawer = () => page.getByRole('complementary', { name: t('outputDrawer'), exact: true });
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const toolbar = () => page.getByRole('toolbar', { name: t('toolbar') });
const addressOf = () => `/?mid=${model.id}&sid=${base.id}&lid=${store.id}&z=11&c=${store.longitude},${store.latitude}`;

test.before(async () => {
  [server, browser] = await Promise.all([startServer({ env: { STREET_VIEW_KEY } }), launchBrowser()]);
  api = await apiAs(server, 'planner');
  const models = await api.models();
  model = models.find((m) => m.catchmentAreas.length > 0 && m.catchmentAreaMode === 0)!;
  assert.ok(model, 'the demo data has a model with a catchment area in mode 0');
  base = baseScenario(await api.scenarios(model.id));
  if (base.status !== 9) await api.call('scenarioStartProcessing', { scenarioId: base.id }).catch(() => undefined);
  for (let i = 0; i < 180 && base.status !== 9; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    base = (await api.scenarios(model.id)).find((s) => s.id === base.id)!;
    if (base.status === 10) throw new Error('the base scenario failed to calculate');
  }
  assert.is(base.status, 9, 'the base scenario is calculated');
  submodelId = (await api.call<{ id: number }[]>('submodels', { modelId: model.id }))[0]!.id;
  store = (await api.locations(base.id)).filter((l) => l.type === 1)[5]!;
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test.before.each(async () => {
  context = await newContext(browser, { locale: 'nl-NL' });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after.each(async () => {
  await context.close();
});

/** Waits until no API call runs (the busy bar sits outside the landmarks while it shows). */
async function idle(): Promise<void> {
  await page.locator('.busy-bar.active').waitFor({ state: 'detached', timeout: 30_000 });
}

async function openStore(account: 'planner' | 'admin' = 'planner') {
  await signIn(page, server.baseUrl, account, addressOf());
  await waitForMap(page);
  await outputDrawer().waitFor();
}

test('the right drawer at status 9: catchment panel with the top 10 areas, area information, matching locations, catchment on the map', async () => {
  await openStore();
  const drawer = outputDrawer();
  await drawer.getByRole('heading', { name: model.areasType, exact: true }).waitFor();
  const rows = drawer.getByTestId('catchment-table').locator('tbody tr');
  await rows.first().waitFor({ timeout: 30_000 });
  const expected = await api.call<{ areas: { areaCode: string }[] }>('locationCatchmentArea', {
    submodelId,
    scenarioId: base.id,
    locationId: store.id,
    catchmentAreaId: model.catchmentAreas[0]!.id,
  });
  assert.is(await rows.count(), Math.min(10, expected.areas.length));
  assert.is((await rows.first().locator('td').first().textContent())?.trim(), expected.areas[0]!.areaCode, 'areas by descending output');
  await catchmentDrawn(page);
  assert.equal(await drawer.getByRole('radio').evaluateAll((r) => r.map((x) => (x as HTMLInputElement).value)), ['all', 'secondary', 'primary', 'none']);

  // Matching locations: the reference is not in the list; choosing one selects it.
  const matching = drawer.getByRole('region', { name: t('matchingTitle') });
  const entries = matching.getByRole('button');
  await entries.first().waitFor();
  assert.ok((await entries.count()) >= 1 && (await entries.count()) <= 10);
  const names = await entries.allTextContents();
  assert.not.ok(
    names.some((n) => n.startsWith(store.name + ' ') && /\d%$/.test(n) && n.includes('100')),
    'the reference is skipped',
  );

  // Area information of the first area, with its locations at status 9.
  await rows.first().getByRole('button').click();
  const info = drawer.getByRole('region', { name: t('areaInformation') });
  await info.getByText(expected.areas[0]!.areaCode, { exact: true }).waitFor();
  await info.getByTestId('area-locations').waitFor();
  await idle();
  await expectNoAxeViolations(page, 'the right drawer with catchment panel and area information');
  await info.getByRole('button', { name: t('areaScoresButton') }).click();
  const areaScores = dialog(t('areaScoresTitle', { code: expected.areas[0]!.areaCode }));
  await areaScores.getByTestId('area-scores').waitFor();
  const score = (await areaScores.locator('tbody tr td').nth(3).textContent())!;
  assert.match(score, /^\d+,\d{4}$/, 'scores to 4 decimals with the Dutch separator');
  await idle();
  await expectNoAxeViolations(page, 'the area scores dialog');
  await areaScores
    .getByRole('button', { name: t('close') })
    .last()
    .click();
  await info.getByRole('button', { name: t('areaClear') }).click();
  await drawer.locator('.drawer-content').evaluate((e) => {
    e.scrollTop = 0;
  });
  await page.evaluate(() => document.fonts.ready);
  await expectScreenshot(page, 'results-drawer-catchment-nl', { mask: [page.getByRole('banner')] });

  await entries.first().click();
  await page.waitForFunction((id) => new URL(location.href).searchParams.get('lid') !== String(id), store.id);
  assert.equal(errors, []);
});

test('the right drawer with the catchment panel in English: the Dutch model shown with an English interface', async () => {
  // The English demo model has no catchment areas (its catchment reads answer 409), so the
  // supermarket model is shown as if it set English: the interface language follows the model's.
  await context.close();
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
  await showModelAs(page, model.id, { language: 'en' });
  const en = texts('en');
  await signIn(page, server.baseUrl, 'planner', addressOf());
  await waitForMap(page);
  const drawer = page.getByRole('complementary', { name: en('outputDrawer'), exact: true });
  await drawer.waitFor();
  await drawer.getByRole('heading', { name: model.areasType, exact: true }).waitFor();
  await drawer.getByTestId('catchment-table').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await catchmentDrawn(page);
  await drawer
    .getByRole('region', { name: en('matchingTitle') })
    .getByRole('button')
    .first()
    .waitFor({ timeout: 30_000 });
  await idle();
  assert.is(await page.evaluate(() => document.documentElement.lang), 'en', 'the interface is in English');
  await drawer.locator('.drawer-content').evaluate((e) => {
    e.scrollTop = 0;
  });
  await page.evaluate(() => document.fonts.ready);
  await expectScreenshot(page, 'results-drawer-catchment-en', { mask: [page.getByRole('banner')] });
  assert.equal(errors, []);
});

test('scores: the table with the product of all scores as the total, 2 decimals; no expression column for a planner', async () => {
  await openStore();
  const list = await api.call<LocationScore[]>('locationScores', { submodelId, scenarioId: base.id, locationId: store.id });
  await toolbar()
    .getByRole('button', { name: t('scoresButton'), exact: true })
    .click();
  const scores = page.getByRole('dialog').filter({ has: page.getByTestId('scores-table') });
  await scores.getByTestId('scores-table').waitFor({ timeout: 30_000 });
  const product = list.length ? list.reduce((p, s) => p * s.score, 1) : 0;
  const shown = (await scores.getByTestId('score-total').textContent())!;
  assert.is(shown, new Intl.NumberFormat('nl', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(product));
  assert.is(await scores.getByRole('columnheader', { name: t('scoreExpression') }).count(), 0);
  assert.is(await scores.locator('tbody tr').count(), list.length);
  await idle();
  await expectNoAxeViolations(page, 'the scores dialog');
  assert.equal(errors, []);
});

test('processing log: records in UTC, 10 a page, no error column for a planner', async () => {
  await openStore();
  await toolbar()
    .getByRole('button', { name: t('processingLogButton'), exact: true })
    .click();
  const log = dialog(t('processingLogTitle'));
  await log.getByTestId('processing-log').waitFor({ timeout: 30_000 });
  const rows = await log.locator('tbody tr').count();
  assert.ok(rows >= 1 && rows <= 10);
  assert.match((await log.locator('tbody tr td').nth(1).textContent())!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  assert.is(await log.getByRole('columnheader', { name: t('processingLogError') }).count(), 0);
  await idle();
  await expectNoAxeViolations(page, 'the processing log');
  assert.equal(errors, []);
});

async function downloadOf(label: string): Promise<{ name: string; text: string }> {
  const exportDialog = dialog(t('exportTitle'));
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    exportDialog.getByRole('button', { name: `${t('exportDownload')}: ${label}`, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path!, 'utf8') };
}

test("exports for a planner: no admin-only entries; files with BOM, columns and the culture's separators; the culture kept in a cookie", async () => {
  await openStore();
  await toolbar()
    .getByRole('button', { name: t('exportButton'), exact: true })
    .click();
  const exportDialog = dialog(t('exportTitle'));
  await exportDialog.waitFor();
  assert.is(await exportDialog.getByText(t('exportAllScenariosLocations')).count(), 0, 'locations of all scenarios is for global administrators');
  assert.is(await exportDialog.getByText(t('exportOutputHidden')).count(), 0, 'hidden columns are for global administrators');
  assert.is(await exportDialog.getByText(t('exportWorkbook')).count(), 0, 'the workbook is for global administrators');
  await idle();
  await expectNoAxeViolations(page, 'the export dialog');

  await exportDialog.getByRole('radio', { name: t('cultureNl') }).check();
  const nl = await downloadOf(t('exportScenarioLocations'));
  assert.match(nl.name, /\.csv$/);
  assert.ok(nl.name.includes(base.name.replace(/[^A-Za-z0-9._-]+/g, '-')), `file name ${nl.name} names the scenario`);
  assert.is(nl.text.charCodeAt(0), 0xfeff, 'BOM');
  const nlHeader = nl.text.slice(1).split(/\r?\n/)[0]!;
  assert.ok(nlHeader.split(';').length > 3, `semicolons in the Dutch file: ${nlHeader.slice(0, 80)}`);

  await exportDialog.getByRole('radio', { name: t('cultureEn') }).check();
  const en = await downloadOf(t('exportOutput'));
  assert.is(en.text.charCodeAt(0), 0xfeff, 'BOM');
  const [enHeader, firstRow] = en.text.slice(1).split(/\r?\n/);
  assert.ok(enHeader!.split(',').length > 1, `commas in the English file: ${enHeader!.slice(0, 80)}`);
  assert.not.match(firstRow!, /\d,\d+;/, 'no decimal commas with semicolons in the English file');

  const cookie = (await context.cookies()).find((c) => c.name === 'locus-culture');
  assert.ok(cookie, 'the culture cookie is set');
  assert.is(cookie!.value, 'en');
  assert.ok(cookie!.secure, 'secure');
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  assert.ok(days > 2.9 && days <= 3.01, `kept 3 days (${days.toFixed(2)})`);

  const catchment = await downloadOf(t('exportCatchment', { title: model.catchmentAreas[0]!.title }));
  assert.is(catchment.text.charCodeAt(0), 0xfeff);
  assert.ok(catchment.text.split(/\r?\n/).filter(Boolean).length > 1, 'the catchment export has rows');
  assert.equal(errors, []);
});

test('a global administrator: the admin-only exports and the isoline tool draw an isoline around the store', async () => {
  await openStore('admin');
  await toolbar()
    .getByRole('button', { name: t('exportButton'), exact: true })
    .click();
  const exportDialog = dialog(t('exportTitle'));
  await exportDialog.getByText(t('exportAllScenariosLocations')).waitFor();
  await exportDialog.getByText(t('exportOutputHidden')).waitFor();
  const hidden = await downloadOf(t('exportOutputHidden'));
  assert.is(hidden.text.charCodeAt(0), 0xfeff);
  // The footer's Close (a notification shown inside the dialog has a close button of its own).
  await exportDialog
    .locator('footer')
    .getByRole('button', { name: t('close') })
    .click();

  await toolbar()
    .getByRole('button', { name: t('isolineToolButton'), exact: true })
    .click();
  const tool = page.getByRole('region', { name: t('isolineToolTitle') });
  await tool.getByRole('slider').waitFor();
  assert.is(await tool.getByRole('slider').getAttribute('min'), '0');
  await tool.getByRole('slider').fill('0');
  assert.match((await tool.textContent())!, new RegExp(`${t('isolineMinutes')}: 1(?!\\d)`), 'the tool uses at least 1 minute');
  await tool.getByRole('button', { name: t('isolineDraw') }).click();
  await page.getByText(t('isolineDrawn', { minutes: 1 })).waitFor({ timeout: 30_000 });
  await idle();
  await expectNoAxeViolations(page, 'the isoline tool');
  assert.equal(errors, []);
});

test('street view: the figure opens the 600x300 image from the fake maps service; unavailable elsewhere; absent without a key', async () => {
  const requests: string[] = [];
  // The local fake of the maps service: a panorama 20 m west of the store, nothing elsewhere.
  await context.route('https://maps.googleapis.com/**', async (route) => {
    const url = new URL(route.request().url());
    requests.push(url.pathname + url.search);
    if (url.pathname.endsWith('/metadata')) {
      const [lat, lon] = url.searchParams.get('location')!.split(',').map(Number) as [number, number];
      const near = Math.abs(lat - store.latitude) < 0.002 && Math.abs(lon - store.longitude) < 0.002;
      const body = near ? { status: 'OK', pano_id: 'fake-pano', location: { lat: store.latitude, lng: store.longitude - 0.0003 } } : { status: 'ZERO_RESULTS' };
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) });
      return;
    }
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  await openStore();
  const figure = page.getByRole('button', { name: t('streetViewFigure'), exact: true });
  await figure.waitFor();
  await figure.focus();
  await page.keyboard.press('Enter');
  const viewer = dialog(t('streetViewTitle'));
  const image = viewer.getByRole('img');
  await image.waitFor();
  const src = new URL((await image.getAttribute('src'))!);
  assert.is(src.searchParams.get('size'), '600x300');
  assert.is(src.searchParams.get('key'), STREET_VIEW_KEY);
  assert.ok(Math.abs(Number(src.searchParams.get('heading')) - 90) < 5, 'looking east from the panorama west of the point');
  assert.ok(requests.some((r) => r.startsWith('/maps/api/streetview/metadata')));
  await idle();
  await expectNoAxeViolations(page, 'the street-view dialog');
  // The map changes: the image closes.
  await page.evaluate(() => window.locusMap!.setView({ center: [3.5, 51.5], zoom: 11 }));
  await viewer.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300);
  await figure.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `${t('streetViewFigure')}: ${t('streetViewUnavailable')}`, exact: true }).waitFor();
  assert.equal(errors, []);

  // Without a key the figure is absent.
  const other = await newContext(browser, { locale: 'nl-NL' });
  const plain = await other.newPage();
  await plain.route('**/api/system/street-view-key', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"key":null}' }));
  await signIn(plain, server.baseUrl, 'planner', addressOf());
  await plain.getByRole('complementary', { name: t('outputDrawer'), exact: true }).waitFor();
  await plain.waitForTimeout(500);
  assert.is(await plain.getByRole('button', { name: t('streetViewFigure') }).count(), 0);
  await other.close();
});

test.run();
