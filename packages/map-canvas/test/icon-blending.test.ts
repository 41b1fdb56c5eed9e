// Icons in Debian's Chromium: the renderer's own blending of many icons (with icons hidden under
// others skipped) gives the picture that canvas blits of every icon give, and skipping the sprite rows
// known to fall on opaque pixels gives exactly the picture of visiting every pixel.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

for (const pixelRatio of [1, 2]) {
  test(`3000 piled-up icons blended by the renderer equal canvas blits of every icon (pixel ratio ${pixelRatio})`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      (pr) =>
        (
          globalThis as unknown as {
            __compareIconStrategies: (pr: number) => {
              maxDifference: number;
              painted: number;
              hidden: number;
              icons: number;
              skippedRows: number;
              everyRowSkipped: number;
              bitsDifferingBytes: number;
            };
          }
        ).__compareIconStrategies(pr),
      pixelRatio,
    );
    await page.context().close();
    assert.ok(result.painted > 1000, `icons were drawn (${result.painted} pixels)`);
    assert.ok(result.hidden > 100, `icons hidden under others were skipped (${result.hidden} of ${result.icons})`);
    // Rounding of the blend may differ from the canvas's by a level or two, never more.
    assert.ok(result.maxDifference <= 4, `largest channel difference ${result.maxDifference}`);
    // Rows skipped by the bits of pixels known to be opaque change nothing: the same pixels, bit for
    // bit, as visiting every pixel of every row.
    assert.ok(result.skippedRows > 1000, `sprite rows skipped as known to fall on opaque pixels: ${result.skippedRows}`);
    assert.is(result.everyRowSkipped, 0);
    assert.is(result.bitsDifferingBytes, 0);
  });
}

test.run();
