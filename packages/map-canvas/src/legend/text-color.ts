// The legend text colour rule: dark text when the colour's brightness is above 0.5,
// otherwise light. Bad colours raise 'Invalid color format' or 'Invalid RGB color format' (the spec's messages).
import { LEGEND_BRIGHTNESS_THRESHOLD } from '../constants.js';

export const LEGEND_TEXT_DARK = '#000000';
export const LEGEND_TEXT_LIGHT = '#ffffff';

/** Red, green and blue 0..255 of '#rgb', '#rrggbb', 'rgb(r, g, b)' or 'rgba(r, g, b, a)'. */
export function parseLegendColor(color: string): [number, number, number] {
  const value = color.trim();
  if (value.startsWith('#')) {
    const hex = value.slice(1);
    if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) throw new Error('Invalid color format');
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  if (/^rgba?\(/i.test(value)) {
    const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i.exec(value);
    if (!m) throw new Error('Invalid RGB color format');
    const rgb = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (rgb.some((c) => c > 255)) throw new Error('Invalid RGB color format');
    return rgb as [number, number, number];
  }
  throw new Error('Invalid color format');
}

/** Perceived brightness 0..1 (ITU-R BT.601 weights). */
export function colorBrightness(color: string): number {
  const [r, g, b] = parseLegendColor(color);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** The text colour for a legend entry drawn on the given colour. */
export function legendTextColor(color: string): string {
  return colorBrightness(color) > LEGEND_BRIGHTNESS_THRESHOLD ? LEGEND_TEXT_DARK : LEGEND_TEXT_LIGHT;
}
