// Outlines in Debian's Chromium at two views a hair apart, one where the plain width in path units
// rounds above one device pixel: both are drawn as the same hairlines (the plain width sent the first
// through Skia's full stroker: a different line, and two to three times the cost). And a restyle to wider
// outlines (styles change without a new revision) draws them as a new renderer does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

test('outlines look the same at two views a hair apart where the plain width rounds above one pixel', async () => {
  const page = await openPage(env.browser, `${env.server.url}/?case=polygons`);
  await waitForIdle(page);
  const r = await page.evaluate(() =>
    (
      globalThis as unknown as { __compareOutlinesNearZoom: () => { zoom: number; differingBytes: number; maxDifference: number; painted: number } }
    ).__compareOutlinesNearZoom(),
  );
  await page.context().close();
  assert.ok(r.zoom > 0, 'a zoom where the plain width rounds above one pixel was found');
  assert.ok(r.painted > 5000, `outlines were drawn (${r.painted} pixels)`);
  assert.ok(r.maxDifference <= 2, `no pixel differs by more than two levels (zoom ${r.zoom}: ${r.differingBytes} bytes, up to ${r.maxDifference})`);
});

test('a restyle to wider outlines draws them as wide as a new renderer does', async () => {
  const page = await openPage(env.browser, `${env.server.url}/?case=polygons`);
  await waitForIdle(page);
  const r = await page.evaluate(() =>
    (globalThis as unknown as { __compareRestyle: () => { againstFresh: number; againstBefore: number } }).__compareRestyle(),
  );
  await page.context().close();
  assert.ok(r.againstBefore > 10000, `the restyle changed the picture (${r.againstBefore} bytes)`);
  assert.is(r.againstFresh, 0, 'the kept renderer draws what a new one draws');
});

test.run();
