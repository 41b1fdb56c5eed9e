// Logos and photos of the demo: SVG wordmarks for the models, pictograms for
// the POI sets, and small PNG storefronts drawn per brand for the location
// photos. All generated; nothing is downloaded.
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

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

/** A 240 × 160 storefront in the brand's colour. */
export function storefrontPng(color: string): Buffer {
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
  for (let y = 0; y < h; y++) {
    const t = y / h;
    fill(0, y, w, y + 1, [Math.round(150 + 80 * t), Math.round(195 + 45 * t), 245]);
  }
  fill(0, 128, w, h, [120, 120, 118]);
  fill(20, 40, 220, 130, [228, 222, 210]);
  fill(20, 40, 220, 62, brand);
  for (let k = 0; k < 4; k++) fill(32 + k * 48, 74, 68 + k * 48, 118, [70, 110, 140]);
  fill(104, 84, 136, 130, [55, 65, 81]);
  return PNG.sync.write(png);
}
