// Location icons: thousands of them, selected ones drawn on top, pickable and keyboard reachable.
import { apply } from '../../geo/affine.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { BoxIndex } from '../../hit/box-index.js';
import { minAxisScale } from '../../layer/geometry.js';
import { Layer, type AccessibleItem, type HitResult, type LayerOptions, type LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { IconRenderer } from './icon-renderer.js';
import { defaultIconStyle, iconSize, type IconFeature, type IconGroupStyle, type IconStyle } from './icon-style.js';
import type { SpriteSpec } from './icon-sprites.js';

export interface IconLayerOptions extends LayerOptions {
  features?: IconFeature[];
  selectedIds?: Iterable<string | number>;
  /** Colour or image per location group. */
  groups?: Record<string, IconGroupStyle>;
  /** Overrides of the look per feature. */
  style?: (feature: IconFeature) => Partial<IconStyle>;
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

  constructor(options: IconLayerOptions = {}) {
    super(options);
    this.groups = options.groups;
    this.styleOverride = options.style;
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

  private imageId(image: CanvasImageSource | null): number {
    if (!image) return 0;
    let id = this.imageIds.get(image);
    if (id === undefined) this.imageIds.set(image, (id = this.imageIds.size + 1));
    return id;
  }

  private restyle(): void {
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
      const size = iconSize(f, isSelected);
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
    this.changed();
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
