// Location icons: thousands of them, selected ones drawn on top, pickable and keyboard reachable.
import { apply } from '../../geo/affine.js';
import { lonLatToWorld, worldScale } from '../../geo/mercator.js';
import { BoxIndex } from '../../hit/box-index.js';
import { minAxisScale } from '../../layer-base/geometry.js';
import { Layer, type AccessibleItem, type HitResult, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { IconRenderer } from './icon-renderer.js';
import { defaultIconStyle, iconSize, THIN_SPACING, type IconFeature, type IconGroupStyle, type IconStyle } from './icon-style.js';
import type { SpriteSpec } from './icon-sprites.js';

export interface IconLayerOptions extends LayerOptions {
  features?: IconFeature[];
  selectedIds?: Iterable<string | number>;
  /** Colour or image per location group. */
  groups?: Record<string, IconGroupStyle>;
  /** Overrides of the look per feature. */
  style?: (feature: IconFeature) => Partial<IconStyle>;
  /**
   * Icons grow with the zoom: a factor on every icon's size by the view's
   * zoom (e.g. `iconZoomScale`), rounded to tenths so sprites are drawn for
   * a few sizes only. Without it icons keep their size at every zoom.
   */
  zoomScale?: (zoom: number) => number;
  /**
   * Below this zoom icons are thinned out: of icons that would overlap, the topmost is drawn and the
   * others as small dots in their colour (a density), so that thousands of stores at national zoom
   * leave the map readable. Without it every icon is drawn whole at every zoom.
   */
  thinBelowZoom?: number;
}

/**
 * Icon size by zoom for a planning map: at national zoom (7 and out) icons
 * are drawn at 0.7, so thousands of stores read as coloured dots that leave
 * room for the city names; from zoom 8 as the spec sizes them, then growing by
 * a fifth per zoom level to 1.8 times at zoom 12 and over, so that even the
 * smallest icons (factor 0.5, a 7.6 px marker in the 22 px box) are at least
 * 10 px across where single stores are looked at, and change badges can be
 * told apart.
 */
export function iconZoomScale(zoom: number): number {
  if (zoom < 8) return 0.7 + 0.3 * Math.max(0, zoom - 7);
  return 1 + 0.2 * Math.min(4, zoom - 8);
}

export class IconLayer extends Layer {
  features: IconFeature[] = [];
  /** World x,y per feature. */
  world: Float64Array = new Float64Array(0);
  /** Half the icon edge in CSS px per feature (the pickable square). */
  half: Float32Array = new Float32Array(0);
  /** Drawing order: unselected first, selected last (on top). */
  order: Int32Array = new Int32Array(0);
  /** Position of each feature in the drawing order. */
  rank: Int32Array = new Int32Array(0);
  spriteKeys: string[] = [];
  specs: (() => SpriteSpec)[] = [];
  focusedId: string | number | null = null;
  revision = 0;
  private selected = new Set<string | number>();
  private index: BoxIndex | null = null;
  private maxHalf = 0;
  private readonly groups: Record<string, IconGroupStyle> | undefined;
  private readonly styleOverride: ((feature: IconFeature) => Partial<IconStyle>) | undefined;
  private readonly imageIds = new Map<CanvasImageSource, number>();
  private readonly zoomScale: ((zoom: number) => number) | undefined;
  /** The size factor the icons are styled for (1 without zoomScale). */
  scale = 1;
  readonly thinBelowZoom: number;
  private thin: { revision: number; zoom: number; focused: string | number | null; dots: Uint8Array } | null = null;

  constructor(options: IconLayerOptions = {}) {
    super(options);
    this.groups = options.groups;
    this.styleOverride = options.style;
    this.zoomScale = options.zoomScale;
    this.thinBelowZoom = options.thinBelowZoom ?? -Infinity;
    this.selected = new Set(options.selectedIds ?? []);
    this.setFeatures(options.features ?? []);
  }

  setFeatures(features: IconFeature[]): void {
    this.features = features;
    this.world = new Float64Array(features.length * 2);
    features.forEach((f, i) => this.world.set(lonLatToWorld(f.lon, f.lat), 2 * i));
    const boxes = new Float64Array(features.length * 4);
    for (let i = 0; i < features.length; i++) boxes.set([this.world[2 * i], this.world[2 * i + 1], this.world[2 * i], this.world[2 * i + 1]], 4 * i);
    this.index = new BoxIndex(boxes);
    this.restyle();
  }

  setSelected(ids: Iterable<string | number>): void {
    this.selected = new Set(ids);
    this.restyle();
  }

  isSelected(id: string | number): boolean {
    return this.selected.has(id);
  }

  override setFocused(id: string | number | null): void {
    if (this.focusedId !== id) {
      this.focusedId = id;
      this.changed();
    }
  }

  /**
   * Restyles the icons for a frame's zoom when the rounded size factor
   * changed (called by the renderer before it lists the icons of a frame).
   */
  scaleFor(zoom: number): void {
    if (!this.zoomScale) return;
    const scale = Math.max(0.1, Math.round(this.zoomScale(zoom) * 10) / 10);
    if (scale !== this.scale) {
      this.scale = scale;
      this.restyle(false);
    }
  }

  /**
   * Which icons are drawn as dots at a zoom (1 for a dot), or null when none are: going down the
   * drawing order from the top, an icon closer than THIN_SPACING of the larger edge to one already
   * kept becomes a dot; selected and focused icons are always kept. The choice is made in world
   * space for the whole layer, by zoom in quarter steps, so a pan never changes it.
   */
  thinned(zoom: number): Uint8Array | null {
    if (zoom >= this.thinBelowZoom || this.features.length === 0) return null;
    const z = Math.floor(zoom * 4) / 4;
    if (this.thin && this.thin.revision === this.revision && this.thin.zoom === z && this.thin.focused === this.focusedId) return this.thin.dots;
    const n = this.features.length;
    const dots = new Uint8Array(n);
    // World units per CSS px at zoom z.
    const unit = 1 / worldScale(z);
    const cell = 2 * this.maxHalf * THIN_SPACING * unit;
    const grid = new Map<number, number[]>();
    const cols = Math.ceil(1 / cell) + 1;
    for (let k = n - 1; k >= 0; k--) {
      const i = this.order[k];
      const x = this.world[2 * i],
        y = this.world[2 * i + 1];
      const cx = Math.floor(x / cell),
        cy = Math.floor(y / cell);
      const always = this.selected.has(this.features[i].id) || this.features[i].id === this.focusedId;
      let clash = false;
      for (let gy = cy - 1; gy <= cy + 1 && !clash && !always; gy++) {
        for (let gx = cx - 1; gx <= cx + 1 && !clash; gx++) {
          const kept = grid.get(gy * cols + gx);
          if (!kept) continue;
          for (const j of kept) {
            const reach = 2 * Math.max(this.half[i], this.half[j]) * THIN_SPACING * unit;
            if (Math.abs(this.world[2 * j] - x) < reach && Math.abs(this.world[2 * j + 1] - y) < reach) {
              clash = true;
              break;
            }
          }
        }
      }
      if (clash) {
        dots[i] = 1;
        continue;
      }
      const key = cy * cols + cx;
      const list = grid.get(key);
      if (list) list.push(i);
      else grid.set(key, [i]);
    }
    this.thin = { revision: this.revision, zoom: z, focused: this.focusedId, dots };
    return dots;
  }

  private imageId(image: CanvasImageSource | null): number {
    if (!image) return 0;
    let id = this.imageIds.get(image);
    if (id === undefined) this.imageIds.set(image, (id = this.imageIds.size + 1));
    return id;
  }

  private restyle(notify = true): void {
    const n = this.features.length;
    this.half = new Float32Array(n);
    this.spriteKeys = new Array(n);
    this.specs = new Array(n);
    this.maxHalf = 0;
    const unselected: number[] = [];
    const selected: number[] = [];
    this.features.forEach((f, i) => {
      const isSelected = this.selected.has(f.id);
      const style: IconStyle = { ...defaultIconStyle(f, this.groups), ...this.styleOverride?.(f) };
      const size = Math.round(iconSize(f, isSelected) * this.scale);
      this.half[i] = size / 2 + (isSelected ? 3 : 0);
      this.maxHalf = Math.max(this.maxHalf, this.half[i]);
      this.spriteKeys[i] = `${style.shape}|${style.fill}|${style.stroke}|${this.imageId(style.image)}|${size}|${isSelected ? 1 : 0}|${f.change ?? ''}`;
      this.specs[i] = () => ({ style, size, selected: isSelected, change: f.change ?? null });
      (isSelected ? selected : unselected).push(i);
    });
    this.order = Int32Array.from([...unselected, ...selected]);
    this.rank = new Int32Array(n);
    this.order.forEach((i, r) => (this.rank[i] = r));
    this.revision++;
    if (notify) this.changed();
  }

  createRenderer(): LayerRenderer {
    return new IconRenderer(this);
  }

  /** The topmost icon whose square holds the pixel. Icons stay upright, so the test is done on screen. */
  override hitTest(frame: FrameState, point: [number, number]): HitResult | null {
    if (!this.index || this.features.length === 0) return null;
    const [wx, wy] = apply(frame.toWorld, point[0], point[1]);
    const r = this.maxHalf / minAxisScale(frame);
    let best = -1;
    const m = frame.toScreen;
    this.index.query(wx - r, wy - r, wx + r, wy + r, (i) => {
      const x = m[0] * this.world[2 * i] + m[2] * this.world[2 * i + 1] + m[4];
      const y = m[1] * this.world[2 * i] + m[3] * this.world[2 * i + 1] + m[5];
      const h = this.half[i];
      if (Math.abs(point[0] - x) <= h && Math.abs(point[1] - y) <= h && (best < 0 || this.rank[i] > this.rank[best])) best = i;
    });
    if (best < 0) return null;
    const feature = this.features[best];
    return { layerId: this.id, kind: 'icon', id: feature.id, feature };
  }

  override accessibleItems(frame: FrameState): AccessibleItem[] {
    const m = frame.toScreen;
    const items: AccessibleItem[] = [];
    const e = frame.extent;
    for (let i = 0; i < this.features.length; i++) {
      const wx = this.world[2 * i],
        wy = this.world[2 * i + 1];
      if (wx < e[0] || wx > e[2] || wy < e[1] || wy > e[3]) continue;
      const f = this.features[i];
      items.push({ id: f.id, name: f.name, feature: f, x: m[0] * wx + m[2] * wy + m[4], y: m[1] * wx + m[3] * wy + m[5] });
    }
    return items;
  }
}
