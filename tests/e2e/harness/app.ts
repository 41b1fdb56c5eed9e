// The planner app as a test sees it: its texts (the app's own catalogues, so
// a test finds a control by the name a user of that language reads) and the
// map, reached through the `window.locusMap` the app exposes for tests and
// benchmarks (the map-canvas map: setView, project).
import { networkQuiet } from './browser.js';
import type { Page, Route } from 'playwright-core';
import type { Model } from '@locus/contract';
import { textIn, type Lang, type TextKey } from '../../../packages/planner-app/src/i18n/index.js';

/** The text of a key in a language, placeholders filled, as the app shows it. */
export function texts(lang: Lang) {
  return (key: TextKey, vars?: Record<string, string | number>) => textIn(lang, key, vars);
}

/** Escapes a text for use in a RegExp. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The app's read of the models list (one matcher, so a later showModelAs replaces the earlier). */
const modelsRead = (url: URL) => url.pathname === '/api/models';

/**
 * Shows a model to this page as if it were stored with `change` applied: the
 * app's models read is answered with the server's list, that one model
 * changed. The interface language follows the model's language, so
 * `{ language: 'en' }` shows a Dutch model with the English interface (the
 * model's own data, titles and figures stay as they are), and a report format
 * set to null shows the default report layout. Replaces an earlier change of
 * this page; it applies from the next load of the app (sign-in or reload).
 */
export async function showModelAs(page: Page, modelId: number, change: Partial<Model>): Promise<void> {
  await page.unroute(modelsRead);
  await page.route(modelsRead, async (route: Route) => {
    const response = await route.fetch();
    const list = (await response.json()) as Model[];
    if (!list.some((m) => m.id === modelId)) throw new Error(`showModelAs: no model ${modelId} in the models read`);
    await route.fulfill({ response, json: list.map((m) => (m.id === modelId ? { ...m, ...change } : m)) });
  });
}

/** Waits until the app has drawn the map with its locations (the app's 'locus:first-map-frame' mark). */
export async function waitForMap(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('locus:first-map-frame').length > 0 && 'locusMap' in window, null, { timeout: 60_000 });
}

/**
 * Moves the map to a point and zoom (as a pan and zoom by the user would) and
 * waits until the view has settled: the address follows and the map's
 * keyboard list of icons has been updated.
 */
export async function centreMap(page: Page, lon: number, lat: number, zoom = 15): Promise<void> {
  await page.evaluate(
    async ({ lon, lat, zoom }) => {
      const map = (
        window as unknown as { locusMap: { setView(v: { center: [number, number]; zoom: number }): void; on(e: string, f: () => void): () => void } }
      ).locusMap;
      await new Promise<void>((resolve) => {
        const off = map.on('moveend', () => {
          off();
          resolve();
        });
        map.setView({ center: [lon, lat], zoom });
        setTimeout(resolve, 3_000);
      });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    },
    { lon, lat, zoom },
  );
}

/** The page coordinates of a longitude and latitude on the map. */
export async function pointOf(page: Page, lon: number, lat: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    async ({ lon, lat }) => {
      const map = (window as unknown as { locusMap: { project(p: [number, number]): [number, number]; container: HTMLElement; whenIdle(): Promise<void> } })
        .locusMap;
      // A fit after a save may still be moving the map (slowly on a busy machine): the point is where the
      // map comes to rest, as a user would click it.
      await Promise.race([map.whenIdle(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      const [x, y] = map.project([lon, lat]);
      const box = map.container.getBoundingClientRect();
      return { x: box.left + x, y: box.top + y };
    },
    { lon, lat },
  );
}

/** How many catchments the map has drawn so far (the app marks each one); pass it to catchmentDrawn. */
export function catchmentsDrawn(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('locus:catchment-drawn').length);
}

/**
 * Waits until the map has drawn a catchment after the `after`-th one (0: any), then until the map
 * rests: a selection frames its catchment once drawn, and the next step starts from that view.
 */
export async function catchmentDrawn(page: Page, after = 0): Promise<void> {
  await page.waitForFunction((n) => performance.getEntriesByName('locus:catchment-drawn').length > n, after, { timeout: 30_000 });
  await page.evaluate(() => (window as unknown as { locusMap: { whenIdle(): Promise<void> } }).locusMap.whenIdle());
  await mapIdle(page);
}

/**
 * Before a screenshot: waits until nothing loads any more and the map has every tile of its view
 * drawn, and puts the mouse where it hovers nothing (no hover card, no tooltip).
 */
export async function settleForShot(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.evaluate(() => (window as unknown as { locusMap: { whenIdle(): Promise<void> } }).locusMap.whenIdle());
  await page.mouse.move(720, 36);
  await page.waitForTimeout(400);
  await mapIdle(page);
}

/** Waits for the map to have drawn a frame after the last change (icons restyled, selection drawn). */
export async function mapIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 250)))));
}

/**
 * Records every text the scenario status chip shows from now on, so a test
 * can see the progress it went through (the chip changes faster than polling it).
 */
export async function recordChipTexts(page: Page): Promise<() => Promise<string[]>> {
  // A string, so the test's TypeScript transform adds no helpers the page lacks.
  await page.evaluate(`(() => {
    window.__chipTexts = [];
    const note = () => {
      const text = document.querySelector('.toolbar .status-chip[role=status]')?.textContent?.trim();
      if (text && window.__chipTexts[window.__chipTexts.length - 1] !== text) window.__chipTexts.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  return () => page.evaluate(() => (window as unknown as { __chipTexts: string[] }).__chipTexts);
}

/** Answers the open yes/no question whose text contains `text` with the button named `button`. */
export async function answerQuestion(page: Page, text: string, button: string): Promise<void> {
  const question = page.getByRole('dialog').filter({ hasText: text });
  await question.waitFor();
  await question.getByRole('button', { name: button, exact: true }).click();
  await question.waitFor({ state: 'hidden' });
}
