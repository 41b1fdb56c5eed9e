// What the map shows besides the locations: area sets, heat maps, POI sets,
// catchment area, isoline set and the satellite imagery.
import { signal } from '@preact/signals-react';

export interface LayerState {
  areaSetIds: number[];
  heatMapSetIds: number[];
  poiSetIds: number[];
  catchmentAreaId: number | null;
  isoLineSetId: number | null;
  satellite: boolean;
}

export const emptyLayers: LayerState = { areaSetIds: [], heatMapSetIds: [], poiSetIds: [], catchmentAreaId: null, isoLineSetId: null, satellite: false };
export const layers = signal<LayerState>(emptyLayers);

export function setLayers(patch: Partial<LayerState>): void {
  layers.value = { ...layers.value, ...patch };
}

/** Turns one set on or off; when only one may be on at a time, turning one on turns the others off. */
export function toggleSet(list: readonly number[], id: number, on: boolean, allowMultiple: boolean): number[] {
  if (!on) return list.filter((x) => x !== id);
  return allowMultiple ? [...new Set([...list, id])] : [id];
}
