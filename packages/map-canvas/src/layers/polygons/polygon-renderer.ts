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
import { buildLocalPath, isHairline, localToScreen, pathLineWidth } from '../../layer-base/geometry.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import { coversRings, type Occlusion } from '../../layer-base/occlusion.js';
import type { FrameState } from '../../view/frame-state.js';
import type { PolygonLayer } from './polygon-layer.js';
import type { ResolvedPolygonStyle } from './polygon-style.js';
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
  /** The distinct stroke widths (CSS px) of the layer's styles, each feature's index into them, and per
   * frame each width in path units and the margin a polygon outlined with it can touch. */
  private strokeWidths: number[] = [];
  private indexed: readonly ResolvedPolygonStyle[] | null = null;
  private widthIndex = new Int32Array(0);
  private lineWidths = new Float64Array(0);
  private margins = new Int32Array(0);
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
    // Styles change without a new revision (a restyle keeps the paths).
    if (this.indexed !== layer.styles) this.indexStrokeWidths();
    this.covered = 0;
    const visible = layer.queryExtent(frame.extent);
    if (!visible.length) return;
    const level = Math.max(0, Math.min(FULL_DETAIL_LEVEL, Math.floor(frame.view.zoom)));
    let paths = this.paths.get(level);
    if (!paths) this.paths.set(level, (paths = new Array(layer.features.length).fill(null)));
    let ringsOf = this.rings.get(level);
    if (!ringsOf) this.rings.set(level, (ringsOf = new Array(layer.features.length).fill(null)));
    const transform = localToScreen(frame, layer.origin);
    const pr = frame.pixelRatio,
      m = frame.toScreen;
    // Stroke widths are given in CSS px; the paths are in local units. Per distinct width: the width in
    // path units, and what a polygon can touch beyond its rings: a pixel of antialiasing for a fill or a
    // hairline (whose antialiasing spans two pixels across the line), else half the stroke and a pixel.
    const widths = this.strokeWidths;
    for (let k = 0; k < widths.length; k++) {
      const lineWidth = pathLineWidth(widths[k], transform, pr);
      this.lineWidths[k] = lineWidth;
      this.margins[k] = isHairline(lineWidth, transform, pr) ? 1 : Math.ceil((widths[k] * pr) / 2) + 1;
    }
    setContextTransform(ctx, transform, pr);
    ctx.lineJoin = 'round';
    const from = Math.floor((part * visible.length) / parts),
      to = Math.floor(((part + 1) * visible.length) / parts);
    const toDevice: Affine = [m[0] * pr, m[1] * pr, m[2] * pr, m[3] * pr, m[4] * pr, m[5] * pr];
    const tolerance = level < FULL_DETAIL_LEVEL ? TOLERANCE_PX / worldScale(level) : 0;
    this.drawRange(ctx, visible, from, to, paths, ringsOf, tolerance, hidden, toDevice);
  }

  /** The distinct stroke widths of the layer's styles and each feature's index into them. */
  private indexStrokeWidths(): void {
    const widths: number[] = [];
    const styles = (this.indexed = this.layer.styles);
    this.widthIndex = new Int32Array(styles.length);
    for (let i = 0; i < styles.length; i++) {
      let k = widths.indexOf(styles[i].strokeWidth);
      if (k < 0) k = widths.push(styles[i].strokeWidth) - 1;
      this.widthIndex[i] = k;
    }
    this.strokeWidths = widths;
    this.lineWidths = new Float64Array(widths.length);
    this.margins = new Int32Array(widths.length);
  }

  /** Draws visible[from..to) in order, leaving out those under opaque pixels. (The per-frame loop is a
   * function of its own, with everything decided once per frame or per level outside it: its code is
   * compiled on the stack, and a branch that first runs there would have no type feedback and fall
   * back to the interpreter for the rest of the frame.) */
  private drawRange(
    ctx: CanvasRenderingContext2D,
    visible: number[],
    from: number,
    to: number,
    paths: (Path2D | null)[],
    ringsOf: (readonly Float64Array[] | null)[],
    tolerance: number,
    hidden: Occlusion | null,
    toDevice: Affine,
  ): void {
    const layer = this.layer,
      styles = layer.styles,
      shapes = layer.shapes,
      origin = layer.origin;
    const widthIndex = this.widthIndex,
      lineWidths = this.lineWidths,
      margins = this.margins;
    const base = ctx.globalAlpha;
    let fill = '',
      stroke = '',
      lineWidth = -1,
      covered = 0;
    for (let k = from; k < to; k++) {
      const i = visible[k];
      const style = styles[i];
      const rings = (ringsOf[i] ??= tolerance > 0 ? shapes[i].rings.map((ring) => simplifyClosedRing(ring, tolerance)) : shapes[i].rings);
      if (hidden !== null && coversRings(hidden, toDevice, rings, style.stroke ? margins[widthIndex[i]] : 1)) {
        covered++;
        continue;
      }
      const path = (paths[i] ??= buildLocalPath(rings, true, origin));
      if (style.fill) {
        ctx.globalAlpha = base * style.fillAlpha;
        // Setting a colour parses it; skip when unchanged.
        if (style.fill !== fill) ctx.fillStyle = fill = style.fill;
        ctx.fill(path, 'evenodd');
      }
      if (style.stroke) {
        ctx.globalAlpha = base * style.strokeAlpha;
        if (style.stroke !== stroke) ctx.strokeStyle = stroke = style.stroke;
        const width = lineWidths[widthIndex[i]];
        if (width !== lineWidth) ctx.lineWidth = lineWidth = width;
        ctx.stroke(path);
      }
    }
    this.covered = covered;
  }

  dispose(): void {
    this.paths.clear();
    this.rings.clear();
  }
}
