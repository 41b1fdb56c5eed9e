// Lines: isolines and other outlines, stroked in screen space so the spec's stroke weight is exact.
import { ISOLINE_STYLE } from '../../constants.js';
import { projectGeometry, traceScreenPath, type LineGeometry, type ProjectedGeometry } from '../../layer-base/geometry.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import { extentIntersects, type FrameState } from '../../view/frame-state.js';

export interface LineStyle {
  stroke?: string;
  strokeWidth?: number;
  strokeOpacity?: number;
  /** Closed rings may be filled; isolines are not (fill opacity 0). */
  fill?: string;
  fillOpacity?: number;
  dash?: number[];
}

export interface LineFeature {
  id: string | number;
  geometry: LineGeometry;
  style?: LineStyle;
}

export interface LineLayerOptions extends LayerOptions {
  features?: LineFeature[];
  style?: LineStyle;
}

/** The isoline style: stroke weight 5, opacity 0.5, fill opacity 0. */
export const isolineStyle = (stroke = '#7c3aed'): LineStyle => ({ stroke, ...ISOLINE_STYLE });

export class LineLayer extends Layer {
  features: LineFeature[] = [];
  shapes: ProjectedGeometry[] = [];
  private readonly style: LineStyle;

  constructor(options: LineLayerOptions = {}) {
    super(options);
    this.style = { ...isolineStyle(), ...options.style };
    this.setFeatures(options.features ?? []);
  }

  setFeatures(features: LineFeature[]): void {
    this.features = features;
    this.shapes = features.map((f) => projectGeometry(f.geometry));
    this.changed();
  }

  styleOf(i: number): Required<Omit<LineStyle, 'dash'>> & { dash: number[] } {
    const s = { ...this.style, ...this.features[i].style };
    return {
      stroke: s.stroke ?? '#000',
      strokeWidth: s.strokeWidth ?? 1,
      strokeOpacity: s.strokeOpacity ?? 1,
      fill: s.fill ?? s.stroke ?? '#000',
      fillOpacity: s.fillOpacity ?? 0,
      dash: s.dash ?? [],
    };
  }

  createRenderer(): LayerRenderer {
    return { renderFrame: (frame, ctx) => renderLines(this, frame, ctx), dispose: () => {} };
  }
}

function renderLines(layer: LineLayer, frame: FrameState, ctx: CanvasRenderingContext2D): void {
  const base = ctx.globalAlpha;
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  layer.shapes.forEach((shape, i) => {
    if (!extentIntersects(shape.bbox, frame.extent)) return;
    const style = layer.styleOf(i);
    ctx.beginPath();
    traceScreenPath(ctx, shape.rings, shape.closed, frame.toScreen);
    if (shape.closed && style.fillOpacity > 0) {
      ctx.globalAlpha = base * style.fillOpacity;
      ctx.fillStyle = style.fill;
      ctx.fill('evenodd');
    }
    if (style.strokeOpacity > 0 && style.strokeWidth > 0) {
      ctx.globalAlpha = base * style.strokeOpacity;
      ctx.strokeStyle = style.stroke;
      ctx.lineWidth = style.strokeWidth;
      ctx.setLineDash(style.dash);
      ctx.stroke();
    }
  });
  ctx.setLineDash([]);
}
