// Draws polygons from cached local-frame Path2D objects: one transform per frame, no per-vertex work
// in JavaScript while panning and zooming, and only the polygons whose box meets the view.
// (Merging all polygons of a style into one path was measured slower in Chromium's software raster.)
// Below street zoom the paths are simplified per whole zoom level (Douglas–Peucker, a third of a pixel
// at that level, so at most two thirds of a pixel before the next level takes over): zoomed out, the
// fills cost by their edges and a catchment of a few pixels needs only a handful.
// A part of the visible polygons, in drawing order, can be drawn on its own (for motion pictures).
// Polygons entirely under pixels that a layer above paints opaque (zoomed out, most catchment areas lie
// under their store's icon) are left out: they would not show.
import { setContextTransform, type Affine } from '../../geo/affine.js';
import { worldScale } from '../../geo/mercator.js';
import { buildLocalPath, isHairline, localToScreen, pathLineWidth } from '../../layer/geometry.js';
import type { LayerRenderer } from '../../layer/layer.js';
import { coversRings, type Occlusion } from '../../layer/occlusion.js';
import type { FrameState } from '../../view/frame-state.js';
import type { PolygonLayer } from './polygon-layer.js';
import { simplifyClosedRing } from './simplify-ring.js';

/** From this zoom level on, paths are drawn with every vertex. */
const FULL_DETAIL_LEVEL = 13;
/** Simplification tolerance in CSS px at the level's zoom. */
const TOLERANCE_PX = 1 / 3;

export class PolygonRenderer implements LayerRenderer {
  /** Paths per detail level (the whole zoom level, or FULL_DETAIL_LEVEL for every vertex). */
  private paths = new Map<number, (Path2D | null)[]>();
  /** The rings each path is built from, per detail level (what a polygon can touch on screen). */
  private rings = new Map<number, (readonly Float64Array[] | null)[]>();
  private revision = -1;
  /** Polygons of the last frame left out because they lay under opaque pixels (tests read it). */
  covered = 0;

  constructor(private readonly layer: PolygonLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D, hidden: Occlusion | null = null): void {
    this.renderPart(frame, ctx, 0, 1, hidden);
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number, hidden: Occlusion | null = null): void {
    const layer = this.layer;
    if (this.revision !== layer.revision) {
      this.paths.clear();
      this.rings.clear();
      this.revision = layer.revision;
    }
    const level = Math.max(0, Math.min(FULL_DETAIL_LEVEL, Math.floor(frame.view.zoom)));
    let paths = this.paths.get(level);
    if (!paths) this.paths.set(level, (paths = new Array(layer.features.length).fill(null)));
    let ringsOf = this.rings.get(level);
    if (!ringsOf) this.rings.set(level, (ringsOf = new Array(layer.features.length).fill(null)));
    const tolerance = level < FULL_DETAIL_LEVEL ? TOLERANCE_PX / worldScale(level) : 0;
    const visible = layer.queryExtent(frame.extent);
    if (!visible.length) return;
    const base = ctx.globalAlpha;
    const transform = localToScreen(frame, layer.origin);
    setContextTransform(ctx, transform, frame.pixelRatio);
    // Stroke widths are given in CSS px; the paths are in local units.
    let widthPx = NaN, lineWidth = 0, strokeMargin = 2;
    ctx.lineJoin = 'round';
    let fill = '', stroke = '';
    const pr = frame.pixelRatio, m = frame.toScreen;
    const toDevice: Affine = [m[0] * pr, m[1] * pr, m[2] * pr, m[3] * pr, m[4] * pr, m[5] * pr];
    this.covered = 0;
    const end = Math.floor(((part + 1) * visible.length) / parts);
    for (let k = Math.floor((part * visible.length) / parts); k < end; k++) {
      const i = visible[k];
      const style = layer.styles[i];
      const rings = (ringsOf[i] ??= tolerance > 0 ? layer.shapes[i].rings.map((ring) => simplifyClosedRing(ring, tolerance)) : layer.shapes[i].rings);
      if (style.stroke && style.strokeWidth !== widthPx) {
        lineWidth = pathLineWidth((widthPx = style.strokeWidth), transform, pr);
        // What the polygon can touch beyond its rings: a pixel of antialiasing for a fill or a hairline
        // (whose antialiasing spans two pixels across the line), else half the stroke and a pixel.
        strokeMargin = isHairline(lineWidth, transform, pr) ? 1 : Math.ceil((style.strokeWidth * pr) / 2) + 1;
      }
      if (hidden && coversRings(hidden, toDevice, rings, style.stroke ? strokeMargin : 1)) {
        this.covered++;
        continue;
      }
      const path = (paths[i] ??= buildLocalPath(rings, true, layer.origin));
      if (style.fill) {
        ctx.globalAlpha = base * style.fillAlpha;
        // Setting a colour parses it; skip when unchanged.
        if (style.fill !== fill) ctx.fillStyle = fill = style.fill;
        ctx.fill(path, 'evenodd');
      }
      if (style.stroke) {
        ctx.globalAlpha = base * style.strokeAlpha;
        if (style.stroke !== stroke) ctx.strokeStyle = stroke = style.stroke;
        ctx.lineWidth = lineWidth;
        ctx.stroke(path);
      }
    }
  }

  dispose(): void {
    this.paths.clear();
    this.rings.clear();
  }
}
