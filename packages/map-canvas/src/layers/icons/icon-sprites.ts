// Icon sprites: each distinct look is drawn once per pixel ratio into a small canvas, trimmed to its
// painted pixels, then blitted unscaled at whole device pixels (fast and crisp).
import { createCanvas, context2d, type Canvas2D } from '../../layer-base/canvas.js';
import type { IconShape, IconStyle, LocationChange } from './icon-style.js';

export interface SpriteSpec {
  style: IconStyle;
  size: number;
  selected: boolean;
  change: LocationChange | null;
}

const CHANGE_COLORS: Record<LocationChange, string> = { new: '#16a34a', closed: '#dc2626', edited: '#f59e0b', moved: '#0ea5e9' };

function shapePath(ctx: CanvasRenderingContext2D, shape: IconShape, r: number): void {
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(0, 0, r, 0, Math.PI * 2);
      break;
    case 'square':
      ctx.rect(-r * 0.88, -r * 0.88, r * 1.76, r * 1.76);
      break;
    case 'diamond':
      ctx.moveTo(0, -r);
      ctx.lineTo(r, 0);
      ctx.lineTo(0, r);
      ctx.lineTo(-r, 0);
      ctx.closePath();
      break;
    case 'triangle':
      ctx.moveTo(0, -r);
      ctx.lineTo(r * 0.95, r * 0.72);
      ctx.lineTo(-r * 0.95, r * 0.72);
      ctx.closePath();
      break;
    case 'pentagon':
      for (let k = 0; k < 5; k++) {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
        if (k === 0) ctx.moveTo(r * Math.cos(a), r * Math.sin(a));
        else ctx.lineTo(r * Math.cos(a), r * Math.sin(a));
      }
      ctx.closePath();
      break;
  }
}

/** Sprite edge in CSS px for an icon of the given size (room for the ring and the change badge). */
export function spriteExtent(size: number): number {
  return Math.ceil(size * 1.5) + 12;
}

export function drawSprite(spec: SpriteSpec, pixelRatio: number): Canvas2D {
  const extent = spriteExtent(spec.size);
  const px = Math.ceil(extent * pixelRatio);
  const canvas = createCanvas(px, px);
  const ctx = context2d(canvas);
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, px / 2, px / 2);
  const r = spec.size / 2;
  const { style } = spec;
  if (spec.change === 'new') {
    // A new store stands out at a glance: a halo in the badge's green around the icon (and its own badge).
    shapePath(ctx, style.shape, r + (spec.selected ? 5.5 : 3));
    ctx.fillStyle = 'rgba(22, 163, 74, 0.28)';
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = CHANGE_COLORS.new;
    ctx.stroke();
  }
  if (spec.change === 'closed' && !style.image) ctx.globalAlpha = 0.45;
  if (spec.selected) {
    shapePath(ctx, style.shape, r + 3);
    ctx.fillStyle = '#111827';
    ctx.fill();
  }
  if (style.image) {
    ctx.drawImage(style.image, -r, -r, 2 * r, 2 * r);
  } else {
    shapePath(ctx, style.shape, r - 1);
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.18);
    ctx.strokeStyle = style.stroke;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  // An image (the server's location icon) carries its own change badge.
  if (spec.change && !style.image) {
    // Badge at the upper right: + new, x closed, dot edited, arrow moved.
    const br = Math.max(3.5, r * 0.42);
    const bx = r * 0.8,
      by = -r * 0.8;
    ctx.beginPath();
    ctx.arc(bx, by, br, 0, Math.PI * 2);
    ctx.fillStyle = CHANGE_COLORS[spec.change];
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.beginPath();
    const k = br * 0.55;
    if (spec.change === 'new') {
      ctx.moveTo(bx - k, by);
      ctx.lineTo(bx + k, by);
      ctx.moveTo(bx, by - k);
      ctx.lineTo(bx, by + k);
    } else if (spec.change === 'closed') {
      ctx.moveTo(bx - k, by - k);
      ctx.lineTo(bx + k, by + k);
      ctx.moveTo(bx + k, by - k);
      ctx.lineTo(bx - k, by + k);
    } else if (spec.change === 'moved') {
      ctx.moveTo(bx - k, by);
      ctx.lineTo(bx + k, by);
      ctx.lineTo(bx + k * 0.3, by - k * 0.7);
      ctx.moveTo(bx + k, by);
      ctx.lineTo(bx + k * 0.3, by + k * 0.7);
    }
    ctx.lineWidth = Math.max(1.2, br * 0.35);
    ctx.stroke();
  }
  return canvas;
}

/** A sprite cut down to its painted pixels: the image goes at (round(x - half) + left, round(y - half) + top)
 * for an anchor at device px (x, y), exactly where the untrimmed sprite would have put those pixels. */
export interface Sprite {
  image: Canvas2D | null;
  half: number;
  left: number;
  top: number;
  /** Size of the trimmed image and its pixels, RGBA packed little-endian as in ImageData (not
   * premultiplied), as signed 32-bit values (alpha in the top byte: opaque pixels are negative). */
  width: number;
  height: number;
  pixels: Int32Array;
  /** Per row of the trimmed image: first and last painted column (last < first when the row is empty). */
  rows: Int16Array;
  /** Per row: first and last column of the row's longest run of opaque pixels (last < first when the
   * row has none). Whatever lay beneath, those pixels are opaque once the row is drawn. */
  solid: Int16Array;
}

/** Cuts the transparent border off a sprite (most of a sprite's square is the room kept for the
 * selection ring and the change badge) and reads its pixels for the renderer's own blending. */
export function trimSprite(canvas: Canvas2D): Sprite {
  const { width, height } = canvas;
  const data = context2d(canvas).getImageData(0, 0, width, height).data;
  const all = new Uint32Array(data.buffer, data.byteOffset, width * height);
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (all[y * width + x] >>> 24 === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  const half = width / 2;
  if (x1 < 0) return { image: null, half, left: 0, top: 0, width: 0, height: 0, pixels: new Int32Array(0), rows: new Int16Array(0), solid: new Int16Array(0) };
  const w = x1 - x0 + 1,
    h = y1 - y0 + 1;
  const image = createCanvas(w, h);
  context2d(image).drawImage(canvas as CanvasImageSource, -x0, -y0);
  // Pixels, painted spans and opaque runs per row (icon-renderer.ts blends them itself).
  const pixels = new Int32Array(w * h);
  const rows = new Int16Array(2 * h);
  const solid = new Int16Array(2 * h);
  for (let y = 0; y < h; y++) {
    let first = w,
      last = -1,
      runStart = -1,
      bestFirst = 0,
      bestLast = -1;
    for (let x = 0; x < w; x++) {
      const c = all[(y + y0) * width + x + x0];
      pixels[y * w + x] = c;
      if (c >>> 24 !== 255) runStart = -1;
      else {
        if (runStart < 0) runStart = x;
        if (x - runStart > bestLast - bestFirst) {
          bestFirst = runStart;
          bestLast = x;
        }
      }
      if (c >>> 24 === 0) continue;
      if (x < first) first = x;
      last = x;
    }
    rows[2 * y] = first;
    rows[2 * y + 1] = last;
    solid[2 * y] = bestFirst;
    solid[2 * y + 1] = bestLast;
  }
  return { image, half, left: x0, top: y0, width: w, height: h, pixels, rows, solid };
}

/** Sprites by key, per pixel ratio. */
export class SpriteCache {
  private readonly sprites = new Map<string, Sprite>();

  get(key: string, spec: () => SpriteSpec, pixelRatio: number): Sprite {
    const full = `${pixelRatio}|${key}`;
    let sprite = this.sprites.get(full);
    if (!sprite) this.sprites.set(full, (sprite = trimSprite(drawSprite(spec(), pixelRatio))));
    return sprite;
  }

  clear(): void {
    this.sprites.clear();
  }
}
