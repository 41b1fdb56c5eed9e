// Paired bench page: this version and another one of this package (pair.ts) draw the bench scene along
// the bench path on maps of their own in one page, so that frame by frame both run in the same state
// of the machine. The maps are hidden (neither pays for showing its canvas).
import * as current from '../src/index.js';
import { sceneLayers as currentLayers } from '../demo/scene-layers.js';
import * as other from 'other-version/src/index.js';
import { sceneLayers as otherLayers } from 'other-version/demo/scene-layers.js';
import { generateScene } from '../demo/scene.js';
import { BENCH_SCENE, BENCH_SIZE, benchView } from './path.js';

type Library = Pick<typeof current, 'createMap'>;
type Layers = typeof currentLayers;

const places = (await (await fetch('/places.json')).json()) as current.BasemapPlace[];
const scene = generateScene(BENCH_SCENE, places);

/** A hidden map of a version drawing full frames; returns the draw of frame i (wall ms). */
function benchMap(library: Library, layersOf: Layers): (i: number) => number {
  const l = layersOf(scene);
  const container = document.createElement('div');
  Object.assign(container.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    visibility: 'hidden',
    width: `${BENCH_SIZE.width}px`,
    height: `${BENCH_SIZE.height}px`,
  });
  document.body.append(container);
  const layers = [l.polygons, l.heatmap, l.isolines, l.rangeCircles, l.icons];
  const map = library.createMap(container, { size: BENCH_SIZE, pixelRatio: 1, interactive: false, view: benchView(0), layers, motionPictures: false });
  const ctx = map.canvas.getContext('2d')!;
  return (i) => {
    void map.setView(benchView(i));
    const t0 = performance.now();
    map.renderSync();
    ctx.getImageData(0, 0, 1, 1);
    return performance.now() - t0;
  };
}

const maps: Record<string, (i: number) => number> = {
  other: benchMap(other as Library, otherLayers as Layers),
  current: benchMap(current, currentLayers),
};

Object.assign(globalThis, {
  __draw: async (name: string, i: number) => {
    await new Promise((r) => requestAnimationFrame(r));
    return maps[name](i);
  },
  __ready: true,
});
