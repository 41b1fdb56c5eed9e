// The legend explains every layer drawn: with the Dutch demo's "spending per
// inhabitant" on (a rate, drawn per area as a choropleth) and a store selected,
// the legend lists the heat map as a rate per area and the range circles with
// their distances; the choropleth is on the map; axe
// finds nothing with the legend open.
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { LocationSummary } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  launchBrowser,
  mapIdle,
  newContext,
  signIn,
  startServer,
  texts,
  waitForMap,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('map legend');
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a rate is drawn per area and the legend explains it and the range circles', async () => {
  const api = await apiAs(server, 'planner');
  const model = (await api.models()).find((m) => m.heatMapSets.some((h) => h.rendering === 'rate'))!;
  assert.ok(model, 'the Dutch demo has a rate');
  const rate = model.heatMapSets.find((h) => h.rendering === 'rate')!;
  const t = texts(model.language as 'nl');
  const base = baseScenario(await api.scenarios(model.id));
  const stores: LocationSummary[] = (await api.locations(base.id)).filter((l) => l.visibility === 0);
  const store = [...stores].sort((a, b) => Math.hypot(a.longitude - 5.12, a.latitude - 52.09) - Math.hypot(b.longitude - 5.12, b.latitude - 52.09))[0]!;
  const context = await newContext(browser, { locale: 'nl-NL' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&lid=${store.id}&z=12&c=${store.longitude},${store.latitude}&b=0&p=0`);
    await waitForMap(page);
    const drawer = page.getByRole('complementary', { name: t('locationDrawer'), exact: true });
    await drawer.getByRole('heading', { name: store.name, exact: true }).waitFor();

    await page.getByRole('button', { name: t('layersButton'), exact: true }).click();
    await page.getByLabel(rate.title, { exact: true }).check();
    await page.keyboard.press('Escape');
    // The rate is a choropleth layer on the map (not a kernel density).
    await page.waitForFunction(
      (id) =>
        (window as unknown as { locusMap: { getLayers(): { id: string; constructor: { name: string }; classes?: Uint8Array }[] } }).locusMap
          .getLayers()
          .some((l) => l.id === id && (l.classes?.length ?? 0) > 100),
      `heat-map-${model.id}:${rate.id}`,
      { timeout: 30_000 },
    );
    await mapIdle(page);

    await page.getByRole('button', { name: t('legendButton'), exact: true }).click();
    const legend = page.locator('.legend-panel');
    await legend.getByRole('heading', { name: t('legendHeatMaps') }).waitFor();
    const heat = legend.getByRole('listitem').filter({ hasText: rate.title });
    assert.match((await heat.textContent()) ?? '', t('legendPerArea'));
    await legend.getByRole('heading', { name: t('legendRanges') }).waitFor();
    const distances = [...model.mapRanges]
      .sort((a, b) => a - b)
      .map((r) => `${r} m`)
      .join(', ');
    assert.ok(((await legend.textContent()) ?? '').includes(t('legendRangeDistances', { distances })), `the range circles: ${distances}`);
    await page.screenshot({ path: '.test-artifacts/e2e/map-legend.png' });
    await expectNoAxeViolations(page, 'map legend');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
