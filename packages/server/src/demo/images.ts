// Photos of the demo: small PNG storefronts drawn per brand for the location
// photos (the logos come from render/). All generated; nothing is downloaded.
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import type { Random } from './random.js';

export const shortHash = (text: string | Buffer) => createHash('sha1').update(text).digest('hex').slice(0, 12);

const hex = (color: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];

const WALLS: [number, number, number][] = [
  [228, 222, 210],
  [181, 101, 77],
  [150, 82, 64],
  [214, 204, 186],
  [120, 114, 108],
  [236, 232, 224],
];

/**
 * A small storefront picture (240 × 160 PNG) in the brand's colour: sky,
 * facade, fascia, shop windows, door and pavement, varied per photo by the
 * random stream (wall, windows, door, awning) so no two look alike.
 */
export function storefrontPng(color: string, random: Random): Buffer {
  const w = 240,
    h = 160;
  const png = new PNG({ width: w, height: h });
  const brand = hex(color);
  const fill = (x0: number, y0: number, x1: number, y1: number, rgb: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        const i = (y * w + x) * 4;
        png.data[i] = rgb[0];
        png.data[i + 1] = rgb[1];
        png.data[i + 2] = rgb[2];
        png.data[i + 3] = 255;
      }
    }
  };
  const cloudy = random.next() < 0.4;
  for (let y = 0; y < h; y++) {
    const t = y / h;
    fill(
      0,
      y,
      w,
      y + 1,
      cloudy ? [Math.round(170 + 50 * t), Math.round(180 + 45 * t), Math.round(195 + 40 * t)] : [Math.round(150 + 80 * t), Math.round(195 + 45 * t), 245],
    );
  }
  const left = random.int(6, 30),
    right = w - random.int(6, 30),
    top = random.int(24, 48);
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
    const x0 = Math.round(left + 8 + k * span + 4),
      x1 = Math.round(left + 8 + (k + 1) * span - 4);
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
