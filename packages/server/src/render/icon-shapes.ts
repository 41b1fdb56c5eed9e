// Icons are described once as a list of simple shapes, then written either as
// SVG or rasterised to PNG, so both formats show the same picture.
import { toHex, type Rgba } from './color.js';
import { RgbaCanvas, circleRing, type Ring } from './raster.js';

type Paint = { fill?: Rgba; stroke?: Rgba; strokeWidth?: number };

export type IconShape =
  | ({ kind: 'circle'; cx: number; cy: number; r: number } & Paint)
  /** A square of half side `half` with rounded corners; rotate45 makes it a diamond. */
  | ({ kind: 'square'; cx: number; cy: number; half: number; radius: number; rotate45?: boolean } & Paint)
  | { kind: 'polygon'; points: number[]; fill: Rgba }
  /** Separate segments [x0, y0, x1, y1, ...] stroked with round caps. */
  | { kind: 'lines'; segments: number[]; stroke: Rgba; strokeWidth: number };

const n = (v: number) => String(Math.round(v * 100) / 100);

function paintAttributes({ fill, stroke, strokeWidth }: Paint): string {
  let out = ` fill="${fill ? toHex(fill) : 'none'}"`;
  if (fill && fill[3] < 255) out += ` fill-opacity="${n(fill[3] / 255)}"`;
  if (stroke && strokeWidth) {
    out += ` stroke="${toHex(stroke)}" stroke-width="${n(strokeWidth)}"`;
    if (stroke[3] < 255) out += ` stroke-opacity="${n(stroke[3] / 255)}"`;
  }
  return out;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** An SVG document of the shapes in a square viewBox of `viewBox` units. */
export function shapesToSvg(shapes: readonly IconShape[], viewBox: number, title?: string): string {
  const parts = shapes.map((shape) => {
    switch (shape.kind) {
      case 'circle':
        return `<circle cx="${n(shape.cx)}" cy="${n(shape.cy)}" r="${n(shape.r)}"${paintAttributes(shape)}/>`;
      case 'square': {
        const side = shape.half * 2;
        const rotate = shape.rotate45 ? ` transform="rotate(45 ${n(shape.cx)} ${n(shape.cy)})"` : '';
        return `<rect x="${n(shape.cx - shape.half)}" y="${n(shape.cy - shape.half)}" width="${n(side)}" height="${n(side)}" rx="${n(shape.radius)}"${rotate}${paintAttributes(shape)}/>`;
      }
      case 'polygon': {
        const points: string[] = [];
        for (let i = 0; i + 1 < shape.points.length; i += 2) points.push(`${n(shape.points[i])},${n(shape.points[i + 1])}`);
        return `<polygon points="${points.join(' ')}"${paintAttributes({ fill: shape.fill })}/>`;
      }
      case 'lines': {
        let d = '';
        for (let i = 0; i + 3 < shape.segments.length; i += 4) {
          d += `M${n(shape.segments[i])} ${n(shape.segments[i + 1])}L${n(shape.segments[i + 2])} ${n(shape.segments[i + 3])}`;
        }
        return `<path d="${d}" stroke-linecap="round"${paintAttributes({ stroke: shape.stroke, strokeWidth: shape.strokeWidth })}/>`;
      }
    }
  });
  const heading = title ? `<title>${escapeXml(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${viewBox}" height="${viewBox}" viewBox="0 0 ${viewBox} ${viewBox}">${heading}${parts.join('')}</svg>`;
}

/** The shapes rasterised to a PNG of size x size pixels. */
export function shapesToPng(shapes: readonly IconShape[], viewBox: number, size: number): Buffer {
  const canvas = new RgbaCanvas(size, size);
  const scale = size / viewBox;
  const scaled = (ring: number[]) => ring.map((v) => v * scale);
  for (const shape of shapes) {
    switch (shape.kind) {
      case 'circle': {
        if (shape.fill) canvas.fillPath([scaled(circleRing(shape.cx, shape.cy, shape.r))], shape.fill);
        if (shape.stroke && shape.strokeWidth) {
          const w = shape.strokeWidth / 2;
          const rings = [circleRing(shape.cx, shape.cy, shape.r + w)];
          if (shape.r > w) rings.push(circleRing(shape.cx, shape.cy, shape.r - w));
          canvas.fillPath(rings.map(scaled), shape.stroke, 'evenodd');
        }
        break;
      }
      case 'square': {
        const ring = (half: number, radius: number) => scaled(roundedSquare(shape.cx, shape.cy, half, radius, shape.rotate45 === true));
        if (shape.fill) canvas.fillPath([ring(shape.half, shape.radius)], shape.fill);
        if (shape.stroke && shape.strokeWidth) {
          const w = shape.strokeWidth / 2;
          // SVG mitres a sharp corner and rounds a rounded one: the outer edge follows suit.
          const rings = [ring(shape.half + w, shape.radius > 0 ? shape.radius + w : 0)];
          if (shape.half > w) rings.push(ring(shape.half - w, Math.max(0, shape.radius - w)));
          canvas.fillPath(rings, shape.stroke, 'evenodd');
        }
        break;
      }
      case 'polygon':
        canvas.fillPath([scaled(shape.points)], shape.fill);
        break;
      case 'lines': {
        const half = shape.strokeWidth / 2;
        const rings: Ring[] = [];
        for (let i = 0; i + 3 < shape.segments.length; i += 4) {
          const [x0, y0, x1, y1] = shape.segments.slice(i, i + 4);
          rings.push(...capsule(x0, y0, x1, y1, half).map(scaled));
        }
        canvas.fillPath(rings, shape.stroke, 'nonzero');
        break;
      }
    }
  }
  return canvas.toPng();
}

/** A rounded square (or diamond) as a flat ring, corners in 6 steps each. */
function roundedSquare(cx: number, cy: number, half: number, radius: number, rotate45: boolean): number[] {
  const r = Math.min(radius, half);
  const inner = half - r;
  const corners: [number, number, number][] = [
    [inner, inner, 0],
    [-inner, inner, Math.PI / 2],
    [-inner, -inner, Math.PI],
    [inner, -inner, (Math.PI * 3) / 2],
  ];
  const ring: number[] = [];
  const steps = r > 0 ? 6 : 0;
  for (const [ox, oy, start] of corners) {
    for (let s = 0; s <= steps; s++) {
      const t = start + (steps ? (s / steps) * (Math.PI / 2) : Math.PI / 4);
      const px = ox + (r > 0 ? Math.cos(t) * r : 0);
      const py = oy + (r > 0 ? Math.sin(t) * r : 0);
      ring.push(px, py);
    }
  }
  const cos = rotate45 ? Math.SQRT1_2 : 1;
  const sin = rotate45 ? Math.SQRT1_2 : 0;
  for (let i = 0; i < ring.length; i += 2) {
    const x = ring[i];
    const y = ring[i + 1];
    ring[i] = cx + x * cos - y * sin;
    ring[i + 1] = cy + x * sin + y * cos;
  }
  return ring;
}

/** A round-capped stroke as three rings wound the same way, so non-zero fills their union. */
function capsule(x0: number, y0: number, x1: number, y1: number, half: number): number[][] {
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  const nx = (-(y1 - y0) / length) * half;
  const ny = ((x1 - x0) / length) * half;
  const body = [x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny];
  return [body, circleRing(x0, y0, half), circleRing(x1, y1, half)].map(positive);
}

function positive(ring: number[]): number[] {
  let area = 0;
  for (let i = 0; i < ring.length; i += 2) {
    const j = (i + 2) % ring.length;
    area += ring[i] * ring[j + 1] - ring[j] * ring[i + 1];
  }
  if (area >= 0) return ring;
  const reversed: number[] = [];
  for (let i = ring.length - 2; i >= 0; i -= 2) reversed.push(ring[i], ring[i + 1]);
  return reversed;
}
