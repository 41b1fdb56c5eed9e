// The scale bar, drawn at the bottom left on top of the map (it also appears in exported images).
import { drawHaloText } from '../../layer-base/canvas.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { scaleBarMeasure } from './scale-bar.js';
import { SCALE_BAR_MAX_WIDTH } from '../../constants.js';

export interface ScaleBarLayerOptions extends LayerOptions {
  maxWidth?: number;
  /** CSS px from the bottom-left corner. */
  margin?: number;
}

export class ScaleBarLayer extends Layer {
  readonly maxWidth: number;
  readonly margin: number;
  override readonly followsView = false;

  constructor(options: ScaleBarLayerOptions = {}) {
    super({ zIndex: 1000, ...options });
    this.maxWidth = options.maxWidth ?? SCALE_BAR_MAX_WIDTH;
    this.margin = options.margin ?? 10;
  }

  createRenderer(): LayerRenderer {
    return { renderFrame: (frame, ctx) => this.draw(frame, ctx), dispose: () => {} };
  }

  private draw(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const m = scaleBarMeasure(frame.metersPerPixel, this.maxWidth);
    const x = this.margin,
      y = frame.size.height - this.margin;
    ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
    ctx.fillStyle = 'rgba(255,255,255,0.75)';
    ctx.fillRect(x - 4, y - 22, m.width + 8, 24);
    ctx.strokeStyle = '#222';
    ctx.lineWidth = 1.5;
    ctx.lineCap = 'butt';
    ctx.beginPath();
    ctx.moveTo(x, y - 8);
    ctx.lineTo(x, y - 2);
    ctx.lineTo(x + m.width, y - 2);
    ctx.lineTo(x + m.width, y - 8);
    ctx.stroke();
    ctx.font = `11px ${frame.fontFamily}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    drawHaloText(ctx, m.label, x + m.width / 2, y - 8, '#222', 'rgba(255,255,255,0.9)', 2);
  }
}
