// The labels of the major places (the basemap's places of 100,000 people and
// more), drawn above the location icons so that city names stay readable over
// thousands of stores; the basemap beneath draws the other places' labels.
// Both place all labels the same way, so they never overlap.
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { TextMeasurer } from '../labels/label-placement.js';
import type { BasemapLayer } from './basemap-layer.js';
import { drawPlaceLabels } from './basemap-renderer.js';

export interface PlaceLabelLayerOptions extends LayerOptions {
  /** The basemap whose places are labelled. */
  basemap: BasemapLayer;
}

export class PlaceLabelLayer extends Layer {
  readonly basemap: BasemapLayer;

  constructor(options: PlaceLabelLayerOptions) {
    super(options);
    this.basemap = options.basemap;
    this.basemap.majorLabelsAbove = true;
  }

  createRenderer(): LayerRenderer {
    return new PlaceLabelRenderer(this);
  }
}

class PlaceLabelRenderer implements LayerRenderer {
  private readonly measurer = new TextMeasurer();

  constructor(private readonly layer: PlaceLabelLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    drawPlaceLabels(frame, ctx, this.layer.basemap, this.measurer, 'major');
  }

  dispose(): void {}
}
