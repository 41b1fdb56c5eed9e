// Icons in Debian's Chromium: the renderer's own blending of many icons (with icons hidden under
// others skipped) gives the picture that canvas blits of every icon give.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

for (const pixelRatio of [1, 2]) {
  test(`3000 piled-up icons blended by the renderer equal canvas blits of every icon (pixel ratio ${pixelRatio})`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      (pr) => (globalThis as unknown as { __compareIconStrategies: (pr: number) => { maxDifference: number; painted: number; hidden: number; icons: number } }).__compareIconStrategies(pr),
      pixelRatio,
    );
    await page.context().close();
    assert.ok(result.painted > 1000, `icons were drawn (${result.painted} pixels)`);
    assert.ok(result.hidden > 100, `icons hidden under others were skipped (${result.hidden} of ${result.icons})`);
    // Rounding of the blend may differ from the canvas's by a level or two, never more.
    assert.ok(result.maxDifference <= 4, `largest channel difference ${result.maxDifference}`);
  });
}

test.run();
