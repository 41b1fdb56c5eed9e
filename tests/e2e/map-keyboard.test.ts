// The map without a mouse: the new-location tool puts the focus on the map
// with a crosshair at its centre, the arrow keys move the map under it and
// Enter places the new location there (typed coordinates also work); Cancel
// closes the dialog and the focus returns to the map that opened it; an icon
// reached with Tab and chosen with Enter is selected and the focus moves to the
// location drawer's heading. The search finds the model's locations and places
// wherever the view is. The core what-if (search, place, save and calculate,
// read the turnover) is done with the keyboard alone: the page records every
// pointer and mouse event and none may come.
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import type { Model, Scenario } from '@locus/contract';
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
  type Api,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('map keyboard');
/** Groningen, far from Utrecht and Amersfoort: the search must not depend on the view. */
const GRONINGEN = '6.5665,53.2194';

/** The accessible name of the focused element: its aria-label, its label's text or its own text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
    if (!e) return '';
    return (e.getAttribute('aria-label') ?? e.labels?.[0]?.textContent ?? e.textContent ?? '').trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element has this name; fails after `max` presses. */
async function tabTo(page: Page, name: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 40); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focusedName(page);
    if (now === name) return;
    seen.push(now);
  }
  throw new Error(`Tab did not reach "${name}"; it went through: ${seen.join(' | ')}`);
}

/** Waits until the new-location button can be used (the base scenario is calculated at the server's start). */
async function newLocationEnabled(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (label) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label);
      return !!button && !button.disabled && button.getAttribute('aria-disabled') !== 'true';
    },
    name,
    { timeout: 60_000 },
  );
}
let server: LocusServer;
let browser: Browser;

test.before(async () => {
  // As `npm start` runs it: the base scenario is calculated at the start, so a what-if has its impact.
  [server, browser] = await Promise.all([startServer({ env: { AUTO_CALCULATE_BASE: 'true' } }), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What each test works with: the planner's page on the first model's base scenario, signed in. */
interface Session {
  api: Api;
  model: Model;
  base: Scenario;
  page: Page;
  t: ReturnType<typeof texts>;
}

/**
 * Signs the planner in, in a context of its own (with `init`: a script for every page of it), opens the
 * base scenario at `view` (`z=..&c=..`) and runs `body`; no page error may occur, and the context is closed.
 */
async function asPlanner(view: string, body: (session: Session) => Promise<void>, init?: () => void): Promise<void> {
  const api = await apiAs(server, 'planner');
  const model = (await api.models())[0]!;
  const t = texts(model.language as 'en' | 'nl');
  const base = baseScenario(await api.scenarios(model.id));
  const context = await newContext(browser, { locale: model.language === 'nl' ? 'nl-NL' : 'en-GB' });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&${view}&b=0&p=0`);
    await waitForMap(page);
    await body({ api, model, base, page, t });
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
}

test('place a new location at the crosshair with the keyboard; focus returns to the map; a chosen icon focuses the drawer', async () => {
  await asPlanner(
    `z=13&c=5.3875,52.1561`,
    async ({ page, t }) => {
      const newLocation = page.getByRole('button', { name: t('newLocation'), exact: true });
      await newLocationEnabled(page, t('newLocation'));
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
      // The map was made at the address's view, not at the default one it would have left when the models came.
      assert.is(await page.evaluate(() => (window as unknown as { firstMapZoom?: number }).firstMapZoom), 13, "the map's first view is the address's");
    },
    recordFirstMapZoom,
  );
});

/** An init script: keeps the zoom of the view the page's map is made with, as `window.firstMapZoom`. */
function recordFirstMapZoom(): void {
  let map: { getView(): { zoom: number } } | undefined;
  const w = window as unknown as { firstMapZoom?: number };
  // Methods, not arrow functions: the test's compiler names arrows with a helper the page does not have.
  Object.defineProperty(window, 'locusMap', {
    configurable: true,
    get() {
      return map;
    },
    set(m: { getView(): { zoom: number } }) {
      map = m;
      w.firstMapZoom ??= m.getView().zoom;
    },
  });
}

test('typed coordinates place the new location; a swapped or garbled position is refused at the field and kept', async () => {
  await asPlanner(`z=12&c=${GRONINGEN}`, async ({ page, t }) => {
    await newLocationEnabled(page, t('newLocation'));
    await tabTo(page, t('skipToToolbar'));
    await page.keyboard.press('Enter');
    await tabTo(page, t('newLocation'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('map') ?? false);
    // From the map, Tab reaches the coordinates field of the placement panel.
    await tabTo(page, t('coordinates'), { max: 3 });
    const field = page.getByRole('textbox', { name: t('coordinates'), exact: true });
    // The field says what it takes, below it (not a placeholder that goes away with typing).
    assert.is(await field.evaluate((e) => document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent), t('coordinatesExample'));
    // Longitude first: far from the model's locations (in the Indian Ocean), refused at the field.
    await page.keyboard.type('5.3875, 52.1561');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: t('coordinatesFar') })
      .waitFor();
    assert.is(await field.getAttribute('aria-invalid'), 'true');
    assert.is(await field.inputValue(), '5.3875, 52.1561', 'the typed text is kept for correction');
    assert.is(await page.getByRole('dialog', { name: t('newLocation') }).count(), 0, 'no dialog for a refused position');
    // Not a position at all.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Amersfoort');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: t('coordinatesInvalid') })
      .waitFor();
    await expectNoAxeViolations(page, 'typed coordinates refused', { include: '.placement-panel' });
    // Latitude first, with decimal commas: the map goes there and the dialog opens at that point.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('52,1561; 5,3875');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('newLocation') });
    await dialog.waitFor();
    assert.is(await dialog.getByLabel(t('position'), { exact: true }).textContent(), formatLatLonDms(52.1561, 5.3875));
    // The map went there: the point is in the map's free area, beside the dialog.
    await page.waitForFunction(() => {
      const map = (window as unknown as { locusMap: { project(p: [number, number]): [number, number]; container: HTMLElement } }).locusMap;
      const [x, y] = map.project([5.3875, 52.1561]);
      return x > 0 && y > 0 && x < map.container.clientWidth && y < map.container.clientHeight;
    });
    await tabTo(page, t('cancel'), { max: 80 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('map') ?? false, null, { timeout: 5_000 });
  });
});

test('the search finds the model, not the view: places and locations far away, where each is, "more" with the focus kept', async () => {
  // The view is Groningen at zoom 13: Utrecht is 150 km away.
  await asPlanner(`z=13&c=${GRONINGEN}`, async ({ api, base, page, t }) => {
    await tabTo(page, t('skipToToolbar'));
    await page.keyboard.press('Enter');
    await tabTo(page, t('searchButtonLabel'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
    await page.keyboard.type('Utrecht');
    const list = page.getByRole('list', { name: t('searchResults'), exact: true });
    await list.waitFor();
    const status = await page
      .getByRole('status')
      .filter({ hasText: t('searchResultCount', { count: 0 }).replace('0', '') })
      .textContent();
    const total = Number((status ?? '').replace(/\D/g, ''));
    const ownInScenario = (await api.locations(base.id)).filter((l) => /utrecht/i.test(l.name));
    assert.ok(total > ownInScenario.length, `every location of the scenario with "Utrecht" in its name and places are found (${total} results)`);
    const results = list.locator('.search-result:not(.search-more)');
    assert.is(await results.count(), 20, 'the first page');
    // The exact match first: the place Utrecht, a city, named without a larger place beside it.
    const first = results.first();
    assert.is(await first.locator('.search-result-title').evaluate((e) => e.firstChild?.textContent), 'Utrecht');
    assert.is(await first.locator('.search-result-category').textContent(), t('searchCategoryPlace'));
    assert.is(await first.locator('.search-result-where').count(), 0);
    // The locations, all far from the view, each say where they are.
    const locationRows = results.filter({ hasText: t('searchCategoryLocation') });
    assert.ok((await locationRows.count()) >= 10);
    for (const where of await locationRows.locator('.search-result-where').allTextContents()) {
      assert.match(where.trim(), new RegExp(`^${t('searchWhere', { place: '' }).trim()}\\s*\\S`), 'each result says where it is');
      assert.not.match(where, /Groningen/);
    }
    // The "more" entry lists the next page; the focus goes to the first result it added.
    await page.keyboard.press('End');
    const more = list.getByRole('button', { name: t('searchMore', { count: Math.min(20, total - 20) }), exact: true });
    assert.is(await more.count(), 1);
    for (let i = 0; i < 21; i++) await page.keyboard.press('ArrowDown');
    assert.is(await focusedName(page), t('searchMore', { count: Math.min(20, total - 20) }));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.search-result:not(.search-more)').length > 20);
    const focusedIndex = await page.evaluate(() => [...document.querySelectorAll('.search-result')].indexOf(document.activeElement as Element));
    assert.is(focusedIndex, 20, 'the focus is on the first result added');
    await expectNoAxeViolations(page, 'search results', { include: '.search-panel' });
    // A location result far away: Enter flies there and selects it.
    for (let i = 0; i < 20 && !(await focusedName(page)).endsWith(t('searchCategoryLocation')); i++) await page.keyboard.press('ArrowDown');
    const chosen = (await focusedName(page)).split(t('searchWhere', { place: '' }).trim())[0]!.trim();
    await page.keyboard.press('Enter');
    await page
      .getByRole('complementary', { name: t('locationDrawer'), exact: true })
      .getByRole('heading', { name: chosen, exact: true })
      .waitFor();
    await page.waitForFunction(() => (window as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center[1] < 52.5);
  });
});

/** Records every pointer and mouse event the page sees (a click that Enter or Space makes has no pointer type and detail 0). */
function recordPointerEvents(): void {
  const seen: string[] = [];
  (window as unknown as { pointerEvents: string[] }).pointerEvents = seen;
  for (const type of ['pointerdown', 'pointerup', 'pointermove', 'mousedown', 'mouseup', 'mousemove', 'wheel', 'contextmenu', 'click', 'dblclick']) {
    addEventListener(
      type,
      (e) => {
        if (e.isTrusted && (type !== 'click' || (e as MouseEvent).detail > 0 || ((e as PointerEvent).pointerType ?? '') !== '')) seen.push(type);
      },
      true,
    );
  }
}

test('the core what-if with the keyboard alone: search, place, Save and calculate, read the turnover', async () => {
  const name = 'Korenbloem Amersfoort Toetsenbord';
  await asPlanner(
    `z=12&c=${GRONINGEN}`,
    async ({ api, model, page, t }) => {
      await newLocationEnabled(page, t('newLocation'));
      // From here on the planner uses the keyboard only.
      await page.evaluate(() => ((window as unknown as { pointerEvents: string[] }).pointerEvents.length = 0));

      // 1. Search Amersfoort and go there.
      await tabTo(page, t('skipToToolbar'));
      await page.keyboard.press('Enter');
      await tabTo(page, t('searchButtonLabel'));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
      await page.keyboard.type('Amersfoort');
      await page.getByRole('list', { name: t('searchResults'), exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      assert.match(await focusedName(page), /^Amersfoort/);
      await page.keyboard.press('Enter');
      await mapIdle(page);
      await page.waitForFunction(() => {
        const c = (window as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center;
        return Math.abs(c[0] - 5.39) < 0.1 && Math.abs(c[1] - 52.16) < 0.1;
      });

      // 2. New location at the crosshair, a little east of the centre.
      await tabTo(page, t('newLocation'), { back: true });
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.classList.contains('map') ?? false);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await mapIdle(page);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('newLocation') });
      await dialog.waitFor();

      // 3. Name and group, then Save and calculate.
      await tabTo(page, t('locationName'));
      await page.keyboard.type(name);
      await tabTo(page, t('locationGroup'), { max: 3 });
      await page.keyboard.type('Korenbloem');
      assert.is(
        await dialog.getByRole('combobox', { name: t('locationGroup'), exact: true }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text),
        'Korenbloem',
      );
      await tabTo(page, t('saveAndCalculate'), { max: 80 });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });

      // 4. The turnover and the impact, as the API has them.
      const drawer = page.getByRole('complementary', { name: t('outputDrawer'), exact: true });
      await drawer.getByRole('region', { name: t('impactTitle'), exact: true }).waitFor({ timeout: 90_000 });
      const scenario = (await api.scenarios(model.id)).find((s) => s.name === name)!;
      assert.ok(scenario, 'the what-if went into a new scenario named like the store');
      assert.is(scenario.status, 9);
      const store = (await api.locations(scenario.id)).find((l) => l.name === name)!;
      const [submodel] = await api.call<{ id: number }[]>('submodels', { modelId: model.id });
      const differences = await api.call<{ locations: { locationID: number; output: number }[] }>('scenarioDifferences', {
        submodelId: submodel!.id,
        scenarioId: scenario.id,
      });
      const own = differences.locations.find((d) => d.locationID === store.id)!;
      assert.ok(own.output > 0);
      const shown = drawer.getByTestId('output-value');
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="output-value"]')?.textContent ?? ''));
      assert.is((await shown.textContent())!.replace(/\D/g, ''), String(Math.round(own.output)), 'the turnover shown is the calculated one');
      // The skip link takes the keyboard to the output drawer, where the figure is read.
      await tabTo(page, t('skipToOutputDrawer'), { back: true, max: 120 });
      await page.keyboard.press('Enter');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.drawer-right')), 'the focus is in the output drawer');

      const pointer = await page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents);
      assert.equal(pointer, [], 'no pointer or mouse event during the what-if');
    },
    recordPointerEvents,
  );
});

test.run();
