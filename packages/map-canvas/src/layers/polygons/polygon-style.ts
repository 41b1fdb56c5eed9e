// Styles of polygons: catchment areas, zones and excluded areas, each with the
// spec's fill, stroke and opacity.
import { CATCHMENT_COVERAGE, EXCLUDED_AREA_COLOR, EXCLUDED_AREA_OPACITY, ZONE_OPACITY } from '../../constants.js';

export interface PolygonStyle {
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  strokeOpacity?: number;
  /** Multiplies fill and stroke opacity. */
  opacity?: number;
}

export interface ResolvedPolygonStyle {
  fill: string | null;
  fillAlpha: number;
  stroke: string | null;
  strokeWidth: number;
  strokeAlpha: number;
}

export const DEFAULT_POLYGON_STYLE: Required<PolygonStyle> = {
  fill: '#3b82f6',
  fillOpacity: 0.35,
  stroke: '#1e40af',
  strokeWidth: 1,
  strokeOpacity: 0.9,
  opacity: 1,
};

export function resolvePolygonStyle(style: PolygonStyle | undefined): ResolvedPolygonStyle {
  const s = { ...DEFAULT_POLYGON_STYLE, ...style };
  return {
    fill: s.fillOpacity > 0 ? s.fill : null,
    fillAlpha: s.fillOpacity * s.opacity,
    stroke: s.strokeWidth > 0 && s.strokeOpacity > 0 ? s.stroke : null,
    strokeWidth: s.strokeWidth,
    strokeAlpha: s.strokeOpacity * s.opacity,
  };
}

/** An area left out of a catchment: grey at 0.25. */
export function excludedAreaStyle(): PolygonStyle {
  return { fill: EXCLUDED_AREA_COLOR, fillOpacity: EXCLUDED_AREA_OPACITY, stroke: EXCLUDED_AREA_COLOR, strokeWidth: 0.5, strokeOpacity: EXCLUDED_AREA_OPACITY };
}

/** A zone in its own colour at 0.8. */
export function zoneStyle(color: string): PolygonStyle {
  return { fill: color, fillOpacity: ZONE_OPACITY, stroke: color, strokeWidth: 1, strokeOpacity: 1 };
}

export type CatchmentCoverage = keyof typeof CATCHMENT_COVERAGE;

/** A catchment area; in catchment-area mode 0 the chosen coverage sets how much of it shows. */
export function catchmentStyle(color: string, coverage: CatchmentCoverage = 'all'): PolygonStyle {
  const c = CATCHMENT_COVERAGE[coverage];
  return { fill: color, fillOpacity: 0.45 * c, stroke: color, strokeWidth: 1, strokeOpacity: c };
}
