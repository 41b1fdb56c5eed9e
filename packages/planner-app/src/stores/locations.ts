// The scenario's locations on the map, the selected one with its detail, and
// the location filter (name, group, cluster, changeType).
import { AllowedLocationActions, LocationVisibility, type Location, type LocationSummary } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export const locations = signal<LocationSummary[]>([]);
export const selectedLocationId = signal<number | null>(null);
/** The selected location with its properties, read for the current scenario. */
export const locationDetail = signal<Location | null>(null);
export const locationDetailLoading = signal(false);

export const selectedLocation = computed(() => locations.value.find((l) => l.id === selectedLocationId.value) ?? null);

export interface LocationFilter {
  name: string;
  groupIds: number[];
  clusterIds: number[];
  changeTypes: number[];
}
export const emptyFilter: LocationFilter = { name: '', groupIds: [], clusterIds: [], changeTypes: [] };
export const filter = signal<LocationFilter>(emptyFilter);
export const filterActive = computed(() => {
  const f = filter.value;
  return f.name.trim() !== '' || f.groupIds.length > 0 || f.clusterIds.length > 0 || f.changeTypes.length > 0;
});

export function matchesFilter(location: LocationSummary, f: LocationFilter): boolean {
  const name = f.name.trim().toLocaleLowerCase();
  if (name && !location.name.toLocaleLowerCase().includes(name)) return false;
  if (f.groupIds.length && (location.locationGroupId === null || !f.groupIds.includes(location.locationGroupId))) return false;
  if (f.clusterIds.length && (location.locationClusterId === null || !f.clusterIds.includes(location.locationClusterId))) return false;
  if (f.changeTypes.length && !f.changeTypes.includes(location.changeType)) return false;
  return true;
}

/** Locations drawn on the map: not hidden (visibility 2), matching the filter. */
export const visibleLocations = computed(() => {
  const f = filter.value;
  return locations.value.filter((l) => l.visibility !== LocationVisibility.hidden && matchesFilter(l, f));
});

export type LocationAction = 'edit' | 'close' | 'delete' | 'undoClose' | 'undoEdit';

/**
 * What may be done with a location: the changeType table;
 * delete, undo close and undo edit need a scenario with a parent; nothing in
 * a read-only scenario. Other changeTypes are treated as edited.
 */
export function allowedActions(changeType: number, scenarioHasParent: boolean, readOnly: boolean): LocationAction[] {
  if (readOnly) return [];
  const key = (changeType in AllowedLocationActions ? changeType : 3) as keyof typeof AllowedLocationActions;
  const actions = [...AllowedLocationActions[key]] as LocationAction[];
  return actions.filter((a) => scenarioHasParent || (a !== 'delete' && a !== 'undoClose' && a !== 'undoEdit'));
}
