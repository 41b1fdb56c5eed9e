// The pixel arithmetic of the icon blend: a pixel drawn beneath another is source-over of the upper on
// the lower, each channel the alpha-weighted mean rounded to 8 bits. The renderer computes the case of
// an opaque lower pixel without a division; it must give the general formula's value everywhere.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { beneath } from '../src/layers/icons/icon-renderer.js';

/** Source-over of `over` (alpha ao) on `under` (alpha au), not premultiplied: each channel weighted by
 * what of each layer shows, rounded half up; the alpha the sum of the weights over 255. */
function reference(o: number[], ao: number, u: number[], au: number): number[] {
  const wo = ao * 255,
    wu = au * (255 - ao),
    total = wo + wu;
  const channel = (a: number, b: number) => Math.floor((a * wo + b * wu + Math.floor(total / 2)) / total);
  return [channel(o[0], u[0]), channel(o[1], u[1]), channel(o[2], u[2]), Math.floor((total + 127) / 255)];
}

const pack = (c: number[], a: number) => ((a << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0;
const unpack = (p: number) => [p & 255, (p >>> 8) & 255, (p >>> 16) & 255, p >>> 24];

test('a pixel beneath an opaque one: every alpha and channel pair equals the general formula', () => {
  let checked = 0;
  for (let ao = 1; ao < 255; ao++) {
    const wo = ao * 255,
      wu = 255 * (255 - ao);
    for (let o = 0; o < 256; o++) {
      // The three channels carry different pairs, so that a mixed-up channel shows.
      const o1 = 255 - o,
        o2 = (o * 7) & 255;
      const over = ((ao << 24) | (o2 << 16) | (o1 << 8) | o) >>> 0;
      for (let u = 0; u < 256; u++) {
        const u1 = (u * 13) & 255,
          u2 = 255 - u;
        const got = beneath(over, (0xff000000 | (u2 << 16) | (u1 << 8) | u) >>> 0);
        // The general formula (as in reference()), inline: 16.6 million pixels.
        const r = Math.floor((o * wo + u * wu + 32512) / 65025),
          g = Math.floor((o1 * wo + u1 * wu + 32512) / 65025),
          b = Math.floor((o2 * wo + u2 * wu + 32512) / 65025);
        if (got !== (0xff000000 | (b << 16) | (g << 8) | r) >>> 0)
          assert.unreachable(`ao ${ao}, over ${[o, o1, o2]}, under ${[u, u1, u2]}: ${unpack(got)} against ${[r, g, b, 255]}`);
        checked++;
      }
    }
  }
  assert.is(checked, 254 * 256 * 256);
  // The inline formula is reference()'s.
  assert.equal(reference([10, 20, 30], 77, [200, 100, 0], 255), [
    Math.floor((10 * 77 * 255 + 200 * 178 * 255 + 32512) / 65025),
    Math.floor((20 * 77 * 255 + 100 * 178 * 255 + 32512) / 65025),
    Math.floor((30 * 77 * 255 + 32512) / 65025),
    255,
  ]);
});

test('a pixel beneath a translucent one keeps the general formula', () => {
  for (let ao = 1; ao < 255; ao += 3) {
    for (let au = 1; au < 255; au += 5) {
      for (const [oc, uc] of [
        [
          [255, 0, 30],
          [0, 200, 255],
        ],
        [
          [12, 99, 250],
          [250, 1, 128],
        ],
      ]) {
        assert.equal(unpack(beneath(pack(oc, ao), pack(uc, au))), reference(oc, ao, uc, au), `ao ${ao}, au ${au}`);
      }
    }
  }
});

test.run();
