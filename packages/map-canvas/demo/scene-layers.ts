// Turns a generated scene into map layers (demo, browser tests and benchmark draw the same thing).
import { IconLayer } from '../src/layers/icons/icon-layer.js';
import { HeatmapLayer } from '../src/layers/heatmap/heatmap-layer.js';
import { PolygonLayer } from '../src/layers/polygons/polygon-layer.js';
import { catchmentStyle, excludedAreaStyle, zoneStyle } from '../src/layers/polygons/polygon-style.js';
import { LineLayer, isolineStyle } from '../src/layers/lines/line-layer.js';
import { RangeCircleLayer } from '../src/layers/range-circles/range-circle-layer.js';
import { LabelLayer } from '../src/layers/labels/label-layer.js';
import { ScaleBarLayer } from '../src/layers/scale-bar/scale-bar-layer.js';
import { BRANDS, type Scene } from './scene.js';

export interface SceneLayers {
  polygons: PolygonLayer;
  heatmap: HeatmapLayer;
  isolines: LineLayer;
  rangeCircles: RangeCircleLayer;
  icons: IconLayer;
  labels: LabelLayer;
  scaleBar: ScaleBarLayer;
}

export function sceneLayers(scene: Scene, options: { heatRadius?: number } = {}): SceneLayers {
  const groups = Object.fromEntries(BRANDS.map((b) => [b.name, { color: b.color }]));
  groups.poi = { color: '#0f766e' };
  return {
    polygons: new PolygonLayer({
      id: 'catchments',
      zIndex: 10,
      features: scene.polygons.map((p) => ({
        id: p.id,
        name: `Area ${p.id}`,
        geometry: { type: 'Polygon', coordinates: [p.ring] },
        style: p.kind === 'excluded' ? excludedAreaStyle() : p.kind === 'zone' ? zoneStyle(p.color) : catchmentStyle(p.color, 'secondary'),
      })),
    }),
    heatmap: new HeatmapLayer({ id: 'heatmap', zIndex: 20, opacity: 0.75, radius: options.heatRadius ?? 1200, intensity: 0.25, points: scene.heat }),
    isolines: new LineLayer({
      id: 'isolines',
      zIndex: 30,
      style: isolineStyle('#7c3aed'),
      features: [{ id: 'iso-10', geometry: { type: 'Polygon', coordinates: [scene.isoline] } }],
    }),
    rangeCircles: new RangeCircleLayer({ id: 'ranges', zIndex: 40, center: scene.rangeCenter, radii: scene.ranges }),
    icons: new IconLayer({ id: 'stores', zIndex: 50, features: scene.stores, groups }),
    labels: new LabelLayer({ id: 'labels', zIndex: 60, labels: scene.labels }),
    scaleBar: new ScaleBarLayer({ id: 'scale' }),
  };
}
