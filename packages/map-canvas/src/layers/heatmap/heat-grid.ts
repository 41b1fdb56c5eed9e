// The heat map's intensity grid: weighted points splatted onto a lattice fixed to the world (not to the
// screen) and blurred by three box blurs. The lattice depends only on the zoom (in quarter-level steps)
// and the kernel, so one grid, computed for the view and a margin around it, is reused while the view
// pans and zooms inside it; it is recomputed only when the view leaves it or the lattice changes.
//
// Everything is in exact integer arithmetic (fixed-point weights and positions, sums held in float64
// far below 2^53), so a cell's value does not depend on which region the grid was computed for: a frame
// drawn from a reused grid equals the frame drawn from a fresh one, bit for bit.
import type { Affine } from '../../geo/affine.js';
import type { PixelBox } from '../../layer-base/canvas.js';
import { rowWords } from '../../layer-base/pixel-bits.js';
import { boxRadiiForGaussian, boxSum3x3, boxSumColumns, boxSumRows, blurPeak } from './blur.js';

/** Fixed-point scale of a weight of 1 (weights are 0..1 after dividing by 255). */
export const WEIGHT_ONE = 1024;
/** Sub-cell steps of a point's position (per axis) in the bilinear splat. */
export const SUBCELL = 16;
/** Upper bound of lattice cells over the screen; the cell grows on big screens to stay inside it. */
export const MAX_CELLS = 110_000;
/** Share of the needed region's size added on each side when a grid is computed, so pans and zooming
 * out reuse it. */
export const GRID_MARGIN = 0.15;
/** The margin while zooming in: the view shrinks inside the grid until the lattice changes (every quarter
 * zoom level), so only a small pan needs room. A grid's cells do not depend on its region, so the margin
 * changes what is computed when, never a pixel. */
export const ZOOM_IN_GRID_MARGIN = 0.04;

export interface HeatLattice {
  /** The cell edge in world units is 2^(level / 4). */
  level: number;
  cell: number;
  /** Box half-widths of the three blur passes, in cells. */
  radii: [number, number, number];
}

/** The lattice for a view: cells of about a sixth of the kernel radius (1 to 8 CSS px, at most an
 * eighth of the radius so the blur stays short), coarser on big screens, rounded up to a quarter zoom
 * level so that nearby zooms share one lattice. */
export function heatLattice(radiusWorld: number, scale: number, screen: { width: number; height: number }): HeatLattice {
  const radiusPx = radiusWorld * scale;
  const cellPx = Math.max(1, Math.min(8, radiusPx / 6), radiusPx / 8, Math.sqrt((screen.width * screen.height) / MAX_CELLS));
  const level = Math.ceil(Math.log2(cellPx / scale) * 4 - 1e-9);
  const cell = Math.pow(2, level / 4);
  // The radius is where the kernel has faded to about 4%: sigma = radius / 2.5.
  const radii = boxRadiiForGaussian(Math.max(0.5, radiusWorld / cell / 2.5));
  return { level, cell, radii };
}

/** Cells of a lattice: [i0, j0, i1, j1], inclusive. */
export type CellRegion = [number, number, number, number];

export interface HeatGrid {
  lattice: HeatLattice;
  /** Lattice index of the grid's first cell. */
  i0: number;
  j0: number;
  width: number;
  height: number;
  /** Blurred sums per cell, row by row. */
  values: Float64Array;
  /** Cells whose values are complete (every point within the kernel's reach was counted). */
  valid: CellRegion;
  /** The data the grid was computed from. */
  source: Float64Array;
  /** Per row, the first and last column with a non-zero value (computed when first coloured). */
  rowSpans?: Int32Array;
}

export function latticeKey(l: HeatLattice): string {
  return `${l.level}|${l.radii.join(',')}`;
}

export function covers(grid: HeatGrid, region: CellRegion): boolean {
  const v = grid.valid;
  return region[0] >= v[0] && region[1] >= v[1] && region[2] <= v[2] && region[3] <= v[3];
}

/** Fixed-point weights (0..WEIGHT_ONE) of weights in 0..1. */
export function fixedWeights(weights: Float32Array): Uint16Array {
  const out = new Uint16Array(weights.length);
  for (let i = 0; i < weights.length; i++) out[i] = Math.round(Math.max(0, Math.min(1, weights[i])) * WEIGHT_ONE);
  return out;
}

/** Points (world x, y) and their weights in order of y, by a counting sort into bands of y (one pass,
 * no comparisons; order within a band does not matter for the sums). */
export function sortedByRow(world: Float64Array, weights: Uint16Array): { world: Float64Array; weights: Uint16Array } {
  const n = weights.length;
  let min = Infinity,
    max = -Infinity;
  for (let i = 0; i < n; i++) {
    min = Math.min(min, world[2 * i + 1]);
    max = Math.max(max, world[2 * i + 1]);
  }
  const bands = Math.max(1, Math.min(65536, n)),
    scale = max > min ? (bands - 1) / (max - min) : 0;
  const starts = new Int32Array(bands + 1);
  for (let i = 0; i < n; i++) starts[1 + Math.floor((world[2 * i + 1] - min) * scale)]++;
  for (let k = 0; k < bands; k++) starts[k + 1] += starts[k];
  const sortedWorld = new Float64Array(2 * n),
    sortedWeights = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const k = starts[Math.floor((world[2 * i + 1] - min) * scale)]++;
    sortedWorld[2 * k] = world[2 * i];
    sortedWorld[2 * k + 1] = world[2 * i + 1];
    sortedWeights[k] = weights[i];
  }
  return { world: sortedWorld, weights: sortedWeights };
}

/** Multiplier from a grid value to the intensity where one full-weight point peaks at 1. */
export function unitScale(lattice: HeatLattice): number {
  let boxes = 1;
  for (const r of lattice.radii) if (r > 0) boxes *= (2 * r + 1) * (2 * r + 1);
  return 1 / (WEIGHT_ONE * SUBCELL * SUBCELL * blurPeak(lattice.radii) * boxes);
}

/** Room allocated beyond a grid's cells (and the blur's scratch), so that the next grids, a little larger
 * while the view zooms, fit in the memory of an evicted one: a fresh array costs the page faults of its
 * first touch, 0.5–1 ms for a screen's grid. */
const GRID_HEADROOM = 1.25;

/** Zeroed memory for n cells: the whole allocation behind `spare` (the values of a grid no longer used)
 * when it fits and is not far too big, else a new array with headroom. */
function gridMemory(n: number, spare?: Float64Array): Float64Array {
  if (spare) {
    const whole = new Float64Array(spare.buffer, spare.byteOffset, (spare.buffer.byteLength - spare.byteOffset) >> 3);
    if (whole.length >= n && whole.length <= 4 * n) return whole.subarray(0, n).fill(0);
  }
  return new Float64Array(Math.ceil(n * GRID_HEADROOM)).subarray(0, n);
}

/** Scratch of the blur, kept between grids (a grid's worth of values and a row of sums). */
const blurScratch = { grid: new Float64Array(0), sums: new Float64Array(0) };

/** Computes the grid whose complete cells cover `needed` and a margin around it. `spare`, the values of
 * a grid no longer used, is written over when it is big enough (a fresh array costs the page faults of
 * its first touch, about as much as the blur). */
export function computeHeatGrid(
  world: Float64Array,
  weights: Uint16Array,
  lattice: HeatLattice,
  needed: CellRegion,
  spare?: Float64Array,
  share = GRID_MARGIN,
): HeatGrid {
  const margin = Math.ceil(share * Math.max(needed[2] - needed[0], needed[3] - needed[1]));
  const valid: CellRegion = [needed[0] - margin, needed[1] - margin, needed[2] + margin, needed[3] + margin];
  // Cells beyond the valid region that the blur reads, plus one for the splat's second corner.
  const pad = lattice.radii[0] + lattice.radii[1] + lattice.radii[2] + 1;
  const i0 = valid[0] - pad,
    j0 = valid[1] - pad;
  const width = valid[2] + pad - i0 + 1,
    height = valid[3] + pad - j0 + 1;
  const n = width * height;
  const values = gridMemory(n, spare);

  splat(world, weights, lattice.cell, i0, j0, width, height, values);

  // Blur: box sums along the rows (into the scratch grid) and along the columns (back) per radius.
  let scratch = blurScratch.grid.length >= n ? blurScratch.grid : (blurScratch.grid = new Float64Array(Math.ceil(n * GRID_HEADROOM)));
  if (scratch.length > 4 * n) scratch = new Float64Array(n);
  if (blurScratch.sums.length < width) blurScratch.sums = new Float64Array(width);
  const sums = blurScratch.sums;
  for (const r of lattice.radii) {
    if (r <= 0) continue;
    // The smallest box (zoomed out, where the kernel spans a few cells) in one sweep, in place.
    if (r === 1) {
      boxSum3x3(values, width, height, sums);
      continue;
    }
    boxSumRows(values, scratch, width, height, r);
    boxSumColumns(scratch, values, width, height, r, sums);
  }
  return { lattice, i0, j0, width, height, values, valid, source: world };
}

/** Adds each point's weight to the grid (width x height cells from lattice index i0, j0): its position
 * in 1/SUBCELL steps of the lattice, its weight spread over the four nearest lattice points in integer
 * parts. Absolute lattice positions, so the result does not depend on the grid's origin. (A function of
 * its own, so the rest of a grid's computation does not run in code compiled on the stack for this
 * loop.) */
function splat(world: Float64Array, weights: Uint16Array, cell: number, i0: number, j0: number, width: number, height: number, values: Float64Array): void {
  const inv = SUBCELL / cell;
  const maxX = width - 1,
    maxY = height - 1;
  for (let p = 0, count = weights.length; p < count; p++) {
    const w = weights[p];
    if (w === 0) continue;
    const sx = Math.floor(world[2 * p] * inv),
      sy = Math.floor(world[2 * p + 1] * inv);
    const ci = Math.floor(sx / SUBCELL),
      cj = Math.floor(sy / SUBCELL);
    const x = ci - i0,
      y = cj - j0;
    if (x < 0 || y < 0 || x >= maxX || y >= maxY) continue;
    const fx = sx - ci * SUBCELL,
      fy = sy - cj * SUBCELL;
    const k = y * width + x;
    const top = w * (SUBCELL - fy),
      bottom = w * fy;
    values[k] += top * (SUBCELL - fx);
    values[k + 1] += top * fx;
    values[k + width] += bottom * (SUBCELL - fx);
    values[k + width + 1] += bottom * fx;
  }
}

/** Colours device pixels (width x height, packed RGBA; rows y0 to y1, by default all) from a grid: each
 * pixel's intensity is the bilinear interpolation of the four lattice points around its centre, times
 * `scale` (grid value to ramp index), and its colour the ramp's entry. `toWorld` maps CSS px to world
 * units. Every pixel of the rows is written, except, given `covered` (a bit per pixel, rows of
 * ceil(width / 32) words), the columns whose bits are set in every row coloured with them (two or
 * three device rows between the same lattice rows are coloured together): those are left as they were
 * (they lie under opaque pixels of layers above). Returns the box [x0, y0, x1, y1) outside which the rows are all
 * transparent (empty when x1 <= x0). */
export function colorizeHeat(
  grid: HeatGrid,
  toWorld: Affine,
  pixelRatio: number,
  scale: number,
  width: number,
  height: number,
  ramp: Uint32Array,
  pixels: Uint32Array,
  y0 = 0,
  y1 = height,
  covered: Int32Array | null = null,
): PixelBox {
  const values = grid.values,
    gw = grid.width,
    cell = grid.lattice.cell,
    pr = pixelRatio,
    m = toWorld;
  // Device pixel centre to grid coordinates (lattice index minus the grid's origin) in one affine.
  const a = m[0] / pr / cell,
    b = m[1] / pr / cell,
    c = m[2] / pr / cell,
    d = m[3] / pr / cell;
  const e = m[4] / cell - grid.i0 + 0.5 * (a + c),
    f = m[5] / cell - grid.j0 + 0.5 * (b + d);
  if (b === 0 && c === 0) return colorizeAxisAligned(grid, a, e, d, f, scale, width, y0, y1, ramp, pixels, covered);
  colorizeRotated(values, gw, grid.height, a, b, c, d, e, f, scale, width, y0, y1, ramp, pixels);
  return [0, y0, width, y1];
}

/** Device columns per block of an interpolated row's heat mask (and per word of the bits of pixels
 * covered by layers above). */
const BLOCK = 32;
/** Device rows at most coloured in one sweep, and at most counted between the same two lattice rows. */
const MAX_SWEEP_ROWS = 3;
const MAX_SHARED_ROWS = 64;

/** Per grid row, the first and last column holding a non-zero value (last < first when none), computed
 * once per grid. */
function rowSpans(grid: HeatGrid): Int32Array {
  if (grid.rowSpans) return grid.rowSpans;
  const { values, width, height } = grid;
  const spans = new Int32Array(2 * height);
  grid.rowSpans = spans;
  for (let j = 0; j < height; j++) rowSpan(values, j, width, spans);
  return spans;
}

/** Grid row j's span into spans[2j], spans[2j + 1] (a function per row, as the blur's kernels). */
function rowSpan(values: Float64Array, j: number, width: number, spans: Int32Array): void {
  const row = j * width;
  let first = 0,
    last = width - 1;
  while (first < width && values[row + first] === 0) first++;
  while (last > first && values[row + last] === 0) last--;
  spans[2 * j] = first;
  spans[2 * j + 1] = first < width ? last : -1;
}

/** One lattice row interpolated along x at every device column (times `scale`), and a mask of the
 * blocks of columns holding heat; returns [first, last) of the columns with heat in `span`. Only the
 * columns that read the row's non-zero cells are interpolated; the rest are zero. */
function interpolateRow(
  values: Float64Array,
  gw: number,
  j: number,
  spans: Int32Array,
  columns: Int32Array,
  fractions: Float64Array,
  scale: number,
  width: number,
  out: Float64Array,
  mask: Uint8Array,
  span: Int32Array,
): void {
  mask.fill(0);
  const cellFirst = spans[2 * j],
    cellLast = spans[2 * j + 1];
  // Columns reading cell c and c + 1 have heat only for c in [cellFirst - 1, cellLast]; columns[] rises.
  let xs = 0,
    xe = width;
  if (cellLast < cellFirst) {
    xe = 0;
  } else {
    while (xs < width && columns[xs] < cellFirst - 1) xs++;
    while (xe > xs && columns[xe - 1] > cellLast) xe--;
  }
  out.fill(0, 0, xs);
  out.fill(0, xe, width);
  const row = j * gw;
  let first = width,
    last = 0;
  for (let x = xs; x < xe; x++) {
    const k = row + columns[x];
    const v0 = values[k],
      v1 = values[k + 1];
    const v = (v0 + (v1 - v0) * fractions[x]) * scale;
    out[x] = v;
    if (v !== 0) {
      if (x < first) first = x;
      last = x + 1;
      mask[(x / BLOCK) | 0] = 1;
    }
  }
  span[0] = first;
  span[1] = last;
}

/** Views without a bearing: the lattice's axes are the screen's, so the interpolation is separable.
 * Each lattice row the screen needs is interpolated along x once (for all columns, skipping those that
 * read only zero cells), noting the blocks of columns where it has heat; each device pixel then only
 * interpolates between two such rows, and only in blocks where either has heat (the rest of the row is
 * cleared at once). */
function colorizeAxisAligned(
  grid: HeatGrid,
  a: number,
  e: number,
  d: number,
  f: number,
  scale: number,
  width: number,
  y0: number,
  y1: number,
  ramp: Uint32Array,
  pixels: Uint32Array,
  covered: Int32Array | null,
): PixelBox {
  const { values, width: gw, height: gh } = grid;
  const words = rowWords(width);
  const spans = rowSpans(grid);
  const top = ramp.length - 1;
  const columns = new Int32Array(width),
    fractions = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = a * x + e;
    const xi = Math.min(gw - 2, Math.max(0, Math.floor(gx)));
    columns[x] = xi;
    fractions[x] = gx - xi;
  }
  const blocks = Math.ceil(width / BLOCK);
  let upper = new Float64Array(width),
    lower = new Float64Array(width);
  let upperMask = new Uint8Array(blocks),
    lowerMask = new Uint8Array(blocks);
  const span = new Int32Array(2);
  let upperRow = -1,
    lowerRow = -1;
  // Columns [first, last) of each interpolated row holding every non-zero value.
  let upperFirst = 0,
    upperLast = 0,
    lowerFirst = 0,
    lowerLast = 0;
  const box: PixelBox = [width, y1, 0, y0];
  // Per device row coloured in one sweep, its position between the two lattice rows.
  const fys = new Float64Array(MAX_SWEEP_ROWS);
  for (let y = y0, p = y0 * width, rows = 1; y < y1; y += rows, p += rows * width) {
    const gy = d * y + f;
    const yi = Math.min(gh - 2, Math.max(0, Math.floor(gy)));
    // The following device rows between the same two lattice rows are coloured in the same sweep (each
    // column's two values read once for all of them): sweeps of three rows, of two where one would be
    // left on its own (four rows: two and two). An inner loop over any number of rows was slower.
    let n = 1;
    while (n < MAX_SHARED_ROWS && y + n < y1 && Math.min(gh - 2, Math.max(0, Math.floor(d * (y + n) + f))) === yi) n++;
    rows = n % MAX_SWEEP_ROWS === 1 && n > 1 ? 2 : Math.min(MAX_SWEEP_ROWS, n);
    for (let r = 0; r < rows; r++) fys[r] = d * (y + r) + f - yi;
    if (upperRow !== yi) {
      if (lowerRow === yi) {
        const swap = upper,
          masks = upperMask;
        upper = lower;
        upperMask = lowerMask;
        lower = swap;
        lowerMask = masks;
        upperFirst = lowerFirst;
        upperLast = lowerLast;
      } else {
        interpolateRow(values, gw, yi, spans, columns, fractions, scale, width, upper, upperMask, span);
        upperFirst = span[0];
        upperLast = span[1];
      }
      upperRow = yi;
      interpolateRow(values, gw, yi + 1, spans, columns, fractions, scale, width, lower, lowerMask, span);
      lowerFirst = span[0];
      lowerLast = span[1];
      lowerRow = yi + 1;
    }
    const from = Math.min(upperFirst, lowerFirst),
      to = Math.max(upperLast, lowerLast);
    if (to <= from) {
      pixels.fill(0, p, p + rows * width);
      continue;
    }
    for (let r = 0, q = p; r < rows; r++, q += width) {
      if (from > 0) pixels.fill(0, q, q + from);
      if (to < width) pixels.fill(0, q + to, q + width);
    }
    for (let k = (from / BLOCK) | 0, kEnd = Math.ceil(to / BLOCK); k < kEnd; k++) {
      const b0 = Math.max(from, k * BLOCK),
        b1 = Math.min(to, k * BLOCK + BLOCK);
      // The block's columns in runs of those not under opaque pixels in every row coloured (the others
      // will not show): one run of all without `covered`.
      let under = 0;
      if (covered !== null) {
        under = -1;
        for (let r = 0; r < rows; r++) under &= covered[(y + r) * words + k];
      }
      let open = ~under;
      while (open !== 0) {
        const lo = 31 - Math.clz32(open & -open),
          shut = ~open & (-1 << lo);
        const hi = shut === 0 ? BLOCK : 31 - Math.clz32(shut & -shut);
        open = hi === BLOCK ? 0 : open & (-1 << hi);
        const x0 = Math.max(b0, k * BLOCK + lo),
          x1 = Math.min(b1, k * BLOCK + hi);
        if (x1 <= x0) continue;
        if ((upperMask[k] | lowerMask[k]) === 0) {
          for (let r = 0, q = p; r < rows; r++, q += width) pixels.fill(0, q + x0, q + x1);
          continue;
        }
        // Values are never negative and the ramp's first entry is 0: no branch on the value.
        if (rows === 3) {
          const fy = fys[0],
            fy2 = fys[1],
            fy3 = fys[2];
          for (let x = x0, q = p + width, q2 = q + width; x < x1; x++) {
            const u = upper[x],
              span = lower[x] - u;
            pixels[p + x] = ramp[Math.min(top, u + span * fy) | 0];
            pixels[q + x] = ramp[Math.min(top, u + span * fy2) | 0];
            pixels[q2 + x] = ramp[Math.min(top, u + span * fy3) | 0];
          }
        } else if (rows === 2) {
          const fy = fys[0],
            fy2 = fys[1];
          for (let x = x0, q = p + width; x < x1; x++) {
            const u = upper[x],
              span = lower[x] - u;
            pixels[p + x] = ramp[Math.min(top, u + span * fy) | 0];
            pixels[q + x] = ramp[Math.min(top, u + span * fy2) | 0];
          }
        } else {
          const fy = fys[0];
          for (let x = x0; x < x1; x++) {
            const u = upper[x];
            pixels[p + x] = ramp[Math.min(top, u + (lower[x] - u) * fy) | 0];
          }
        }
      }
    }
    if (from < box[0]) box[0] = from;
    if (to > box[2]) box[2] = to;
    if (y < box[1]) box[1] = y;
    box[3] = y + rows;
  }
  return box;
}

/** Any bearing: each device pixel interpolates between its four nearest lattice points. */
function colorizeRotated(
  values: Float64Array,
  gw: number,
  gh: number,
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  scale: number,
  width: number,
  y0: number,
  y1: number,
  ramp: Uint32Array,
  pixels: Uint32Array,
): void {
  const top = ramp.length - 1;
  const maxX = gw - 2,
    maxY = gh - 2;
  for (let y = y0, p = y0 * width; y < y1; y++) {
    let gx = c * y + e,
      gy = d * y + f;
    for (let x = 0; x < width; x++, p++, gx += a, gy += b) {
      const xi = Math.min(maxX, Math.max(0, Math.floor(gx))),
        yi = Math.min(maxY, Math.max(0, Math.floor(gy)));
      const k = yi * gw + xi;
      const v00 = values[k],
        v10 = values[k + 1],
        v01 = values[k + gw],
        v11 = values[k + gw + 1];
      if (v00 + v10 + v01 + v11 === 0) {
        pixels[p] = 0;
        continue;
      }
      const fx = gx - xi,
        fy = gy - yi;
      const upper = (v00 + (v10 - v00) * fx) * scale,
        lower = (v01 + (v11 - v01) * fx) * scale;
      pixels[p] = ramp[Math.min(top, upper + (lower - upper) * fy) | 0];
    }
  }
}
