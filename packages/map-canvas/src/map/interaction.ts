// Pointer, wheel, touch and keyboard interaction. d3-zoom recognises drag, wheel, pinch (which also
// pans) and double click; its transform deltas are applied to the view so bearing and pitch survive.
// A Ctrl/Cmd-drag turns the map (horizontal) and tilts it (vertical).
import { select } from 'd3-selection';
import { zoom as d3Zoom, zoomIdentity, type ZoomTransform } from 'd3-zoom';
import { apply } from '../geo/affine.js';
import { worldToLonLat } from '../geo/mercator.js';
import { createFrameState } from '../view/frame-state.js';
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

  // ---- d3-zoom: drag, wheel, pinch, double click ----
  const selection = select(canvas);
  let last: ZoomTransform = zoomIdentity;
  let resetting = false;
  let active = false;
  const behavior = d3Zoom<HTMLCanvasElement, unknown>()
    // d3's default reads the global navigator, which server-side DOMs lack.
    .touchable(() => (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0) || 'ontouchstart' in canvas)
    .filter(
      (event: Event & { ctrlKey?: boolean; metaKey?: boolean; button?: number }) =>
        (event.type === 'wheel' || !(event.ctrlKey || event.metaKey)) && !event.button,
    )
    .on('start', () => {
      if (resetting) return;
      active = true;
      last = zoomIdentity;
      map.beginGesture();
    })
    .on('zoom', (event: { transform: ZoomTransform }) => {
      if (resetting || !active) return;
      applyTransformDelta(map, last, event.transform);
      last = event.transform;
    })
    .on('end', () => {
      if (resetting || !active) return;
      active = false;
      // d3 keeps its own transform; we only use deltas, so it restarts from identity each gesture.
      resetting = true;
      behavior.transform(selection, zoomIdentity);
      resetting = false;
      map.endGesture();
    });
  selection.call(behavior);
  cleanups.push(() => {
    selection.on('.zoom', null);
  });

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

  // ---- Ctrl/Cmd-drag: bearing and pitch ----
  if (options.rotate ?? true) {
    let rotating: { id: number; x: number; y: number; bearing: number; pitch: number } | null = null;
    listen(canvas, 'pointerdown', (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return;
      const view = map.getView();
      rotating = { id: event.pointerId, x: event.clientX, y: event.clientY, bearing: view.bearing, pitch: view.pitch };
      canvas.setPointerCapture?.(event.pointerId);
      map.beginGesture();
      event.preventDefault();
    });
    listen(canvas, 'pointermove', (event) => {
      if (!rotating || event.pointerId !== rotating.id) return;
      const view = map.getView();
      map.applyView(
        { ...view, bearing: rotating.bearing + (event.clientX - rotating.x) * 0.5, pitch: rotating.pitch - (event.clientY - rotating.y) * 0.25 },
        true,
      );
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
      const pan = (dx: number, dy: number) => {
        const size = map.getSize();
        void map.moveTo({ center: map.unproject([size.width / 2 + dx, size.height / 2 + dy]) }, { duration: KEY_PAN_MS }, true);
      };
      switch (event.key) {
        case 'ArrowLeft':
          if (event.shiftKey) void map.moveTo({ bearing: view.bearing - 15 }, { duration: KEY_PAN_MS }, true);
          else pan(-step, 0);
          break;
        case 'ArrowRight':
          if (event.shiftKey) void map.moveTo({ bearing: view.bearing + 15 }, { duration: KEY_PAN_MS }, true);
          else pan(step, 0);
          break;
        case 'ArrowUp':
          if (event.shiftKey) void map.moveTo({ pitch: view.pitch + 10 }, { duration: KEY_PAN_MS }, true);
          else pan(0, -step);
          break;
        case 'ArrowDown':
          if (event.shiftKey) void map.moveTo({ pitch: view.pitch - 10 }, { duration: KEY_PAN_MS }, true);
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

/**
 * Applies the change between two d3 transforms to the view. Screen point s moved to r (s - t0) + t1,
 * with r the scale ratio; the world point at the screen centre therefore goes to c', and the new centre
 * is the point that sits at 2c - c' in a frame with the new zoom around the old centre.
 */
export function applyTransformDelta(map: LocusMap, t0: ZoomTransform, t1: ZoomTransform): void {
  const view = map.getView();
  const size = map.getSize();
  const r = t1.k / t0.k;
  const zoom = Math.max(map.minZoom, Math.min(map.maxZoom, view.zoom + Math.log2(r)));
  const rEff = Math.pow(2, zoom - view.zoom);
  const bx = t1.x - r * t0.x,
    by = t1.y - r * t0.y;
  const cx = size.width / 2,
    cy = size.height / 2;
  let nx: number, ny: number;
  if (Math.abs(r - rEff) < 1e-12 || Math.abs(1 - r) < 1e-12) {
    nx = r * cx + bx;
    ny = r * cy + by;
  } else {
    // At a zoom limit: keep the fixed point of the gesture, scale only as far as allowed.
    const px = bx / (1 - r),
      py = by / (1 - r);
    nx = px + rEff * (cx - px);
    ny = py + rEff * (cy - py);
  }
  const frame = createFrameState({ ...view, zoom }, size, 1);
  const [wx, wy] = apply(frame.toWorld, 2 * cx - nx, 2 * cy - ny);
  map.applyView({ ...view, zoom, center: worldToLonLat(wx, wy) }, true);
}
