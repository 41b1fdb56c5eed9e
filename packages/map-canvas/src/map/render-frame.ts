// Drawing a frame: every visible layer's renderer on one context, in z order.
import type { Layer, LayerRenderer } from '../layer-base/layer.js';
import type { OpaqueMask, Occlusion } from '../layer-base/occlusion.js';
import type { FrameState } from '../view/frame-state.js';

export function renderLayers(ctx: CanvasRenderingContext2D, frame: FrameState, layers: Layer[], rendererOf: (layer: Layer) => LayerRenderer): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const shown = layers.filter((layer) => layer.visible && layer.opacity > 0);
  const hidden = occlusionsBeneath(frame, shown, rendererOf);
  shown.forEach((layer, i) => renderLayer(ctx, frame, layer, rendererOf(layer), hidden[i]));
}

/** Draws one layer at its opacity, leaving the context's state as it found it. */
export function renderLayer(ctx: CanvasRenderingContext2D, frame: FrameState, layer: Layer, renderer: LayerRenderer, hidden: Occlusion | null = null): void {
  ctx.save();
  ctx.globalAlpha = layer.opacity;
  renderer.renderFrame(frame, ctx, hidden);
  ctx.restore();
}

/** For each of the layers (visible ones, in z order), the pixels that the layers above it paint opaque,
 * from those that can tell (drawn at full opacity). Asking prepares those layers' pictures for the
 * frame; drawing them afterwards only puts the pictures on the canvas. */
export function occlusionsBeneath(frame: FrameState, layers: Layer[], rendererOf: (layer: Layer) => LayerRenderer): (Occlusion | null)[] {
  const above: OpaqueMask[] = [];
  const out: (Occlusion | null)[] = new Array(layers.length).fill(null);
  for (let i = layers.length - 1; i >= 0; i--) {
    out[i] = above.length ? [...above] : null;
    const layer = layers[i],
      renderer = rendererOf(layer);
    // Only a layer beneath can use it, and only a layer drawn at full opacity paints opaque pixels.
    if (i > 0 && layer.opacity >= 1 && renderer.occlusion) {
      const occlusion = renderer.occlusion(frame);
      if (occlusion) above.push(occlusion);
    }
  }
  return out;
}

/** Renders one frame into a canvas with renderers of its own, redrawing as data arrives until every
 * layer is complete or the timeout passes. */
export function renderToCanvas(canvas: HTMLCanvasElement, frame: FrameState, layers: Layer[], timeout: number): Promise<HTMLCanvasElement> {
  canvas.width = Math.max(1, Math.round(frame.size.width * frame.pixelRatio));
  canvas.height = Math.max(1, Math.round(frame.size.height * frame.pixelRatio));
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('No 2D canvas context available'));
  const renderers = new Map<Layer, LayerRenderer>();
  const rendererOf = (layer: Layer) => {
    let r = renderers.get(layer);
    if (!r) renderers.set(layer, (r = layer.createRenderer()));
    return r;
  };
  return new Promise((resolve) => {
    const unsubscribes: (() => void)[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let scheduled = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const u of unsubscribes) u();
      for (const r of renderers.values()) r.dispose();
      resolve(canvas);
    };
    const draw = () => {
      scheduled = false;
      if (done) return;
      frame.loading = false;
      renderLayers(ctx, frame, layers, rendererOf);
      if (!frame.loading) finish();
    };
    for (const layer of layers) {
      unsubscribes.push(
        layer.onChange(() => {
          if (!scheduled) {
            scheduled = true;
            setTimeout(draw, 0);
          }
        }),
      );
    }
    timer = setTimeout(() => {
      frame.loading = false;
      renderLayers(ctx, frame, layers, rendererOf);
      finish();
    }, timeout);
    draw();
  });
}
