// Logos and photos of the demo: SVG wordmarks for the models, pictograms for
// the POI sets, and small PNG storefronts drawn per brand for the location
// photos. All generated; nothing is downloaded.
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import type { Random } from './random.js';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function wordmarkSvg(text: string, color: string, subtitle?: string): string {
  const width = Math.max(160, 14 * text.length + 56);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${escape(text)}">`
    + `<rect x="4" y="8" width="32" height="32" rx="8" fill="${color}"/>`
    + `<path d="M14 16v16h12" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
    + `<text x="46" y="${subtitle ? 26 : 31}" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="#1f2937">${escape(text)}</text>`
    + (subtitle ? `<text x="46" y="41" font-family="DejaVu Sans, Arial, sans-serif" font-size="10" fill="#6b7280">${escape(subtitle)}</text>` : '')
    + '</svg>';
}

export function pictogramSvg(letter: string, color: string): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
    + `<circle cx="12" cy="12" r="11" fill="${color}" stroke="#fff" stroke-width="2"/>`
    + `<text x="12" y="16.5" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="12" font-weight="700" fill="#fff">${escape(letter)}</text>`
    + '</svg>';
}

export const shortHash = (text: string | Buffer) => createHash('sha1').update(text).digest('hex').slice(0, 12);

const hex = (color: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];

const WALLS: [number, number, number][] = [[228, 222, 210], [181, 101, 77], [150, 82, 64], [214, 204, 186], [120, 114, 108], [236, 232, 224]];

/**
 * A small storefront picture (240 × 160 PNG) in the brand's colour: sky,
 * facade, fascia, shop windows, door and pavement, varied per photo by the
 * random stream (wall, windows, door, awning) so no two look alike.
 */
export function storefrontPng(color: string, random: Random): Buffer {
  const w = 240, h = 160;
  const png = new PNG({ width: w, height: h });
  const brand = hex(color);
  const fill = (x0: number, y0: number, x1: number, y1: number, rgb: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        const i = (y * w + x) * 4;
        png.data[i] = rgb[0]; png.data[i + 1] = rgb[1]; png.data[i + 2] = rgb[2]; png.data[i + 3] = 255;
      }
    }
  };
  const cloudy = random.next() < 0.4;
  for (let y = 0; y < h; y++) {
    const t = y / h;
    fill(0, y, w, y + 1, cloudy ? [Math.round(170 + 50 * t), Math.round(180 + 45 * t), Math.round(195 + 40 * t)] : [Math.round(150 + 80 * t), Math.round(195 + 45 * t), 245]);
  }
  const left = random.int(6, 30), right = w - random.int(6, 30), top = random.int(24, 48);
  fill(0, 128, w, h, [120, 120, 118]);
  fill(0, 136, w, h, [95, 96, 98]);
  fill(left, top, right, 130, random.pick(WALLS));
  // The fascia in the brand colour with a white "lettering" band.
  fill(left, top, right, top + 20, brand);
  fill(left + 14, top + 8, left + 14 + random.int(50, 110), top + 13, [255, 255, 255]);
  const windows = random.int(2, 5);
  const door = random.int(0, windows - 1);
  const span = (right - left - 16) / windows;
  for (let k = 0; k < windows; k++) {
    const x0 = Math.round(left + 8 + k * span + 4), x1 = Math.round(left + 8 + (k + 1) * span - 4);
    if (k === door) fill(x0 + Math.round(span / 4) - 4, top + 40, x1 - Math.round(span / 4) + 4, 130, [55, 65, 81]);
    else fill(x0, top + 32, x1, 118, [70, 110, 140]);
  }
  if (random.next() < 0.5) {
    // A striped awning over the windows.
    for (let x = left; x < right; x += 12) fill(x, top + 20, Math.min(right, x + 6), top + 27, brand);
    for (let x = left + 6; x < right; x += 12) fill(x, top + 20, Math.min(right, x + 6), top + 27, [250, 250, 250]);
  }
  return PNG.sync.write(png, { deflateLevel: 9 });
}
