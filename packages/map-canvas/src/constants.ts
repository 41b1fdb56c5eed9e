// Business constants of the map (default view, fit, styles, sizes), in one place with the spec's names.
import type { ViewState } from './view/view-state.js';

/** Size in CSS pixels of the whole world at zoom 0. The spec's zoom levels (default 8, fit maximum 12,
 * report 11 and 16) follow the vector-map convention of 512 px tiles, so raster tiles of 256 px are
 * requested one level deeper. */
export const WORLD_SIZE = 512;

/** Default map: zoom 8, centre about 4.91, 52.35, bearing 0, pitch 0. */
export const DEFAULT_VIEW: ViewState = { center: [4.91, 52.35], zoom: 8, bearing: 0, pitch: 0 };

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;
/** Pitch is shown as a tilt (vertical foreshortening); beyond 60 degrees a flat tilt misleads. */
export const MAX_PITCH = 60;

/** Fit: maximum zoom 12, 1000 ms, padding 30 plus 60 either side (left and right carry the
 * extra 60 px that the floating toolbar and drawers cover). */
export const FIT_MAX_ZOOM = 12;
export const FIT_DURATION_MS = 1000;
export const FIT_PADDING = { top: 30, right: 30 + 60, bottom: 30, left: 30 + 60 } as const;

/** Isoline style. */
export const ISOLINE_STYLE = { strokeWidth: 5, strokeOpacity: 0.5, fillOpacity: 0 } as const;

/** Scale bar: metric, at most 200 px wide. */
export const SCALE_BAR_MAX_WIDTH = 200;

/** Range circles: 64 steps, labelled with a metres suffix. */
export const RANGE_CIRCLE_STEPS = 64;
export const RANGE_CIRCLE_LABEL_SUFFIX = ' m';

/** Location icon size factors by location type: type 1 is 0.5, type 4 is 0.75, others 1. */
export const ICON_SIZE_FACTORS: Readonly<Record<number, number>> = { 1: 0.5, 4: 0.75 };
export const ICON_DEFAULT_SIZE_FACTOR = 1;
/** POI icons are drawn at 0.65. */
export const POI_ICON_SIZE_FACTOR = 0.65;
/** Icon edge in CSS px before the size factor. */
export const ICON_BASE_SIZE = 22;

/** Heat-map weight runs 0 to 255. */
export const HEAT_MAP_MAX_WEIGHT = 255;

/** Catchment coverage in catchment-area mode 0. */
export const CATCHMENT_COVERAGE = { all: 1, secondary: 0.8, primary: 0.5, none: 0 } as const;
/** Excluded areas are drawn grey at 0.25; zones at 0.8 (issue 4, after the spec's map behaviour). */
export const EXCLUDED_AREA_COLOR = '#808080';
export const EXCLUDED_AREA_OPACITY = 0.25;
export const ZONE_OPACITY = 0.8;

/** Legend text rule: dark text when the colour brightness is above 0.5. */
export const LEGEND_BRIGHTNESS_THRESHOLD = 0.5;
