// Map input as view deltas: the handlers turn pointer and wheel events into deltas (pan, zoom about a
// point, bearing, pitch) and the map, the one owner of its view, applies them. Checked in happy-dom with
// dispatched events: the deltas of drags, pinches and wheels, and that a gesture moves whatever view the
// map has at that moment (nothing of an earlier gesture is kept).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { createMap } from '../src/map/map.js';
import { attachPointerPan, attachWheelZoom, wheelZoomDelta, WHEEL_END_MS, type GestureSink } from '../src/map/gestures.js';
import { applyViewDelta, type ViewDelta } from '../src/view/view-delta.js';
import { createFrameState, projectToScreen, unprojectFromScreen } from '../src/view/frame-state.js';
import { DEFAULT_ZOOM_LIMITS, type ViewState } from '../src/view/view-state.js';

const SIZE = { width: 800, height: 600 };
const near = (a: readonly number[], b: readonly number[], eps = 1e-7) => a.every((v, i) => Math.abs(v - b[i]!) < eps);

function setup() {
  const window = new Window({ url: 'http://localhost/' });
  const container = window.document.createElement('div');
  window.document.body.appendChild(container);
  return { window, container: container as unknown as HTMLElement };
}

function recorder() {
  const calls: (string | ViewDelta)[] = [];
  const sink: GestureSink = {
    begin: () => calls.push('begin'),
    move: (delta) => calls.push(delta),
    end: () => calls.push('end'),
    ease: (delta, duration) => calls.push({ ...delta, eased: duration } as ViewDelta),
  };
  return { calls, sink };
}

const pointOf = (e: MouseEvent): [number, number] => [e.clientX, e.clientY];

function pointer(window: Window, type: string, x: number, y: number, init: Record<string, unknown> = {}) {
  return new window.PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, pointerType: 'mouse', bubbles: true, ...init }) as unknown as Event;
}

test('a delta pans the content by its pixels and zooms about its point, at any bearing and pitch', () => {
  const view: ViewState = { center: [4.9, 52.37], zoom: 11, bearing: 30, pitch: 20 };
  const before = createFrameState(view, SIZE, 1);
  const lonLat = unprojectFromScreen(before, [300, 200]);
  const panned = applyViewDelta(view, SIZE, { pan: [40, -25] }, DEFAULT_ZOOM_LIMITS);
  assert.ok(near(projectToScreen(createFrameState(panned, SIZE, 1), lonLat), [340, 175]), 'the content moved by the pan');
  assert.is(panned.zoom, 11);
  const zoomed = applyViewDelta(view, SIZE, { zoom: 0.75, around: [300, 200] }, DEFAULT_ZOOM_LIMITS);
  assert.is(zoomed.zoom, 11.75);
  assert.ok(near(projectToScreen(createFrameState(zoomed, SIZE, 1), lonLat), [300, 200]), 'the point under the zoom stayed');
  const both = applyViewDelta(view, SIZE, { zoom: -1, around: [300, 200], pan: [10, 10] }, DEFAULT_ZOOM_LIMITS);
  assert.ok(near(projectToScreen(createFrameState(both, SIZE, 1), lonLat), [310, 210]), 'zoomed about the point, then panned');
  assert.equal([both.bearing, both.pitch], [30, 20]);
});

test('a zoom past the limit stops at it and still keeps its point', () => {
  const view: ViewState = { center: [4.9, 52.37], zoom: 19.5, bearing: 0, pitch: 0 };
  const lonLat = unprojectFromScreen(createFrameState(view, SIZE, 1), [100, 500]);
  const next = applyViewDelta(view, SIZE, { zoom: 3, around: [100, 500] }, DEFAULT_ZOOM_LIMITS);
  assert.is(next.zoom, DEFAULT_ZOOM_LIMITS.maxZoom);
  assert.ok(near(projectToScreen(createFrameState(next, SIZE, 1), lonLat), [100, 500]));
});

test('a mouse drag gives the movement since the last event, brackets it in one gesture and swallows its click', () => {
  const { window, container } = setup();
  const canvas = window.document.createElement('canvas') as unknown as HTMLElement;
  container.appendChild(canvas);
  const { calls, sink } = recorder();
  const stop = attachPointerPan(canvas, sink, pointOf);
  let clicks = 0;
  canvas.addEventListener('click', () => clicks++);
  canvas.dispatchEvent(pointer(window, 'pointerdown', 100, 100));
  canvas.dispatchEvent(pointer(window, 'pointermove', 110, 95));
  canvas.dispatchEvent(pointer(window, 'pointermove', 110, 95));
  canvas.dispatchEvent(pointer(window, 'pointermove', 130, 90));
  canvas.dispatchEvent(pointer(window, 'pointerup', 130, 90));
  canvas.dispatchEvent(new window.MouseEvent('click', { bubbles: true }) as unknown as Event);
  assert.equal(calls, ['begin', { pan: [10, -5] }, { pan: [20, -5] }, 'end'], 'an event without movement sends nothing');
  assert.is(clicks, 0, 'the click that ends a drag is not a click on the map');
  // A press without movement is a click.
  canvas.dispatchEvent(pointer(window, 'pointerdown', 50, 50));
  canvas.dispatchEvent(pointer(window, 'pointerup', 50, 50));
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      canvas.dispatchEvent(new window.MouseEvent('click', { bubbles: true }) as unknown as Event);
      assert.is(clicks, 1);
      // Ctrl-drags (turning) and other buttons are not pans.
      canvas.dispatchEvent(pointer(window, 'pointerdown', 50, 50, { ctrlKey: true }));
      canvas.dispatchEvent(pointer(window, 'pointerdown', 50, 50, { button: 2, pointerId: 2 }));
      assert.is(calls.length, 6);
      stop();
      resolve();
    }, 5),
  );
});

test('two fingers pan by their centroid and zoom by their spread; a finger added or lifted does not jump', () => {
  const { window, container } = setup();
  const canvas = window.document.createElement('canvas') as unknown as HTMLElement;
  container.appendChild(canvas);
  const { calls, sink } = recorder();
  const stop = attachPointerPan(canvas, sink, pointOf);
  const touch = (type: string, id: number, x: number, y: number) => canvas.dispatchEvent(pointer(window, type, x, y, { pointerId: id, pointerType: 'touch' }));
  touch('pointerdown', 1, 100, 100);
  touch('pointerdown', 2, 200, 100);
  touch('pointermove', 2, 300, 100); // spread 50 -> 100 about the centroid (150, 100), which moves to (200, 100)
  touch('pointerup', 1, 100, 100);
  touch('pointermove', 2, 310, 110);
  touch('pointerup', 2, 310, 110);
  stop();
  assert.equal(calls, ['begin', { zoom: 1, around: [150, 100], pan: [50, 0] }, { pan: [10, 10] }, 'end']);
});

test('wheel events zoom about the pointer as one gesture that ends after a pause', async () => {
  const { window, container } = setup();
  const canvas = window.document.createElement('canvas') as unknown as HTMLElement;
  container.appendChild(canvas);
  const { calls, sink } = recorder();
  const stop = attachWheelZoom(canvas, sink, pointOf);
  const wheel = (deltaY: number) => {
    const event = new window.WheelEvent('wheel', { deltaY, cancelable: true });
    // happy-dom's WheelEvent takes no mouse fields: give it the pointer's place.
    Object.defineProperties(event, { clientX: { value: 40 }, clientY: { value: 30 }, ctrlKey: { value: false } });
    canvas.dispatchEvent(event as unknown as Event);
  };
  wheel(-100);
  wheel(50);
  assert.equal(calls, ['begin', { zoom: 0.2, around: [40, 30] }, { zoom: -0.1, around: [40, 30] }]);
  await new Promise((r) => setTimeout(r, WHEEL_END_MS + 30));
  assert.equal(calls.at(-1), 'end');
  assert.is(wheelZoomDelta({ deltaY: 3, deltaMode: 1, ctrlKey: false }), -0.15000000000000002);
  assert.is(wheelZoomDelta({ deltaY: -10, deltaMode: 0, ctrlKey: true }), 0.2);
  stop();
});

test('the map is the one owner of the view: a drag moves the view it has now, also after the app set it', async () => {
  const { window, container } = setup();
  const map = createMap(container, { size: SIZE, pixelRatio: 1 });
  const canvas = container.querySelector('canvas')!;
  const ends: ViewState[] = [];
  map.on('moveend', (e) => ends.push(e.view));
  const drag = (dx: number, dy: number) => {
    canvas.dispatchEvent(pointer(window, 'pointerdown', 400, 300));
    canvas.dispatchEvent(pointer(window, 'pointermove', 400 + dx / 2, 300 + dy / 2));
    canvas.dispatchEvent(pointer(window, 'pointermove', 400 + dx, 300 + dy));
    canvas.dispatchEvent(pointer(window, 'pointerup', 400 + dx, 300 + dy));
  };
  const start = map.getView();
  drag(120, 40);
  await map.whenIdle();
  const first = map.getView();
  assert.ok(near(first.center, applyViewDelta(start, SIZE, { pan: [120, 40] }, DEFAULT_ZOOM_LIMITS).center, 1e-9));
  // The app moves the map (an address, a fit); the next drag starts from there, not from the drag before.
  await map.setView({ center: [5.3, 51.7], zoom: 12, bearing: 45 });
  await map.whenIdle();
  const set = map.getView();
  drag(-60, 30);
  await map.whenIdle();
  assert.ok(near(map.getView().center, applyViewDelta(set, SIZE, { pan: [-60, 30] }, DEFAULT_ZOOM_LIMITS).center, 1e-9));
  assert.equal([map.getView().zoom, map.getView().bearing], [12, 45]);
  assert.is(ends.length, 3, 'each drag and the setView end in one moveend');
  assert.ok(near(ends[0]!.center, first.center, 1e-12) && near(ends[2]!.center, map.getView().center, 1e-12));
  map.dispose();
});

test('a double click zooms in by one level about the pointer, Shift+double click out', async () => {
  const { window, container } = setup();
  const map = createMap(container, { size: SIZE, pixelRatio: 1 });
  const canvas = container.querySelector('canvas')!;
  const moveEnd = () =>
    new Promise<void>((resolve) => {
      const off = map.on('moveend', () => {
        off();
        resolve();
      });
    });
  const start = map.getView();
  const lonLat = map.unproject([200, 150]);
  let ended = moveEnd();
  canvas.dispatchEvent(new window.MouseEvent('dblclick', { clientX: 200, clientY: 150, button: 0, bubbles: true, cancelable: true }) as unknown as Event);
  await ended;
  assert.ok(Math.abs(map.getView().zoom - (start.zoom + 1)) < 1e-9);
  assert.ok(near(map.project(lonLat), [200, 150], 1e-6));
  ended = moveEnd();
  canvas.dispatchEvent(
    new window.MouseEvent('dblclick', { clientX: 200, clientY: 150, button: 0, shiftKey: true, bubbles: true, cancelable: true }) as unknown as Event,
  );
  await ended;
  assert.ok(Math.abs(map.getView().zoom - start.zoom) < 1e-9);
  map.dispose();
});

test.run();
