// The map without a mouse: the new-location tool puts the focus on the map
// with a crosshair at its centre, the arrow keys move the map under it and
// Enter places the new location there; Cancel closes the dialog and the focus
// returns to the map that opened it; an icon reached with Tab and chosen with
// Enter is selected and the focus moves to the location drawer's heading. No
// mouse event is sent.
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { formatLatLonDms } from '../../packages/planner-app/src/i18n/format.js';
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

const test = e2eSuite('map keyboard');
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test('place a new location at the crosshair with the keyboard; focus returns to the map; a chosen icon focuses the drawer', async () => {
  const api = await apiAs(server, 'planner');
  const model = (await api.models())[0]!;
  const t = texts(model.language as 'en' | 'nl');
  const base = baseScenario(await api.scenarios(model.id));
  const context = await newContext(browser, { locale: model.language === 'nl' ? 'nl-NL' : 'en-GB' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&z=13&c=5.3875,52.1561&b=0&p=0`);
    await waitForMap(page);
    const newLocation = page.getByRole('button', { name: t('newLocation'), exact: true });
    // The base scenario is calculated at the server's start; new locations wait for it.
    await page.waitForFunction(
      (name) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name);
        return !!button && !button.disabled && button.getAttribute('aria-disabled') !== 'true';
      },
      t('newLocation'),
      { timeout: 60_000 },
    );
    await newLocation.focus();
    await page.keyboard.press('Enter');
    // The focus is on the map, which shows the crosshair at its centre and says what the keys do.
    await page.waitForFunction(() => document.activeElement?.classList.contains('map') ?? false);
    await page.locator('.new-location-crosshair').waitFor({ state: 'visible' });
    const described = await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute('aria-describedby') ?? '')?.textContent);
    assert.is(described, t('placeLocationKeys'));
    await expectNoAxeViolations(page, 'placing a new location');
    const before = await page.evaluate(() => (window as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await mapIdle(page);
    const center = await page.evaluate(() => (window as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center);
    assert.ok(center[0] > before[0] && center[1] < before[1], 'the arrow keys moved the map east and south');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('newLocation') });
    await dialog.waitFor();
    assert.is(await dialog.getByLabel(t('position'), { exact: true }).textContent(), formatLatLonDms(center[1], center[0]), 'placed at the crosshair');
    await dialog.getByRole('button', { name: t('cancel'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('map') ?? false, null, { timeout: 5_000 });

    // Tab reaches the map's icons (one stop), Enter selects one, the focus goes to the drawer's heading.
    await page.keyboard.press('Tab');
    const chosen = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '');
    assert.ok(chosen.length > 0, 'an icon of the map has the focus');
    await page.keyboard.press('Enter');
    const heading = page.getByRole('complementary', { name: t('locationDrawer'), exact: true }).getByRole('heading', { name: chosen, exact: true });
    await heading.waitFor();
    await page.waitForFunction((name) => document.activeElement?.tagName === 'H2' && document.activeElement.textContent === name, chosen, { timeout: 5_000 });
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
