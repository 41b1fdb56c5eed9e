// Range circles: geodesic circles from turf with 64 steps, labelled with a metres suffix.
import { circle } from '@turf/turf';
import { RANGE_CIRCLE_LABEL_SUFFIX, RANGE_CIRCLE_STEPS } from '../../constants.js';
import type { LonLat } from '../../geo/mercator.js';

/** The closed ring (first point repeated last) of a circle of radius metres around a centre. */
export function rangeCircleRing(center: LonLat, radiusMeters: number, steps = RANGE_CIRCLE_STEPS): LonLat[] {
  const polygon = circle(center, radiusMeters, { steps, units: 'meters' });
  return polygon.geometry.coordinates[0].map((p) => [p[0], p[1]] as LonLat);
}

export function rangeCircleLabel(radiusMeters: number): string {
  return `${Math.round(radiusMeters)}${RANGE_CIRCLE_LABEL_SUFFIX}`;
}
