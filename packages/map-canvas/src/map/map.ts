// The map object: view state, layers, one frame loop, events. Interaction and accessibility are wired
// in from their own modules; drawing is done by the layers' renderers.
import { DEFAULT_VIEW, FIT_DURATION_MS } from '../constants.js';
import type { LonLat } from '../geo/mercator.js';
import type { HitResult, Layer, LayerRenderer } from '../layer-base/layer.js';
import { fitBoundsView, type FitOptions, type LonLatBounds } from '../view/fit-bounds.js';
import { createFrameState, projectToScreen, unprojectFromScreen, type FrameState, type Size } from '../view/frame-state.js';
import { ViewTransition, type TransitionOptions } from '../view/transition.js';
import { constrainView, DEFAULT_ZOOM_LIMITS, sameView, type ViewState, type ZoomLimits } from '../view/view-state.js';
import { AccessibleItems } from './accessible-items.js';
import { Emitter, type Listener, type MapEventMap } from './events.js';
import { FrameLoop } from './frame-loop.js';
import { attachInteraction, type InteractionOptions } from './interaction.js';
import { LayerPrefix } from './layer-prefix.js';
import { MotionPictures } from './motion-pictures.js';
import { applyViewDelta, type ViewDelta } from '../view/view-delta.js';
import { renderToCanvas } from './render-frame.js';

/** A view change this soon after the previous frame was drawn (from the end of its drawing, so a frame
 * slowed down by a busy machine does not break the motion up) is part of one motion, drawn from
 * pictures (see motion-pictures). */
const MOTION_GAP_MS = 100;
/** A motion has ended when the view has not changed for this long; a full frame is drawn then. */
const SETTLE_MS = 120;

export interface MapOptions {
  view?: Partial<ViewState>;
  layers?: Layer[];
  /** Fixed device pixel ratio; by default the window's, re-read on resize(). */
  pixelRatio?: number;
  /** Fixed CSS size; by default the container's client size, followed with a ResizeObserver. */
  size?: Size;
  minZoom?: number;
  maxZoom?: number;
  /** Gestures, wheel, keyboard; false for static maps such as report maps. */
  interactive?: boolean | InteractionOptions;
  fontFamily?: string;
  /** Accessible name of the map region. */
  label?: string;
  /** Accessible name of the list of focusable icons (default 'Locations on the map'). */
  itemsLabel?: string;
  /** While the view moves, show motion pictures (default true); false draws every frame in full. */
  motionPictures?: boolean;
}

export interface RenderToImageOptions {
  pixelRatio?: number;
  /** Longest wait for tiles before drawing what is there. */
  timeout?: number;
}

export class LocusMap {
  readonly container: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private view: ViewState;
  private size: Size;
  private pixelRatio: number;
  private readonly limits: ZoomLimits;
  private readonly fontFamily: string;
  private layers: Layer[] = [];
  private readonly renderers = new Map<Layer, LayerRenderer>();
  private readonly layerSubscriptions = new Map<Layer, () => void>();
  /** Changes of each layer (data, style, visibility, opacity), so full frames redraw only what changed. */
  private readonly layerVersions = new Map<Layer, number>();
  private readonly prefix = new LayerPrefix();
  private readonly events = new Emitter<MapEventMap>();
  private readonly loop: FrameLoop;
  private transition: ViewTransition | null = null;
  private frame: FrameState;
  private needsRender = true;
  private moved = false;
  private moveUserInitiated = false;
  private pendingMoveEnd = false;
  private gestures = 0;
  private idle = false;
  private idleWaiters: (() => void)[] = [];
  private readonly cleanups: (() => void)[] = [];
  private readonly accessible: AccessibleItems | null;
  private disposed = false;
  private readonly motion: MotionPictures;
  private lastDrawnView: ViewState | null = null;
  /** When the last frame's drawing ended. */
  private lastDrawTime = -Infinity;
  /** The last frame came from a motion picture; a full frame is due when the view settles. */
  private unsettled = false;
  /** The view has settled: the next frame is a full one. */
  private settleDue = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    container: HTMLElement,
    private readonly options: MapOptions = {},
  ) {
    this.container = container;
    this.limits = { minZoom: options.minZoom ?? DEFAULT_ZOOM_LIMITS.minZoom, maxZoom: options.maxZoom ?? DEFAULT_ZOOM_LIMITS.maxZoom };
    this.view = constrainView({ ...DEFAULT_VIEW, ...options.view }, this.limits);
    this.fontFamily = options.fontFamily ?? 'sans-serif';
    const doc = container.ownerDocument;
    this.canvas = doc.createElement('canvas');
    this.canvas.style.position = 'absolute';
    this.canvas.style.left = '0';
    this.canvas.style.top = '0';
    this.canvas.setAttribute('aria-hidden', 'true');
    const position = doc.defaultView?.getComputedStyle?.(container).position;
    if (!position || position === 'static') container.style.position = 'relative';
    container.style.overflow = 'hidden';
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', options.label ?? 'Map');
    if (!container.hasAttribute('tabindex')) container.tabIndex = 0;
    container.appendChild(this.canvas);
    // A canvas without a 2D context (server-side DOMs) still gives a working view model.
    this.ctx = this.canvas.getContext?.('2d') ?? null;
    this.size = this.measure();
    this.pixelRatio = this.options.pixelRatio ?? globalThis.devicePixelRatio ?? 1;
    this.applyCanvasSize();
    this.frame = this.createFrame(0);
    this.loop = new FrameLoop((time) => this.renderFrame(time));
    this.motion = new MotionPictures((view, size, pixelRatio) =>
      createFrameState(view, size, pixelRatio, { time: performance.now(), fontFamily: this.fontFamily, interacting: this.gestures > 0, motion: true }),
    );

    for (const layer of options.layers ?? []) this.addLayer(layer);

    const interactive = options.interactive ?? true;
    if (interactive) this.cleanups.push(attachInteraction(this, this.canvas, typeof interactive === 'object' ? interactive : {}));
    this.accessible = new AccessibleItems(this, options.itemsLabel);
    this.cleanups.push(() => this.accessible?.dispose());

    if (!options.size && typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(() => this.resize());
      observer.observe(container);
      this.cleanups.push(() => observer.disconnect());
    }
    this.render();
  }

  // ---- view ---------------------------------------------------------------------------------

  /** Renames the map region and its list of focusable icons (e.g. when the interface language changes). */
  setLabels(labels: { label?: string; itemsLabel?: string }): void {
    if (labels.label !== undefined) this.container.setAttribute('aria-label', labels.label);
    if (labels.itemsLabel !== undefined) this.accessible?.setLabel(labels.itemsLabel);
  }

  getView(): ViewState {
    return { ...this.view, center: [...this.view.center] as LonLat };
  }

  /** Moves the view; with a duration it animates. Resolves true when the target is reached,
   * false when another move interrupted it. */
  setView(view: Partial<ViewState>, options: TransitionOptions = {}): Promise<boolean> {
    return this.moveTo(view, options, false);
  }

  /** Fits the bounds with the spec's fit (max zoom 12, 1000 ms, padding 30 plus 60); returns the target view. */
  fitBounds(bounds: LonLatBounds, options: FitOptions & TransitionOptions = {}): ViewState {
    const target = fitBoundsView(bounds, this.size, { bearing: this.view.bearing, pitch: this.view.pitch, ...options }, this.limits);
    void this.moveTo(target, { duration: options.duration ?? FIT_DURATION_MS, easing: options.easing }, false);
    return target;
  }

  /** @internal used by the interaction handlers. */
  moveTo(view: Partial<ViewState>, options: TransitionOptions, userInitiated: boolean): Promise<boolean> {
    const target = constrainView({ ...this.view, ...view }, this.limits);
    this.stopTransition();
    if (!options.duration || options.duration <= 0) {
      this.applyView(target, userInitiated);
      if (this.gestures === 0) this.pendingMoveEnd = true;
      return Promise.resolve(true);
    }
    const transition = new ViewTransition(this.view, target, this.size, performance.now(), options.duration, options.easing, userInitiated);
    this.transition = transition;
    this.moveUserInitiated = userInitiated;
    this.render();
    return transition.done;
  }

  /** @internal sets the view at once, as a step of a move (gestures call it on every event). */
  applyView(view: ViewState, userInitiated: boolean): void {
    const next = constrainView(view, this.limits);
    if (sameView(next, this.view)) return;
    this.view = next;
    this.moved = true;
    this.moveUserInitiated = userInitiated;
    this.render();
  }

  /** @internal input's changes of the view: applied to the current view at once, or eased over
   * `duration` ms. Handlers produce deltas; the map alone owns the view they change. */
  applyDelta(delta: ViewDelta, duration = 0): void {
    const target = applyViewDelta(this.view, this.size, delta, this.limits);
    if (duration > 0) void this.moveTo(target, { duration }, true);
    else this.applyView(target, true);
  }

  /** @internal gestures bracket their moves so moveend is sent once at the end. */
  beginGesture(): void {
    this.stopTransition();
    this.gestures++;
  }

  /** @internal */
  endGesture(): void {
    this.gestures = Math.max(0, this.gestures - 1);
    if (this.gestures === 0) {
      this.pendingMoveEnd = true;
      this.render();
    }
  }

  private stopTransition(): void {
    if (this.transition) {
      const t = this.transition;
      this.transition = null;
      t.finish(false);
    }
  }

  // ---- geometry -----------------------------------------------------------------------------

  /** Longitude/latitude to CSS px in the container. */
  project(lonLat: LonLat): [number, number] {
    return projectToScreen(this.currentFrame(), lonLat);
  }

  /** CSS px in the container to longitude/latitude. */
  unproject(point: [number, number]): LonLat {
    return unprojectFromScreen(this.currentFrame(), point);
  }

  get minZoom(): number {
    return this.limits.minZoom;
  }

  get maxZoom(): number {
    return this.limits.maxZoom;
  }

  getSize(): Size {
    return { ...this.size };
  }

  getPixelRatio(): number {
    return this.pixelRatio;
  }

  /** Re-reads the container size and the device pixel ratio. */
  resize(): void {
    const size = this.measure();
    const pixelRatio = this.options.pixelRatio ?? globalThis.devicePixelRatio ?? 1;
    if (size.width === this.size.width && size.height === this.size.height && pixelRatio === this.pixelRatio) return;
    this.size = size;
    this.pixelRatio = pixelRatio;
    this.applyCanvasSize();
    this.motion.reset();
    this.lastDrawnView = null;
    this.settleDue = true;
    this.render();
  }

  private measure(): Size {
    if (this.options.size) return { ...this.options.size };
    return { width: this.container.clientWidth, height: this.container.clientHeight };
  }

  private applyCanvasSize(): void {
    this.canvas.width = Math.max(1, Math.round(this.size.width * this.pixelRatio));
    this.canvas.height = Math.max(1, Math.round(this.size.height * this.pixelRatio));
    this.canvas.style.width = `${this.size.width}px`;
    this.canvas.style.height = `${this.size.height}px`;
  }

  // ---- layers -------------------------------------------------------------------------------

  addLayer(layer: Layer): this {
    if (this.layers.includes(layer)) return this;
    this.layers.push(layer);
    this.layerSubscriptions.set(
      layer,
      layer.onChange(() => {
        this.layerVersions.set(layer, (this.layerVersions.get(layer) ?? 0) + 1);
        if (this.unsettled) this.motion.layerChanged(layer);
        this.render();
      }),
    );
    // Tiles for the view are asked for now, not only when the next animation frame draws the layer
    // (which a busy start of the page can hold back for a long time).
    if (layer.visible) layer.prefetch(this.getView(), this.getSize(), this.pixelRatio);
    this.render();
    return this;
  }

  removeLayer(layer: Layer): this {
    const index = this.layers.indexOf(layer);
    if (index < 0) return this;
    this.layers.splice(index, 1);
    this.layerSubscriptions.get(layer)?.();
    this.layerSubscriptions.delete(layer);
    this.layerVersions.delete(layer);
    this.renderers.get(layer)?.dispose();
    this.renderers.delete(layer);
    this.render();
    return this;
  }

  /** Layers in drawing order (zIndex, then order of adding). */
  getLayers(): Layer[] {
    return this.layers
      .map((layer, i) => ({ layer, i }))
      .sort((a, b) => a.layer.zIndex - b.layer.zIndex || a.i - b.i)
      .map((e) => e.layer);
  }

  // ---- hit testing --------------------------------------------------------------------------

  /** The topmost icon or polygon under a CSS pixel of the container. */
  hitTest(point: [number, number]): HitResult | null {
    const frame = this.currentFrame();
    const layers = this.getLayers();
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i];
      if (!layer.visible || layer.opacity <= 0) continue;
      const hit = layer.hitTest(frame, point);
      if (hit) return hit;
    }
    return null;
  }

  // ---- events -------------------------------------------------------------------------------

  on<K extends keyof MapEventMap>(type: K, listener: Listener<MapEventMap[K]>): () => void {
    return this.events.on(type, listener);
  }

  off<K extends keyof MapEventMap>(type: K, listener: Listener<MapEventMap[K]>): void {
    this.events.off(type, listener);
  }

  /** @internal */
  emit<K extends keyof MapEventMap>(type: K, event: MapEventMap[K]): void {
    this.events.emit(type, event);
  }

  // ---- rendering ----------------------------------------------------------------------------

  /** Marks the map dirty; the frame loop draws it on the next animation frame. */
  render(): void {
    if (this.disposed) return;
    this.needsRender = true;
    this.idle = false;
    this.loop.request();
  }

  /**
   * The frame state the layers on screen were last rendered for: the last frame itself when it was drawn
   * in full, or the motion picture's frame while the view moves (diagnostics: a layer that notes the
   * frame it drew a tile in can tell when that tile reached the screen).
   */
  onScreenFrame(layer?: Layer): FrameState {
    if (layer && this.unsettled && this.motion.drawsLive(layer)) return this.frame;
    return this.shownFrame ?? this.frame;
  }
  private shownFrame: FrameState | null = null;

  /** Draws a frame now (benchmarks and tests); the loop is left as it was. */
  renderSync(): FrameState {
    this.needsRender = true;
    this.renderFrame(performance.now());
    return this.frame;
  }

  /** The frame state of the last drawn frame, or of the current view when the view moved since. */
  currentFrame(): FrameState {
    if (
      this.frame.view !== this.view ||
      this.frame.size.width !== this.size.width ||
      this.frame.size.height !== this.size.height ||
      this.frame.pixelRatio !== this.pixelRatio
    ) {
      this.frame = this.createFrame(performance.now());
    }
    return this.frame;
  }

  isIdle(): boolean {
    return this.idle && !this.loop.pending;
  }

  /** Resolves when nothing moves and every layer has drawn its data. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private createFrame(time: number): FrameState {
    return createFrameState(this.view, this.size, this.pixelRatio, { time, fontFamily: this.fontFamily, interacting: this.gestures > 0 });
  }

  private rendererOf(layer: Layer): LayerRenderer {
    let renderer = this.renderers.get(layer);
    if (!renderer) this.renderers.set(layer, (renderer = layer.createRenderer()));
    return renderer;
  }

  private renderFrame(time: number): void {
    if (this.disposed) return;
    if (this.transition) {
      const { view, finished } = this.transition.viewAt(time, this.size);
      this.applyView(view, this.transition.userInitiated);
      if (finished) {
        const t = this.transition;
        this.transition = null;
        t.finish(true);
        if (this.gestures === 0) this.pendingMoveEnd = true;
      }
    }
    // A map without a size (a hidden tab, a print layout that leaves it out) draws when it gets one.
    if (this.size.width === 0 || this.size.height === 0) return;
    if (!this.needsRender) {
      // The frame asked for by the last step of an animation finds nothing to draw: the view has settled.
      if (!this.idle && !this.frame.loading && !this.unsettled && this.gestures === 0 && !this.loop.pending) this.becomeIdle(this.frame);
      return;
    }
    this.needsRender = false;
    const frame = this.createFrame(time);
    this.frame = frame;
    // A view change hard on the heels of the previous frame is part of a motion, and so is a data
    // change (a tile arriving) before the motion has settled: both are drawn from motion pictures.
    const viewChanged = this.lastDrawnView !== null && frame.view !== this.lastDrawnView;
    const moving = this.options.motionPictures !== false && !this.settleDue && (viewChanged ? time - this.lastDrawTime < MOTION_GAP_MS : this.unsettled);
    this.lastDrawnView = frame.view;
    if (this.ctx) {
      const rendererOf = (layer: Layer) => this.rendererOf(layer);
      if (moving) {
        this.motion.draw(this.ctx, frame, this.getLayers(), rendererOf);
        this.shownFrame = this.motion.shownFrame();
        this.unsettled = true;
        if (viewChanged) this.scheduleSettle();
      } else {
        this.prefix.render(this.ctx, frame, this.getLayers(), rendererOf, (layer) => this.layerVersions.get(layer) ?? 0);
        this.shownFrame = frame;
        if (this.unsettled) this.motion.reset();
        this.unsettled = false;
      }
    }
    this.settleDue = false;
    this.lastDrawTime = performance.now();

    if (this.moved) {
      this.moved = false;
      this.events.emit('move', { view: this.getView(), userInitiated: this.moveUserInitiated });
    }
    this.events.emit('render', { frame });
    if (this.pendingMoveEnd && !this.transition && this.gestures === 0) {
      this.pendingMoveEnd = false;
      this.events.emit('moveend', { view: this.getView(), userInitiated: this.moveUserInitiated });
    }
    if (this.transition || frame.animate) this.render();
    else if (!frame.loading && !this.unsettled && this.gestures === 0 && !this.loop.pending) this.becomeIdle(frame);
  }

  /** Draws a full frame once the view has stopped changing for a moment. */
  private scheduleSettle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = undefined;
      this.settleDue = true;
      this.render();
    }, SETTLE_MS);
  }

  private becomeIdle(frame: FrameState): void {
    this.idle = true;
    this.accessible?.update(frame, this.getLayers());
    this.events.emit('idle', { frame });
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Draws the current view into a new canvas at a chosen pixel ratio (e.g. 300 / 96 for print),
   * waiting for tiles of that resolution. Tiles are fetched with CORS, so the canvas is not tainted. */
  toCanvas(options: RenderToImageOptions = {}): Promise<HTMLCanvasElement> {
    const pixelRatio = options.pixelRatio ?? this.pixelRatio;
    const canvas = this.container.ownerDocument.createElement('canvas');
    const frame = createFrameState(this.view, this.size, pixelRatio, { fontFamily: this.fontFamily });
    return renderToCanvas(canvas, frame, this.getLayers(), options.timeout ?? 15000);
  }

  /** The current view as an image (PNG by default) at a chosen pixel ratio. */
  async toBlob(options: RenderToImageOptions & { type?: string; quality?: number } = {}): Promise<Blob> {
    const canvas = await this.toCanvas(options);
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The map image could not be encoded'))), options.type ?? 'image/png', options.quality),
    );
  }

  /** Frees every listener, renderer and element the map created. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopTransition();
    this.loop.dispose();
    clearTimeout(this.settleTimer);
    this.motion.reset();
    this.prefix.reset();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const unsubscribe of this.layerSubscriptions.values()) unsubscribe();
    this.layerSubscriptions.clear();
    for (const renderer of this.renderers.values()) renderer.dispose();
    this.renderers.clear();
    this.layers = [];
    this.events.clear();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    this.canvas.remove();
  }
}

export function createMap(container: HTMLElement, options: MapOptions = {}): LocusMap {
  return new LocusMap(container, options);
}
