// Occlusion: device pixels that a layer higher up paints fully opaque. A layer drawn beneath may skip
// a feature whose every pixel lies under them: source-over of an opaque pixel replaces what is under
// it, so the frame is the same pixel for pixel, without drawing what would never show. Zoomed out,
// most catchment areas lie under their own store's icon.
import type { Affine } from '../geo/affine.js';
import { firstUnset } from './pixel-bits.js';

/** The pixels of a layer's picture (packed RGBA as ImageData holds them, as signed 32-bit values: alpha
 * in the top byte, opaque pixels negative) and, per row, the columns [first, last) outside which the
 * row is transparent. */
export class OpaqueMask {
  constructor(
    readonly pixels: Int32Array,
    readonly width: number,
    readonly height: number,
    readonly rowFirst: Int32Array,
    readonly rowLast: Int32Array,
    /** Optionally, a bit per pixel (32 to a word, bit x % 32 of word x / 32 in rows of `words` words)
     * set for some of the opaque pixels and no other: read 32 at a time, they tell a layer beneath which
     * pixels it may leave out without looking at the pixels. */
    readonly bits: Int32Array | null = null,
    readonly words = 0,
  ) {}

  /** Whether the pixels [x0, x1) of row y are all opaque (pixels off the canvas count as covered: they
   * are never drawn). */
  coversRow(y: number, x0: number, x1: number): boolean {
    // Read before any branch: a property first read in a rare branch of optimised code has no type
    // feedback and sends the caller back to the interpreter.
    const width = this.width;
    if (y < 0 || y >= this.height) return true;
    if (x0 < 0) x0 = 0;
    if (x1 > width) x1 = width;
    if (x1 <= x0) return true;
    if (this.rowFirst[y] > x0 || this.rowLast[y] < x1) return false;
    // Pixels known to be opaque answer a word at a time; the pixels themselves from the first that is
    // not known.
    if (this.bits !== null) {
      x0 = firstUnset(this.bits, y * this.words, x0, x1 - 1);
      if (x0 < 0) return true;
    }
    const pixels = this.pixels;
    for (let p = y * this.width + x0, end = p + x1 - x0; p < end; p++) if (pixels[p] >> 24 !== -1) return false;
    return true;
  }
}

/** The opaque pixels of the layers above one layer. */
export type Occlusion = readonly OpaqueMask[];

function coveredRow(occlusion: Occlusion, y: number, x0: number, x1: number): boolean {
  for (let k = 0; k < occlusion.length; k++) if (occlusion[k].coversRow(y, x0, x1)) return true;
  return false;
}

/** Per device row, the leftmost and rightmost x of the rings within that row (kept between calls; room
 * for a polygon as tall as a big screen from the start, so growing it stays rare). */
let rowMin = new Float64Array(4096),
  rowMax = new Float64Array(4096);

/** Whether every device pixel that rings (world coordinates, [x0, y0, x1, y1, ...] each; filled and
 * outlined) can touch is covered, when drawn through `toDevice` (world to device px). Row by row: the
 * rings' extent within the row, widened by `margin` device px on every side (half the stroke, the
 * antialiasing). */
export function coversRings(occlusion: Occlusion, toDevice: Affine, rings: readonly Float64Array[], margin: number): boolean {
  const a = toDevice[0],
    b = toDevice[1],
    c = toDevice[2],
    d = toDevice[3],
    e = toDevice[4],
    f = toDevice[5];
  // First a few vertices, each a pixel the rings touch: most rings that are not covered fail here.
  const first = rings[0];
  for (let k = 0, step = 2 * Math.max(1, Math.floor(first.length / 6)); k < first.length; k += step) {
    const x = Math.floor(a * first[k] + c * first[k + 1] + e),
      y = Math.floor(b * first[k] + d * first[k + 1] + f);
    if (!coveredRow(occlusion, y, x, x + 1)) return false;
  }
  let left = Infinity,
    right = -Infinity,
    top = Infinity,
    bottom = -Infinity;
  for (let r = 0; r < rings.length; r++) {
    const ring = rings[r];
    for (let k = 1; k < ring.length; k += 2) {
      const x = a * ring[k - 1] + c * ring[k] + e,
        y = b * ring[k - 1] + d * ring[k] + f;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (!(bottom >= top)) return true;
  // Then the whole box: small rings under an icon usually lie within its opaque body.
  const x0 = (Math.floor(left) | 0) - margin,
    x1 = (Math.ceil(right) | 0) + margin;
  let boxCovered = true;
  for (let y = Math.floor(top) - margin, end = Math.floor(bottom) + 1 + margin; y < end; y++) {
    if (!coveredRow(occlusion, y, x0, x1)) {
      boxCovered = false;
      break;
    }
  }
  if (boxCovered) return true;
  // Otherwise row by row, within the rings' extent in each row.
  const r0 = Math.floor(top),
    rows = Math.floor(bottom) - r0 + 1;
  if (rowMin.length < rows) {
    rowMin = new Float64Array(2 * rows);
    rowMax = new Float64Array(2 * rows);
  }
  for (let i = 0; i < rows; i++) {
    rowMin[i] = Infinity;
    rowMax[i] = -Infinity;
  }
  // Each edge clipped to the rows it crosses: the x where it enters and leaves a row bound the row.
  for (let r = 0; r < rings.length; r++) {
    const ring = rings[r],
      n = ring.length;
    let px = a * ring[n - 2] + c * ring[n - 1] + e,
      py = b * ring[n - 2] + d * ring[n - 1] + f;
    for (let k = 0; k < n; k += 2) {
      const qx = a * ring[k] + c * ring[k + 1] + e,
        qy = b * ring[k] + d * ring[k + 1] + f;
      const y0 = py < qy ? py : qy,
        y1 = py < qy ? qy : py;
      const slope = qy !== py ? (qx - px) / (qy - py) : 0;
      for (let row = Math.floor(y0), last = Math.floor(y1); row <= last; row++) {
        let xa = px,
          xb = qx;
        if (qy !== py) {
          xa = px + ((row > y0 ? row : y0) - py) * slope;
          xb = px + ((row + 1 < y1 ? row + 1 : y1) - py) * slope;
        }
        const i = row - r0;
        const lo = xa < xb ? xa : xb,
          hi = xa < xb ? xb : xa;
        if (lo < rowMin[i]) rowMin[i] = lo;
        if (hi > rowMax[i]) rowMax[i] = hi;
      }
      px = qx;
      py = qy;
    }
  }
  // Device row y can be touched by the rings' rows within `margin` of it.
  for (let y = r0 - margin, end = r0 + rows + margin; y < end; y++) {
    let lo = Infinity,
      hi = -Infinity;
    for (let i = Math.max(0, y - margin - r0), last = Math.min(rows - 1, y + margin - r0); i <= last; i++) {
      if (rowMin[i] < lo) lo = rowMin[i];
      if (rowMax[i] > hi) hi = rowMax[i];
    }
    // `| 0`: whole pixels near the screen; Math.ceil of a value in (-1, 0) is -0, which optimised code
    // that assumed integers would have to leave.
    if (hi >= lo && !coveredRow(occlusion, y, (Math.floor(lo) | 0) - margin, (Math.ceil(hi) | 0) + margin)) return false;
  }
  return true;
}
