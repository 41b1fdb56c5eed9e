// Typed event emitter of the map and its event payloads.
import type { LonLat } from '../geo/mercator.js';
import type { HitResult } from '../layer-base/layer.js';
import type { FrameState } from '../view/frame-state.js';
import type { ViewState } from '../view/view-state.js';

export interface PointerMapEvent {
  /** CSS px relative to the map container. */
  point: [number, number];
  lngLat: LonLat;
  /** The icon or polygon under the pointer, if any. */
  hit: HitResult | null;
  originalEvent: MouseEvent;
}

export interface ViewChangeEvent {
  view: ViewState;
  /** True when a gesture or the keyboard moved the map, false for calls such as setView and fitBounds. */
  userInitiated: boolean;
}

export interface MapEventMap {
  click: PointerMapEvent;
  dblclick: PointerMapEvent;
  contextmenu: PointerMapEvent;
  /** Sent when the feature under the pointer changes (null when it leaves every feature). */
  hover: { point: [number, number]; lngLat: LonLat; hit: HitResult | null };
  /** During a move, once per frame. */
  move: ViewChangeEvent;
  /** At the end of a move. */
  moveend: ViewChangeEvent;
  /** An icon chosen from the keyboard (Enter on its focusable entry). */
  select: { hit: HitResult };
  /** Nothing moves and every layer has its data drawn. */
  idle: { frame: FrameState };
  render: { frame: FrameState };
}

export type MapEventType = keyof MapEventMap;
export type Listener<T> = (event: T) => void;

export class Emitter<M extends object> {
  private readonly listeners = new Map<keyof M, Set<Listener<never>>>();

  on<K extends keyof M>(type: K, listener: Listener<M[K]>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => this.off(type, listener);
  }

  off<K extends keyof M>(type: K, listener: Listener<M[K]>): void {
    this.listeners.get(type)?.delete(listener as Listener<never>);
  }

  emit<K extends keyof M>(type: K, event: M[K]): void {
    const set = this.listeners.get(type);
    if (!set) return;
    for (const listener of [...set]) (listener as Listener<M[K]>)(event);
  }

  has(type: keyof M): boolean {
    return (this.listeners.get(type)?.size ?? 0) > 0;
  }

  clear(): void {
    this.listeners.clear();
  }
}
