// Colour values shared by the SVG writers and the rasteriser: one parser for
// the hex strings stored in the database, and the few mixes the icons need.

/** Red, green, blue, alpha; each 0..255. */
export type Rgba = [number, number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses #rgb, #rgba, #rrggbb or #rrggbbaa; alpha defaults to opaque. */
export function parseHexColor(hex: string): Rgba {
  const match = HEX.exec(hex.trim());
  if (!match) throw new RangeError(`invalid colour '${hex}': expected #rgb or #rrggbb (optionally with alpha)`);
  let digits = match[1];
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return [byte(0), byte(1), byte(2), digits.length === 8 ? byte(3) : 255];
}

/** #rrggbb, dropping alpha (SVG carries opacity separately). */
export function toHex([r, g, b]: Rgba): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.round(clamp(v, 0, 255))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Linear mix in sRGB: t = 0 gives a, t = 1 gives b. */
export function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return [0, 1, 2, 3].map((i) => a[i] + (b[i] - a[i]) * t) as Rgba;
}

/** Darker shade towards black, keeping alpha. */
export function darken(color: Rgba, amount: number): Rgba {
  return mix(color, [0, 0, 0, color[3]], amount);
}

/** Relative brightness 0..1 (ITU-R BT.601 weights, as the legend uses). */
export function brightness([r, g, b]: Rgba): number {
  return (r * 0.299 + g * 0.587 + b * 0.114) / 255;
}

/** The colour with its saturation removed, lightened: how a closed location looks. */
export function greyedOut(color: Rgba): Rgba {
  const level = brightness(color) * 255;
  return mix([level, level, level, color[3]], [200, 200, 200, color[3]], 0.55);
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
