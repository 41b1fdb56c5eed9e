// Draws icons from their sprites in drawing order. Thousands of small canvas blits cost more in call
// overhead than in pixels, so with many icons the renderer blends the sprites itself, at whole device
// pixels, straight into the ImageData that is uploaded (one upload and one blit of the part that holds
// icons; with few icons on a wide screen, canvas blits are cheaper and are used, by an estimate of both
// costs). It blends front to back: the topmost icon first, each later one only under what is already
// there (the "under" operator, the same picture as drawing bottom-up), so a pixel that is already
// opaque costs one comparison and an icon hidden under others changes nothing (zoomed out, thousands
// pile up). A bit per device pixel known to be opaque (set from each sprite row's run of opaque
// pixels) narrows each sprite row to the pixels that can still change, or skips it whole (the same
// pixels: the rest would be passed over as opaque). Icons off screen are skipped. The layer's opacity
// applies to the layer as a whole, as for any other layer. The blended layer is kept: a frame of the
// same view with unchanged icons only blits it again. A part of the drawing order can be blended on its
// own (motion pictures spread big layers over frames); the last part uploads and blits. Outlines the
// focused icon.
import { createCanvas, context2d, drawBox, type Canvas2D, type PixelBox } from '../../layer-base/canvas.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import { OpaqueMask } from '../../layer-base/occlusion.js';
import { firstUnset, lastUnset, rowWords, setAll } from '../../layer-base/pixel-bits.js';
import type { FrameState } from '../../view/frame-state.js';
import type { IconLayer } from './icon-layer.js';
import { THIN_DOT_SIZE } from './icon-style.js';
import { SpriteCache, type Sprite } from './icon-sprites.js';

interface DrawList {
  toScreen: FrameState['toScreen'];
  width: number;
  height: number;
  pixelRatio: number;
  order: Int32Array;
  focusedId: string | number | null;
  /** Icons on screen, in drawing order, with their sprite and device-pixel position. */
  count: number;
  xs: Int32Array;
  ys: Int32Array;
  sprites: Sprite[];
  focused: number;
  /** Device-pixel box of the icons to draw: [x0, y0, x1, y1). */
  box: number[];
}

/** Estimated costs, in ms: a canvas blit per icon, and per icon and per pixel of the box when the
 * renderer blends itself (clearing, upload and single blit cost by area). Few icons over a wide area
 * are cheaper as canvas blits; many icons are far cheaper blended here. Fitted to both ways' times over
 * the bench's path in Chromium (a full screen of 1024 x 768 breaks even at about 370 icons). */
const CANVAS_BLIT_MS = 0.0036;
const BLEND_ICON_MS = 0.0016;
const BLEND_PIXEL_MS = 0.00000095;

/** A pixel (not premultiplied, packed as in ImageData) with `under` drawn beneath it: source-over of
 * `over` on `under`, rounded to 8 bits. Both have some alpha; `over` is not opaque. */
export function beneath(over: number, under: number): number {
  const ao = over >>> 24;
  if (under >>> 24 === 255) {
    // Over an opaque pixel (the common case: an icon's body beneath another's antialiased edge) the
    // weights add up to 255 * 255 and the result is opaque. For each channel, with x = over * ao +
    // under * (255 - ao): floor((255 x + 32512) / 65025) = floor((x + 127) / 255), computed in
    // integers without a division (the same values; the icon tests check every combination).
    const au = 255 - ao;
    const r = (over & 255) * ao + (under & 255) * au + 128;
    const g = ((over >>> 8) & 255) * ao + ((under >>> 8) & 255) * au + 128;
    const b = ((over >>> 16) & 255) * ao + ((under >>> 16) & 255) * au + 128;
    return (0xff000000 | (((b + (b >>> 8)) >>> 8) << 16) | (((g + (g >>> 8)) >>> 8) << 8) | ((r + (r >>> 8)) >>> 8)) >>> 0;
  }
  // Weights of both on 0..65025: `over` by its alpha, `under` by what of it shows through.
  const wo = ao * 255,
    wu = (under >>> 24) * (255 - ao);
  const total = wo + wu,
    half = total >>> 1;
  const r = ((over & 255) * wo + (under & 255) * wu + half) / total;
  const g = (((over >>> 8) & 255) * wo + ((under >>> 8) & 255) * wu + half) / total;
  const b = (((over >>> 16) & 255) * wo + ((under >>> 16) & 255) * wu + half) / total;
  return ((((total + 127) / 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export class IconRenderer implements LayerRenderer {
  private readonly sprites = new SpriteCache();
  /** The dot sprite of each icon sprite (thinned-out icons). */
  private dots = new WeakMap<Sprite, Sprite>();
  private list: DrawList | null = null;
  /** Device pixels of the layer (ImageData, not premultiplied), a signed 32-bit view of them (alpha in
   * the top byte: opaque pixels are negative) and their canvas. */
  private image: ImageData | null = null;
  private out = new Int32Array(0);
  private canvas: Canvas2D | null = null;
  /** Device-pixel box of the pixels holding icons: [x0, y0, x1, y1), empty when x1 <= x0. */
  private box: PixelBox = [0, 0, 0, 0];
  /** Per row, the columns holding icons: [first, last), empty when last <= first. */
  private rowFirst = new Int32Array(0);
  private rowLast = new Int32Array(0);
  /** A bit per device pixel (32 to a word, rows of `words` words) that is known to be opaque: set for
   * each drawn row's run of opaque sprite pixels. A sprite row whose painted span is all set would
   * change nothing and is skipped without looking at its pixels (zoomed out, about half the rows are);
   * of the others only the pixels from the first to the last clear bit are visited. */
  private opaqueBits = new Int32Array(0);
  private words = 0;
  /** Each feature's sprite, for the layer's revision and a pixel ratio (looked up once, not per frame). */
  private spriteOf: (Sprite | undefined)[] = [];
  private spritesFor = { revision: -1, pixelRatio: 0 };
  /** The opaque pixels of the list last blended in full, as handed to the layers beneath. */
  private mask: { list: DrawList; mask: OpaqueMask } | null = null;
  /** The list whose blend the canvas holds. */
  private composed: DrawList | null = null;
  /** Icons of the last blend that changed no pixel, hidden under others (tests read it). */
  hidden = 0;
  /** Sprite rows of the last blend skipped whole, as known to fall on opaque pixels (tests read it). */
  skippedRows = 0;
  /** Whether the blend keeps the bits of pixels known to be opaque and skips by them (tests compare
   * the pixels with and without). */
  knownOpaque = true;
  /** How icons are drawn: by the cost estimate, or always one way (tests compare the two). */
  strategy: 'auto' | 'canvas' | 'blend' = 'auto';

  constructor(private readonly layer: IconLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    this.renderPart(frame, ctx, 0, 1);
  }

  /** The icons on screen, for a frame; the same list while view and icons are unchanged. */
  private drawList(frame: FrameState): DrawList {
    const { layer } = this;
    layer.scaleFor(frame.view.zoom);
    const pr = frame.pixelRatio;
    const w = Math.round(frame.size.width * pr),
      h = Math.round(frame.size.height * pr);
    const l = this.list;
    if (
      l &&
      l.order === layer.order &&
      l.focusedId === layer.focusedId &&
      l.width === w &&
      l.height === h &&
      l.pixelRatio === pr &&
      l.toScreen.every((v, i) => v === frame.toScreen[i])
    )
      return l;
    const m = frame.toScreen;
    const a = m[0] * pr,
      b = m[1] * pr,
      c = m[2] * pr,
      d = m[3] * pr,
      e = m[4] * pr,
      f = m[5] * pr;
    const world = layer.world;
    const order = layer.order;
    const n = order.length;
    const xs = new Int32Array(n),
      ys = new Int32Array(n);
    const sprites: Sprite[] = [];
    if (this.spritesFor.revision !== layer.revision || this.spritesFor.pixelRatio !== pr) {
      this.spriteOf = new Array(n);
      this.spritesFor = { revision: layer.revision, pixelRatio: pr };
    }
    const spriteOf = this.spriteOf;
    let count = 0,
      focused = -1;
    let bx0 = w,
      by0 = h,
      bx1 = 0,
      by1 = 0;
    // Zoomed out, icons that would overlap others are drawn as dots, beneath every whole icon.
    const dots = layer.thinned(frame.view.zoom);
    for (let pass = dots ? 0 : 1; pass < 2; pass++)
      for (let k = 0; k < n; k++) {
        const i = order[k];
        if (dots && dots[i] !== 1 - pass) continue;
        const wx = world[2 * i],
          wy = world[2 * i + 1];
        const x = a * wx + c * wy + e;
        const y = b * wx + d * wy + f;
        const margin = layer.half[i] * 1.6 * pr;
        if (x < -margin || y < -margin || x > w + margin || y > h + margin) continue;
        if (layer.focusedId !== null && layer.features[i].id === layer.focusedId) focused = i;
        let sprite = (spriteOf[i] ??= this.sprites.get(layer.spriteKeys[i], layer.specs[i], pr));
        if (pass === 0) sprite = this.dotOf(sprite, pr);
        if (!sprite.image) continue;
        const left = Math.round(x - sprite.half) + sprite.left,
          top = Math.round(y - sprite.half) + sprite.top;
        if (left >= w || top >= h || left + sprite.width <= 0 || top + sprite.height <= 0) continue;
        xs[count] = left;
        ys[count] = top;
        sprites.push(sprite);
        bx0 = Math.min(bx0, Math.max(0, left));
        by0 = Math.min(by0, Math.max(0, top));
        bx1 = Math.max(bx1, Math.min(w, left + sprite.width));
        by1 = Math.max(by1, Math.min(h, top + sprite.height));
        count++;
      }
    this.list = {
      toScreen: frame.toScreen,
      width: w,
      height: h,
      pixelRatio: pr,
      order,
      focusedId: layer.focusedId,
      count,
      xs,
      ys,
      sprites,
      focused,
      box: [bx0, by0, bx1, by1],
    };
    return this.list;
  }

  /** The dot that stands for a thinned-out icon: a small disc in the colour at the icon's centre
   * (the group's colour, also when the icon is an image). */
  private dotOf(sprite: Sprite, pr: number): Sprite {
    let dot = this.dots.get(sprite);
    if (dot) return dot;
    const row = Math.floor(sprite.half) - sprite.top,
      col = Math.floor(sprite.half) - sprite.left;
    const c = row >= 0 && row < sprite.height && col >= 0 && col < sprite.width ? sprite.pixels[row * sprite.width + col] : 0;
    const fill = c >>> 24 === 0 ? '#6b7280' : `rgb(${c & 255}, ${(c >>> 8) & 255}, ${(c >>> 16) & 255})`;
    const style = { fill, stroke: 'rgba(255, 255, 255, 0.7)', shape: 'circle' as const, image: null };
    dot = this.sprites.get(`dot|${fill}`, () => ({ style, size: THIN_DOT_SIZE, selected: false, change: null }), pr);
    this.dots.set(sprite, dot);
    return dot;
  }

  /** Whether a list is drawn with canvas blits (at full layer opacity; a translucent layer is always
   * blended as a whole). */
  private blitted(list: DrawList): boolean {
    const [bx0, by0, bx1, by1] = list.box;
    const area = Math.max(0, bx1 - bx0) * Math.max(0, by1 - by0);
    const canvasCheaper = list.count * CANVAS_BLIT_MS < list.count * BLEND_ICON_MS + area * BLEND_PIXEL_MS;
    return this.strategy === 'canvas' || (this.strategy === 'auto' && canvasCheaper);
  }

  /** Blends the frame's icons now (when they are blended, not blitted) and returns their opaque pixels:
   * the icon bodies, which hide whatever layers beneath draw there. */
  occlusion(frame: FrameState): OpaqueMask | null {
    const list = this.drawList(frame);
    if (this.blitted(list)) return null;
    this.compose(list);
    // The same mask while the pixels stay those of this list (a layer beneath may key on it).
    if (this.mask?.list !== list)
      this.mask = { list, mask: new OpaqueMask(this.out, list.width, list.height, this.rowFirst, this.rowLast, this.opaqueBits, this.words) };
    return this.mask.mask;
  }

  /** Blends a whole list (if the canvas does not already hold it) and uploads it. */
  private compose(list: DrawList): void {
    if (this.composed !== list) this.blendPart(list, 0, 1);
  }

  /** Blends part `part` of `parts` of a list's icons, front to back: part 0 (which first empties the
   * pixels) the topmost run of the drawing order, the last part the bottom one, which also uploads. */
  private blendPart(list: DrawList, part: number, parts: number): void {
    const { width: w, height: h } = list;
    if (part === 0) {
      this.clear(w, h);
      this.hidden = 0;
      this.skippedRows = 0;
    }
    const end = list.count - Math.floor((part * list.count) / parts),
      start = list.count - Math.floor(((part + 1) * list.count) / parts);
    this.blendRange(list, start, end, w, h);
    if (part < parts - 1) return;
    this.upload();
    this.composed = list;
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void {
    const list = this.drawList(frame);
    if (ctx.globalAlpha >= 1 && this.blitted(list)) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const end = Math.floor(((part + 1) * list.count) / parts);
      for (let k = Math.floor((part * list.count) / parts); k < end; k++) ctx.drawImage(list.sprites[k].image as CanvasImageSource, list.xs[k], list.ys[k]);
      if (list.focused >= 0 && part === parts - 1) this.outline(frame, ctx, list.focused);
      return;
    }
    if (this.composed !== list) this.blendPart(list, part, parts);
    if (part < parts - 1) return;
    // The box that holds this list's icons (the canvas may hold earlier icons outside it).
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    drawBox(ctx, this.canvas!, this.box);
    if (list.focused >= 0) this.outline(frame, ctx, list.focused);
  }

  /** Empties the pixels (only where icons were) for a list of w x h device pixels. */
  private clear(w: number, h: number): void {
    if (!this.image || this.image.width !== w || this.image.height !== h) {
      this.canvas = createCanvas(w, h);
      this.image = context2d(this.canvas).createImageData(w, h);
      this.out = new Int32Array(this.image.data.buffer);
      this.rowFirst = new Int32Array(h).fill(w);
      this.rowLast = new Int32Array(h);
      this.words = rowWords(w);
      this.opaqueBits = new Int32Array(this.words * h);
    } else {
      this.opaqueBits.fill(0);
      const { out, rowFirst, rowLast } = this;
      for (let y = this.box[1]; y < this.box[3]; y++) {
        if (rowLast[y] > rowFirst[y]) out.fill(0, y * w + rowFirst[y], y * w + rowLast[y]);
        rowFirst[y] = w;
        rowLast[y] = 0;
      }
    }
    this.box = [w, h, 0, 0];
    this.composed = null;
    this.mask = null;
  }

  /** Icons end - 1 down to start of a list. (The loop is a function of its own: it runs once per frame and
   * is compiled on the stack, and code after it in the same function, first run from there, would have
   * no type feedback and fall back to the interpreter every frame.) */
  private blendRange(list: DrawList, start: number, end: number, w: number, h: number): void {
    for (let k = end - 1; k >= start; k--) if (!this.blend(list.sprites[k], list.xs[k], list.ys[k], w, h)) this.hidden++;
  }

  /** One sprite at device px (left, top), clipped to the pixels, beneath what is already there;
   * whether it changed any pixel. */
  private blend(sprite: Sprite, left: number, top: number, w: number, h: number): boolean {
    const out = this.out,
      pixels = sprite.pixels,
      rows = sprite.rows,
      solid = sprite.solid,
      sw = sprite.width;
    const box = this.box,
      rowFirst = this.rowFirst,
      rowLast = this.rowLast,
      bits = this.opaqueBits,
      words = this.words,
      useBits = this.knownOpaque;
    let changed = false,
      skipped = 0;
    // The sprite's columns on the canvas: [minCol, maxCol]. (Not -left: for an icon at the left edge that
    // is -0, which code optimised for integers would have to leave; and no branch that only icons over
    // the left edge take.)
    const minCol = Math.max(0, 0 - left),
      maxCol = w - 1 - left;
    for (let r = 0; r < sprite.height; r++) {
      const py = top + r;
      if (py < 0 || py >= h) continue;
      let first = Math.max(rows[2 * r], minCol),
        last = Math.min(rows[2 * r + 1], maxCol);
      if (last < first) continue;
      // Only the pixels between the first and the last one not known to be opaque can change.
      let x0 = left + first,
        x1 = left + last;
      if (useBits) {
        x0 = firstUnset(bits, py * words, x0, x1);
        if (x0 < 0) {
          skipped++;
          continue;
        }
        x1 = lastUnset(bits, py * words, x0, x1);
        const s0 = Math.max(solid[2 * r], minCol),
          s1 = Math.min(solid[2 * r + 1], maxCol);
        if (s1 >= s0) setAll(bits, py * words, left + s0, left + s1);
        first = x0 - left;
        last = x1 - left;
      }
      let d = py * w + x0,
        rowChanged = false;
      for (let q = r * sw + first, end = r * sw + last; q <= end; q++, d++) {
        // Zoomed out most pixels are opaque already: that is checked first.
        const above = out[d];
        if (above >> 24 === -1) continue; // already opaque: nothing shows through
        const c = pixels[q];
        if (c >>> 24 === 0) continue; // transparent
        out[d] = above >>> 24 === 0 ? c : beneath(above >>> 0, c >>> 0) | 0;
        rowChanged = true;
      }
      if (!rowChanged) continue;
      changed = true;
      if (left + first < rowFirst[py]) rowFirst[py] = left + first;
      if (left + last + 1 > rowLast[py]) rowLast[py] = left + last + 1;
      if (left + first < box[0]) box[0] = left + first;
      if (left + last + 1 > box[2]) box[2] = left + last + 1;
      if (py < box[1]) box[1] = py;
      if (py + 1 > box[3]) box[3] = py + 1;
    }
    this.skippedRows += skipped;
    return changed;
  }

  /** Uploads the box of the pixels that holds icons to the canvas. */
  private upload(): void {
    const [x0, y0, x1, y1] = this.box;
    if (x1 > x0 && y1 > y0) context2d(this.canvas!).putImageData(this.image!, 0, 0, x0, y0, x1 - x0, y1 - y0);
  }

  private outline(frame: FrameState, ctx: CanvasRenderingContext2D, i: number): void {
    const { layer } = this;
    const pr = frame.pixelRatio;
    const m = frame.toScreen;
    const wx = layer.world[2 * i],
      wy = layer.world[2 * i + 1];
    ctx.setTransform(pr, 0, 0, pr, 0, 0);
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#f59e0b';
    ctx.beginPath();
    ctx.arc(m[0] * wx + m[2] * wy + m[4], m[1] * wx + m[3] * wy + m[5], layer.half[i] + 5, 0, Math.PI * 2);
    ctx.stroke();
  }

  dispose(): void {
    this.sprites.clear();
    this.dots = new WeakMap();
    this.spriteOf = [];
    this.spritesFor = { revision: -1, pixelRatio: 0 };
    this.list = null;
    this.composed = null;
    this.mask = null;
    this.out = new Int32Array(0);
    this.image = null;
    this.canvas = null;
  }
}
