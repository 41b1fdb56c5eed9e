// Range circles around a location, each labelled at its top on screen.
import type { LonLat } from '../../geo/mercator.js';
import { apply } from '../../geo/affine.js';
import { drawHaloText } from '../../layer-base/canvas.js';
import { projectGeometry, traceScreenPath, type ProjectedGeometry } from '../../layer-base/geometry.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import { extentIntersects, type FrameState } from '../../view/frame-state.js';
import { rangeCircleLabel, rangeCircleRing } from './range-circle.js';

export interface RangeCircleStyle {
  stroke: string;
  strokeWidth: number;
  fill: string;
  fillOpacity: number;
  labelColor: string;
  labelHalo: string;
  fontSize: number;
}

export interface RangeCircleLayerOptions extends LayerOptions {
  center?: LonLat | null;
  /** Radii in metres (the model's mapRanges). */
  radii?: number[];
  style?: Partial<RangeCircleStyle>;
}

export const DEFAULT_RANGE_CIRCLE_STYLE: RangeCircleStyle = {
  stroke: '#1f2937',
  strokeWidth: 1.5,
  fill: '#1f2937',
  fillOpacity: 0.04,
  labelColor: '#111827',
  labelHalo: 'rgba(255,255,255,0.9)',
  fontSize: 12,
};

export class RangeCircleLayer extends Layer {
  circles: { radius: number; shape: ProjectedGeometry }[] = [];
  readonly style: RangeCircleStyle;

  constructor(options: RangeCircleLayerOptions = {}) {
    super(options);
    this.style = { ...DEFAULT_RANGE_CIRCLE_STYLE, ...options.style };
    this.setCircles(options.center ?? null, options.radii ?? []);
  }

  setCircles(center: LonLat | null, radii: number[]): void {
    this.circles = center
      ? [...radii]
          .sort((a, b) => b - a)
          .map((radius) => ({ radius, shape: projectGeometry({ type: 'Polygon', coordinates: [rangeCircleRing(center, radius)] }) }))
      : [];
    this.changed();
  }

  createRenderer(): LayerRenderer {
    return { renderFrame: (frame, ctx) => renderCircles(this, frame, ctx), dispose: () => {} };
  }
}

function renderCircles(layer: RangeCircleLayer, frame: FrameState, ctx: CanvasRenderingContext2D): void {
  const s = layer.style;
  const base = ctx.globalAlpha;
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  for (const { shape } of layer.circles) {
    if (!extentIntersects(shape.bbox, frame.extent)) continue;
    ctx.beginPath();
    traceScreenPath(ctx, shape.rings, true, frame.toScreen);
    if (s.fillOpacity > 0) {
      ctx.globalAlpha = base * s.fillOpacity;
      ctx.fillStyle = s.fill;
      ctx.fill();
    }
    ctx.globalAlpha = base;
    ctx.strokeStyle = s.stroke;
    ctx.lineWidth = s.strokeWidth;
    ctx.stroke();
  }
  ctx.font = `600 ${s.fontSize}px ${frame.fontFamily}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const { radius, shape } of layer.circles) {
    // Label at the vertex highest on screen, whatever the bearing.
    const ring = shape.rings[0];
    let best: [number, number] | null = null;
    for (let i = 0; i < ring.length; i += 2) {
      const p = apply(frame.toScreen, ring[i], ring[i + 1]);
      if (!best || p[1] < best[1]) best = p;
    }
    if (best && best[0] >= 0 && best[0] <= frame.size.width && best[1] >= 0 && best[1] <= frame.size.height) {
      drawHaloText(ctx, rangeCircleLabel(radius), best[0], best[1], s.labelColor, s.labelHalo);
    }
  }
}
