// The heat-map colour ramp: RGBA entries from a gradient over intensities 0..1. The alpha ramps up with
// the intensity from fully transparent at zero (opaque from a quarter on), so the heat map's edges fade
// out smoothly instead of ending at a cut-off.
import { interpolateRgbBasis } from 'd3-interpolate';

export const DEFAULT_HEAT_GRADIENT = ['#0000ff', '#00ffff', '#00ff00', '#ffff00', '#ff0000'];

/**
 * A sequential ramp that reads the same with every colour vision (ColorBrewer's
 * YlOrRd, light to dark): more is darker, never a change of hue alone. With
 * the layer's fading low end it suits a planning map, where a heat map lies
 * over the basemap and under the stores.
 */
export const SEQUENTIAL_HEAT_GRADIENT = ['#fed976', '#feb24c', '#fd8d3c', '#fc4e2a', '#e31a1c', '#b10026'];

/**
 * The same ramp from its light end, for choropleths (a rate per area): every area with a value is
 * coloured, the lowest in pale yellow.
 */
export const SEQUENTIAL_CHOROPLETH_GRADIENT = ['#ffffcc', '#ffeda0', ...SEQUENTIAL_HEAT_GRADIENT];

/** Intensity at and above which the heat map is opaque. */
export const OPAQUE_INTENSITY = 0.25;

/** Packed little-endian RGBA (as Uint32 over ImageData) for `size` intensities from 0 to 1. */
export function colorRamp(gradient: readonly string[] = DEFAULT_HEAT_GRADIENT, size = 256, fade = true): Uint32Array {
  const interpolate = interpolateRgbBasis([...gradient]);
  const ramp = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    const t = i / (size - 1);
    const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(interpolate(t));
    const [r, g, b] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
    const alpha = fade ? Math.round(255 * Math.min(1, t / OPAQUE_INTENSITY)) : 255;
    // Transparent entries are 0, the value of a pixel without heat.
    ramp[i] = alpha === 0 ? 0 : ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return ramp;
}
