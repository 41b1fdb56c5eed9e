// Draws icons from their sprites in drawing order. Thousands of small canvas blits cost more in call
// overhead than in pixels, so with many icons the renderer blends the sprites itself: premultiplied
// source-over into one buffer of device pixels, at whole device pixels, then one upload and one blit of
// the part of the buffer that holds icons (with few icons on a wide screen, canvas blits are cheaper
// and are used; by an estimate of both costs). Icons off screen are skipped, and so are icons whose every painted pixel ends
// up under an opaque pixel of an icon drawn later (zoomed out, thousands of icons pile up); skipping
// them changes no pixel. The layer's opacity applies to the layer as a whole, as for any other layer.
// The blended layer is kept: a frame of the same view with unchanged icons only blits it again.
// A part of the drawing order can be blended on its own (motion pictures spread big layers over
// frames); the last part uploads and blits. Outlines the focused icon.
import { createCanvas, context2d, type Canvas2D } from '../../layer/canvas.js';
import type { LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import type { IconLayer } from './icon-layer.js';
import { SpriteCache, type Sprite } from './icon-sprites.js';

interface DrawList {
  toScreen: FrameState['toScreen'];
  width: number;
  height: number;
  pixelRatio: number;
  order: Int32Array;
  focusedId: string | number | null;
  /** Icons to draw, in drawing order, with their sprite and device-pixel position. */
  count: number;
  xs: Int32Array;
  ys: Int32Array;
  sprites: Sprite[];
  focused: number;
  /** Device-pixel box of the icons to draw: [x0, y0, x1, y1). */
  box: number[];
}

/** Estimated costs, in ms: a canvas blit per icon, and per icon and per pixel of the box when the
 * renderer blends itself (its upload and single blit cost by area). Few icons over a wide area are
 * cheaper as canvas blits; many icons are far cheaper blended here. */
const CANVAS_BLIT_MS = 0.003;
const BLEND_ICON_MS = 0.0005;
const BLEND_PIXEL_MS = 0.000005;

/** Un-premultiplied channel values: entry (alpha << 8 | c) is min(255, round(c * 255 / alpha)). */
const UNPREMULTIPLY = (() => {
  const table = new Uint8Array(256 * 256);
  for (let a = 1; a < 256; a++) for (let c = 0; c < 256; c++) table[(a << 8) | c] = Math.min(255, Math.round((c * 255) / a));
  return table;
})();

/** x * (255 - a) / 255 for one channel, rounded (exact for 8-bit values). */
function scaleChannel(x: number, inverse: number): number {
  const v = x * inverse + 128;
  return (v + (v >>> 8)) >>> 8;
}

export class IconRenderer implements LayerRenderer {
  private readonly sprites = new SpriteCache();
  private list: DrawList | null = null;
  /** One byte per device pixel: covered by an opaque pixel of an icon drawn later. */
  private covered = new Uint8Array(0);
  /** Premultiplied device pixels of the layer, the ImageData uploaded from it and its canvas. */
  private buffer = new Uint32Array(0);
  private image: ImageData | null = null;
  private canvas: Canvas2D | null = null;
  /** Device-pixel box of the buffer holding icons: [x0, y0, x1, y1), empty when x1 <= x0. */
  private box = [0, 0, 0, 0];
  /** Per buffer row, the columns holding icons: [first, last), empty when last <= first. */
  private rowFirst = new Int32Array(0);
  private rowLast = new Int32Array(0);
  /** Each feature's sprite, for the layer's revision and a pixel ratio (looked up once, not per frame). */
  private spriteOf: (Sprite | undefined)[] = [];
  private spritesFor = { revision: -1, pixelRatio: 0 };
  /** The list whose blend the canvas holds. */
  private composed: DrawList | null = null;
  /** Icons skipped as hidden in the last list (tests read it). */
  hidden = 0;
  /** How icons are drawn: by the cost estimate, or always one way (tests compare the two). */
  strategy: 'auto' | 'canvas' | 'blend' = 'auto';

  constructor(private readonly layer: IconLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    this.renderPart(frame, ctx, 0, 1);
  }

  /** The icons on screen and not hidden, for a frame; the same list while view and icons are unchanged. */
  private drawList(frame: FrameState): DrawList {
    const { layer } = this;
    const pr = frame.pixelRatio;
    const w = Math.round(frame.size.width * pr), h = Math.round(frame.size.height * pr);
    const l = this.list;
    if (l && l.order === layer.order && l.focusedId === layer.focusedId && l.width === w && l.height === h && l.pixelRatio === pr && l.toScreen.every((v, i) => v === frame.toScreen[i])) return l;
    const m = frame.toScreen;
    const a = m[0] * pr, b = m[1] * pr, c = m[2] * pr, d = m[3] * pr, e = m[4] * pr, f = m[5] * pr;
    const world = layer.world;
    const order = layer.order;
    const n = order.length;
    const xs = new Int32Array(n), ys = new Int32Array(n);
    const sprites: Sprite[] = [];
    if (this.covered.length !== w * h) this.covered = new Uint8Array(w * h);
    else this.covered.fill(0);
    const covered = this.covered;
    if (this.spritesFor.revision !== layer.revision || this.spritesFor.pixelRatio !== pr) {
      this.spriteOf = new Array(n);
      this.spritesFor = { revision: layer.revision, pixelRatio: pr };
    }
    const spriteOf = this.spriteOf;
    let count = 0, hidden = 0, focused = -1;
    let bx0 = w, by0 = h, bx1 = 0, by1 = 0;
    // Topmost first, so that what covers an icon is known when it is reached.
    for (let k = n - 1; k >= 0; k--) {
      const i = order[k];
      const wx = world[2 * i], wy = world[2 * i + 1];
      const x = a * wx + c * wy + e;
      const y = b * wx + d * wy + f;
      const margin = layer.half[i] * 1.6 * pr;
      if (x < -margin || y < -margin || x > w + margin || y > h + margin) continue;
      if (focused < 0 && layer.focusedId !== null && layer.features[i].id === layer.focusedId) focused = i;
      const sprite = (spriteOf[i] ??= this.sprites.get(layer.spriteKeys[i], layer.specs[i], pr));
      if (!sprite.image) continue;
      const left = Math.round(x - sprite.half) + sprite.left, top = Math.round(y - sprite.half) + sprite.top;
      const rows = sprite.rows;
      // Hidden when every painted pixel on screen is already covered.
      let visible = false;
      for (let r = 0; r < sprite.height && !visible; r++) {
        const py = top + r;
        if (py < 0 || py >= h) continue;
        const x0 = Math.max(0, left + rows[4 * r]), x1 = Math.min(w - 1, left + rows[4 * r + 1]);
        for (let p = py * w + x0, end = py * w + x1; p <= end; p++) {
          if (covered[p] === 0) {
            visible = true;
            break;
          }
        }
      }
      if (!visible) {
        hidden++;
        continue;
      }
      for (let r = 0; r < sprite.height; r++) {
        const py = top + r;
        if (py < 0 || py >= h || rows[4 * r + 3] < rows[4 * r + 2]) continue;
        const x0 = Math.max(0, left + rows[4 * r + 2]), x1 = Math.min(w - 1, left + rows[4 * r + 3]);
        // Spans are a few pixels: a plain loop beats a fill() call per row.
        for (let p = py * w + x0, end = py * w + x1; p <= end; p++) covered[p] = 1;
      }
      xs[count] = left;
      ys[count] = top;
      sprites.push(sprite);
      bx0 = Math.min(bx0, Math.max(0, left));
      by0 = Math.min(by0, Math.max(0, top));
      bx1 = Math.max(bx1, Math.min(w, left + sprite.width));
      by1 = Math.max(by1, Math.min(h, top + sprite.height));
      count++;
    }
    // Back to drawing order.
    xs.subarray(0, count).reverse();
    ys.subarray(0, count).reverse();
    sprites.reverse();
    this.hidden = hidden;
    this.list = { toScreen: frame.toScreen, width: w, height: h, pixelRatio: pr, order, focusedId: layer.focusedId, count, xs, ys, sprites, focused, box: [bx0, by0, bx1, by1] };
    return this.list;
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void {
    const list = this.drawList(frame);
    const { width: w, height: h } = list;
    const [bx0, by0, bx1, by1] = list.box;
    const area = Math.max(0, bx1 - bx0) * Math.max(0, by1 - by0);
    // Canvas blits for few icons when the layer is opaque (a translucent layer is blended as a whole).
    const canvasCheaper = list.count * CANVAS_BLIT_MS < list.count * BLEND_ICON_MS + area * BLEND_PIXEL_MS;
    if (ctx.globalAlpha >= 1 && (this.strategy === 'canvas' || (this.strategy === 'auto' && canvasCheaper))) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const end = Math.floor(((part + 1) * list.count) / parts);
      for (let k = Math.floor((part * list.count) / parts); k < end; k++) ctx.drawImage(list.sprites[k].image as CanvasImageSource, list.xs[k], list.ys[k]);
      if (list.focused >= 0 && part === parts - 1) this.outline(frame, ctx, list.focused);
      return;
    }
    if (this.composed !== list) {
      if (part === 0) this.clear(w, h);
      const end = Math.floor(((part + 1) * list.count) / parts);
      for (let k = Math.floor((part * list.count) / parts); k < end; k++) this.blend(list.sprites[k], list.xs[k], list.ys[k], w, h);
      if (part < parts - 1) return;
      this.upload(w);
      this.composed = list;
    } else if (part < parts - 1) {
      return;
    }
    const [x0, y0, x1, y1] = this.box;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (x1 > x0 && y1 > y0) ctx.drawImage(this.canvas as CanvasImageSource, x0, y0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
    if (list.focused >= 0) this.outline(frame, ctx, list.focused);
  }

  /** Empties the buffer and the uploaded pixels (only where icons were) for a list of w x h device pixels. */
  private clear(w: number, h: number): void {
    if (!this.image || this.image.width !== w || this.image.height !== h) {
      this.buffer = new Uint32Array(w * h);
      this.canvas = createCanvas(w, h);
      this.image = context2d(this.canvas).createImageData(w, h);
      this.rowFirst = new Int32Array(h).fill(w);
      this.rowLast = new Int32Array(h);
    } else {
      const out = new Uint32Array(this.image.data.buffer);
      const { rowFirst, rowLast } = this;
      for (let y = this.box[1]; y < this.box[3]; y++) {
        if (rowLast[y] > rowFirst[y]) {
          this.buffer.fill(0, y * w + rowFirst[y], y * w + rowLast[y]);
          out.fill(0, y * w + rowFirst[y], y * w + rowLast[y]);
        }
        rowFirst[y] = w;
        rowLast[y] = 0;
      }
    }
    this.box = [w, h, 0, 0];
    this.composed = null;
  }

  /** Premultiplied source-over of one sprite at device px (left, top), clipped to the buffer. */
  private blend(sprite: Sprite, left: number, top: number, w: number, h: number): void {
    const buffer = this.buffer, pixels = sprite.pixels, rows = sprite.rows, sw = sprite.width;
    const box = this.box, rowFirst = this.rowFirst, rowLast = this.rowLast;
    for (let r = 0; r < sprite.height; r++) {
      const py = top + r;
      if (py < 0 || py >= h) continue;
      const first = Math.max(rows[4 * r], -left), last = Math.min(rows[4 * r + 1], w - 1 - left);
      if (last < first) continue;
      if (left + first < rowFirst[py]) rowFirst[py] = left + first;
      if (left + last + 1 > rowLast[py]) rowLast[py] = left + last + 1;
      if (left + first < box[0]) box[0] = left + first;
      if (left + last + 1 > box[2]) box[2] = left + last + 1;
      if (py < box[1]) box[1] = py;
      if (py + 1 > box[3]) box[3] = py + 1;
      let d = py * w + left + first;
      for (let q = r * sw + first, end = r * sw + last; q <= end; q++, d++) {
        const c = pixels[q];
        const alpha = c >>> 24;
        if (alpha === 0) continue;
        const under = buffer[d];
        if (alpha === 255 || under === 0) {
          buffer[d] = c;
          continue;
        }
        const inverse = 255 - alpha;
        buffer[d] =
          (((c >>> 24) + scaleChannel(under >>> 24, inverse)) << 24) |
          (((c >>> 16) & 255) + scaleChannel((under >>> 16) & 255, inverse)) << 16 |
          (((c >>> 8) & 255) + scaleChannel((under >>> 8) & 255, inverse)) << 8 |
          ((c & 255) + scaleChannel(under & 255, inverse));
      }
    }
  }

  /** Un-premultiplies the painted spans of the buffer into the ImageData (the rest of it is already
   * transparent) and uploads the box to the canvas. */
  private upload(w: number): void {
    const [x0, y0, x1, y1] = this.box;
    if (x1 <= x0 || y1 <= y0) return;
    const out = new Uint32Array(this.image!.data.buffer);
    const { buffer, rowFirst, rowLast } = this;
    for (let y = y0; y < y1; y++) {
      for (let p = y * w + rowFirst[y], end = y * w + rowLast[y]; p < end; p++) {
        const c = buffer[p];
        const alpha = c >>> 24;
        if (alpha === 0 || alpha === 255) {
          out[p] = c;
          continue;
        }
        const row = alpha << 8;
        out[p] = ((alpha << 24) | (UNPREMULTIPLY[row | ((c >>> 16) & 255)] << 16) | (UNPREMULTIPLY[row | ((c >>> 8) & 255)] << 8) | UNPREMULTIPLY[row | (c & 255)]) >>> 0;
      }
    }
    context2d(this.canvas!).putImageData(this.image!, 0, 0, x0, y0, x1 - x0, y1 - y0);
  }

  private outline(frame: FrameState, ctx: CanvasRenderingContext2D, i: number): void {
    const { layer } = this;
    const pr = frame.pixelRatio;
    const m = frame.toScreen;
    const wx = layer.world[2 * i], wy = layer.world[2 * i + 1];
    ctx.setTransform(pr, 0, 0, pr, 0, 0);
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#f59e0b';
    ctx.beginPath();
    ctx.arc(m[0] * wx + m[2] * wy + m[4], m[1] * wx + m[3] * wy + m[5], layer.half[i] + 5, 0, Math.PI * 2);
    ctx.stroke();
  }

  dispose(): void {
    this.sprites.clear();
    this.spriteOf = [];
    this.spritesFor = { revision: -1, pixelRatio: 0 };
    this.list = null;
    this.composed = null;
    this.covered = new Uint8Array(0);
    this.buffer = new Uint32Array(0);
    this.image = null;
    this.canvas = null;
  }
}
