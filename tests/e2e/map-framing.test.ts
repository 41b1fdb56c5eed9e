// The map's framing and search at three window sizes (1024 x 700, 1440 x 900,
// 1920 x 1080): a store found by the search (the whole model, not the view:
// the search starts from the other end of the country) is selected and shown
// in the free map area between the drawers and below the toolbar; the drawers
// leave the map at least 40 % of the window; the result says where it is;
// axe finds nothing.
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
  literal,
  mapIdle,
  newContext,
  pointOf,
  signIn,
  startServer,
  texts,
  waitForMap,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('map framing');
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
  [1920, 1080],
] as const) {
  test(`${width} x ${height}: a store found from afar is selected and framed in the free map area`, async () => {
    const api = await apiAs(server, 'planner');
    const model = (await api.models()).find((m) => m.language === 'nl')!;
    const t = texts('nl');
    const base = baseScenario(await api.scenarios(model.id));
    const stores: LocationSummary[] = (await api.locations(base.id)).filter((l) => l.visibility === 0);
    // A store in the south (Maastricht), searched from a view of the north (Groningen).
    const store = [...stores].sort((a, b) => Math.hypot(a.longitude - 5.69, a.latitude - 50.85) - Math.hypot(b.longitude - 5.69, b.latitude - 50.85))[0]!;
    const context = await newContext(browser, { locale: 'nl-NL' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.setViewportSize({ width, height });
      await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
      await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&z=11&c=6.57,53.22&b=0&p=0`);
      await waitForMap(page);

      await page.getByRole('button', { name: t('searchButtonLabel'), exact: true }).click();
      await page.getByRole('searchbox', { name: t('searchLabel') }).fill(store.name);
      const results = page.getByRole('list', { name: t('searchResults') });
      const result = results.getByRole('button', { name: new RegExp(`^${literal(store.name)}`) }).first();
      await result.waitFor();
      assert.match((await result.textContent()) ?? '', new RegExp(t('searchWhere', { place: '.+' })), 'the result says where it is');
      await result.click();

      const drawer = page.getByRole('complementary', { name: t('locationDrawer'), exact: true });
      await drawer.getByRole('heading', { name: store.name, exact: true }).waitFor();
      await mapIdle(page);
      const point = await pointOf(page, store.longitude, store.latitude);
      const left = await drawer.boundingBox();
      const right = await page.getByRole('complementary', { name: t('outputDrawer'), exact: true }).boundingBox();
      const toolbar = await page.locator('.toolbar').boundingBox();
      assert.ok(left && right && toolbar);
      assert.ok(point.x > left!.x + left!.width && point.x < right!.x, `between the drawers: ${point.x} in ${left!.x + left!.width}..${right!.x}`);
      assert.ok(point.y > toolbar!.y + toolbar!.height && point.y < height, `below the toolbar: ${point.y}`);
      assert.ok(width - left!.width - right!.width >= 0.4 * width - 1, `the map keeps 40 %: drawers ${left!.width} + ${right!.width} of ${width}`);
      if (width === 1024) {
        // On a small window the output drawer folds to a strip: the map gets the room back, the selection stays.
        const output = page.getByRole('complementary', { name: t('outputDrawer'), exact: true });
        await output.getByRole('button', { name: t('drawerCollapse') }).click();
        const strip = await output.boundingBox();
        assert.ok(strip && strip.width <= 48, `a strip: ${strip?.width} px`);
        assert.ok(width - left!.width - strip!.width >= 0.65 * width, `the map keeps ${width - left!.width - strip!.width} px of ${width}`);
        await expectNoAxeViolations(page, `map framing ${width} x ${height}, output folded`);
        await output.getByRole('button', { name: t('drawerExpand', { label: t('outputDrawer') }) }).click();
        await output.getByRole('button', { name: t('drawerCollapse') }).waitFor();
        await expectNoAxeViolations(page, `map framing ${width} x ${height}`);
      }
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  });
}

test.run();
