// Impact: every store whose output a scenario changes, drawn as a circle
// whose area is proportional to the change (impact-symbols.ts), losses and
// gains in two colours with a sign. The largest circles are drawn first, so a
// small change stays visible on top of a large one. The layer sits under the
// location icons; it is not pickable (a click selects the icon above it).
import { apply } from '../../geo/affine.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { DEFAULT_IMPACT_STYLE, impactColor, impactRadius, impactScale, type ImpactFeature, type ImpactStyle } from './impact-symbols.js';

export interface ImpactLayerOptions extends LayerOptions {
  features?: ImpactFeature[];
  /** The absolute change drawn at the largest radius; the largest change of the features when not given. */
  scale?: number;
  style?: Partial<ImpactStyle>;
}

export class ImpactLayer extends Layer {
  features: ImpactFeature[] = [];
  scale = 0;
  readonly style: ImpactStyle;
  /** World x,y per feature, in drawing order (largest change first). */
  private world = new Float64Array(0);
  private fixedScale: number | undefined;

  constructor(options: ImpactLayerOptions = {}) {
    super(options);
    this.style = { ...DEFAULT_IMPACT_STYLE, ...options.style };
    this.fixedScale = options.scale;
    this.setFeatures(options.features ?? [], options.scale);
  }

  /** The changed stores; `scale` as in the options. Features without a change are left out. */
  setFeatures(features: readonly ImpactFeature[], scale = this.fixedScale): void {
    this.fixedScale = scale;
    this.features = features.filter((f) => f.change !== 0 && Number.isFinite(f.change)).sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
    this.scale = scale ?? impactScale(this.features);
    this.world = new Float64Array(this.features.length * 2);
    this.features.forEach((f, i) => this.world.set(lonLatToWorld(f.lon, f.lat), 2 * i));
    this.changed();
  }

  /** The radius a feature is drawn with, CSS px. */
  radiusOf(feature: Pick<ImpactFeature, 'change'>): number {
    return impactRadius(feature.change, this.scale, this.style);
  }

  createRenderer(): LayerRenderer {
    return { renderFrame: (frame, ctx) => renderImpact(this, frame, ctx), dispose: () => {} };
  }

  /** Screen position and radius of every feature in the frame (tests, legends). */
  symbolsIn(frame: FrameState): { id: string | number; x: number; y: number; radius: number; color: string }[] {
    return this.features.map((f, i) => {
      const [x, y] = apply(frame.toScreen, this.world[2 * i]!, this.world[2 * i + 1]!);
      return { id: f.id, x, y, radius: this.radiusOf(f), color: impactColor(f.change, this.style) };
    });
  }

  /** The world positions in drawing order (the renderer's input). */
  get positions(): Float64Array {
    return this.world;
  }
}

function renderImpact(layer: ImpactLayer, frame: FrameState, ctx: CanvasRenderingContext2D): void {
  const s = layer.style;
  const base = ctx.globalAlpha;
  const { width, height } = frame.size;
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.lineWidth = s.strokeWidth;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const world = layer.positions;
  layer.features.forEach((f, i) => {
    const r = layer.radiusOf(f);
    const [x, y] = apply(frame.toScreen, world[2 * i]!, world[2 * i + 1]!);
    if (x + r < 0 || y + r < 0 || x - r > width || y - r > height) return;
    const color = impactColor(f.change, s);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.globalAlpha = base * s.fillOpacity;
    ctx.fillStyle = color;
    ctx.fill();
    ctx.globalAlpha = base;
    ctx.strokeStyle = color;
    ctx.stroke();
    if (r >= s.signFrom) {
      // The sign beside the icon's centre line, so the location icon drawn above leaves it readable.
      ctx.font = `700 ${Math.round(Math.min(16, r * 0.8))}px ${frame.fontFamily}`;
      ctx.fillStyle = color;
      ctx.fillText(f.change < 0 ? '−' : '+', x, y - r * 0.62);
    }
  });
}
