// Draws polygons from cached local-frame Path2D objects: one transform per frame, no per-vertex work
// in JavaScript while panning and zooming, and only the polygons whose box meets the view.
// (Merging all polygons of a style into one path was measured slower in Chromium's software raster.)
// A part of the visible polygons, in drawing order, can be drawn on its own (for motion pictures).
import { setContextTransform } from '../../geo/affine.js';
import { buildLocalPath, LOCAL_UNIT, localToScreen } from '../../layer/geometry.js';
import type { LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import type { PolygonLayer } from './polygon-layer.js';

export class PolygonRenderer implements LayerRenderer {
  private paths: (Path2D | null)[] = [];
  private revision = -1;

  constructor(private readonly layer: PolygonLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    this.renderPart(frame, ctx, 0, 1);
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void {
    const layer = this.layer;
    if (this.revision !== layer.revision) {
      this.paths = new Array(layer.features.length).fill(null);
      this.revision = layer.revision;
    }
    const visible = layer.queryExtent(frame.extent);
    if (!visible.length) return;
    const base = ctx.globalAlpha;
    setContextTransform(ctx, localToScreen(frame, layer.origin), frame.pixelRatio);
    // Stroke widths are given in CSS px; the context scale is in local units.
    const unitsPerPx = LOCAL_UNIT / frame.scale;
    ctx.lineJoin = 'round';
    let fill = '', stroke = '';
    const end = Math.floor(((part + 1) * visible.length) / parts);
    for (let k = Math.floor((part * visible.length) / parts); k < end; k++) {
      const i = visible[k];
      const style = layer.styles[i];
      let path = this.paths[i];
      if (!path) path = this.paths[i] = buildLocalPath(layer.shapes[i].rings, true, layer.origin);
      if (style.fill) {
        ctx.globalAlpha = base * style.fillAlpha;
        // Setting a colour parses it; skip when unchanged.
        if (style.fill !== fill) ctx.fillStyle = fill = style.fill;
        ctx.fill(path, 'evenodd');
      }
      if (style.stroke) {
        ctx.globalAlpha = base * style.strokeAlpha;
        if (style.stroke !== stroke) ctx.strokeStyle = stroke = style.stroke;
        ctx.lineWidth = style.strokeWidth * unitsPerPx;
        ctx.stroke(path);
      }
    }
  }

  dispose(): void {
    this.paths = [];
  }
}
