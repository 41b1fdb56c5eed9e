// Images and documents the server draws itself: location icons, POI and
// category pictograms, area-set raster tiles and the help PDF.
export { locationIconSvg, locationIconPng, LocationIconShape, type LocationIconOptions } from './location-icon.js';
export { poiLogoSvg, categoryLogoSvg } from './poi-logo.js';
export { renderAreaTile, colorScale, type TileArea } from './area-tile.js';
export { tileBounds, tileProjector } from './tile-math.js';
export { createTileCache, type TileCache } from './tile-cache.js';
export { helpPdf, type HelpLocale } from './help-pdf.js';
