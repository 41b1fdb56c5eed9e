// Frames drawn while the view moves (drag, wheel, animations, a script moving the view every frame).
// A full frame of thousands of icons and polygons costs more than a frame's budget in a software
// raster, so during motion the map shows a *picture*: the view-following layers rendered into an
// offscreen canvas a margin larger than the screen, moved to the current view with one transformed
// drawImage. Meanwhile the next picture is rendered into a second canvas a part at a time (a layer, or
// a run of a big layer's features), as many parts per frame as fit the budget by their last cost; when
// it is complete the two swap. Each frame renders at least its budget's worth, and more when the picture
// on screen will stop covering the view sooner than the next one would be done at that pace: the share
// is taken in the same units as the parts' costs, so on a busy machine (where every part takes longer
// in wall time) pictures still finish in time instead of being replaced at once. The next picture is
// rendered for where the view will be while it is shown (the motion's speed and acceleration per frame, looked ahead by the frames a picture takes),
// so it is close to the view, slightly scaled, and its margin covers what the view reveals. A picture
// that no longer covers the screen is replaced at once. Layers fixed to the screen (the scale bar) are
// drawn over it every frame. Tile layers (raster and vector streets where they draw, `liveInMotion`) and the layers
// beneath them are not in the pictures: they are drawn live for every frame's own view under the
// picture of the layers above (a tile picture is a drawImage, so this costs a few ms a frame), so a
// tile that arrives while the view moves is on screen in the next frame. A layer whose data changes meanwhile (a tile arrives) hurries the pictures
// that hold the change (each rendered in at most URGENT_FRAMES frames), so the tile shows within a few
// frames rather than when the pictures come round or the view settles. When the view settles the map draws a full frame again (map.ts), so a
// settled frame is exactly what it would be without any of this.
import { invert, multiply, type Affine } from '../geo/affine.js';
import { worldToLonLat } from '../geo/mercator.js';
import { createCanvas, context2d, type Canvas2D } from '../layer-base/canvas.js';
import type { Layer, LayerRenderer } from '../layer-base/layer.js';
import type { FrameState, Size } from '../view/frame-state.js';
import type { ViewState } from '../view/view-state.js';
import { renderLayer } from './render-frame.js';

/** Share of the screen's width and height added on each side, so moves during a picture's few
 * frames of rendering stay covered. */
const MARGIN = 0.18;
/** Largest picture in device pixels; beyond it the picture's pixel ratio is lowered (motion only). */
const MAX_PICTURE_PIXELS = 6_000_000;
/** Time per frame for rendering the next picture (one part is always rendered)... */
const RENDER_BUDGET_MS = 7;
/** ...and the cost a layer that can be split is split to. */
const PART_MS = 5;
/** A picture scaled up more than this, or not covering the screen, is replaced at once. */
const MAX_STRETCH = 2;
/** Longest look-ahead when predicting the view of the next picture, in frames. */
const MAX_LEAD_FRAMES = 12;
/** Renders of a layer whose median is its expected cost. */
const COST_SAMPLES = 5;
/** Longest look-ahead when finding how long the picture on screen keeps covering the view, in frames. */
const MAX_COVER_FRAMES = 24;
/** Frames in which a picture holding a layer's new data (a tile that arrived) is rendered at most. */
const URGENT_FRAMES = 2;

interface Motion {
  x: number;
  y: number;
  zoom: number;
}

interface Picture {
  canvas: Canvas2D;
  ctx: CanvasRenderingContext2D;
  frame: FrameState;
}

export type FrameFactory = (view: ViewState, size: Size, pixelRatio: number) => FrameState;

export class MotionPictures {
  private shown: Picture | null = null;
  private next: Picture | null = null;
  /** Progress of the next picture: layer index, part of that layer and its number of parts. */
  private nextLayer = 0;
  private nextPart = 0;
  private parts = 1;
  private layersKey = '';
  private spare: Canvas2D | null = null;
  /** What each layer cost to render into a picture, in ms: the median of its last renders (one render
   * slowed down by a busy machine does not make the next pictures split or hurry). */
  private readonly costs = new Map<Layer, number>();
  private readonly costSamples = new Map<Layer, number[]>();
  /** What the parts of the layer in progress cost so far. */
  private spent = 0;
  /** The view's motion per frame (world units and zoom levels) and its change per frame. */
  private last: Motion | null = null;
  private velocity: Motion = { x: 0, y: 0, zoom: 0 };
  private acceleration: Motion = { x: 0, y: 0, zoom: 0 };
  /** Frames spent on the next picture so far, and on the last one. */
  private nextFrames = 0;
  private cycleFrames = 1;
  /** Pictures completed so far, and the count that brings the last layer change on screen: until then
   * pictures are rendered in at most URGENT_FRAMES frames each. */
  private completed = 0;
  private urgentUntil = 0;
  private readonly changedLayers = new Set<Layer>();
  /** The layers the last motion frame drew live. */
  private live = new Set<Layer>();

  constructor(private readonly makeFrame: FrameFactory) {}

  /** A layer's data changed (a tile arrived) while the view moves: the pictures that show it are hurried,
   * so it is on screen within a few frames instead of when the view settles or pictures come round. */
  layerChanged(layer: Layer): void {
    this.changedLayers.add(layer);
  }

  /** Draws a motion frame for the current frame state on the visible context. */
  draw(ctx: CanvasRenderingContext2D, frame: FrameState, layers: Layer[], rendererOf: (layer: Layer) => LayerRenderer): void {
    const shown = layers.filter((l) => l.visible && l.opacity > 0);
    const viewFollowing = shown.filter((l) => l.followsView);
    // The tile layers and what lies beneath them are drawn live; the pictures hold the layers above.
    let cut = 0;
    viewFollowing.forEach((l, i) => {
      if (l.liveInMotion(frame)) cut = i + 1;
    });
    const live = viewFollowing.slice(0, cut);
    const following = viewFollowing.slice(cut);
    this.live = new Set(live);
    const key = following.map((l) => l.id).join('\n');
    this.track(frame);
    if (key !== this.layersKey) {
      this.layersKey = key;
      this.reset();
    }
    if (this.changedLayers.size) {
      for (const layer of this.changedLayers) {
        const index = following.indexOf(layer);
        if (index < 0) continue;
        // The next picture holds the change unless it is past that layer already; then the one after.
        const passed = this.next !== null && this.nextLayer > index;
        this.urgentUntil = Math.max(this.urgentUntil, this.completed + (passed ? 2 : 1));
      }
      this.changedLayers.clear();
    }
    if (!following.length) {
      // Nothing above the live layers: no picture at all.
      this.shown = this.next = null;
      clearScreen(ctx);
      for (const layer of live) renderLayer(ctx, frame, layer, rendererOf(layer));
      for (const layer of shown) if (!layer.followsView) renderLayer(ctx, frame, layer, rendererOf(layer));
      return;
    }
    if (this.shown) {
      if (!this.next) {
        this.next = this.start(frame, this.spare, this.predictedView(frame, 1.5));
        this.spare = null;
        this.nextLayer = this.nextPart = 0;
        this.nextFrames = 0;
      }
      this.nextFrames++;
      // A picture that no longer covers the screen is replaced by the next one at once, if that will.
      const shownUsable = this.usable(this.shown, frame);
      if (shownUsable || this.usable(this.next, frame)) {
        this.continueNext(following, rendererOf, shownUsable ? this.budget(frame, following) : Infinity);
        if (this.nextLayer >= following.length) {
          this.completed++;
          this.cycleFrames = this.nextFrames;
          this.spare = this.shown.canvas;
          this.shown = this.next;
          this.next = null;
        }
      }
    }
    if (!this.shown || !this.usable(this.shown, frame)) {
      // No picture to move (the first frame of a motion, or a sudden jump): render one now.
      this.next = null;
      this.shown = this.start(frame, this.shown?.canvas ?? this.spare, this.predictedView(frame, 0.75));
      this.spare = null;
      for (const layer of following) this.renderChunk(this.shown, layer, rendererOf(layer), 0, 1);
      this.completed++;
    }
    clearScreen(ctx);
    for (const layer of live) renderLayer(ctx, frame, layer, rendererOf(layer));
    this.compose(ctx, frame, this.shown);
    for (const layer of shown) if (!layer.followsView) renderLayer(ctx, frame, layer, rendererOf(layer));
  }

  /** The frame state the picture on screen was rendered for (diagnostics). */
  shownFrame(): FrameState | null {
    return this.shown?.frame ?? null;
  }

  /** Whether the last motion frame drew a layer live (for the current view) rather than in a picture. */
  drawsLive(layer: Layer): boolean {
    return this.live.has(layer);
  }

  /** Forgets the pictures (the view settled, or the map was resized); one canvas is kept for reuse. */
  reset(): void {
    this.spare = this.shown?.canvas ?? this.spare;
    this.shown = null;
    this.next = null;
    this.last = null;
    this.velocity = { x: 0, y: 0, zoom: 0 };
    this.acceleration = { x: 0, y: 0, zoom: 0 };
    this.cycleFrames = 1;
    this.nextLayer = this.nextPart = 0;
    this.urgentUntil = this.completed;
    this.changedLayers.clear();
  }

  /** Follows the view frame by frame: views arrive once per frame, whatever drives them. */
  private track(frame: FrameState): void {
    const now = { x: frame.centerWorld[0], y: frame.centerWorld[1], zoom: frame.view.zoom };
    if (this.last) {
      const v = { x: now.x - this.last.x, y: now.y - this.last.y, zoom: now.zoom - this.last.zoom };
      this.acceleration = { x: v.x - this.velocity.x, y: v.y - this.velocity.y, zoom: v.zoom - this.velocity.zoom };
      this.velocity = v;
    }
    this.last = now;
  }

  /** Where the view will be, if the motion goes on as it does, after a number of picture cycles (1.5 for
   * a picture rendered over the next frames: halfway through its time on screen). A picture zoomed in
   * further than the view does not cover it, so zooming in is looked ahead only to where the picture
   * will first be shown. */
  private predictedView(frame: FrameState, cycles: number): ViewState {
    const v = this.velocity,
      a = this.acceleration;
    const ahead = (p: number, dv: number, da: number, c: number) => {
      const n = Math.min(MAX_LEAD_FRAMES, c * this.cycleFrames);
      return p + dv * n + 0.5 * da * n * n;
    };
    const [x, y] = frame.centerWorld;
    const zoomCycles = v.zoom > 0 ? Math.max(0, cycles - 0.5) : cycles;
    return {
      ...frame.view,
      center: worldToLonLat(ahead(x, v.x, a.x, cycles), ahead(y, v.y, a.y, cycles)),
      zoom: ahead(frame.view.zoom, v.zoom, a.zoom, zoomCycles),
    };
  }

  /** A new, empty picture around a view (by default the frame's), on the given canvas when it fits. */
  private start(frame: FrameState, reuse: Canvas2D | null, view: ViewState = frame.view): Picture {
    const { width, height } = frame.size;
    const size = { width: Math.round(width * (1 + 2 * MARGIN)), height: Math.round(height * (1 + 2 * MARGIN)) };
    const pixelRatio = Math.min(frame.pixelRatio, Math.sqrt(MAX_PICTURE_PIXELS / (size.width * size.height)));
    const w = Math.max(1, Math.round(size.width * pixelRatio)),
      h = Math.max(1, Math.round(size.height * pixelRatio));
    const canvas = reuse && reuse.width === w && reuse.height === h ? reuse : createCanvas(w, h);
    const ctx = context2d(canvas);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    return { canvas, ctx, frame: this.makeFrame(view, size, pixelRatio) };
  }

  /** This frame's share of rendering the next picture, in ms of the parts' costs: the budget, or what is
   * left of the picture spread over the frames the picture on screen still covers the view (less one,
   * so the next is ready before it is needed). */
  private budget(frame: FrameState, layers: Layer[]): number {
    let remaining = 0;
    for (let k = this.nextLayer; k < layers.length; k++) {
      const cost = this.costs.get(layers[k]) ?? 0;
      remaining += k === this.nextLayer && this.nextPart > 0 ? (cost * (this.parts - this.nextPart)) / this.parts : cost;
    }
    const urgent = this.completed < this.urgentUntil ? remaining / Math.max(1, URGENT_FRAMES - this.nextFrames + 1) : 0;
    return Math.max(RENDER_BUDGET_MS, urgent, remaining / Math.max(1, this.framesCovered(frame) - 1));
  }

  /** Frames (up to MAX_COVER_FRAMES) for which the picture on screen still covers the view if the
   * motion goes on as it does. */
  private framesCovered(frame: FrameState): number {
    const shown = this.shown!;
    const v = this.velocity,
      a = this.acceleration;
    const [x, y] = frame.centerWorld;
    for (let n = 1; n <= MAX_COVER_FRAMES; n++) {
      const ahead = (p: number, dv: number, da: number) => p + dv * n + 0.5 * da * n * n;
      const view = { ...frame.view, center: worldToLonLat(ahead(x, v.x, a.x), ahead(y, v.y, a.y)), zoom: ahead(frame.view.zoom, v.zoom, a.zoom) };
      if (!this.usable(shown, this.makeFrame(view, frame.size, frame.pixelRatio))) return n;
    }
    return MAX_COVER_FRAMES;
  }

  /** Renders parts of the next picture while the frame's budget lasts (at least one part). A layer
   * that cost more than a part's share last time is split into parts, when its renderer can. */
  private continueNext(layers: Layer[], rendererOf: (layer: Layer) => LayerRenderer, budget: number): void {
    const t0 = performance.now();
    let first = true;
    while (this.nextLayer < layers.length) {
      const layer = layers[this.nextLayer];
      const renderer = rendererOf(layer);
      const cost = this.costs.get(layer) ?? 0;
      if (this.nextPart === 0) this.parts = renderer.renderPart ? Math.max(1, Math.ceil(cost / PART_MS)) : 1;
      if (!first && performance.now() - t0 + cost / this.parts > budget) return;
      first = false;
      this.renderChunk(this.next!, layer, renderer, this.nextPart, this.parts);
      if (++this.nextPart >= this.parts) {
        this.nextLayer++;
        this.nextPart = 0;
      }
    }
  }

  /** Renders one part of a layer into a picture and records what it cost. */
  private renderChunk(picture: Picture, layer: Layer, renderer: LayerRenderer, part: number, parts: number): void {
    const t0 = performance.now();
    const { ctx } = picture;
    ctx.save();
    ctx.globalAlpha = layer.opacity;
    if (parts > 1 && renderer.renderPart) renderer.renderPart(picture.frame, ctx, part, parts);
    else renderer.renderFrame(picture.frame, ctx);
    ctx.restore();
    // Rasterise now (canvases record and draw lazily), so the cost lands in this frame and is known.
    ctx.getImageData(0, 0, 1, 1);
    this.spent = (part === 0 ? 0 : this.spent) + performance.now() - t0;
    if (part === parts - 1) {
      const samples = this.costSamples.get(layer) ?? [];
      samples.push(this.spent);
      if (samples.length > COST_SAMPLES) samples.shift();
      this.costSamples.set(layer, samples);
      this.costs.set(layer, [...samples].sort((a, b) => a - b)[samples.length >> 1]);
    }
  }

  /** Device px of a picture to device px of the screen for a frame. */
  private pictureToScreen(picture: Picture, frame: FrameState): Affine {
    const p = picture.frame.pixelRatio,
      pr = frame.pixelRatio;
    return multiply([pr, 0, 0, pr, 0, 0], multiply(frame.toScreen, multiply(picture.frame.toWorld, [1 / p, 0, 0, 1 / p, 0, 0])));
  }

  /** Whether a picture still covers the whole screen without being stretched too far. */
  private usable(picture: Picture, frame: FrameState): boolean {
    const m = invert(this.pictureToScreen(picture, frame));
    if (Math.hypot(m[0], m[1]) * MAX_STRETCH < 1 || Math.hypot(m[2], m[3]) * MAX_STRETCH < 1) return false;
    const w = frame.size.width * frame.pixelRatio,
      h = frame.size.height * frame.pixelRatio;
    const { width, height } = picture.canvas;
    for (const [x, y] of [
      [0, 0],
      [w, 0],
      [0, h],
      [w, h],
    ]) {
      const px = m[0] * x + m[2] * y + m[4],
        py = m[1] * x + m[3] * y + m[5];
      if (px < 0 || py < 0 || px > width || py > height) return false;
    }
    return true;
  }

  private compose(ctx: CanvasRenderingContext2D, frame: FrameState, picture: Picture): void {
    const m = this.pictureToScreen(picture, frame);
    ctx.save();
    ctx.setTransform(m[0], m[1], m[2], m[3], m[4], m[5]);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(picture.canvas as CanvasImageSource, 0, 0);
    ctx.restore();
  }
}

function clearScreen(ctx: CanvasRenderingContext2D): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
}
