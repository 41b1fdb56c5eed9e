// Which XYZ tiles cover a view, and in what order to load them.
import { WORLD_SIZE } from '../../constants.js';
import type { FrameState } from '../../view/frame-state.js';

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

export const tileKey = (t: TileCoord): string => `${t.z}/${t.x}/${t.y}`;

/** The tile zoom for a view zoom: tiles of tileSize px shown at or near their natural size. */
export function tileZoomFor(viewZoom: number, tileSize: number, minZoom: number, maxZoom: number): number {
  const z = Math.round(viewZoom + Math.log2(WORLD_SIZE / tileSize));
  return Math.max(minZoom, Math.min(maxZoom, z));
}

export interface TileRange {
  z: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Tiles of zoom z covering a world extent (clamped to the world; no wrapping across the antimeridian). */
export function tileRangeForExtent(extent: readonly number[], z: number): TileRange {
  const n = Math.pow(2, z);
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  return {
    z,
    minX: clamp(Math.floor(extent[0] * n)),
    minY: clamp(Math.floor(extent[1] * n)),
    maxX: clamp(Math.floor(extent[2] * n - 1e-9)),
    maxY: clamp(Math.floor(extent[3] * n - 1e-9)),
  };
}

/**
 * Tiles that touch the screen, nearest to the view centre first. The extent's corners are exact but
 * a turned view's box holds tiles that miss the screen; those are dropped by testing each tile's
 * corners against the screen rectangle after projection.
 */
export function tilesForFrame(frame: FrameState, z: number): TileCoord[] {
  const range = tileRangeForExtent(frame.extent, z);
  const n = Math.pow(2, z);
  const [cx, cy] = frame.centerWorld;
  const m = frame.toScreen;
  const { width, height } = frame.size;
  const out: { t: TileCoord; d: number }[] = [];
  for (let y = range.minY; y <= range.maxY; y++) {
    for (let x = range.minX; x <= range.maxX; x++) {
      if (frame.view.bearing !== 0 && !tileTouchesScreen(m, x / n, y / n, 1 / n, width, height)) continue;
      const dx = (x + 0.5) / n - cx,
        dy = (y + 0.5) / n - cy;
      out.push({ t: { z, x, y }, d: dx * dx + dy * dy });
    }
  }
  return out.sort((a, b) => a.d - b.d).map((e) => e.t);
}

function tileTouchesScreen(m: readonly number[], x0: number, y0: number, size: number, width: number, height: number): boolean {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of [
    [x0, y0],
    [x0 + size, y0],
    [x0, y0 + size],
    [x0 + size, y0 + size],
  ]) {
    const sx = m[0] * x + m[2] * y + m[4],
      sy = m[1] * x + m[3] * y + m[5];
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
  }
  if (maxX < 0 || maxY < 0 || minX > width || minY > height) return false;
  // Separating axis along the screen edges passed; also test the tile's own edges against the screen corners.
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ];
  const det = m[0] * m[3] - m[1] * m[2];
  const inv = [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det];
  let tminX = Infinity,
    tminY = Infinity,
    tmaxX = -Infinity,
    tmaxY = -Infinity;
  for (const [sx, sy] of corners) {
    const ux = sx - m[4],
      uy = sy - m[5];
    const wx = inv[0] * ux + inv[2] * uy,
      wy = inv[1] * ux + inv[3] * uy;
    tminX = Math.min(tminX, wx);
    tmaxX = Math.max(tmaxX, wx);
    tminY = Math.min(tminY, wy);
    tmaxY = Math.max(tmaxY, wy);
  }
  return !(tmaxX < x0 || tminX > x0 + size || tmaxY < y0 || tminY > y0 + size);
}

/** Fills a URL template: {z} {x} {y}, {s} subdomain, {r} retina suffix ('@2x' or ''), {-y} TMS row. */
export function tileUrl(template: string, t: TileCoord, options: { subdomains?: readonly string[]; retina?: boolean } = {}): string {
  const subs = options.subdomains ?? [];
  const s = subs.length ? subs[Math.abs(t.x + t.y) % subs.length] : '';
  return template
    .replace('{z}', String(t.z))
    .replace('{x}', String(t.x))
    .replace('{-y}', String(Math.pow(2, t.z) - 1 - t.y))
    .replace('{y}', String(t.y))
    .replace('{s}', s)
    .replace('{r}', options.retina ? '@2x' : '');
}
