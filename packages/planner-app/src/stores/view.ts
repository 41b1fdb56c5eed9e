// The map view (zoom, centre, bearing, pitch) and the map's pending fits.
import { computed, signal } from '@preact/signals-react';

export interface MapView {
  zoom: number;
  center: [number, number];
  bearing: number;
  pitch: number;
}

/** Spec point 9: zoom 8, centre about 4.91, 52.35, bearing 0, pitch 0. */
export const DEFAULT_VIEW: MapView = { zoom: 8, center: [4.91, 52.35], bearing: 0, pitch: 0 };

export const view = signal<MapView>(DEFAULT_VIEW);

/** A fit the map should do: to all visible locations (model change) or to given ids (after a change). */
export type FitRequest =
  | { kind: 'all' }
  | { kind: 'locations'; ids: number[] }
  | { kind: 'point'; lon: number; lat: number; zoom: number }
  /** A box to show whole; with `ensure` the map moves only when part of it lies outside the free map area. */
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; ensure?: boolean };
export const fitRequest = signal<{ seq: number; request: FitRequest } | null>(null);
let seq = 0;
export function requestFit(request: FitRequest): void {
  fitRequest.value = { seq: ++seq, request };
}

/** The map's visible extent [west, south, east, north], kept by the map view for searches. */
export const extent = signal<[number, number, number, number] | null>(null);
export const hasExtent = computed(() => extent.value !== null);
