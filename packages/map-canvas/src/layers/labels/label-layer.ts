// Labels: text at a position, highest priority first, never overlapping each other.
import { apply } from '../../geo/affine.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { drawHaloText } from '../../layer-base/canvas.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { LabelPlacer, TextMeasurer } from './label-placement.js';

export interface MapLabel {
  lon: number;
  lat: number;
  text: string;
  /** Higher is placed first. */
  priority?: number;
  color?: string;
  halo?: string;
  fontSize?: number;
  fontWeight?: number;
  /** CSS px offset of the text centre from the position. */
  offset?: [number, number];
}

export interface LabelLayerOptions extends LayerOptions {
  labels?: MapLabel[];
}

export class LabelLayer extends Layer {
  labels: MapLabel[] = [];
  world: Float64Array = new Float64Array(0);

  constructor(options: LabelLayerOptions = {}) {
    super(options);
    this.setLabels(options.labels ?? []);
  }

  setLabels(labels: MapLabel[]): void {
    this.labels = [...labels].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
    this.world = new Float64Array(this.labels.length * 2);
    this.labels.forEach((l, i) => this.world.set(lonLatToWorld(l.lon, l.lat), 2 * i));
    this.changed();
  }

  createRenderer(): LayerRenderer {
    const measurer = new TextMeasurer();
    return { renderFrame: (frame, ctx) => renderLabels(this, frame, ctx, measurer), dispose: () => {} };
  }
}

function renderLabels(layer: LabelLayer, frame: FrameState, ctx: CanvasRenderingContext2D, measurer: TextMeasurer): void {
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const placer = new LabelPlacer();
  const { width, height } = frame.size;
  layer.labels.forEach((label, i) => {
    const [x0, y0] = apply(frame.toScreen, layer.world[2 * i], layer.world[2 * i + 1]);
    const x = x0 + (label.offset?.[0] ?? 0),
      y = y0 + (label.offset?.[1] ?? 0);
    if (x < -200 || y < -50 || x > width + 200 || y > height + 50) return;
    const size = label.fontSize ?? 12;
    ctx.font = `${label.fontWeight ?? 600} ${size}px ${frame.fontFamily}`;
    const w = measurer.width(ctx, label.text);
    if (!placer.place(x - w / 2 - 2, y - size / 2 - 2, x + w / 2 + 2, y + size / 2 + 2)) return;
    drawHaloText(ctx, label.text, x, y, label.color ?? '#1f2937', label.halo ?? 'rgba(255,255,255,0.85)');
  });
}
