// Draws icons as sprite blits in drawing order, skipping those off screen; outlines the focused one.
// A part of the drawing order can be drawn on its own (motion pictures spread big layers over frames).
import type { LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import type { IconLayer } from './icon-layer.js';
import { SpriteCache } from './icon-sprites.js';

export class IconRenderer implements LayerRenderer {
  private readonly sprites = new SpriteCache();

  constructor(private readonly layer: IconLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    this.renderPart(frame, ctx, 0, 1);
  }

  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number): void {
    const { layer } = this;
    const pr = frame.pixelRatio;
    const m = frame.toScreen;
    const a = m[0] * pr, b = m[1] * pr, c = m[2] * pr, d = m[3] * pr, e = m[4] * pr, f = m[5] * pr;
    const w = frame.size.width * pr, h = frame.size.height * pr;
    const world = layer.world;
    const order = layer.order;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    let focused = -1;
    const end = Math.floor(((part + 1) * order.length) / parts);
    for (let k = Math.floor((part * order.length) / parts); k < end; k++) {
      const i = order[k];
      const wx = world[2 * i], wy = world[2 * i + 1];
      const x = a * wx + c * wy + e;
      const y = b * wx + d * wy + f;
      const margin = layer.half[i] * 1.6 * pr;
      if (x < -margin || y < -margin || x > w + margin || y > h + margin) continue;
      const sprite = this.sprites.get(layer.spriteKeys[i], layer.specs[i], pr);
      if (sprite.image) ctx.drawImage(sprite.image, Math.round(x - sprite.half) + sprite.left, Math.round(y - sprite.half) + sprite.top);
      if (layer.focusedId !== null && layer.features[i].id === layer.focusedId) focused = i;
    }
    if (focused >= 0) {
      const x = (a * world[2 * focused] + c * world[2 * focused + 1] + e) / pr;
      const y = (b * world[2 * focused] + d * world[2 * focused + 1] + f) / pr;
      ctx.setTransform(pr, 0, 0, pr, 0, 0);
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#f59e0b';
      ctx.beginPath();
      ctx.arc(x, y, layer.half[focused] + 5, 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  dispose(): void {
    this.sprites.clear();
  }
}
