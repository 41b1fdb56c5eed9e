// Images and documents the server draws itself: location icons, POI and
// category pictograms, model wordmarks, area-set raster tiles and the help PDF.
export { locationIconSvg, locationIconPng, locationIconShapes, LocationIconShape, NO_GROUP_COLOR, type LocationIconOptions } from './location-icon.js';
export { poiLogoSvg, poiLogoPng, categoryLogoSvg, modelLogoSvg, POI_CATEGORIES, SEARCH_CATEGORIES, type PoiCategory, type SearchCategory } from './poi-logo.js';
export { renderAreaTile, colorScale, DEFAULT_AREA_SET_RAMP, type TileArea, type AreaTileOptions, type ColorScaleOptions } from './area-tile.js';
export { tileBounds, tileProjector, TILE_SIZE } from './tile-math.js';
export { createTileCache, type TileCache } from './tile-cache.js';
export { helpPdf, parseGuide, userGuideDir, type HelpLocale, type HelpPdfOptions } from './help-pdf.js';
export { parseHexColor, type Rgba } from './color.js';
