// A Gaussian blur approximated by three box blurs (running sums, cost independent of the radius).
// Each pass reads one grid and writes another (rows into a scratch grid, columns back), with row access
// only, so no copy of the window is needed.
// Each kernel's row is a function of its own. A grid is computed now and then (a few times per zoom
// level), so a kernel with its loops nested would start in the interpreter and be compiled on the stack
// from its inner loop, falling back to the interpreter each time that loop ends: once per row (some 300
// times for one grid in Chromium). Called per row, the row's function is optimised as a whole.

/** Box half-widths of three passes approximating a Gaussian of standard deviation sigma. */
export function boxRadiiForGaussian(sigma: number): [number, number, number] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - 3 * wl * wl - 12 * wl - 9) / (-4 * wl - 4));
  const sizes = [0, 1, 2].map((i) => (i < m ? wl : wu));
  return sizes.map((s) => Math.max(0, (s - 1) / 2)) as [number, number, number];
}

/** Box sums of half-width r along the rows of a w x h grid, from `src` into `dst` (unnormalised: on
 * integer values the sums are exact, so a cell's result does not depend on where its row starts; cells
 * beyond the row's ends count as zero). Branch-free inner loops: the window's two ends are handled in
 * their own short loops. */
export function boxSumRows(src: Float64Array, dst: Float64Array, w: number, h: number, r: number): void {
  for (let y = 0, s = 0; y < h; y++, s += w) boxSumRow(src, dst, s, w, r);
}

/** One row of boxSumRows, starting at index s. */
function boxSumRow(src: Float64Array, dst: Float64Array, s: number, w: number, r: number): void {
  // x < both: add and subtract; before r nothing leaves the window; from w - r - 1 nothing enters it.
  const enter = Math.max(0, w - r - 1),
    leaveFrom = Math.min(r, w);
  const both = Math.min(enter, leaveFrom);
  let sum = 0;
  for (let x = 0, end = Math.min(r, w - 1); x <= end; x++) sum += src[s + x];
  let x = 0;
  // Entering only.
  for (; x < both; x++) {
    dst[s + x] = sum;
    sum += src[s + x + r + 1];
  }
  // Entering and leaving.
  for (; x < enter; x++) {
    dst[s + x] = sum;
    sum += src[s + x + r + 1] - src[s + x - r];
  }
  // Neither (rows shorter than the window), then leaving only.
  for (; x < w; x++) {
    dst[s + x] = sum;
    if (x >= r) sum -= src[s + x - r];
  }
}

/** Box sums of half-width r along the columns of a w x h grid, from `src` into `dst`, a whole row at a
 * time (every access sequential; rows beyond the grid count as zero). `sums` is scratch of at least w
 * values. */
export function boxSumColumns(src: Float64Array, dst: Float64Array, w: number, h: number, r: number, sums: Float64Array): void {
  const zero = zeros(w);
  sums.fill(0, 0, w);
  for (let y = 0, end = Math.min(r, h - 1); y <= end; y++) addRow(sums, src, y * w, w);
  for (let y = 0; y < h; y++) {
    const add = y + r + 1,
      sub = y - r;
    columnStep(dst, sums, y * w, w, add < h ? src : zero, add < h ? add * w : 0, sub >= 0 ? src : zero, sub >= 0 ? sub * w : 0);
  }
}

/** sums[x] += src[start + x] for the w columns. */
function addRow(sums: Float64Array, src: Float64Array, start: number, w: number): void {
  for (let x = 0; x < w; x++) sums[x] += src[start + x];
}

/** One row of boxSumColumns: the sums written to the row at d, then the row at a of `entering` added and
 * the row at s of `leaving` taken off. Rows beyond the grid are read from a row of zeros: every row takes
 * the same loop (x + 0 and x - 0 are exact), no branch that only the first and last rows take. */
function columnStep(dst: Float64Array, sums: Float64Array, d: number, w: number, entering: Float64Array, a: number, leaving: Float64Array, s: number): void {
  for (let x = 0; x < w; x++) {
    const v = sums[x];
    dst[d + x] = v;
    sums[x] = v + (entering[a + x] - leaving[s + x]);
  }
}

/** A row of at least w zeros (kept between calls). */
let zeroRow = new Float64Array(1024);
function zeros(w: number): Float64Array {
  if (zeroRow.length < w) zeroRow = new Float64Array(w);
  return zeroRow;
}

/** Box sums of half-width 1 along both axes of a w x h grid at once, in place: each cell becomes the sum
 * of the 3 x 3 cells around it (cells beyond the grid count as zero). The same values as boxSumRows then
 * boxSumColumns with r = 1 (sums of the same integers are exact in any order), in one sweep: along each
 * row, the sums of three column triples (the row above, kept in `above` before it was written over, the
 * row and the row below) slide by one. `above` is scratch of at least w values. */
export function boxSum3x3(values: Float64Array, w: number, h: number, above: Float64Array): void {
  const zero = zeros(w);
  above.fill(0, 0, w);
  for (let y = 0; y < h; y++) boxSum3x3Row(values, y * w, w, y + 1 < h ? values : zero, y + 1 < h ? y * w + w : 0, above);
}

/** One row of boxSum3x3, starting at index s; the row below at index b of `below` (a row of zeros
 * below the last row: every row takes the same loop). */
function boxSum3x3Row(values: Float64Array, s: number, w: number, below: Float64Array, b: number, above: Float64Array): void {
  const end = w - 1;
  const first = values[s];
  let left = 0,
    mid = above[0] + first + below[b];
  above[0] = first;
  for (let x = 0; x < end; x++) {
    const v = values[s + x + 1];
    const right = above[x + 1] + v + below[b + x + 1];
    above[x + 1] = v;
    values[s + x] = left + mid + right;
    left = mid;
    mid = right;
  }
  values[s + end] = left + mid;
}

/** The centre value of the blur of a unit impulse in 2D: divides it out so one point of full weight
 * peaks at exactly 1. */
export function blurPeak(radii: readonly number[]): number {
  const total = radii.reduce((s, r) => s + r, 0);
  const n = 2 * total + 1;
  let line = new Float64Array(n);
  line[total] = 1;
  for (const r of radii) {
    if (r <= 0) continue;
    const next = new Float64Array(n);
    for (let x = 0; x < n; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) if (x + k >= 0 && x + k < n) s += line[x + k];
      next[x] = s / (2 * r + 1);
    }
    line = next;
  }
  return line[total] * line[total];
}
