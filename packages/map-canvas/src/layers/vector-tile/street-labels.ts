// The street basemap's labels: places, streets along their street, water names. Placed each frame in
// screen space by the tiles' order (places by rank, then streets, then water), upright whatever the
// map's bearing, a street's name only where its street has room for it, never overlapping another
// label. The font family is the map's (`fontFamily` of createMap), so the app's shipped font is used.
import { drawHaloText } from '../../layer-base/canvas.js';
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
const measurer = new TextMeasurer();

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
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
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
    if (angle === 0) {
      ctx.setTransform(pr, 0, 0, pr, 0, 0);
      drawHaloText(ctx, l.text, x, y, l.color, HALO, 3);
    } else {
      const cos = Math.cos(angle),
        sin = Math.sin(angle);
      ctx.setTransform(pr * cos, pr * sin, -pr * sin, pr * cos, pr * x, pr * y);
      drawHaloText(ctx, l.text, 0, 0, l.color, HALO, 3);
    }
  }
}
