// Pointer, wheel, touch and keyboard interaction. The gesture handlers (gestures.ts) turn drag, pinch,
// wheel and double click into view deltas, a Ctrl/Cmd-drag turns the map (horizontal) and tilts it
// (vertical), keys pan, zoom, turn and tilt; the map applies every change to the view it owns.
import { attachDoubleClickZoom, attachPointerPan, attachWheelZoom, type GestureSink } from './gestures.js';
import type { LocusMap } from './map.js';

export interface InteractionOptions {
  /** Arrow keys pan, +/- zoom, Shift+arrows turn and tilt. Default true. */
  keyboard?: boolean;
  /** Ctrl/Cmd-drag turns and tilts. Default true. */
  rotate?: boolean;
  /** Pixels per arrow key press. */
  keyboardPanStep?: number;
}

const KEY_PAN_MS = 200;
const KEY_ZOOM_MS = 250;
const ROTATE_DEGREES_PER_PX = 0.5;
const PITCH_DEGREES_PER_PX = 0.25;

export function attachInteraction(map: LocusMap, canvas: HTMLCanvasElement, options: InteractionOptions): () => void {
  const cleanups: (() => void)[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    handler: (e: HTMLElementEventMap[K]) => void,
    opts?: AddEventListenerOptions,
  ) => {
    target.addEventListener(type, handler as EventListener, opts);
    cleanups.push(() => target.removeEventListener(type, handler as EventListener, opts));
  };
  const pointOf = (event: MouseEvent): [number, number] => {
    const rect = canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  // ---- gestures: drag, pinch, wheel, double click, as deltas the map applies to its view ----
  const sink: GestureSink = {
    begin: () => map.beginGesture(),
    move: (delta) => map.applyDelta(delta),
    end: () => map.endGesture(),
    ease: (delta, duration) => map.applyDelta(delta, duration),
  };
  // The browser must not pan or zoom the page for touches on the map, nor flash taps.
  canvas.style.touchAction = 'none';
  canvas.style.setProperty('-webkit-tap-highlight-color', 'rgba(0,0,0,0)');
  cleanups.push(attachPointerPan(canvas, sink, pointOf), attachWheelZoom(canvas, sink, pointOf), attachDoubleClickZoom(canvas, sink, pointOf));

  // ---- click, double click, context menu, hover ----
  const pointerEvent = (event: MouseEvent) => {
    const point = pointOf(event);
    return { point, lngLat: map.unproject(point), hit: map.hitTest(point), originalEvent: event };
  };
  listen(canvas, 'click', (event) => map.emit('click', pointerEvent(event)));
  listen(canvas, 'dblclick', (event) => map.emit('dblclick', pointerEvent(event)));
  listen(canvas, 'contextmenu', (event) => {
    event.preventDefault();
    map.emit('contextmenu', pointerEvent(event));
  });
  let hovered: string | null = null;
  listen(canvas, 'pointermove', (event) => {
    if (event.buttons !== 0 || event.pointerType === 'touch') return;
    const point = pointOf(event);
    const hit = map.hitTest(point);
    const key = hit ? `${hit.layerId}\u0000${hit.id}` : null;
    canvas.style.cursor = hit ? 'pointer' : '';
    if (key !== hovered) {
      hovered = key;
      map.emit('hover', { point, lngLat: map.unproject(point), hit });
    }
  });
  listen(canvas, 'pointerleave', (event) => {
    if (hovered !== null) {
      hovered = null;
      const point = pointOf(event);
      map.emit('hover', { point, lngLat: map.unproject(point), hit: null });
    }
  });

  // ---- Ctrl/Cmd-drag: bearing and pitch, by the pointer's movement since the last event ----
  if (options.rotate ?? true) {
    let rotating: { id: number; x: number; y: number } | null = null;
    listen(canvas, 'pointerdown', (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return;
      rotating = { id: event.pointerId, x: event.clientX, y: event.clientY };
      canvas.setPointerCapture?.(event.pointerId);
      map.beginGesture();
      event.preventDefault();
    });
    listen(canvas, 'pointermove', (event) => {
      if (!rotating || event.pointerId !== rotating.id) return;
      const dx = event.clientX - rotating.x,
        dy = event.clientY - rotating.y;
      rotating.x = event.clientX;
      rotating.y = event.clientY;
      if (dx || dy) map.applyDelta({ bearing: dx * ROTATE_DEGREES_PER_PX, pitch: -dy * PITCH_DEGREES_PER_PX });
    });
    const stop = (event: PointerEvent) => {
      if (!rotating || event.pointerId !== rotating.id) return;
      rotating = null;
      canvas.releasePointerCapture?.(event.pointerId);
      map.endGesture();
    };
    listen(canvas, 'pointerup', stop);
    listen(canvas, 'pointercancel', stop);
  }

  // ---- keyboard ----
  if (options.keyboard ?? true) {
    const step = options.keyboardPanStep ?? 100;
    listen(map.container, 'keydown', (event) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const view = map.getView();
      // The view moves by the step, so the content moves the other way.
      const pan = (dx: number, dy: number) => map.applyDelta({ pan: [-dx, -dy] }, KEY_PAN_MS);
      switch (event.key) {
        case 'ArrowLeft':
          if (event.shiftKey) map.applyDelta({ bearing: -15 }, KEY_PAN_MS);
          else pan(-step, 0);
          break;
        case 'ArrowRight':
          if (event.shiftKey) map.applyDelta({ bearing: 15 }, KEY_PAN_MS);
          else pan(step, 0);
          break;
        case 'ArrowUp':
          if (event.shiftKey) map.applyDelta({ pitch: 10 }, KEY_PAN_MS);
          else pan(0, -step);
          break;
        case 'ArrowDown':
          if (event.shiftKey) map.applyDelta({ pitch: -10 }, KEY_PAN_MS);
          else pan(0, step);
          break;
        case '+':
        case '=':
          void map.moveTo({ zoom: Math.round(view.zoom) + 1 }, { duration: KEY_ZOOM_MS }, true);
          break;
        case '-':
        case '_':
          void map.moveTo({ zoom: Math.round(view.zoom) - 1 }, { duration: KEY_ZOOM_MS }, true);
          break;
        default:
          return;
      }
      event.preventDefault();
    });
  }

  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
