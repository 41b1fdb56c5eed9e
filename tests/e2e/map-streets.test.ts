// The street basemap in the app, as an offline install runs it: Locus serves a
// PMTiles archive of its own (BASEMAP_PMTILES, range requests) and the map
// draws its streets, water, buildings and labels under the stores, with the
// archive's credit line. Goldens in Dutch and English at zooms 7 (below the archive's first level: the
// built-in basemap alone), 12 and 15.
// The archive is the made-up town of the map package's tests (around
// Amsterdam's centre), written by this test; nothing reaches the internet.
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { townArchive } from '../../packages/map-canvas/test/support/mvt-fixtures.js';
import {
  apiAs,
  baseScenario,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  newContext,
  showModelAs,
  settleForShot,
  signIn,
  startServer,
  texts,
  waitForMap,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('map streets');
/** The town's centre. */
const TOWN: [number, number] = [4.9, 52.372];
const ATTRIBUTION = '© OpenStreetMap contributors';
let server: LocusServer;
let browser: Browser;
let folder: string;

test.before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'locus-streets-'));
  const archive = join(folder, 'town.pmtiles');
  // From zoom 10: the made-up town's tiles cover their whole square with land, which at national zoom
  // would paint over the North Sea; there the built-in basemap shows, as below an archive's first level.
  writeFileSync(archive, townArchive('protomaps', 10, 15));
  [server, browser] = await Promise.all([startServer({ env: { BASEMAP: 'streets', BASEMAP_PMTILES: archive } }), launchBrowser()]);
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

for (const lang of ['nl', 'en'] as const) {
  test(`streets from the server's own archive at zooms 7, 12 and 15 (${lang})`, async () => {
    const api = await apiAs(server, 'planner');
    const model = (await api.models()).find((m) => m.language === 'nl')!;
    const base = baseScenario(await api.scenarios(model.id));
    const t = texts(lang);
    const context = await newContext(browser, { locale: lang === 'nl' ? 'nl-NL' : 'en-GB' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const ranges: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/basemap/streets.pmtiles') ranges.push(r.headers()['range'] ?? '');
    });
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      if (lang === 'en') await showModelAs(page, model.id, { language: 'en' });
      await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
      for (const zoom of [7, 12, 15]) {
        await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}&z=${zoom}&c=${TOWN.join(',')}&b=0&p=0`);
        await waitForMap(page);
        await settleForShot(page);
        if (zoom >= 12) {
          // The credit line of the archive while its streets are shown.
          await page.getByText(ATTRIBUTION, { exact: false }).first().waitFor();
        } else {
          // Below the archive's first level (its header says 10) no street is drawn, and no credit shown.
          await page.getByText(ATTRIBUTION, { exact: false }).first().waitFor({ state: 'hidden' });
        }
        await expectScreenshot(page, `streets-z${zoom}-${lang}`, { mask: [page.getByRole('banner')] });
      }
      // The archive was read in ranges from this server, never whole.
      assert.ok(ranges.length > 0, 'the archive was read');
      assert.ok(
        ranges.every((r) => /^bytes=\d+-\d+$/.test(r)),
        `every read is a range request: ${ranges.slice(0, 5).join(', ')}`,
      );
      await expectNoAxeViolations(page, `the main screen with streets (${lang})`);
      assert.ok(await page.getByRole('button', { name: t('newLocation'), exact: true }).isVisible());
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  });
}

test.run();
