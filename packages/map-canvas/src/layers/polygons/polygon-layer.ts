// Polygons: catchment areas and zones, with fill, stroke and opacity per feature.
import { BoxIndex } from '../../hit/box-index.js';
import { pointInRings } from '../../hit/point-in-polygon.js';
import { apply } from '../../geo/affine.js';
import { projectGeometry, type PolygonGeometry, type ProjectedGeometry } from '../../layer-base/geometry.js';
import { Layer, type HitResult, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { PolygonRenderer } from './polygon-renderer.js';
import { resolvePolygonStyle, type PolygonStyle, type ResolvedPolygonStyle } from './polygon-style.js';

export interface PolygonFeature {
  id: string | number;
  geometry: PolygonGeometry;
  style?: PolygonStyle;
  name?: string;
}

export interface PolygonLayerOptions extends LayerOptions {
  features?: PolygonFeature[];
  /** Style for features without one. */
  style?: PolygonStyle;
  /** Whether hit testing reports these polygons (default true). */
  pickable?: boolean;
}

/** Which projected rings are holes: the first ring of each polygon is its outline. */
function holeFlags(geometry: PolygonGeometry): boolean[] {
  const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return parts.flatMap((rings) => rings.map((_r, k) => k > 0));
}

function signedArea(ring: Float64Array): number {
  let a = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) a += (ring[j] - ring[i]) * (ring[j + 1] + ring[i + 1]);
  return a;
}

function reversed(ring: Float64Array): Float64Array {
  const out = new Float64Array(ring.length);
  for (let i = 0; i < ring.length; i += 2) {
    out[ring.length - 2 - i] = ring[i];
    out[ring.length - 1 - i] = ring[i + 1];
  }
  return out;
}

export class PolygonLayer extends Layer {
  features: PolygonFeature[] = [];
  shapes: ProjectedGeometry[] = [];
  styles: ResolvedPolygonStyle[] = [];
  /** Bumped on every data change so renderers rebuild their paths. */
  revision = 0;
  origin: [number, number] = [0, 0];
  private index: BoxIndex | null = null;
  private defaultStyle: PolygonStyle | undefined;
  pickable: boolean;

  constructor(options: PolygonLayerOptions = {}) {
    super(options);
    this.defaultStyle = options.style;
    this.pickable = options.pickable ?? true;
    this.setFeatures(options.features ?? []);
  }

  setFeatures(features: PolygonFeature[]): void {
    this.features = features;
    // Outlines one way round and holes the other, so fills are right under either fill rule.
    this.shapes = features.map((f) => {
      const shape = projectGeometry(f.geometry);
      const holes = holeFlags(f.geometry);
      shape.rings = shape.rings.map((ring, k) => (signedArea(ring) > 0 === !holes[k] ? ring : reversed(ring)));
      return shape;
    });
    this.styles = features.map((f) => resolvePolygonStyle({ ...this.defaultStyle, ...f.style }));
    const boxes = new Float64Array(features.length * 4);
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    this.shapes.forEach((s, i) => {
      boxes.set(s.bbox, 4 * i);
      minX = Math.min(minX, s.bbox[0]);
      minY = Math.min(minY, s.bbox[1]);
      maxX = Math.max(maxX, s.bbox[2]);
      maxY = Math.max(maxY, s.bbox[3]);
    });
    this.origin = features.length ? [(minX + maxX) / 2, (minY + maxY) / 2] : [0, 0];
    this.index = new BoxIndex(boxes);
    this.revision++;
    this.changed();
  }

  /** Changes the style of features by id (e.g. the coverage of a catchment area). */
  setStyles(styleOf: (feature: PolygonFeature) => PolygonStyle | undefined): void {
    this.styles = this.features.map((f) => resolvePolygonStyle({ ...this.defaultStyle, ...(styleOf(f) ?? f.style) }));
    this.changed();
  }

  createRenderer(): LayerRenderer {
    return new PolygonRenderer(this);
  }

  /** The topmost polygon (last drawn) containing the pixel. */
  override hitTest(frame: FrameState, point: [number, number]): HitResult | null {
    if (!this.pickable || !this.index) return null;
    const [x, y] = apply(frame.toWorld, point[0], point[1]);
    let best = -1;
    this.index.query(x, y, x, y, (i) => {
      if (i > best && pointInRings(x, y, this.shapes[i].rings)) best = i;
    });
    if (best < 0) return null;
    const feature = this.features[best];
    return { layerId: this.id, kind: 'polygon', id: feature.id, feature };
  }

  /** Feature indices whose box meets an extent, in drawing order. */
  queryExtent(extent: [number, number, number, number]): number[] {
    const out: number[] = [];
    this.index?.query(extent[0], extent[1], extent[2], extent[3], (i) => out.push(i));
    return out.sort((a, b) => a - b);
  }
}
