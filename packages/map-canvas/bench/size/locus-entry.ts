// What an app imports from this package for the benchmark's features (Natural Earth data excluded:
// it is a separate chunk loaded on demand).
export {
  createMap,
  TileLayer,
  IconLayer,
  HeatmapLayer,
  PolygonLayer,
  LineLayer,
  RangeCircleLayer,
  LabelLayer,
  ScaleBarLayer,
  fitBoundsView,
} from '../../src/index.js';
