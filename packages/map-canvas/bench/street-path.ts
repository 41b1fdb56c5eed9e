// The scripted pan-and-zoom of the street basemap bench: through the dense city (dense-city.ts)
// between zooms 12 and 16, with the bench's frame counts and warm-up (path.ts).
import type { ViewState } from '../src/view/view-state.js';
import { FRAMES, WARMUP_FRAMES } from './path.js';

export { FRAMES, WARMUP_FRAMES };

const KEYS: [number, number, number][] = [
  // lon, lat, zoom
  [4.895, 52.372, 12.2],
  [4.895, 52.372, 14],
  [4.885, 52.368, 16],
  [4.905, 52.375, 16],
  [4.92, 52.38, 14.5],
  [4.87, 52.36, 13],
  [4.895, 52.372, 12.2],
];

function pathView(i: number): ViewState {
  const t = ((i % FRAMES) / FRAMES) * (KEYS.length - 1);
  const k = Math.min(KEYS.length - 2, Math.floor(t));
  const u = t - k;
  const s = u * u * (3 - 2 * u);
  const [a, b] = [KEYS[k], KEYS[k + 1]];
  return { center: [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s], zoom: a[2] + (b[2] - a[2]) * s, bearing: 0, pitch: 0 };
}

/** Frame i of the path; warm-up frames (i < 0) circle about 15 px around its first view. */
export function streetView(i: number): ViewState {
  if (i >= 0) return pathView(i);
  const first = pathView(0);
  const angle = (2 * Math.PI * i) / WARMUP_FRAMES;
  const deg = 15 / (512 * 2 ** first.zoom);
  return { ...first, center: [first.center[0] + 360 * deg * Math.cos(angle), first.center[1] + 220 * deg * Math.sin(angle)] };
}
