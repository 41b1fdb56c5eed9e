// @locus/map-canvas: the hand-built Canvas 2D map.
export * from './constants.js';
export { createMap, LocusMap, type MapOptions, type RenderToImageOptions } from './map/map.js';
export type { MapEventMap, PointerMapEvent, ViewChangeEvent } from './map/events.js';
export type { InteractionOptions } from './map/interaction.js';
export { MAX_ACCESSIBLE_ITEMS } from './map/accessible-items.js';

export { lonLatToWorld, worldToLonLat, metersPerPixel, worldScale, type LonLat } from './geo/mercator.js';
export type { ViewState } from './view/view-state.js';
export { constrainView, normalizeBearing } from './view/view-state.js';
export { createFrameState, projectToScreen, unprojectFromScreen, type FrameState, type Size, type Extent } from './view/frame-state.js';
export { fitBoundsView, boundsOf, type FitOptions, type LonLatBounds, type Padding } from './view/fit-bounds.js';

export { Layer, type LayerRenderer, type HitResult, type AccessibleItem, type LayerOptions } from './layer-base/layer.js';
export type { PolygonGeometry, LineGeometry } from './layer-base/geometry.js';

export { TileLayer, type TileLayerOptions } from './layers/tile/tile-layer.js';
export { tilesForFrame, tileZoomFor, tileRangeForExtent, tileUrl, type TileCoord } from './layers/tile/tile-coverage.js';
export * from './layers/tile/tile-sources.js';
export { BasemapLayer, DEFAULT_BASEMAP_STYLE, type BasemapLayerOptions, type BasemapStyle } from './layers/basemap/basemap-layer.js';
export type { BasemapData, BasemapPlace } from './layers/basemap/basemap-data.js';
export { PlaceLabelLayer, type PlaceLabelLayerOptions } from './layers/basemap/place-label-layer.js';
export { MAJOR_PLACE_POPULATION } from './layers/basemap/basemap-renderer.js';
export { naturalEarthBasemap, loadNaturalEarth, type NaturalEarthResolution } from './layers/basemap/natural-earth.js';
export { IconLayer, iconZoomScale, type IconLayerOptions } from './layers/icons/icon-layer.js';
export {
  iconSizeFactor,
  iconSize,
  THIN_SPACING,
  THIN_DOT_SIZE,
  type IconFeature,
  type IconShape,
  type IconGroupStyle,
  type IconStyle,
  type LocationChange,
} from './layers/icons/icon-style.js';
export { HeatmapLayer, type HeatmapLayerOptions, type HeatmapPoint } from './layers/heatmap/heatmap-layer.js';
export { DEFAULT_HEAT_GRADIENT, SEQUENTIAL_HEAT_GRADIENT, SEQUENTIAL_CHOROPLETH_GRADIENT } from './layers/heatmap/color-ramp.js';
export { ChoroplethLayer, CHOROPLETH_CLASSES, gridSpacing, type ChoroplethLayerOptions } from './layers/heatmap/choropleth-layer.js';
export { PolygonLayer, type PolygonLayerOptions, type PolygonFeature } from './layers/polygons/polygon-layer.js';
export { catchmentStyle, zoneStyle, excludedAreaStyle, type PolygonStyle, type CatchmentCoverage } from './layers/polygons/polygon-style.js';
export { LineLayer, isolineStyle, type LineLayerOptions, type LineFeature, type LineStyle } from './layers/lines/line-layer.js';
export { RangeCircleLayer, DEFAULT_RANGE_CIRCLE_STYLE, type RangeCircleLayerOptions } from './layers/range-circles/range-circle-layer.js';
export { rangeCircleRing, rangeCircleLabel } from './layers/range-circles/range-circle.js';
export { LabelLayer, type LabelLayerOptions, type MapLabel } from './layers/labels/label-layer.js';
export { ScaleBarLayer, type ScaleBarLayerOptions } from './layers/scale-bar/scale-bar-layer.js';
export { scaleBarMeasure } from './layers/scale-bar/scale-bar.js';
export { legendTextColor, colorBrightness, parseLegendColor, LEGEND_TEXT_DARK, LEGEND_TEXT_LIGHT } from './legend/text-color.js';
export { ImpactLayer, type ImpactLayerOptions } from './layers/impact/impact-layer.js';
export { impactRadius, impactColor, impactScale, DEFAULT_IMPACT_STYLE, type ImpactFeature, type ImpactStyle } from './layers/impact/impact-symbols.js';
export { VectorTileLayer, VECTOR_TILE_SIZE, type VectorTileLayerOptions, type SourceHealth } from './layers/vector-tile/vector-tile-layer.js';
export type { VectorSchema } from './tiles/styles/index.js';
export { workerFromSource } from './tiles/worker-from-source.js';
