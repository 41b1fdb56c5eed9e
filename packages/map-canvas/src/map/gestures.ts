// Pointer and wheel gestures as view deltas. Each handler turns DOM events into `ViewDelta`s and hands
// them to a sink; it never reads or writes the view (the map, the view's one owner, applies them). As
// in OpenLayers' DragPan and maplibre's handlers, a drag moves the view by the pointers' movement since
// the last event, so nothing is kept between gestures.
import type { ViewDelta } from '../view/view-delta.js';

/** Where the handlers send what they recognise. */
export interface GestureSink {
  /** A gesture starts: animations stop; moves until `end` are one motion. */
  begin(): void;
  /** A step of the gesture, applied at once. */
  move(delta: ViewDelta): void;
  end(): void;
  /** A discrete change (double click, double tap), eased over `duration` ms. */
  ease(delta: ViewDelta, duration: number): void;
}

/** Zoom levels of a wheel event: -deltaY times 0.002 for pixel deltas, 0.05 for lines, 1 for pages; ten times
 * that with Ctrl (a trackpad's pinch). The rule d3-zoom has, so the wheel feels as it did. */
export function wheelZoomDelta(event: Pick<WheelEvent, 'deltaY' | 'deltaMode' | 'ctrlKey'>): number {
  return -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002) * (event.ctrlKey ? 10 : 1);
}

/** A wheel gesture ends this long after its last event. */
export const WHEEL_END_MS = 150;
/** A double click or double tap zooms in by one level over this long. */
export const DOUBLE_CLICK_ZOOM_MS = 250;
/** Two taps this close in time and place are a double tap. */
export const DOUBLE_TAP_MS = 500;
export const DOUBLE_TAP_PX = 10;

type Point = [number, number];

/**
 * Drag to pan with the mouse or one finger; with two or more fingers, their centroid pans and their
 * spread zooms about it (a pinch). The delta of each move is the centroid's movement since the last
 * event and log2 of the spread's ratio; when a finger is added or lifted the reference starts again,
 * so the view does not jump. A drag that moved swallows the click that follows it.
 */
export function attachPointerPan(canvas: HTMLElement, sink: GestureSink, pointOf: (event: MouseEvent) => Point): () => void {
  const pointers = new Map<number, Point>();
  let last: { centroid: Point; spread: number; count: number } | null = null;
  let moved = false;
  let lastTap: { time: number; point: Point } | null = null;
  const view = canvas.ownerDocument.defaultView;

  const measure = () => {
    let x = 0,
      y = 0;
    for (const [px, py] of pointers.values()) {
      x += px;
      y += py;
    }
    const centroid: Point = [x / pointers.size, y / pointers.size];
    let spread = 0;
    for (const [px, py] of pointers.values()) spread += Math.hypot(px - centroid[0], py - centroid[1]);
    return { centroid, spread: spread / pointers.size, count: pointers.size };
  };

  const preventSelect = (event: Event) => event.preventDefault();
  const swallowClick = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  const down = (event: PointerEvent) => {
    if (event.ctrlKey || event.metaKey || event.button !== 0) return;
    if (pointers.size === 0) {
      moved = false;
      sink.begin();
      view?.addEventListener('selectstart', preventSelect);
    }
    pointers.set(event.pointerId, pointOf(event));
    canvas.setPointerCapture?.(event.pointerId);
    last = measure();
  };
  const move = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, pointOf(event));
    const now = measure();
    const before = last;
    last = now;
    if (!before || before.count !== now.count) return;
    const pan: Point = [now.centroid[0] - before.centroid[0], now.centroid[1] - before.centroid[1]];
    const zoom = now.count > 1 && before.spread > 0 && now.spread > 0 ? Math.log2(now.spread / before.spread) : 0;
    if (pan[0] === 0 && pan[1] === 0 && zoom === 0) return;
    moved = true;
    sink.move(zoom ? { zoom, around: before.centroid, pan } : { pan });
  };
  const up = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    const point = pointers.get(event.pointerId)!;
    pointers.delete(event.pointerId);
    canvas.releasePointerCapture?.(event.pointerId);
    last = pointers.size ? measure() : null;
    if (pointers.size) return;
    view?.removeEventListener('selectstart', preventSelect);
    if (moved && view) {
      // The click the browser sends after this pointerup is part of the drag, not a click on the map.
      view.addEventListener('click', swallowClick, true);
      setTimeout(() => view.removeEventListener('click', swallowClick, true), 0);
    }
    if (event.type === 'pointerup' && event.pointerType === 'touch' && !moved) {
      const tap = { time: event.timeStamp, point };
      if (lastTap && tap.time - lastTap.time < DOUBLE_TAP_MS && Math.hypot(point[0] - lastTap.point[0], point[1] - lastTap.point[1]) < DOUBLE_TAP_PX) {
        lastTap = null;
        sink.ease({ zoom: 1, around: point }, DOUBLE_CLICK_ZOOM_MS);
      } else lastTap = tap;
    }
    sink.end();
  };

  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
    view?.removeEventListener('selectstart', preventSelect);
    view?.removeEventListener('click', swallowClick, true);
    if (pointers.size) {
      pointers.clear();
      sink.end();
    }
  };
}

/** The wheel zooms about the pointer; a run of wheel events is one gesture, ended WHEEL_END_MS after the last. */
export function attachWheelZoom(canvas: HTMLElement, sink: GestureSink, pointOf: (event: MouseEvent) => Point): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wheel = (event: WheelEvent) => {
    event.preventDefault();
    if (timer === undefined) sink.begin();
    else clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      sink.end();
    }, WHEEL_END_MS);
    const zoom = wheelZoomDelta(event);
    if (zoom) sink.move({ zoom, around: pointOf(event) });
  };
  canvas.addEventListener('wheel', wheel, { passive: false });
  return () => {
    canvas.removeEventListener('wheel', wheel);
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      sink.end();
    }
  };
}

/** A double click zooms in by one level about the pointer (Shift: out), eased. */
export function attachDoubleClickZoom(canvas: HTMLElement, sink: GestureSink, pointOf: (event: MouseEvent) => Point): () => void {
  const dblclick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.button !== 0) return;
    event.preventDefault();
    sink.ease({ zoom: event.shiftKey ? -1 : 1, around: pointOf(event) }, DOUBLE_CLICK_ZOOM_MS);
  };
  canvas.addEventListener('dblclick', dblclick);
  return () => canvas.removeEventListener('dblclick', dblclick);
}
