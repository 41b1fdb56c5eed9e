// A layer's box drawn from its canvas in Debian's Chromium (drawBox: the whole canvas under a clip):
// pixels outside the box stay as they were although the canvas holds pixels there, and inside it every
// pixel is the one the whole canvas gives, at alpha 1 and below (a source rectangle rounds differently
// below alpha 1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage } from './support/chromium.js';

const env = chromiumSuite(test);

for (const alpha of [1, 0.75, 0.5]) {
  test(`a box drawn at alpha ${alpha} changes only the box, to the pixels of the whole canvas`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    const result = await page.evaluate(
      (a) =>
        (
          globalThis as unknown as { __compareDrawBox: (a: number) => { outsideChanged: number; insideDiffer: number; insideChanged: number } }
        ).__compareDrawBox(a),
      alpha,
    );
    await page.context().close();
    assert.ok(result.insideChanged > 10_000, `the box was drawn (${result.insideChanged} bytes changed)`);
    assert.is(result.outsideChanged, 0, 'nothing outside the box');
    assert.is(result.insideDiffer, 0, 'inside, the pixels of the whole canvas');
  });
}

test.run();
