// A layer says what to draw (data and style); its renderer says how to draw it on a frame.
import type { FrameState, Size } from '../view/frame-state.js';
import type { ViewState } from '../view/view-state.js';
import type { OpaqueMask, Occlusion } from './occlusion.js';

export interface LayerRenderer {
  /** Draws the layer for one frame. The context is in device pixels with an identity transform.
   * `hidden`, when given, holds pixels that layers above paint opaque: features entirely under them
   * may be left out (the frame is the same). */
  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D, hidden?: Occlusion | null): void;
  /** Optional: prepares the layer's picture for the frame ahead of drawing it, and returns the device
   * pixels it will paint fully opaque at full layer opacity (null when it cannot tell). */
  occlusion?(frame: FrameState): OpaqueMask | null;
  /** Optional, for layers of many features: draws part `part` of `parts` runs of the drawing order, so
   * that drawing every part in turn equals one renderFrame (motion pictures spread it over frames). */
  renderPart?(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void;
  dispose(): void;
}

export interface HitResult {
  layerId: string;
  kind: 'icon' | 'polygon';
  id: string | number;
  feature: object;
}

/** An item a keyboard user can reach (focusable, named, Enter selects). */
export interface AccessibleItem {
  id: string | number;
  name: string;
  feature: object;
  /** CSS px of the anchor on screen. */
  x: number;
  y: number;
}

export interface LayerOptions {
  id?: string;
  visible?: boolean;
  opacity?: number;
  zIndex?: number;
}

let nextId = 1;

export abstract class Layer {
  readonly id: string;
  visible: boolean;
  opacity: number;
  zIndex: number;
  /** False for layers fixed to the screen (the scale bar): while the view moves they are drawn over
   * the moving picture every frame instead of moving with it (see map/motion-pictures). */
  readonly followsView: boolean = true;
  /** True for tile layers that draw at the frame's view: while the view moves, this layer and the
   * layers beneath it are drawn live for every frame under the moving picture of the layers above, so a
   * tile that arrives shows in the next frame (see map/motion-pictures). For layers cheap to draw. */
  liveInMotion(_frame: FrameState): boolean {
    return false;
  }
  private readonly listeners = new Set<() => void>();

  constructor(options: LayerOptions = {}) {
    this.id = options.id ?? `layer-${nextId++}`;
    this.visible = options.visible ?? true;
    this.opacity = options.opacity ?? 1;
    this.zIndex = options.zIndex ?? 0;
  }

  abstract createRenderer(): LayerRenderer;

  /** Called when a map adds the layer, with the map's view: a layer that reads its data per view (tiles)
   * starts reading it at once instead of at the map's next frame. */
  prefetch(_view: ViewState, _size: Size, _pixelRatio: number): void {}

  /** The feature under a CSS pixel, topmost first; layers without pickable features return null. */
  hitTest(_frame: FrameState, _point: [number, number]): HitResult | null {
    return null;
  }

  /** Items to offer to keyboard and screen-reader users for the current frame. */
  accessibleItems(_frame: FrameState): AccessibleItem[] {
    return [];
  }

  /** Marks the item that has keyboard focus so the renderer can outline it. */
  setFocused(_id: string | number | null): void {}

  setVisible(visible: boolean): void {
    if (this.visible !== visible) {
      this.visible = visible;
      this.changed();
    }
  }

  setOpacity(opacity: number): void {
    if (this.opacity !== opacity) {
      this.opacity = opacity;
      this.changed();
    }
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every map showing this layer to draw a new frame. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }
}
