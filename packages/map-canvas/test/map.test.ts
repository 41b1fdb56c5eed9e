// The map object in happy-dom (no 2D context there, so this checks the view model, events,
// keyboard-reachable icons and disposal, not pixels).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { createMap } from '../src/map/map.js';
import { IconLayer } from '../src/layers/icons/icon-layer.js';
import { DEFAULT_VIEW, FIT_MAX_ZOOM } from '../src/constants.js';

function setup() {
  const window = new Window({ url: 'http://localhost/' });
  const document = window.document;
  const container = document.createElement('div');
  document.body.appendChild(container);
  return { window, container: container as unknown as HTMLElement };
}

test('a new map shows the spec default view (zoom 8 over Amsterdam)', () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  assert.equal(map.getView(), DEFAULT_VIEW);
  map.dispose();
});

test('setView without duration sends move then moveend once', async () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  await map.whenIdle();
  const events: string[] = [];
  map.on('move', () => events.push('move'));
  map.on('moveend', (e) => events.push(`moveend ${e.view.zoom} ${e.userInitiated}`));
  await map.setView({ zoom: 10 });
  await map.whenIdle();
  assert.equal(events, ['move', 'moveend 10 false']);
  map.dispose();
});

test('an animated transition reaches its target, passing through intermediate views', async () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  const zooms: number[] = [];
  map.on('move', (e) => zooms.push(e.view.zoom));
  const done = await map.setView({ zoom: 11, center: [5.1, 52.1], bearing: 30 }, { duration: 120 });
  assert.ok(done);
  assert.equal(map.getView(), { zoom: 11, center: [5.1, 52.1], bearing: 30, pitch: 0 });
  assert.ok(zooms.length >= 2, `${zooms.length} frames`);
  assert.ok(zooms.slice(0, -1).some((z) => z > 8 && z < 11));
  map.dispose();
});

test('after an animated move the map becomes idle (whenIdle resolves, idle is sent)', async () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  await map.whenIdle();
  let idles = 0;
  map.on('idle', () => idles++);
  assert.ok(await map.setView({ zoom: 9.5, center: [5, 52] }, { duration: 100 }));
  const idle = await Promise.race([map.whenIdle().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]);
  assert.ok(idle, 'idle within a second of the end of the move');
  assert.is(idles, 1);
  map.dispose();
});

test('a new move interrupts a running transition', async () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  const first = map.setView({ zoom: 12 }, { duration: 1000 });
  await map.setView({ zoom: 5 });
  assert.is(await first, false);
  assert.is(map.getView().zoom, 5);
  map.dispose();
});

test('fitBounds returns the spec fit and animates there in 1000 ms', async () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1 });
  const start = performance.now();
  const target = map.fitBounds([
    [4.91, 52.35],
    [4.91, 52.35],
  ]);
  assert.is(target.zoom, FIT_MAX_ZOOM);
  await new Promise<void>((resolve) => map.on('moveend', () => resolve()));
  assert.ok(performance.now() - start >= 950);
  assert.is(map.getView().zoom, 12);
  map.dispose();
});

test('project and unproject go through the current view', () => {
  const { container } = setup();
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 2 });
  const [x, y] = map.project(DEFAULT_VIEW.center);
  assert.ok(Math.abs(x - 400) < 1e-9 && Math.abs(y - 300) < 1e-9);
  const back = map.unproject([123, 456]);
  const again = map.project(back);
  assert.ok(Math.abs(again[0] - 123) < 1e-6 && Math.abs(again[1] - 456) < 1e-6);
  map.dispose();
});

test('icons on screen are offered as named buttons; Enter (a button click) selects', async () => {
  const { container } = setup();
  const icons = new IconLayer({
    id: 'stores',
    features: [
      { id: 1, lon: 4.91, lat: 52.35, name: 'Store Centre' },
      { id: 2, lon: 4.95, lat: 52.36, name: 'Store East' },
      { id: 3, lon: 10, lat: 40, name: 'Far away' },
    ],
  });
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1, layers: [icons] });
  await map.whenIdle();
  const buttons = [...container.querySelectorAll('button')];
  assert.equal(
    buttons.map((b) => b.getAttribute('aria-label')),
    ['Store Centre', 'Store East'],
  );
  const selected: (string | number)[] = [];
  map.on('select', (e) => selected.push(e.hit.id));
  buttons[1].click();
  assert.equal(selected, [2]);
  buttons[0].focus();
  assert.is(icons.focusedId, 1);
  map.dispose();
});

test('the icon list is one tab stop; arrow keys go to the nearest icon that way, not to the map', async () => {
  const { container, window } = setup();
  const icons = new IconLayer({
    id: 'stores',
    features: [
      { id: 1, lon: 4.91, lat: 52.35, name: 'Centre' },
      { id: 2, lon: 4.95, lat: 52.351, name: 'East' },
      { id: 3, lon: 4.87, lat: 52.349, name: 'West' },
      { id: 4, lon: 4.911, lat: 52.33, name: 'South' },
    ],
  });
  const map = createMap(container, { size: { width: 800, height: 600 }, pixelRatio: 1, layers: [icons] });
  await map.whenIdle();
  const byName = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
  const stops = () => [...container.querySelectorAll('button')].filter((b) => b.tabIndex === 0).map((b) => b.getAttribute('aria-label'));
  assert.equal(stops(), ['Centre'], 'one tab stop: the first of the list');
  const view = map.getView();
  const press = (key: string) => {
    const event = new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    (window.document.activeElement as unknown as EventTarget).dispatchEvent(event as unknown as Event);
  };
  byName('Centre').focus();
  press('ArrowRight');
  assert.is(window.document.activeElement?.getAttribute('aria-label'), 'East');
  assert.equal(stops(), ['East'], 'the tab stop follows the focus');
  press('ArrowRight');
  assert.is(window.document.activeElement?.getAttribute('aria-label'), 'East', 'nothing further east: the focus stays');
  press('ArrowLeft');
  press('ArrowLeft');
  assert.is(window.document.activeElement?.getAttribute('aria-label'), 'West');
  press('End');
  press('Home');
  assert.is(window.document.activeElement?.getAttribute('aria-label'), 'Centre');
  press('ArrowDown');
  assert.is(window.document.activeElement?.getAttribute('aria-label'), 'South');
  assert.equal(map.getView(), view, 'the arrows did not pan the map');
  map.dispose();
});

test('dispose removes the canvas and the list and stops all events', async () => {
  const { container } = setup();
  const map = createMap(container, {
    size: { width: 800, height: 600 },
    pixelRatio: 1,
    layers: [new IconLayer({ features: [{ id: 1, lon: 4.91, lat: 52.35, name: 'A' }] })],
  });
  await map.whenIdle();
  let moves = 0;
  map.on('move', () => moves++);
  map.dispose();
  assert.is(container.querySelector('canvas'), null);
  assert.is(container.querySelector('button'), null);
  await map.setView({ zoom: 3 });
  await new Promise((r) => setTimeout(r, 40));
  assert.is(moves, 0);
});

test.run();
