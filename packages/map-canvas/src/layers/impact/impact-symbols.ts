// The sizes and colours of proportional impact symbols: one circle per store
// whose output changes, its area proportional to the absolute change (so a
// store that loses twice as much covers twice the ground on screen), loss and
// gain in two colours with a sign, so the difference does not rest on colour.

export interface ImpactFeature {
  id: string | number;
  lon: number;
  lat: number;
  /** The change of the store's output against the base (negative: a loss). */
  change: number;
  name?: string;
}

export interface ImpactStyle {
  /** Radius in CSS px of the largest change (the layer's scale). */
  maxRadius: number;
  /** Smallest radius drawn, CSS px: a tiny change stays visible. */
  minRadius: number;
  loss: string;
  gain: string;
  fillOpacity: number;
  strokeWidth: number;
  /** Radius from which the sign is written inside the circle. */
  signFrom: number;
}

export const DEFAULT_IMPACT_STYLE: ImpactStyle = {
  maxRadius: 28,
  minRadius: 3,
  loss: '#b42318',
  gain: '#16703a',
  fillOpacity: 0.45,
  strokeWidth: 1.5,
  signFrom: 7,
};

/**
 * The radius of a change: area proportional to |change| against `scale` (the
 * absolute change drawn at maxRadius), never below minRadius, zero for no change.
 */
export function impactRadius(change: number, scale: number, style: Pick<ImpactStyle, 'maxRadius' | 'minRadius'> = DEFAULT_IMPACT_STYLE): number {
  const size = Math.abs(change);
  if (!(size > 0) || !(scale > 0)) return 0;
  return Math.max(style.minRadius, style.maxRadius * Math.sqrt(Math.min(size, scale) / scale));
}

/** The colour of a change. */
export function impactColor(change: number, style: Pick<ImpactStyle, 'loss' | 'gain'> = DEFAULT_IMPACT_STYLE): string {
  return change < 0 ? style.loss : style.gain;
}

/** The scale that draws the largest change at maxRadius. */
export function impactScale(features: readonly { change: number }[]): number {
  let max = 0;
  for (const f of features) max = Math.max(max, Math.abs(f.change));
  return max;
}
