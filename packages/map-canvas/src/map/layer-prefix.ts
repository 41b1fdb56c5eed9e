// Redrawing only what changed in full frames. When a full frame repeats the last one's view and only
// some layers changed (a tile arrived, an icon was selected, a catchment restyled), the layers below the
// lowest changed one would draw exactly what they drew before. The map keeps a snapshot of the canvas
// as it was under that layer, restores it with one copy and draws only from that layer up: the same
// pixels as drawing every layer, for the cost of the changed layers and one copy.
//
// The snapshot is taken on the first repeat of a view (a frame after a view change has nothing to
// compare with), before the lowest changed layer, and used while the view, the layers under it and
// their data stay the same. Frames in which a renderer still waited for data (tiles loading) or asked
// for another frame are never reused from, so loading and animation go on exactly as before.
import { createCanvas, context2d, type Canvas2D } from '../layer-base/canvas.js';
import type { Layer, LayerRenderer } from '../layer-base/layer.js';
import type { FrameState } from '../view/frame-state.js';
import { occlusionsBeneath, renderLayer } from './render-frame.js';

interface DrawnFrame {
  toScreen: FrameState['toScreen'];
  width: number;
  height: number;
  /** The layers drawn (visible, not transparent) in order, and each one's version then. */
  layers: Layer[];
  versions: number[];
}

export class LayerPrefix {
  private last: DrawnFrame | null = null;
  private snapshot: { canvas: Canvas2D; drawn: DrawnFrame; count: number } | null = null;
  /** Full frames that started from the snapshot, and layers they did not draw (tests read them). */
  reusedFrames = 0;
  skippedLayers = 0;

  /** Draws a full frame: from the snapshot when it still holds the layers under the first changed one.
   * `versionOf` counts a layer's changes (data, style, visibility, opacity). */
  render(
    ctx: CanvasRenderingContext2D,
    frame: FrameState,
    all: Layer[],
    rendererOf: (layer: Layer) => LayerRenderer,
    versionOf: (layer: Layer) => number,
  ): void {
    const layers = all.filter((l) => l.visible && l.opacity > 0);
    const now: DrawnFrame = { toScreen: frame.toScreen, width: ctx.canvas.width, height: ctx.canvas.height, layers, versions: layers.map(versionOf) };
    // Layers drawn exactly as in the last frame: everything under the first one that changed.
    const changed = this.last && sameView(this.last, now) ? firstDifference(this.last, now) : 0;
    const snap = this.snapshot;
    let start = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (snap && snap.count <= changed && sameView(snap.drawn, now) && firstDifference(snap.drawn, now) >= snap.count) {
      ctx.save();
      ctx.globalCompositeOperation = 'copy';
      ctx.drawImage(snap.canvas as CanvasImageSource, 0, 0);
      ctx.restore();
      start = snap.count;
      this.reusedFrames++;
      this.skippedLayers += start;
    } else {
      ctx.clearRect(0, 0, now.width, now.height);
      if (snap && !sameView(snap.drawn, now)) this.snapshot = null;
    }
    // A frame that keeps nothing (a new view, or the first) may leave out what layers above cover.
    // A kept canvas must hold every pixel of its layers: the layers above it may change.
    const hidden = changed === 0 ? occlusionsBeneath(frame, layers, rendererOf) : null;
    for (let i = start; i < layers.length; i++) {
      // The first repeat of a view keeps the canvas as it is under the first changed layer.
      if (i === changed && i > start) this.keep(ctx, now, i);
      renderLayer(ctx, frame, layers[i], rendererOf(layers[i]), hidden?.[i] ?? null);
    }
    if (changed === layers.length && changed > start) this.keep(ctx, now, changed);
    // A frame that waited for data or wants another one is not a reference for the next.
    this.last = frame.loading || frame.animate ? null : now;
    if (!this.last) this.snapshot = null;
  }

  /** Forgets the snapshot (resize, dispose). */
  reset(): void {
    this.last = null;
    this.snapshot = null;
  }

  private keep(ctx: CanvasRenderingContext2D, drawn: DrawnFrame, count: number): void {
    let canvas = this.snapshot?.canvas;
    if (!canvas || canvas.width !== drawn.width || canvas.height !== drawn.height) canvas = createCanvas(drawn.width, drawn.height);
    const c = context2d(canvas);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.globalCompositeOperation = 'copy';
    c.drawImage(ctx.canvas, 0, 0);
    this.snapshot = { canvas, drawn, count };
  }
}

function sameView(a: DrawnFrame, b: DrawnFrame): boolean {
  return a.width === b.width && a.height === b.height && a.toScreen.every((v, i) => v === b.toScreen[i]);
}

/** Index of the first layer that is not the same layer at the same version in both frames. */
function firstDifference(a: DrawnFrame, b: DrawnFrame): number {
  const n = Math.min(a.layers.length, b.layers.length);
  for (let i = 0; i < n; i++) if (a.layers[i] !== b.layers[i] || a.versions[i] !== b.versions[i]) return i;
  return n;
}
