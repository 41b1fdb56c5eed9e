// The scripted pan-and-zoom of the benchmark: both renderers are driven through the same views.
import type { ViewState } from '../src/view/view-state.js';

export const BENCH_SIZE = { width: 1024, height: 768 };
export const WARMUP_FRAMES = 20;
export const FRAMES = 240;

/** Frame i of the path; warm-up frames (i < 0) pan around its first view. */
export function benchView(i: number): ViewState {
  return i < 0 ? warmUpView(i) : pathView(i);
}

/** The warm-up: the first view of the path moved around a circle of about 15 px, at the same zoom, so
 * that each warm-up frame draws and the drawing code is compiled before the path is measured (the same
 * view again and again would be answered from a kept picture and warm up nothing), while the path's
 * own views are first drawn when measured. Both renderers get the same warm-up views. */
function warmUpView(i: number): ViewState {
  const first = pathView(0);
  const angle = (2 * Math.PI * i) / WARMUP_FRAMES;
  return { ...first, center: [first.center[0] + 0.14 * Math.cos(angle), first.center[1] + 0.085 * Math.sin(angle)] };
}

/** Zoom from the whole country into Amsterdam, pan to Utrecht and Rotterdam, and back out. */
function pathView(i: number): ViewState {
  const keys: [number, number, number][] = [
    // lon, lat, zoom
    [5.3, 52.2, 7.2],
    [4.9, 52.37, 9.5],
    [4.9, 52.37, 11.5],
    [5.12, 52.09, 11],
    [4.48, 51.92, 10],
    [5.3, 52.2, 7.6],
  ];
  const t = ((i % FRAMES) / FRAMES) * (keys.length - 1);
  const k = Math.min(keys.length - 2, Math.floor(t));
  const u = t - k;
  const s = u * u * (3 - 2 * u);
  const [a, b] = [keys[k], keys[k + 1]];
  return { center: [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s], zoom: a[2] + (b[2] - a[2]) * s, bearing: 0, pitch: 0 };
}

/** The whole path in requestAnimationFrame callbacks (both bench pages): per frame the draw time and
 * the interval from the previous animation frame. */
export async function runInAnimationFrames(drawFrame: (i: number) => number): Promise<{ draw: number[]; interval: number[] }> {
  const draw: number[] = [],
    interval: number[] = [];
  let last = -1;
  for (let i = -WARMUP_FRAMES; i < FRAMES; i++) {
    const time = await new Promise<number>((r) => requestAnimationFrame(r));
    const ms = drawFrame(i);
    if (i >= 0) {
      draw.push(ms);
      if (last >= 0) interval.push(time - last);
    }
    last = time;
  }
  return { draw, interval };
}

/** One frame in the next animation frame (the benchmark measures CPU time around each call). */
export function inNextAnimationFrame(drawFrame: (i: number) => number): (i: number) => Promise<number> {
  return async (i) => {
    await new Promise((r) => requestAnimationFrame(r));
    return drawFrame(i);
  };
}

export const BENCH_SCENE = { stores: 6000, pois: 0, heatPoints: 35000, catchments: 2000, seed: 11 };
