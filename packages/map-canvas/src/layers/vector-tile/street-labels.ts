// The street basemap's labels: places, streets along their street, water names. Placed each frame in
// screen space by the tiles' order (places by rank, then streets, then water), upright whatever the
// map's bearing, a street's name only where its street has room for it, never overlapping another
// label. The font family is the map's (`fontFamily` of createMap), so the app's shipped font is used.
// Each label's text and halo is drawn once into a small picture (a sprite) at the screen's pixel ratio
// and put on the map with one drawImage per frame: stroking the halo's glyph outlines every frame cost
// more than the rest of the labels' work.
import { context2d, createCanvas, drawHaloText, type Canvas2D } from '../../layer-base/canvas.js';
import { LabelPlacer, TextMeasurer } from '../labels/label-placement.js';
import type { FrameState } from '../../view/frame-state.js';
import type { LabelCandidate } from '../../tiles/draw-vector-tile.js';
import { VECTOR_TILE_SIZE } from './vector-tile-layer.js';

export interface PlacedLabelSource extends LabelCandidate {
  /** World units. */
  wx: number;
  wy: number;
}

const HALO = 'rgba(255,255,255,0.92)';
const PAD = 3;
const HALO_WIDTH = 3;
const measurer = new TextMeasurer();

interface Sprite {
  canvas: Canvas2D;
  /** The text's centre in the sprite, device px. */
  cx: number;
  cy: number;
}
/** Sprites by font, colour, pixel ratio, position within the pixel and text; cleared when it holds too
 * many (2,000 of some 10 kB each at most). */
const sprites = new Map<string, Sprite>();
const MAX_SPRITES = 2000;
/** Positions of an upright label within a device pixel, across and down: a sprite per position, drawn at
 * a whole pixel, so labels land where drawing their text would put them to a quarter pixel (a sprite
 * rounded to the pixel made 0.6 % of the street golden's pixels differ). */
const PHASES = 4;

/** Whether sprites can be made here (not where there is no canvas to draw them into, as in Node). */
const canMakeSprites = () => typeof OffscreenCanvas !== 'undefined' || typeof document !== 'undefined';

/** A label's text with its halo, centred in a picture of its own at the pixel ratio. */
function spriteFor(font: string, text: string, color: string, width: number, size: number, pr: number, fx: number, fy: number): Sprite {
  const key = `${font}\u0000${color}\u0000${pr}\u0000${fx}\u0000${fy}\u0000${text}`;
  let sprite = sprites.get(key);
  if (sprite) return sprite;
  // Room for the halo and for glyphs reaching out of the em box (accents, descenders, italics).
  const margin = HALO_WIDTH + 2 + size * 0.25;
  const w = Math.ceil((width + 2 * margin) * pr),
    h = Math.ceil((size * 1.2 + 2 * margin) * pr);
  const canvas = createCanvas(w, h);
  const ctx = context2d(canvas);
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // The centre on a whole device pixel, so a sprite drawn at a whole pixel puts the text where drawing
  // the text at that point would.
  const cx = Math.round(w / 2),
    cy = Math.round(h / 2);
  ctx.setTransform(pr, 0, 0, pr, cx + fx, cy + fy);
  drawHaloText(ctx, text, 0, 0, color, HALO, HALO_WIDTH);
  sprite = { canvas, cx, cy };
  if (sprites.size >= MAX_SPRITES) sprites.clear();
  sprites.set(key, sprite);
  return sprite;
}

/**
 * Draws the labels that fit. `namedElsewhere`: a layer beneath that already names places (the built-in
 * basemap's); a place label of the tiles with the same name near by is left out.
 */
export function drawStreetLabels(
  ctx: CanvasRenderingContext2D,
  frame: FrameState,
  labels: readonly PlacedLabelSource[],
  tileZoom: number,
  namedElsewhere?: { namesPlace(name: string, wx: number, wy: number, zoom: number): boolean },
): void {
  const m = frame.toScreen;
  const { width, height } = frame.size;
  const pr = frame.pixelRatio;
  const rotation = Math.atan2(m[1], m[0]);
  const stretch = frame.scale / (VECTOR_TILE_SIZE * Math.pow(2, tileZoom));
  const placer = new LabelPlacer();
  const useSprites = canMakeSprites();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  let font = '';
  for (const l of labels) {
    const x = m[0] * l.wx + m[2] * l.wy + m[4],
      y = m[1] * l.wx + m[3] * l.wy + m[5];
    if (x < -100 || y < -40 || x > width + 100 || y > height + 40) continue;
    if (l.kind === 'place' && namedElsewhere?.namesPlace(l.text, l.wx, l.wy, frame.view.zoom)) continue;
    const f = `${l.bold ? '600 ' : ''}${l.size}px ${frame.fontFamily}`;
    if (f !== font) {
      ctx.font = f;
      font = f;
    }
    const w = measurer.width(ctx, l.text),
      h = l.size * 1.2;
    let angle = 0;
    if (l.kind === 'street') {
      if (w + 8 > l.room * stretch) continue;
      angle = l.angle + rotation;
      while (angle > Math.PI / 2) angle -= Math.PI;
      while (angle <= -Math.PI / 2) angle += Math.PI;
    }
    const c = Math.abs(Math.cos(angle)),
      s = Math.abs(Math.sin(angle));
    const hw = (c * w + s * h) / 2 + PAD,
      hh = (s * w + c * h) / 2 + PAD;
    if (x - hw < 0 || y - hh < 0 || x + hw > width || y + hh > height) continue;
    if (!placer.place(x - hw, y - hh, x + hw, y + hh)) continue;
    if (!useSprites) {
      ctx.font = f;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const cos = Math.cos(angle),
        sin = Math.sin(angle);
      ctx.setTransform(pr * cos, pr * sin, -pr * sin, pr * cos, pr * x, pr * y);
      drawHaloText(ctx, l.text, 0, 0, l.color, HALO, HALO_WIDTH);
    } else if (angle === 0) {
      const px = Math.floor(pr * x * PHASES) / PHASES,
        py = Math.floor(pr * y * PHASES) / PHASES;
      const ix = Math.floor(px),
        iy = Math.floor(py);
      const sprite = spriteFor(f, l.text, l.color, w, l.size, pr, px - ix, py - iy);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(sprite.canvas as CanvasImageSource, ix - sprite.cx, iy - sprite.cy);
    } else {
      const sprite = spriteFor(f, l.text, l.color, w, l.size, pr, 0, 0);
      const cos = Math.cos(angle),
        sin = Math.sin(angle);
      ctx.setTransform(cos, sin, -sin, cos, pr * x, pr * y);
      ctx.drawImage(sprite.canvas as CanvasImageSource, -sprite.cx, -sprite.cy);
    }
  }
}
