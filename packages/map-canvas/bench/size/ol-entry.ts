// OpenLayers modules for the same features: map and view with default interactions, XYZ tiles, vector
// layers for icons, polygons, lines and range circles with text, its heat-map layer, the scale line.
export { default as Map } from 'ol/Map.js';
export { default as View } from 'ol/View.js';
export { default as TileLayer } from 'ol/layer/Tile.js';
export { default as XYZ } from 'ol/source/XYZ.js';
export { default as VectorLayer } from 'ol/layer/Vector.js';
export { default as VectorSource } from 'ol/source/Vector.js';
export { default as Heatmap } from 'ol/layer/Heatmap.js';
export { default as Feature } from 'ol/Feature.js';
export { default as Point } from 'ol/geom/Point.js';
export { default as Polygon, circular } from 'ol/geom/Polygon.js';
export { default as LineString } from 'ol/geom/LineString.js';
export { Style, Fill, Stroke, Text, Icon, RegularShape, Circle } from 'ol/style.js';
export { fromLonLat, toLonLat } from 'ol/proj.js';
export { default as ScaleLine } from 'ol/control/ScaleLine.js';
export { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
