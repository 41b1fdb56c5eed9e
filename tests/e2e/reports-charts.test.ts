// Charts and reports in Chromium against the real server: after the
// scenarios are calculated, each chart of the Graphics entry (its data read
// first, a hidden table for screen readers), the location report in the
// model's own layout (Dutch supermarket model) and in the default layout
// (English pharmacy model, which has none) with every map drawn, the scenario
// report (base scenario not offered, impact tables), print emulation to an A4
// PDF, axe on every chart and report, and screenshots into the visual
// regression set: each chart and both reports, default and custom layout, in
// Dutch and in English, reports shown whole. The other language is the same
// model, scenario and location loaded again with the models read rewritten
// (showModelAs: the interface language follows the model's); the default
// layouts in the goldens are the supermarket model shown without its report
// formats, so their maps are drawn from a calculated catchment. Nothing is
// calculated twice.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  apiAs,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  newContext,
  signIn,
  startServer,
  literal,
  showModelAs,
  texts,
  waitForMap,
  type Api,
  type LocusServer,
} from './harness/index.js';

const nl = texts('nl');
const en = texts('en');
const test = e2eSuite('charts and reports');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

interface Setup {
  model: Model;
  scenario: Scenario;
  store: LocationSummary;
}
let supermarkets: Setup;
let pharmacies: Setup;

async function calculated(api: Api, model: Model, pick: (list: Scenario[]) => Scenario[]): Promise<Scenario[]> {
  let list = await api.scenarios(model.id);
  for (const s of pick(list)) if (s.status !== 9) await api.call('scenarioStartProcessing', { scenarioId: s.id }).catch(() => undefined);
  for (let i = 0; i < 300; i++) {
    list = await api.scenarios(model.id);
    const wanted = pick(list);
    if (wanted.some((s) => s.status === 10)) throw new Error('a scenario failed to calculate');
    if (wanted.every((s) => s.status === 9)) return wanted;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the scenarios were not calculated in time');
}

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await apiAs(server, 'admin');
  const models = await admin.models();
  const turnover = models.find((m) => m.locationReportFormat && m.scenarioReportFormat)!;
  assert.ok(turnover, 'the demo data has a model with a locationReportFormat and a scenarioReportFormat');
  const score = models.find((m) => !m.locationReportFormat)!;
  assert.ok(score, 'the demo data has a model with the default report layouts');
  // The base and a child scenario of the supermarkets (the scenario report compares them); the pharmacies' base.
  const [base, child] = await calculated(admin, turnover, (list) => [
    list.find((s) => s.parentScenarioId === null)!,
    list.find((s) => s.parentScenarioId !== null)!,
  ]);
  const [pharmacyBase] = await calculated(admin, score, (list) => [list.find((s) => s.parentScenarioId === null)!]);
  supermarkets = { model: turnover, scenario: child!, store: (await admin.locations(child!.id)).filter((l) => l.type === 1)[5]! };
  void base;
  pharmacies = { model: score, scenario: pharmacyBase!, store: (await admin.locations(pharmacyBase!.id)).filter((l) => l.type === 1)[3]! };
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

const addressOf = (s: Setup) => `/?mid=${s.model.id}&sid=${s.scenario.id}&lid=${s.store.id}&z=11&c=${s.store.longitude},${s.store.latitude}`;

type Lang = 'nl' | 'en';
const textsOf = { nl, en };

async function open(s: Setup, account: 'planner' | 'admin') {
  await signIn(page, server.baseUrl, account, addressOf(s));
  await waitForMap(page);
}

/**
 * Loads the app again (the session kept) at the store of `s` with its model
 * shown in `lang` and with `change` applied: the same model, scenario and
 * location with the interface in the other language.
 */
async function showAs(s: Setup, lang: Lang, change: Partial<Model> = {}) {
  await showModelAs(page, s.model.id, { language: lang, ...change });
  await page.goto(`${server.baseUrl}${addressOf(s)}`);
  await waitForMap(page);
  assert.is(await page.evaluate(() => document.documentElement.lang), lang, `the interface is in ${lang}`);
}

/** Waits until the toolbar entry named `label` is enabled (the selection and its outputs have loaded). */
async function enabled(label: string) {
  await page.waitForFunction((name) => document.querySelector(`[aria-label="${name}"]`)?.getAttribute('aria-disabled') !== 'true', label, { timeout: 30_000 });
}

/** Opens the location report and waits until all its maps are drawn. */
async function openLocationReport(t: typeof nl) {
  await enabled(t('reportsButton'));
  await page.getByRole('button', { name: t('reportsButton'), exact: true }).click();
  const started = Date.now();
  await page.getByRole('menuitem', { name: t('locationReportMenu') }).click();
  const dialog = page.getByRole('dialog', { name: t('locationReportMenu') });
  const paper = dialog.locator('.report-paper[data-maps-drawn="true"]');
  await paper.waitFor({ timeout: 60_000 });
  return { dialog, paper, ms: Date.now() - started };
}

/** Opens the scenario report of the supermarkets' child scenario and waits until its map is drawn. */
async function openScenarioReport(t: typeof nl) {
  await page.getByRole('button', { name: t('reportsButton'), exact: true }).click();
  await page.getByRole('menuitem', { name: t('scenarioReportTitle') }).click();
  const dialog = page.getByRole('dialog', { name: t('scenarioReportTitle') });
  await dialog.getByRole('combobox').locator('option').first().waitFor({ state: 'attached' });
  const paper = dialog.locator('.report-paper[data-maps-drawn="true"]');
  await paper.waitFor({ timeout: 60_000 });
  return { dialog, paper };
}

/**
 * The report's axe check and its screenshot: the whole report, every section
 * and map (the subheader, which carries the time it was made, masked).
 */
async function reportShot(what: string, name: string) {
  await expectNoAxeViolations(page, what, { include: '.report-dialog' });
  await expectScreenshot(page, name, { mask: [page.locator('.report-subheader')], whole: page.locator('.report-dialog[open] .dialog-body') });
}

/**
 * Each chart of the Graphics entry in `lang`: its data read (`all` holds every
 * request since the page loaded), a hidden table, axe and the golden.
 */
async function charts(lang: Lang, all: string[]) {
  const t = textsOf[lang];
  const graphics = page.getByRole('button', { name: t('graphicsButton'), exact: true });
  await enabled(t('graphicsButton'));
  const list: [string, string][] = [
    [t('chartMatchingTitle'), 'matching'],
    [t('chartRadarTitle'), 'radar'],
    [t('chartDriversTitle'), 'drivers'],
    [t('chartPropertiesTitle'), 'scatter'],
  ];
  for (const [name, kind] of list) {
    await graphics.click();
    const requests: string[] = [];
    const listen = (r: { url(): string }) => requests.push(r.url());
    page.on('request', listen);
    await page.getByRole('menuitem', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${literal(name)}`) });
    if (kind === 'scatter') {
      // The model's own property titles (Dutch model data in either interface language).
      const selects = dialog.getByRole('combobox');
      await selects.nth(0).selectOption({ label: 'Omzet (model)' });
      await selects.nth(1).selectOption({ label: 'Werkelijke omzet' });
    }
    await dialog.locator(`svg[data-chart="${kind}"]`).first().waitFor({ timeout: 30_000 });
    page.off('request', listen);
    const expected = { matching: /matching|matchinglocations/i, radar: /scores/i, drivers: /drivers/i, scatter: /propert/i }[kind]!;
    // The matching chart shows the top of the drawer's matching locations: the same read (top 11), done at the selection.
    const read = kind === 'matching' ? all.filter((u) => /matching-locations\?topN=11/.test(u)) : requests;
    assert.ok(
      read.some((u) => expected.test(u)),
      `${kind} (${lang}): its data was read (${read.join(', ')})`,
    );
    assert.ok((await dialog.locator('.visually-hidden table tbody tr').count()) > 0, `${kind}: a hidden table with rows`);
    if (kind === 'matching') assert.is(await dialog.locator('.visually-hidden tbody tr').count(), 6, 'the top 6 matching locations');
    if (kind === 'radar')
      assert.equal(await dialog.locator('.radar-legend-column').evaluateAll((cs) => cs.map((c) => c.querySelectorAll('li').length)), [3, 3]);
    if (kind === 'scatter') {
      await dialog.locator('svg[data-chart="scatter"] circle').last().hover({ force: true });
      assert.ok((await dialog.locator('.scatter-status').textContent())?.includes(':'), 'hovering a point shows the location');
    }
    await expectNoAxeViolations(page, `chart ${kind} (${lang})`, { include: '.charts-dialog' });
    await expectScreenshot(page, `chart-${kind}-${lang}`);
    await dialog.getByRole('button', { name: t('close') }).click();
  }
}

test('each chart of the Graphics entry reads its data and draws with a hidden table (Dutch, then English)', async () => {
  const all: string[] = [];
  page.on('request', (r) => all.push(r.url()));
  await open(supermarkets, 'planner');
  await charts('nl', all);
  all.length = 0;
  await showAs(supermarkets, 'en');
  await charts('en', all);
  assert.equal(errors, []);
});

test("location report in the model's own layout (Dutch, then English): sections, maps drawn sharp, print to an A4 PDF with nothing of the app", async () => {
  await open(supermarkets, 'planner');
  const t = nl;
  const { dialog, paper, ms } = await openLocationReport(t);
  console.log(`location report with its maps drawn in ${ms} ms`);
  assert.is(await paper.getAttribute('data-layout'), 'custom');
  assert.is(await paper.locator('.report-unknown').count(), 0);
  assert.match((await paper.locator('.report-heading').textContent()) ?? '', /Supermarkt/);
  assert.equal(await paper.locator('.report-columns h3').allTextContents(), ['Winkel', 'Algemeen']);
  assert.match((await paper.locator('.report-text').textContent()) ?? '', /Toelichting/);
  const images = paper.locator('img[data-drawn]');
  assert.is(await images.count(), 2);
  const sharp = await images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).naturalWidth / (img as HTMLImageElement).clientWidth));
  assert.ok(
    sharp.every((ratio) => ratio >= 3),
    `maps drawn at the print pixel ratio (${sharp.join(', ')})`,
  );
  assert.ok((await paper.locator('svg[data-chart="matching"]').count()) === 1);
  assert.is(await paper.locator('.report-table tbody tr').count(), 25);
  assert.match(
    (await paper.locator('.report-footer').textContent()) ?? '',
    new RegExp(`\\(${supermarkets.model.id}/${supermarkets.scenario.id}/${supermarkets.store.id}\\)`),
  );
  await reportShot('location report (custom layout)', 'report-location-custom-nl');
  await dialog.getByRole('button', { name: t('print') }).waitFor();
  await dialog.getByRole('button', { name: t('cancel') }).waitFor();

  await page.emulateMedia({ media: 'print' });
  const shell = await page.evaluate(() =>
    ['.top-bar', '.toolbar', '.map-area'].map((s) => {
      const e = document.querySelector(s);
      return e ? getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden' : false;
    }),
  );
  assert.equal(shell, [false, false, false], 'nothing of the app shell on paper');
  assert.is(await dialog.locator('.dialog-footer').evaluate((e) => getComputedStyle(e).display), 'none');
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  assert.is(text.slice(0, 5), '%PDF-');
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  assert.ok(boxes.length >= 2, `more than one page (${boxes.length})`);
  assert.ok(
    boxes.every(([w, h]) => w === 595 && h === 842),
    `A4 pages (${JSON.stringify(boxes.slice(0, 3))})`,
  );
  assert.ok((text.match(/\/Subtype\s*\/Image/g) ?? []).length >= 2, 'the maps are in the PDF');
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: t('cancel') }).click();

  await showAs(supermarkets, 'en');
  const english = await openLocationReport(en);
  assert.is(await english.paper.getAttribute('data-layout'), 'custom');
  assert.is(await english.paper.locator('.report-unknown').count(), 0);
  assert.is(await english.paper.locator('img[data-drawn]').count(), 2);
  await english.dialog.getByRole('button', { name: en('print') }).waitFor();
  await reportShot('location report (custom layout, English)', 'report-location-custom-en');
  assert.equal(errors, []);
});

test('location report in the default layout: the supermarkets shown without their locationReportFormat in English and Dutch; a model without one (English)', async () => {
  // The goldens: the supermarkets' store, whose catchment is calculated, so every map of the default layout is drawn.
  await open(supermarkets, 'planner');
  for (const lang of ['en', 'nl'] as const) {
    const t = textsOf[lang];
    await showAs(supermarkets, lang, { locationReportFormat: null });
    const { paper } = await openLocationReport(t);
    assert.is(await paper.getAttribute('data-layout'), 'default');
    // Catchment area mode 0: the default layout shows the secondary catchment.
    const catchment = `${supermarkets.model.catchmentAreas[0]!.title} (${t('reportSecondary')})`;
    assert.equal(await paper.locator('.report-map h3').allTextContents(), [t('reportLocalSituation'), catchment]);
    assert.is(await paper.locator('img[data-drawn]').count(), 2, 'both maps drawn');
    assert.is(await paper.locator('.report-table tbody tr').count(), 25);
    assert.ok((await paper.locator('.report-disclaimer').count()) === 1);
    await reportShot(`location report (default layout, ${lang})`, `report-location-default-${lang}`);
  }
  assert.equal(errors, []);

  // The English pharmacy model, stored without a locationReportFormat.
  await context.close();
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
  await open(pharmacies, 'admin');
  const { paper } = await openLocationReport(en);
  assert.is(await paper.getAttribute('data-layout'), 'default');
  assert.equal(await paper.locator('.report-map h3').allTextContents(), [en('reportLocalSituation'), pharmacies.model.catchmentAreas[0]!.title]);
  assert.ok((await paper.locator('.report-disclaimer').count()) === 1);
  assert.ok((await paper.locator('.report-table tbody tr').count()) <= 25);
  await expectNoAxeViolations(page, 'location report (default layout, pharmacies)', { include: '.report-dialog' });
  assert.equal(errors, []);
});

test("scenario report: base scenario not offered, impact tables and map; the model's own layout and the default layout, Dutch and English", async () => {
  await open(supermarkets, 'planner');
  const all = await (await apiAs(server, 'planner')).scenarios(supermarkets.model.id);
  const base = all.find((s) => s.parentScenarioId === null)!;
  const shown: [Lang, 'custom' | 'default'][] = [
    ['nl', 'custom'],
    ['en', 'custom'],
    ['en', 'default'],
    ['nl', 'default'],
  ];
  for (const [lang, layout] of shown) {
    const t = textsOf[lang];
    if (lang !== 'nl' || layout !== 'custom') await showAs(supermarkets, lang, layout === 'default' ? { scenarioReportFormat: null } : {});
    const { dialog, paper } = await openScenarioReport(t);
    const options = await dialog.getByRole('combobox').locator('option').allTextContents();
    assert.not.ok(options.includes(base.name), 'the base scenario is not offered');
    assert.ok(options.includes(supermarkets.scenario.name));
    assert.is(await paper.getAttribute('data-layout'), layout);
    const headings = await paper.locator('h3').allTextContents();
    if (layout === 'custom') assert.equal(headings.slice(0, 2), [t('reportChangedLocations'), t('reportImpactMap')]);
    else
      assert.ok(headings.includes(t('reportImpactMap')) && !headings.includes(t('reportChangedLocations')), `the default sections (${headings.join(' | ')})`);
    const captions = await paper.locator('caption').allTextContents();
    assert.ok(
      captions.some((c) => c.startsWith(t('reportLocationImpact', { output: '' }).trim())),
      `impact table (${captions.join(' | ')})`,
    );
    assert.ok((await paper.locator('.impact-table').first().locator('tfoot').count()) === 1, 'a total row');
    // The totals say what they sum: the first 25 stores, "and N more" for the rest, and the total of all.
    const planner = await apiAs(server, 'planner');
    const [submodel] = await planner.call<{ id: number }[]>('submodels', { modelId: supermarkets.model.id });
    const differences = await planner.call<{ locations: unknown[] }>(
      'scenarioDifferences',
      { submodelId: submodel!.id, scenarioId: supermarkets.scenario.id },
      { query: { thresholdPercentage: 0.001 } },
    );
    const table = paper.locator('.impact-table').first();
    const affected = differences.locations.length;
    if (affected > 25) {
      assert.is(await table.locator('tbody tr').count(), 26);
      assert.is((await table.locator('tbody tr').last().locator('th').textContent())?.trim(), t('reportMoreRows', { count: affected - 25 }));
      assert.is((await table.locator('tfoot th').textContent())?.trim(), t('reportTotalAll', { count: affected }));
    } else {
      assert.is((await table.locator('tfoot th').textContent())?.trim(), t('reportTotal'));
    }
    assert.not.match((await table.textContent()) ?? '', /−\s?€\s?0(?![\d,.])|−0(?![\d,.])/, 'no signed zero');
    if (layout === 'default') assert.is(await paper.locator('.report-disclaimer').count(), 1, 'the disclaimer');
    await reportShot(`scenario report (${layout} layout, ${lang})`, `report-scenario-${layout}-${lang}`);
    await dialog
      .getByRole('button', { name: t('close'), exact: true })
      .last()
      .click();
  }
  assert.equal(errors, []);
});

test.run();
