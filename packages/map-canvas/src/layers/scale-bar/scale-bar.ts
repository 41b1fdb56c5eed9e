// The metric scale bar: the longest round distance that fits in 200 px.
import { SCALE_BAR_MAX_WIDTH } from '../../constants.js';

export interface ScaleBarMeasure {
  meters: number;
  /** CSS px. */
  width: number;
  label: string;
}

/** Largest 1, 2 or 5 times a power of ten not wider than maxWidth at the given metres per pixel. */
export function scaleBarMeasure(metersPerPixel: number, maxWidth = SCALE_BAR_MAX_WIDTH): ScaleBarMeasure {
  const maxMeters = metersPerPixel * maxWidth;
  const power = Math.pow(10, Math.floor(Math.log10(maxMeters)));
  const first = maxMeters / power;
  const nice = first >= 5 ? 5 : first >= 2 ? 2 : 1;
  const meters = nice * power;
  const label = meters >= 1000 ? `${meters / 1000} km` : `${meters >= 1 ? meters : meters.toPrecision(1)} m`;
  return { meters, width: meters / metersPerPixel, label };
}
