// A small antialiased polygon rasteriser for server-drawn PNGs (area tiles,
// location icons). Paths are filled scanline by scanline: each pixel row is
// sampled by SUBSAMPLES sub-scanlines, and along each sub-scanline the covered
// length of every pixel is exact, so edges are smooth in both directions
// without a full supersampled buffer. Colours are composited source-over in
// premultiplied floats and written as 8-bit RGBA PNG.
import { PNG } from 'pngjs';
import type { Rgba } from './color.js';

/** A closed ring as flat pixel coordinates [x0, y0, x1, y1, ...]; the closing edge is implied. */
export type Ring = ArrayLike<number>;
export type FillRule = 'nonzero' | 'evenodd';

const SUBSAMPLES = 4;
/** Crossing x positions are stored as integers in 1/256 pixel, shifted so they stay positive. */
const X_SCALE = 256;
const X_SHIFT = 2;

export class RgbaCanvas {
  readonly width: number;
  readonly height: number;
  /** Premultiplied RGBA, 0..1 per channel. */
  readonly data: Float32Array;
  private readonly rowCoverage: Float32Array;
  private readonly counts: Int32Array;
  private readonly starts: Int32Array;
  private keys = new Int32Array(4096);

  constructor(width: number, height: number) {
    if (!(width > 0 && height > 0 && Number.isInteger(width) && Number.isInteger(height))) {
      throw new RangeError(`canvas size must be positive integers, got ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.data = new Float32Array(width * height * 4);
    this.rowCoverage = new Float32Array(width + 1);
    this.counts = new Int32Array(height * SUBSAMPLES + 1);
    this.starts = new Int32Array(height * SUBSAMPLES + 1);
  }

  /** Fills the area enclosed by the rings (holes by the fill rule) with a colour. */
  fillPath(rings: readonly Ring[], color: Rgba, rule: FillRule = 'nonzero'): void {
    const alpha = color[3] / 255;
    if (alpha <= 0) return;
    const subRows = this.height * SUBSAMPLES;
    // Sub-scanline k samples y = (k + 0.5) / SUBSAMPLES; an edge owns the samples in [ymin, ymax).
    let kLow = subRows;
    let kHigh = -1;
    for (const ring of rings) {
      const n = ring.length >> 1;
      for (let i = 0; i < n; i++) {
        const y0 = ring[i * 2 + 1];
        const y1 = ring[((i + 1) % n) * 2 + 1];
        if (y0 === y1 || !(Number.isFinite(y0) && Number.isFinite(y1))) continue;
        const [from, to] = subRowRange(Math.min(y0, y1), Math.max(y0, y1), subRows);
        if (from > to) continue;
        if (from < kLow) kLow = from;
        if (to > kHigh) kHigh = to;
      }
    }
    if (kHigh < kLow) return;
    const { counts, starts } = this;
    counts.fill(0, kLow, kHigh + 1);
    this.collectCrossings(rings, subRows, true);
    let total = 0;
    for (let k = kLow; k <= kHigh; k++) {
      starts[k] = total;
      total += counts[k];
      counts[k] = 0;
    }
    if (this.keys.length < total) this.keys = new Int32Array(Math.max(total, this.keys.length * 2));
    this.collectCrossings(rings, subRows, false);

    const width = this.width;
    const cover = this.rowCoverage;
    const weight = 1 / SUBSAMPLES;
    const nonzero = rule === 'nonzero';
    const rowLow = Math.floor(kLow / SUBSAMPLES);
    const rowHigh = Math.floor(kHigh / SUBSAMPLES);
    for (let row = rowLow; row <= rowHigh; row++) {
      let minX = width;
      let maxX = -1;
      for (let sub = 0; sub < SUBSAMPLES; sub++) {
        const k = row * SUBSAMPLES + sub;
        if (k < kLow || k > kHigh || counts[k] < 2) continue;
        const keys = this.keys.subarray(starts[k], starts[k] + counts[k]).sort();
        let winding = 0;
        let spanStart = 0;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          const x = (key >> 1) / X_SCALE - X_SHIFT;
          const wasInside = nonzero ? winding !== 0 : (winding & 1) === 1;
          winding += nonzero ? ((key & 1) === 1 ? 1 : -1) : 1;
          const isInside = nonzero ? winding !== 0 : (winding & 1) === 1;
          if (!wasInside && isInside) spanStart = x;
          else if (wasInside && !isInside) {
            const a = spanStart < 0 ? 0 : spanStart;
            const b = x > width ? width : x;
            if (b <= a) continue;
            addSpan(cover, a, b, weight);
            const ia = Math.floor(a);
            const ib = Math.min(width - 1, Math.floor(b));
            if (ia < minX) minX = ia;
            if (ib > maxX) maxX = ib;
          }
        }
      }
      if (maxX >= minX) this.compositeRow(row, minX, maxX, color, alpha);
    }
  }

  /** Draws line segments [x0, y0, x1, y1, ...] pairs as strokes of the given width with round-ish caps. */
  strokeSegments(segments: ArrayLike<number>, width: number, color: Rgba): void {
    const rings: number[][] = [];
    for (let i = 0; i + 3 < segments.length; i += 4) {
      rings.push(segmentQuad(segments[i], segments[i + 1], segments[i + 2], segments[i + 3], width / 2));
    }
    // Every quad winds the same way, so non-zero fills their union once.
    this.fillPath(rings, color, 'nonzero');
  }

  /** True when no pixel has any opacity. */
  isTransparent(): boolean {
    for (let i = 3; i < this.data.length; i += 4) if (this.data[i] > 0) return false;
    return true;
  }

  /** 8-bit straight (non-premultiplied) RGBA, row by row. */
  toRgba8(): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 4);
    const d = this.data;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3];
      if (a <= 0) continue;
      const inv = 255 / a;
      out[i] = Math.round(Math.min(255, d[i] * inv));
      out[i + 1] = Math.round(Math.min(255, d[i + 1] * inv));
      out[i + 2] = Math.round(Math.min(255, d[i + 2] * inv));
      out[i + 3] = Math.round(Math.min(1, a) * 255);
    }
    return out;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.toRgba8());
  }

  /** Two passes share this loop: the first counts crossings per sub-scanline, the second stores them. */
  private collectCrossings(rings: readonly Ring[], subRows: number, countOnly: boolean): void {
    const { counts, starts, keys } = this;
    const maxX = this.width + 1;
    for (const ring of rings) {
      const n = ring.length >> 1;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const x0 = ring[i * 2];
        const y0 = ring[i * 2 + 1];
        const x1 = ring[j * 2];
        const y1 = ring[j * 2 + 1];
        if (y0 === y1 || !(Number.isFinite(y0) && Number.isFinite(y1))) continue;
        const up = y1 > y0 ? 1 : 0;
        const [from, to] = subRowRange(Math.min(y0, y1), Math.max(y0, y1), subRows);
        if (from > to) continue;
        if (countOnly) {
          for (let k = from; k <= to; k++) counts[k]++;
          continue;
        }
        const slope = (x1 - x0) / (y1 - y0);
        for (let k = from; k <= to; k++) {
          let x = x0 + ((k + 0.5) / SUBSAMPLES - y0) * slope;
          // Clamping keeps the order of crossings, so spans inside the canvas are unchanged.
          if (x < -1) x = -1;
          else if (x > maxX) x = maxX;
          keys[starts[k] + counts[k]++] = (Math.round((x + X_SHIFT) * X_SCALE) << 1) | up;
        }
      }
    }
  }

  private compositeRow(row: number, minX: number, maxX: number, color: Rgba, alpha: number): void {
    const cover = this.rowCoverage;
    const data = this.data;
    const r = (color[0] / 255) * alpha;
    const g = (color[1] / 255) * alpha;
    const b = (color[2] / 255) * alpha;
    let p = (row * this.width + minX) * 4;
    for (let x = minX; x <= maxX; x++, p += 4) {
      let c = cover[x];
      if (c <= 0) continue;
      cover[x] = 0;
      if (c > 1) c = 1;
      const keep = 1 - c * alpha;
      data[p] = r * c + data[p] * keep;
      data[p + 1] = g * c + data[p + 1] * keep;
      data[p + 2] = b * c + data[p + 2] * keep;
      data[p + 3] = alpha * c + data[p + 3] * keep;
    }
  }
}

/** Sub-scanlines whose sample lies in [yMin, yMax), clipped to the canvas. */
function subRowRange(yMin: number, yMax: number, subRows: number): [number, number] {
  let from = Math.ceil(yMin * SUBSAMPLES - 0.5);
  let to = Math.ceil(yMax * SUBSAMPLES - 0.5) - 1;
  if (from < 0) from = 0;
  if (to > subRows - 1) to = subRows - 1;
  return [from, to];
}

/** Adds the exact horizontal coverage of [a, b) to each pixel it crosses. */
function addSpan(cover: Float32Array, a: number, b: number, weight: number): void {
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    cover[ia] += (b - a) * weight;
    return;
  }
  cover[ia] += (ia + 1 - a) * weight;
  for (let i = ia + 1; i < ib; i++) cover[i] += weight;
  if (b > ib) cover[ib] += (b - ib) * weight;
}

/** A rectangle around a segment, extended by half the width at both ends, wound counter-clockwise in y-down space. */
function segmentQuad(x0: number, y0: number, x1: number, y1: number, half: number): number[] {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const ux = length > 0 ? (x1 - x0) / length : 1;
  const uy = length > 0 ? (y1 - y0) / length : 0;
  const nx = -uy * half;
  const ny = ux * half;
  const ex = ux * half;
  const ey = uy * half;
  return [x0 - ex + nx, y0 - ey + ny, x1 + ex + nx, y1 + ey + ny, x1 + ex - nx, y1 + ey - ny, x0 - ex - nx, y0 - ey - ny];
}

/** Encodes straight RGBA pixels as a PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const png = new PNG({ width, height, colorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6 });
}

/** Points of a circle as a flat ring; enough segments that the chord error stays under 0.05 px. */
export function circleRing(cx: number, cy: number, r: number, clockwise = false): number[] {
  const steps = Math.max(12, Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - 0.05 / Math.max(r, 0.05)))));
  const ring: number[] = [];
  for (let i = 0; i < steps; i++) {
    const t = ((clockwise ? -i : i) / steps) * Math.PI * 2;
    ring.push(cx + Math.cos(t) * r, cy + Math.sin(t) * r);
  }
  return ring;
}
