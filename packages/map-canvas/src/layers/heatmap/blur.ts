// A Gaussian blur approximated by three box blurs (running sums, cost independent of the radius).
// Each pass reads one grid and writes another (rows into a scratch grid, columns back), with row access
// only, so no copy of the window is needed.

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
  // x < both: add and subtract; before r nothing leaves the window; from w - r - 1 nothing enters it.
  const enter = Math.max(0, w - r - 1), leaveFrom = Math.min(r, w);
  const both = Math.min(enter, leaveFrom);
  for (let y = 0, s = 0; y < h; y++, s += w) {
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
}

/** Box sums of half-width r along the columns of a w x h grid, from `src` into `dst`, a whole row at a
 * time (every access sequential; rows beyond the grid count as zero). `sums` is scratch of at least w
 * values. */
export function boxSumColumns(src: Float64Array, dst: Float64Array, w: number, h: number, r: number, sums: Float64Array): void {
  sums.fill(0, 0, w);
  for (let y = 0, end = Math.min(r, h - 1); y <= end; y++) {
    const start = y * w;
    for (let x = 0; x < w; x++) sums[x] += src[start + x];
  }
  for (let y = 0; y < h; y++) {
    const d = y * w, add = y + r + 1, sub = y - r;
    const a = add * w, s = sub * w;
    if (add < h && sub >= 0) {
      for (let x = 0; x < w; x++) {
        const v = sums[x];
        dst[d + x] = v;
        sums[x] = v + (src[a + x] - src[s + x]);
      }
    } else if (add < h) {
      for (let x = 0; x < w; x++) {
        const v = sums[x];
        dst[d + x] = v;
        sums[x] = v + src[a + x];
      }
    } else if (sub >= 0) {
      for (let x = 0; x < w; x++) {
        const v = sums[x];
        dst[d + x] = v;
        sums[x] = v - src[s + x];
      }
    } else {
      for (let x = 0; x < w; x++) dst[d + x] = sums[x];
    }
  }
}

/** Box sums of half-width 1 along both axes of a w x h grid at once, in place: each cell becomes the sum
 * of the 3 x 3 cells around it (cells beyond the grid count as zero). The same values as boxSumRows then
 * boxSumColumns with r = 1 (sums of the same integers are exact in any order), in one sweep: along each
 * row, the sums of three column triples (the row above, kept in `above` before it was written over, the
 * row and the row below) slide by one. `above` is scratch of at least w values. */
export function boxSum3x3(values: Float64Array, w: number, h: number, above: Float64Array): void {
  above.fill(0, 0, w);
  for (let y = 0; y < h; y++) {
    const s = y * w, below = s + w;
    const first = values[s];
    let left = 0, mid = above[0] + first + (y + 1 < h ? values[below] : 0);
    above[0] = first;
    if (y + 1 < h) {
      for (let x = 0; x < w - 1; x++) {
        const v = values[s + x + 1];
        const right = above[x + 1] + v + values[below + x + 1];
        above[x + 1] = v;
        values[s + x] = left + mid + right;
        left = mid;
        mid = right;
      }
    } else {
      for (let x = 0; x < w - 1; x++) {
        const v = values[s + x + 1];
        const right = above[x + 1] + v;
        above[x + 1] = v;
        values[s + x] = left + mid + right;
        left = mid;
        mid = right;
      }
    }
    values[s + w - 1] = left + mid;
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
