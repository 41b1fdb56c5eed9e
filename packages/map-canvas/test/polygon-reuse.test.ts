// Polygons in Debian's Chromium: a frame that repeats the last one's view and polygons draws the layer
// image kept for it, and that looks like the polygons drawn straight onto the map.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { launchChromium, openPage, waitForIdle } from './support/chromium.js';
import { startTestServer } from './support/test-server.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

test.before(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

for (const pixelRatio of [1, 2]) {
  test(`a repeated view draws the kept polygon image, equal to drawing the polygons (pixel ratio ${pixelRatio})`, async () => {
    const page = await openPage(browser, `${server.url}/?case=polygons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      (pr) =>
        (globalThis as unknown as { __comparePolygonReuse: (pr: number) => { maxDifference: number; changed: number; differsFromReused: number; reusedFrames: number } }).__comparePolygonReuse(pr),
      pixelRatio,
    );
    await page.context().close();
    assert.ok(result.changed > 10000 * pixelRatio * pixelRatio, `polygons were drawn (${result.changed} pixels)`);
    assert.is(result.reusedFrames, 1, 'the third frame only drew the kept image');
    assert.is(result.differsFromReused, 0, 'the frame that kept the image and the one that reused it are the same');
    // The image holds the overlapping translucent polygons in 8-bit premultiplied values, so it rounds
    // differently from drawing each polygon over the map: a few levels at most, never more.
    assert.ok(result.maxDifference <= 4, `largest channel difference ${result.maxDifference}`);
  });
}

test.run();
