// The heat-map colour ramp: 256 RGBA entries from a gradient, transparent at zero.
import { interpolateRgbBasis } from 'd3-interpolate';

export const DEFAULT_HEAT_GRADIENT = ['#0000ff', '#00ffff', '#00ff00', '#ffff00', '#ff0000'];

/** Packed little-endian RGBA (as Uint32 over ImageData) for intensities 0..255. */
export function colorRamp(gradient: readonly string[] = DEFAULT_HEAT_GRADIENT): Uint32Array {
  const interpolate = interpolateRgbBasis([...gradient]);
  const ramp = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(interpolate(t));
    const [r, g, b] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
    // Fades in over the low quarter so sparse areas stay see-through.
    const alpha = i === 0 ? 0 : Math.round(255 * Math.min(1, 0.15 + t * 3.4));
    ramp[i] = ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return ramp;
}
