// Canvas helpers shared by renderers.

export type Canvas2D = HTMLCanvasElement | OffscreenCanvas;

/** A scratch canvas: OffscreenCanvas where available, else a detached DOM canvas. */
export function createCanvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(Math.max(1, width), Math.max(1, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  return canvas;
}

export function context2d(canvas: Canvas2D): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | null;
  if (!ctx) throw new Error('No 2D canvas context available');
  return ctx;
}

/** Draws text with a halo, in CSS px on a context already scaled to the pixel ratio. */
export function drawHaloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, color: string, halo: string, haloWidth = 3): void {
  ctx.lineJoin = 'round';
  ctx.lineWidth = haloWidth;
  ctx.strokeStyle = halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}
