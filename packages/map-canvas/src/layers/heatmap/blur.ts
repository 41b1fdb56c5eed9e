// A Gaussian blur approximated by three box blurs (running sums, cost independent of the radius).
// Each pass blurs rows and writes the result transposed, so two passes cover both axes with
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

/** Blurs each row of src (w x h) with a box of half-width r into dst transposed (h x w). */
export function boxBlurRowsTransposed(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) sum += src[row + x];
    for (let x = 0; x < w; x++) {
      dst[x * h + y] = sum * inv;
      const add = x + r + 1, sub = x - r;
      if (add < w) sum += src[row + add];
      if (sub >= 0) sum -= src[row + sub];
    }
  }
}

/** Blurs a w x h grid in place (scratch must be as large) with the three box radii. */
export function gaussianBlur(grid: Float32Array, scratch: Float32Array, w: number, h: number, radii: readonly number[]): void {
  for (const r of radii) {
    if (r <= 0) continue;
    boxBlurRowsTransposed(grid, scratch, w, h, r);
    boxBlurRowsTransposed(scratch, grid, h, w, r);
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
