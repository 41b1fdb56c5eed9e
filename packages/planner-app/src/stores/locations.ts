// The scenario's locations on the map, the selected one with its detail, and
// the location filter (name, group, cluster, changeType).
import { AllowedLocationActions, LocationSummary as LocationSummarySchema, LocationVisibility, type Location, type LocationSummary } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export const locations = signal<LocationSummary[]>([]);
export const selectedLocationId = signal<number | null>(null);
/** The selected location with its properties, read for the current scenario. */
export const locationDetail = signal<Location | null>(null);
export const locationDetailLoading = signal(false);

/** The fields of a location the scenario's list carries. */
const SUMMARY_KEYS = Object.keys(LocationSummarySchema.shape) as (keyof LocationSummary)[];

/**
 * The list with one location as it is now: `detail` (its read in the
 * scenario) in its place, or added in id order (the list's order); removed
 * when the scenario no longer holds it (null) or hides it. The list of a
 * scenario changes with a write of one location in that entry only, so the
 * list after a write is this instead of a read of every location again.
 */
export function withLocation(list: readonly LocationSummary[], id: number, detail: Location | null): LocationSummary[] {
  const at = list.findIndex((l) => l.id === id);
  if (!detail || detail.visibility === LocationVisibility.hidden) return at < 0 ? (list as LocationSummary[]) : [...list.slice(0, at), ...list.slice(at + 1)];
  const entry = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])) as LocationSummary;
  if (at >= 0) return [...list.slice(0, at), entry, ...list.slice(at + 1)];
  const after = list.findIndex((l) => l.id > id);
  return after < 0 ? [...list, entry] : [...list.slice(0, after), entry, ...list.slice(after)];
}

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
