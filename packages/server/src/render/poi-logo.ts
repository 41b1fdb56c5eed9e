// Logos that are not location markers: POI-set pictograms (white on a
// coloured disc; the map draws them at the spec's 0.65 size factor), the
// search-result category icons, and wordmarks for the models' main and
// secondary logos.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brightness, darken, parseHexColor, type Rgba } from './color.js';
import { escapeXml, shapesToPng, shapesToSvg, type IconShape } from './icon-shapes.js';

export const POI_CATEGORIES = ['station', 'school', 'parking', 'shop', 'pharmacy', 'health', 'default'] as const;
export type PoiCategory = (typeof POI_CATEGORIES)[number];

/** Search result categories (a search result's category field). */
export const SEARCH_CATEGORIES = ['location', 'place', 'poi', 'area'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

const VIEWBOX = 32;
const C = VIEWBOX / 2;
const WHITE: Rgba = [255, 255, 255, 255];

const POI_COLORS: Record<PoiCategory, string> = {
  station: '#1565c0',
  school: '#ef6c00',
  parking: '#1976d2',
  shop: '#8e24aa',
  pharmacy: '#2e7d32',
  health: '#c62828',
  default: '#607d8b',
};

const SEARCH_COLORS: Record<SearchCategory, string> = {
  location: '#c62828',
  place: '#6d4c41',
  poi: '#00897b',
  area: '#5e35b1',
};

/** Points along an arc as a chain of segments [x0, y0, x1, y1, ...] for a 'lines' shape. */
function arcSegments(cx: number, cy: number, r: number, from: number, to: number, steps: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < steps; i++) {
    const a = from + ((to - from) * i) / steps;
    const b = from + ((to - from) * (i + 1)) / steps;
    out.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r, cx + Math.cos(b) * r, cy + Math.sin(b) * r);
  }
  return out;
}

function disc(color: Rgba): IconShape {
  return { kind: 'circle', cx: C, cy: C, r: 14.5, fill: color, stroke: WHITE, strokeWidth: 1.5 };
}

function rect(x0: number, y0: number, x1: number, y1: number, fill: Rgba): IconShape {
  return { kind: 'polygon', points: [x0, y0, x1, y0, x1, y1, x0, y1], fill };
}

function pictogram(category: PoiCategory, background: Rgba): IconShape[] {
  switch (category) {
    case 'station':
      // Front of a train: body, windscreen, headlights, rails.
      return [
        { kind: 'square', cx: C, cy: 14.5, half: 7, radius: 2.5, fill: WHITE },
        rect(11, 10, 21, 14, background),
        { kind: 'circle', cx: 12.5, cy: 18, r: 1.2, fill: background },
        { kind: 'circle', cx: 19.5, cy: 18, r: 1.2, fill: background },
        { kind: 'lines', segments: [12.5, 22.5, 10.5, 25.5, 19.5, 22.5, 21.5, 25.5], stroke: WHITE, strokeWidth: 1.8 },
      ];
    case 'school':
      // Graduation cap with tassel.
      return [
        { kind: 'polygon', points: [16, 7.5, 26.5, 12.5, 16, 17.5, 5.5, 12.5], fill: WHITE },
        { kind: 'polygon', points: [10.5, 15, 16, 17.8, 21.5, 15, 21.5, 20, 16, 22.8, 10.5, 20], fill: WHITE },
        { kind: 'lines', segments: [24.5, 13, 24.5, 20], stroke: WHITE, strokeWidth: 1.4 },
      ];
    case 'parking':
      // The letter P.
      return [
        {
          kind: 'lines',
          segments: [12.5, 8.5, 12.5, 23.5, 12.5, 8.5, 16.5, 8.5, 12.5, 16.5, 16.5, 16.5, ...arcSegments(16.5, 12.5, 4, -Math.PI / 2, Math.PI / 2, 8)],
          stroke: WHITE,
          strokeWidth: 3,
        },
      ];
    case 'shop':
      // Shopping bag with a handle.
      return [
        { kind: 'polygon', points: [9.5, 13, 22.5, 13, 23.5, 24, 8.5, 24], fill: WHITE },
        { kind: 'lines', segments: arcSegments(16, 13, 3.6, Math.PI, Math.PI * 2, 8), stroke: WHITE, strokeWidth: 1.8 },
      ];
    case 'pharmacy':
      // Green cross.
      return [rect(13.5, 8, 18.5, 24, WHITE), rect(8, 13.5, 24, 18.5, WHITE)];
    case 'health':
      // Doctor's practice: a white cross on red, thinner than the pharmacy's.
      return [rect(14.25, 9, 17.75, 23, WHITE), rect(9, 14.25, 23, 17.75, WHITE)];
    case 'default':
      return [{ kind: 'circle', cx: C, cy: C, r: 4.5, fill: WHITE }];
  }
}

function poiShapes(category: string): IconShape[] {
  const known = (POI_CATEGORIES as readonly string[]).includes(category.toLowerCase());
  const key = (known ? category.toLowerCase() : 'default') as PoiCategory;
  const background = parseHexColor(POI_COLORS[key]);
  return [disc(background), ...pictogram(key, background)];
}

/** POI-set logo for a category; unknown categories get the default pictogram. */
export function poiLogoSvg(category: string): string {
  return shapesToSvg(poiShapes(category), VIEWBOX, category);
}

export function poiLogoPng(category: string, size = VIEWBOX): Buffer {
  return shapesToPng(poiShapes(category), VIEWBOX, size);
}

function categoryShapes(category: SearchCategory, background: Rgba): IconShape[] {
  switch (category) {
    case 'location': {
      // Map pin: a disc over a point, with a hole.
      return [
        { kind: 'polygon', points: [10.2, 15.5, 21.8, 15.5, 16, 25.5], fill: WHITE },
        { kind: 'circle', cx: 16, cy: 13, r: 6, fill: WHITE },
        { kind: 'circle', cx: 16, cy: 13, r: 2.4, fill: background },
      ];
    }
    case 'place':
      // Three buildings of a town.
      return [rect(8, 14, 13, 24, WHITE), rect(14, 8, 19, 24, WHITE), rect(20, 12, 24, 24, WHITE), rect(15.5, 10.5, 17.5, 12.5, background)];
    case 'poi': {
      // Five-pointed star.
      const points: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 9 : 3.8;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        points.push(C + Math.cos(a) * r, 16.8 + Math.sin(a) * r);
      }
      return [{ kind: 'polygon', points, fill: WHITE }];
    }
    case 'area': {
      // Outline of an irregular region.
      const corners = [9, 11, 17, 7.5, 24, 12, 22.5, 22, 13, 24.5, 8, 18];
      const segments: number[] = [];
      for (let i = 0; i < corners.length; i += 2) {
        const j = (i + 2) % corners.length;
        segments.push(corners[i], corners[i + 1], corners[j], corners[j + 1]);
      }
      return [{ kind: 'lines', segments, stroke: WHITE, strokeWidth: 2.2 }];
    }
  }
}

/** Icon of a search-result category; an unknown category is refused. */
export function categoryLogoSvg(category: string): string {
  if (!(SEARCH_CATEGORIES as readonly string[]).includes(category)) {
    throw new RangeError(`search category must be one of ${SEARCH_CATEGORIES.join(', ')}, got '${category}'`);
  }
  const key = category as SearchCategory;
  const background = parseHexColor(SEARCH_COLORS[key]);
  return shapesToSvg([disc(background), ...categoryShapes(key, background)], VIEWBOX, category);
}

/** The typeface of the app (Inter, SIL Open Font Licence 1.1), as the app names it. */
const LOGO_FONT = 'Inter Variable';
let logoFontFace: string | null = null;

/**
 * The app's font (its Latin face) as an `@font-face` rule with the font file
 * inline: an SVG shown as an image may not load anything, so a wordmark that
 * named an installed font would look different on every machine.
 */
function fontFaceRule(): string {
  if (logoFontFace === null) {
    const file = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
    const data = readFileSync(file).toString('base64');
    logoFontFace = `@font-face{font-family:'${LOGO_FONT}';font-weight:100 900;src:url(data:font/woff2;base64,${data}) format('woff2')}`;
  }
  return logoFontFace;
}

/**
 * A wordmark: a rounded emblem with the initial, then the name in bold, set
 * in the app's own font, which the SVG carries. Width follows the text (an
 * estimate of Inter's average bold advance).
 */
export function modelLogoSvg(text: string, color: string): string {
  const brand = parseHexColor(color);
  // Light brand colours would vanish on a white header: the text takes a darker shade.
  const ink = brightness(brand) > 0.7 ? darken(brand, 0.55) : brand;
  const hex = (c: Rgba) =>
    '#' +
    c
      .slice(0, 3)
      .map((v) => Math.round(v).toString(16).padStart(2, '0'))
      .join('');
  const initial = escapeXml((text.trim()[0] ?? '?').toUpperCase());
  const height = 48;
  const fontSize = 24;
  const textX = 56;
  const width = Math.ceil(textX + Math.max(1, [...text].length) * fontSize * 0.64 + 8);
  const initialInk = brightness(brand) > 0.6 ? '#1f1f1f' : '#ffffff';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(text)}">` +
    `<title>${escapeXml(text)}</title>` +
    `<style>${fontFaceRule()}</style>` +
    `<rect x="4" y="4" width="40" height="40" rx="9" fill="${hex(brand)}"/>` +
    `<text x="24" y="32.5" text-anchor="middle" font-family="'${LOGO_FONT}', sans-serif" font-weight="700" font-size="24" fill="${initialInk}">${initial}</text>` +
    `<text x="${textX}" y="32" font-family="'${LOGO_FONT}', sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="-0.3" fill="${hex(ink)}">${escapeXml(text)}</text>` +
    `</svg>`
  );
}
