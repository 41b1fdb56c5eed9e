// Draws one decoded vector tile on a 2D context by a style (in the tile worker, on an
// OffscreenCanvas): each style layer is one path filled or stroked once, in the style's order; and
// collects the tile's label candidates, which the map places on screen (labels must stay upright and
// free of each other across tiles, so they are not drawn into the tile).
import type { VectorTile, VectorTileFeature } from '@mapbox/vector-tile';
import { atZoom, drawsAtZoom, matchesFeature, matchesSource, type LabelStyleLayer, type VectorStyle } from './vector-style.js';

/** Where the tile drawn lies in the source tile: overzoomed tiles draw a part of a coarser one. */
export interface TilePlacement {
  /** The zoom of the tile drawn. */
  z: number;
  /** Levels between the tile drawn and the source tile (0: the same tile). */
  dz: number;
  /** The drawn tile's column and row within the source tile, 0 .. 2^dz - 1. */
  col: number;
  row: number;
  /** Device px of the drawn tile's side. */
  size: number;
  /** Device px per CSS px. */
  scale: number;
}

/** A label the tile offers; x and y are fractions of the drawn tile (0..1). */
export interface LabelCandidate {
  text: string;
  kind: LabelStyleLayer['kind'];
  x: number;
  y: number;
  /** Radians, for street names along their street (0 for others). */
  angle: number;
  /** CSS px along the street where the name may lie (streets only). */
  room: number;
  size: number;
  color: string;
  bold: boolean;
  /** Lower is placed first. */
  order: number;
}

export interface DrawnTile {
  /** Features drawn (0: the tile had nothing to draw, the basemap below shows instead). */
  features: number;
  labels: LabelCandidate[];
}

type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Draws the tile; the context must be `placement.size` device px square with an identity transform. */
export function drawVectorTile(ctx: Ctx, tile: VectorTile, style: VectorStyle, p: TilePlacement): DrawnTile {
  const names = Object.keys(tile.layers);
  let features = 0;
  for (const name of names) features += tile.layers[name].length;
  const labels: LabelCandidate[] = [];
  if (features === 0) return { features: 0, labels };
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, p.size, p.size);
  const k = 2 ** p.dz;
  for (const layer of style.layers) {
    if (!drawsAtZoom(layer, p.z)) continue;
    for (const name of names) {
      if (!matchesSource(layer.source, name)) continue;
      const source = tile.layers[name];
      const unit = (p.size * k) / source.extent;
      const ox = p.col * p.size,
        oy = p.row * p.size;
      if (layer.type === 'label') {
        collectLabels(source, layer, p, unit, ox, oy, labels);
        continue;
      }
      const wantPolygons = layer.type === 'fill' || layer.polygonOutline === true;
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < source.length; i++) {
        const feature = source.feature(i);
        if (feature.type === 1 || (feature.type === 3) !== wantPolygons) continue;
        if (!matchesFeature(layer, feature.properties)) continue;
        if (!withinTile(feature, unit, ox, oy, p.size)) continue;
        for (const ring of feature.loadGeometry()) {
          if (ring.length < 2) continue;
          ctx.moveTo(ring[0].x * unit - ox, ring[0].y * unit - oy);
          for (let j = 1; j < ring.length; j++) ctx.lineTo(ring[j].x * unit - ox, ring[j].y * unit - oy);
          if (feature.type === 3) ctx.closePath();
        }
        any = true;
      }
      if (!any) continue;
      if (layer.type === 'fill') {
        ctx.fillStyle = layer.color;
        ctx.fill('evenodd');
        if (layer.outline) {
          ctx.strokeStyle = layer.outline;
          ctx.lineWidth = Math.max(1, p.scale * 0.75);
          ctx.setLineDash([]);
          ctx.stroke();
        }
      } else {
        ctx.strokeStyle = layer.color;
        ctx.lineWidth = atZoom(layer.width, p.z) * p.scale;
        ctx.lineJoin = 'round';
        ctx.lineCap = layer.dash ? 'butt' : 'round';
        ctx.setLineDash(layer.dash ? layer.dash.map((d) => d * p.scale) : []);
        ctx.stroke();
      }
    }
  }
  ctx.setLineDash([]);
  return { features, labels: dedupe(labels) };
}

/** Whether a feature's box (in drawn-tile px) meets the drawn tile; overzoomed tiles skip most features. */
function withinTile(feature: VectorTileFeature, unit: number, ox: number, oy: number, size: number): boolean {
  const [x0, y0, x1, y1] = feature.bbox();
  const margin = size * 0.1;
  return x1 * unit - ox >= -margin && x0 * unit - ox <= size + margin && y1 * unit - oy >= -margin && y0 * unit - oy <= size + margin;
}

function textOf(props: Readonly<Record<string, unknown>>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const v = props[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

function rankOf(layer: LabelStyleLayer, props: Readonly<Record<string, unknown>>): number {
  if (!layer.rankBy) return 0;
  const descending = layer.rankBy.startsWith('-');
  const v = Number(props[descending ? layer.rankBy.slice(1) : layer.rankBy]);
  if (!Number.isFinite(v)) return 5e8;
  return Math.max(-4e8, Math.min(4e8, descending ? -v : v));
}

function collectLabels(
  source: VectorTile['layers'][string],
  layer: LabelStyleLayer,
  p: TilePlacement,
  unit: number,
  ox: number,
  oy: number,
  out: LabelCandidate[],
): void {
  const size = atZoom(layer.size, p.z);
  const base = { kind: layer.kind, size, color: layer.color, bold: layer.bold ?? false };
  const inside = (x: number, y: number) => x >= 0 && x < p.size && y >= 0 && y < p.size;
  for (let i = 0; i < source.length; i++) {
    const feature = source.feature(i);
    if (!matchesFeature(layer, feature.properties)) continue;
    const text = textOf(feature.properties, layer.text);
    if (!text) continue;
    const order = layer.priority * 1e9 + rankOf(layer, feature.properties);
    if (feature.type === 1) {
      for (const ring of feature.loadGeometry()) {
        for (const pt of ring) {
          const x = pt.x * unit - ox,
            y = pt.y * unit - oy;
          if (inside(x, y)) out.push({ ...base, text, x: x / p.size, y: y / p.size, angle: 0, room: Infinity, order });
        }
      }
    } else if (feature.type === 2 && layer.kind === 'street') {
      // The middle of the street's longest straight stretch inside the tile, along it.
      let best = 0,
        bx = 0,
        by = 0,
        angle = 0;
      for (const line of feature.loadGeometry()) {
        for (let j = 1; j < line.length; j++) {
          const part = clipSegment(line[j - 1].x * unit - ox, line[j - 1].y * unit - oy, line[j].x * unit - ox, line[j].y * unit - oy, p.size);
          if (!part) continue;
          const [ax, ay, cx, cy] = part;
          const len = Math.hypot(cx - ax, cy - ay);
          const mx = (ax + cx) / 2,
            my = (ay + cy) / 2;
          if (len > best && inside(mx, my)) {
            best = len;
            bx = mx;
            by = my;
            angle = Math.atan2(cy - ay, cx - ax);
          }
        }
      }
      if (best > 0) out.push({ ...base, text, x: bx / p.size, y: by / p.size, angle, room: best / p.scale, order: order + (1e8 - Math.min(1e8, best)) });
    } else if (feature.type === 3 && layer.kind !== 'street') {
      const [x0, y0, x1, y1] = feature.bbox();
      const w = (x1 - x0) * unit,
        h = (y1 - y0) * unit;
      const x = ((x0 + x1) / 2) * unit - ox,
        y = ((y0 + y1) / 2) * unit - oy;
      if (Math.min(w, h) > 60 * p.scale && inside(x, y))
        out.push({ ...base, text, x: x / p.size, y: y / p.size, angle: 0, room: Infinity, order: order - Math.min(1e8, w * h) / 1e3 });
    }
  }
}

/** The part of a segment inside the square [0, size) (Liang–Barsky), or null. */
function clipSegment(x0: number, y0: number, x1: number, y1: number, size: number): [number, number, number, number] | null {
  let t0 = 0,
    t1 = 1;
  const dx = x1 - x0,
    dy = y1 - y0;
  const edges: [number, number][] = [
    [-dx, x0],
    [dx, size - x0],
    [-dy, y0],
    [dy, size - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy];
}

/** One label per text and kind within a tile (a street's parts, a place in several source layers). */
function dedupe(labels: LabelCandidate[]): LabelCandidate[] {
  const best = new Map<string, LabelCandidate>();
  for (const l of labels) {
    const key = `${l.kind}\u0000${l.text}`;
    const seen = best.get(key);
    if (!seen || l.order < seen.order) best.set(key, l);
  }
  return [...best.values()];
}
