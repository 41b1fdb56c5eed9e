// A Gaussian blur approximated by three box blurs (running sums, cost independent of the radius).
// Each pass sums rows and writes the result transposed, so two passes cover both axes with
// cache-friendly row access only.

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

/** Box sums of half-width r along the rows of a w x h grid, in place (unnormalised: on integer values
 * the sums are exact, so a cell's result does not depend on where its row starts). `row` is scratch of
 * at least w values. */
export function boxSumRows(grid: Float64Array, w: number, h: number, r: number, row: Float64Array): void {
  for (let y = 0; y < h; y++) {
    const start = y * w;
    for (let x = 0; x < w; x++) row[x] = grid[start + x];
    let sum = 0;
    for (let x = 0, end = Math.min(r, w - 1); x <= end; x++) sum += row[x];
    for (let x = 0; x < w; x++) {
      grid[start + x] = sum;
      const add = x + r + 1, sub = x - r;
      if (add < w) sum += row[add];
      if (sub >= 0) sum -= row[sub];
    }
  }
}

/** Box sums of half-width r along the columns of a w x h grid, in place, a whole row at a time (every
 * access sequential). `sums` and `ring` are scratch of at least w and (2r + 2) * w values. */
export function boxSumColumns(grid: Float64Array, w: number, h: number, r: number, sums: Float64Array, ring: Float64Array): void {
  // Rows y - r (still to subtract) to y + r + 1 (just added) are needed at once.
  const span = 2 * r + 2;
  sums.fill(0, 0, w);
  for (let y = 0, end = Math.min(r, h - 1); y <= end; y++) {
    const start = y * w;
    for (let x = 0; x < w; x++) sums[x] += grid[start + x];
  }
  // The ring keeps the input rows the window still needs, as the grid is overwritten in place.
  for (let y = 0; y < Math.min(h, r + 1); y++) ring.set(grid.subarray(y * w, y * w + w), (y % span) * w);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const add = y + r + 1, sub = y - r;
    if (add < h) ring.set(grid.subarray(add * w, add * w + w), (add % span) * w);
    for (let x = 0; x < w; x++) grid[start + x] = sums[x];
    if (add < h) {
      const a = (add % span) * w;
      for (let x = 0; x < w; x++) sums[x] += ring[a + x];
    }
    if (sub >= 0) {
      const s = (sub % span) * w;
      for (let x = 0; x < w; x++) sums[x] -= ring[s + x];
    }
  }
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
