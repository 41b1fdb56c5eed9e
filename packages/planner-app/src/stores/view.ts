// The map view (zoom, centre, bearing, pitch) and the map's pending moves.
// The map owns its view: `view` is what the map shows, written only by the
// map after each move (map/MapView.tsx); everything else that wants the map
// elsewhere (the address at start, Back and Forward, a fit, a search result)
// asks with requestFit and the map moves.
import { computed, signal } from '@preact/signals-react';

export interface MapView {
  zoom: number;
  center: [number, number];
  bearing: number;
  pitch: number;
}

/** The map's start: zoom 8, centre about 4.91, 52.35, bearing 0, pitch 0. */
export const DEFAULT_VIEW: MapView = { zoom: 8, center: [4.91, 52.35], bearing: 0, pitch: 0 };

/** The view the map shows, as the map last reported it (after each move). */
export const view = signal<MapView>(DEFAULT_VIEW);

/** A move the map should make: fit to all visible locations (model change) or to given ids (after a
 * change), go to a point at a zoom, show a box, or show a given view (the address's). */
export type FitRequest =
  | { kind: 'all' }
  | { kind: 'locations'; ids: number[] }
  | { kind: 'point'; lon: number; lat: number; zoom: number }
  /** A box to show whole; with `ensure` the map moves only when part of it lies outside the free map area. */
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; ensure?: boolean }
  | { kind: 'view'; view: MapView };
export const fitRequest = signal<{ seq: number; request: FitRequest } | null>(null);
let seq = 0;
export function requestFit(request: FitRequest): void {
  fitRequest.value = { seq: ++seq, request };
}

/** The map's visible extent [west, south, east, north], kept by the map view for searches. */
export const extent = signal<[number, number, number, number] | null>(null);
export const hasExtent = computed(() => extent.value !== null);
