// Heat map: weighted points (weights 0..255) spread by a kernel whose radius is given in metres, so
// the picture stays the same at every zoom, coloured through a ramp (in the manner of OpenLayers').
import { HEAT_MAP_MAX_WEIGHT } from '../../constants.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import { HeatmapRenderer } from './heatmap-renderer.js';
import { DEFAULT_HEAT_GRADIENT } from './color-ramp.js';

export interface HeatmapPoint {
  lon: number;
  lat: number;
  /** 0..255. */
  weight: number;
}

export interface HeatmapLayerOptions extends LayerOptions {
  points?: HeatmapPoint[];
  /** Kernel radius on the ground in metres. */
  radius?: number;
  /** Multiplies the summed weights before the ramp. */
  intensity?: number;
  gradient?: string[];
}

export class HeatmapLayer extends Layer {
  /** World x,y per point. */
  world: Float64Array = new Float64Array(0);
  /** Weight / 255 per point. */
  weights: Float32Array = new Float32Array(0);
  radius: number;
  intensity: number;
  gradient: string[];

  constructor(options: HeatmapLayerOptions = {}) {
    super(options);
    this.radius = options.radius ?? 1000;
    this.intensity = options.intensity ?? 1;
    this.gradient = options.gradient ?? DEFAULT_HEAT_GRADIENT;
    this.setPoints(options.points ?? []);
  }

  setPoints(points: HeatmapPoint[]): void {
    this.world = new Float64Array(points.length * 2);
    this.weights = new Float32Array(points.length);
    points.forEach((p, i) => {
      this.world.set(lonLatToWorld(p.lon, p.lat), 2 * i);
      this.weights[i] = Math.max(0, Math.min(HEAT_MAP_MAX_WEIGHT, p.weight)) / HEAT_MAP_MAX_WEIGHT;
    });
    this.changed();
  }

  setRadius(metres: number): void {
    this.radius = metres;
    this.changed();
  }

  createRenderer(): LayerRenderer {
    return new HeatmapRenderer(this);
  }
}
