// Occlusion: which rings lie entirely under opaque pixels of a layer above (and so need not be drawn).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OpaqueMask, coversRings } from '../src/layer-base/occlusion.js';
import type { Affine } from '../src/geo/affine.js';
import { firstUnset, lastUnset, setAll } from '../src/layer-base/pixel-bits.js';

const W = 64,
  H = 48;

/** A mask whose opaque pixels are those whose centre lies in the disc, plus one translucent pixel. */
function discMask(cx: number, cy: number, radius: number, translucent: [number, number] | null = null): OpaqueMask {
  const pixels = new Int32Array(W * H);
  const rowFirst = new Int32Array(H).fill(W),
    rowLast = new Int32Array(H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > radius * radius) continue;
      pixels[y * W + x] = 0xff2050a0 | 0;
      rowFirst[y] = Math.min(rowFirst[y], x);
      rowLast[y] = Math.max(rowLast[y], x + 1);
    }
  }
  if (translucent) pixels[translucent[1] * W + translucent[0]] = 0xfe2050a0 | 0;
  return new OpaqueMask(pixels, W, H, rowFirst, rowLast);
}

/** A closed ring (first point repeated) of points around (cx, cy); world units are device px here. */
function ring(points: [number, number][]): Float64Array {
  return new Float64Array([...points, points[0]].flat());
}
const identity: Affine = [1, 0, 0, 1, 0, 0];

test('a ring well inside the opaque disc is covered; one reaching past its edge is not', () => {
  const mask = discMask(32, 24, 14);
  const inside = ring([
    [28, 20],
    [36, 21],
    [35, 28],
    [29, 27],
  ]);
  assert.ok(coversRings([mask], identity, [inside], 2));
  const across = ring([
    [28, 20],
    [47, 21],
    [35, 28],
    [29, 27],
  ]);
  assert.not.ok(coversRings([mask], identity, [across], 2));
});

test('the margin (stroke and antialiasing) must be covered too', () => {
  const mask = discMask(32, 24, 10);
  // Pixels 26..37 by 18..29 with margin 0; the disc's edge lies about 2 px beyond at the sides.
  const square = ring([
    [27, 19],
    [37, 19],
    [37, 29],
    [27, 29],
  ]);
  assert.ok(coversRings([mask], identity, [square], 0));
  assert.not.ok(coversRings([mask], identity, [square], 4));
});

test('a single translucent pixel under the ring keeps it drawn', () => {
  const square = ring([
    [28, 20],
    [36, 20],
    [36, 28],
    [28, 28],
  ]);
  assert.ok(coversRings([discMask(32, 24, 14)], identity, [square], 1));
  assert.not.ok(coversRings([discMask(32, 24, 14, [32, 24])], identity, [square], 1));
});

test('row by row: a diagonal ring under a diagonal band is covered though its box is not', () => {
  const pixels = new Int32Array(W * H);
  const rowFirst = new Int32Array(H).fill(W),
    rowLast = new Int32Array(H);
  for (let y = 0; y < H; y++) {
    for (let x = Math.max(0, y - 4); x < Math.min(W, y + 6); x++) pixels[y * W + x] = 0xff000000 | 0;
    rowFirst[y] = Math.max(0, y - 4);
    rowLast[y] = Math.min(W, y + 6);
  }
  const mask = new OpaqueMask(pixels, W, H, rowFirst, rowLast);
  const thin = ring([
    [10, 10],
    [11, 10],
    [31, 30],
    [30, 31],
    [10, 11],
  ]);
  assert.ok(coversRings([mask], identity, [thin], 1));
  // Moved off the band by a few pixels, it is not.
  const off = ring([
    [16, 10],
    [17, 10],
    [37, 30],
    [36, 31],
    [16, 11],
  ]);
  assert.not.ok(coversRings([mask], identity, [off], 1));
});

test('pixels off the canvas count as covered; the transform places the ring', () => {
  const mask = discMask(4, 4, 12);
  // Partly beyond the top-left corner: only the on-canvas part must be opaque.
  assert.ok(
    coversRings(
      [mask],
      identity,
      [
        ring([
          [-6, -6],
          [3, -6],
          [3, 3],
          [-6, 3],
        ]),
      ],
      1,
    ),
  );
  // World units scaled by 10 and moved: the same square lands far from the disc.
  const scaled: Affine = [10, 0, 0, 10, 20, 20];
  assert.not.ok(
    coversRings(
      [mask],
      scaled,
      [
        ring([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ],
      1,
    ),
  );
});

test('with two layers above, each row may be covered by either', () => {
  const upper = discMask(32, 14, 10),
    lower = discMask(32, 32, 10);
  // A tall narrow ring: its upper rows lie in one disc, its lower rows in the other.
  const tall = ring([
    [31, 8],
    [33, 8],
    [33, 38],
    [31, 38],
  ]);
  assert.not.ok(coversRings([upper], identity, [tall], 1));
  assert.not.ok(coversRings([lower], identity, [tall], 1));
  assert.ok(coversRings([upper, lower], identity, [tall], 1));
  // Wider, its middle rows reach past both discs.
  const wide = ring([
    [25, 8],
    [39, 8],
    [39, 38],
    [25, 38],
  ]);
  assert.not.ok(coversRings([upper, lower], identity, [wide], 1));
});

test('bits of pixels known to be opaque answer rows as the pixels do, also where they mark only some', () => {
  const opaque = discMask(30, 22, 17, [30, 22]);
  const words = Math.ceil(W / 32);
  // Bits for the opaque pixels of every other row, and of the others only the left half of each run
  // (the rest is found in the pixels).
  const bits = new Int32Array(words * H);
  for (let y = 0; y < H; y++) {
    for (let x = opaque.rowFirst[y]; x < opaque.rowLast[y]; x++) {
      if (opaque.pixels[y * W + x] >> 24 !== -1) continue;
      if (y % 2 === 0 || x < (opaque.rowFirst[y] + opaque.rowLast[y]) / 2) bits[y * words + (x >> 5)] |= 1 << (x & 31);
    }
  }
  const marked = new OpaqueMask(opaque.pixels, W, H, opaque.rowFirst, opaque.rowLast, bits, words);
  let covered = 0,
    compared = 0;
  for (let y = -1; y <= H; y++) {
    for (let x0 = -2; x0 < W + 2; x0 += 3) {
      for (let x1 = x0; x1 < W + 3; x1 += 5) {
        assert.is(marked.coversRow(y, x0, x1), opaque.coversRow(y, x0, x1), `row ${y}, columns ${x0} to ${x1}`);
        if (opaque.coversRow(y, x0, x1) && x1 > x0 && y >= 0 && y < H) covered++;
        compared++;
      }
    }
  }
  assert.ok(covered > 100 && covered < compared / 2, `${covered} of ${compared} spans covered`);
});

test('spans of bits: set, first and last clear bit, across word boundaries', () => {
  const bits = new Int32Array(3 * 4);
  const row = 4;
  setAll(bits, row, 5, 70);
  for (let x = 0; x < 96; x++) assert.is((bits[row + (x >> 5)] >>> (x & 31)) & 1, x >= 5 && x <= 70 ? 1 : 0, `bit ${x}`);
  assert.is(bits[0] | bits[1] | bits[2] | bits[3] | bits[8] | bits[9] | bits[10] | bits[11], 0, 'other rows untouched');
  assert.is(firstUnset(bits, row, 5, 70), -1);
  assert.is(firstUnset(bits, row, 0, 70), 0);
  assert.is(firstUnset(bits, row, 31, 71), 71);
  assert.is(firstUnset(bits, row, 33, 90), 71);
  assert.is(lastUnset(bits, row, 71, 95), 95);
  assert.is(lastUnset(bits, row, 2, 60), 4);
  setAll(bits, row, 31, 31);
  setAll(bits, row, 71, 95);
  assert.is(firstUnset(bits, row, 5, 95), -1);
  assert.is(firstUnset(bits, row, 0, 95), 0);
  assert.is(lastUnset(bits, row, 0, 95), 4);
});

test.run();
