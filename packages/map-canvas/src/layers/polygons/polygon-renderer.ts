// Draws polygons from cached local-frame Path2D objects: one transform per frame, no per-vertex work
// in JavaScript while panning and zooming, and only the polygons whose box meets the view.
// (Merging all polygons of a style into one path was measured slower in Chromium's software raster.)
// Below street zoom the paths are simplified per whole zoom level (Douglas–Peucker, a third of a pixel
// at that level, so at most two thirds of a pixel before the next level takes over): zoomed out, the
// fills cost by their edges and a catchment of a few pixels needs only a handful.
// A part of the visible polygons, in drawing order, can be drawn on its own (for motion pictures).
// Redrawing only what changed: while the view changes from frame to frame the polygons are drawn
// straight onto the map; when a frame repeats the last one's view and polygons (another layer changed:
// a tile arrived, an icon was selected), they are drawn once into a layer image kept for that view, and
// every later frame of that view and data only draws the image (source-over is associative, so the
// image drawn over the map equals the polygons drawn over it, to a level of rounding).
import { setContextTransform } from '../../geo/affine.js';
import { createCanvas, context2d, type Canvas2D } from '../../layer/canvas.js';
import { worldScale } from '../../geo/mercator.js';
import { buildLocalPath, LOCAL_UNIT, localToScreen } from '../../layer/geometry.js';
import type { LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import type { PolygonLayer } from './polygon-layer.js';
import { simplifyClosedRing } from './simplify-ring.js';

/** From this zoom level on, paths are drawn with every vertex. */
const FULL_DETAIL_LEVEL = 13;
/** Simplification tolerance in CSS px at the level's zoom. */
const TOLERANCE_PX = 1 / 3;

/** What a full frame of the layer depends on. */
interface DrawnKey {
  toScreen: FrameState['toScreen'];
  width: number;
  height: number;
  revision: number;
  styles: PolygonLayer['styles'];
  alpha: number;
}

export class PolygonRenderer implements LayerRenderer {
  /** Paths per detail level (the whole zoom level, or FULL_DETAIL_LEVEL for every vertex). */
  private paths = new Map<number, (Path2D | null)[]>();
  private revision = -1;
  /** The last full frame drawn, and the layer image kept for it once a frame repeated it. */
  private last: DrawnKey | null = null;
  private image: { key: DrawnKey; canvas: Canvas2D } | null = null;
  /** Full frames that only drew the kept image (tests read it). */
  reusedFrames = 0;

  constructor(private readonly layer: PolygonLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const pr = frame.pixelRatio;
    const key: DrawnKey = {
      toScreen: frame.toScreen,
      width: Math.round(frame.size.width * pr),
      height: Math.round(frame.size.height * pr),
      revision: this.layer.revision,
      styles: this.layer.styles,
      alpha: ctx.globalAlpha,
    };
    const same = (k: DrawnKey | null) =>
      k !== null && k.width === key.width && k.height === key.height && k.revision === key.revision && k.styles === key.styles && k.alpha === key.alpha && k.toScreen.every((v, i) => v === key.toScreen[i]);
    let image = this.image;
    if (!image || !same(image.key)) {
      this.image = null;
      if (!same(this.last)) {
        // A new view or new polygons: drawn straight onto the map.
        this.last = key;
        this.renderPart(frame, ctx, 0, 1);
        return;
      }
      // The same view and polygons again: kept as an image from now on.
      const canvas = createCanvas(key.width, key.height);
      const layerCtx = context2d(canvas);
      layerCtx.globalAlpha = key.alpha;
      this.renderPart(frame, layerCtx, 0, 1);
      this.image = image = { key, canvas };
    } else {
      this.reusedFrames++;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.drawImage(image.canvas as CanvasImageSource, 0, 0);
    ctx.restore();
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void {
    const layer = this.layer;
    if (this.revision !== layer.revision) {
      this.paths.clear();
      this.revision = layer.revision;
    }
    const level = Math.max(0, Math.min(FULL_DETAIL_LEVEL, Math.floor(frame.view.zoom)));
    let paths = this.paths.get(level);
    if (!paths) this.paths.set(level, (paths = new Array(layer.features.length).fill(null)));
    const tolerance = level < FULL_DETAIL_LEVEL ? TOLERANCE_PX / worldScale(level) : 0;
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
      let path = paths[i];
      if (!path) {
        const rings = tolerance > 0 ? layer.shapes[i].rings.map((ring) => simplifyClosedRing(ring, tolerance)) : layer.shapes[i].rings;
        path = paths[i] = buildLocalPath(rings, true, layer.origin);
      }
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
    this.paths.clear();
    this.last = null;
    this.image = null;
  }
}
