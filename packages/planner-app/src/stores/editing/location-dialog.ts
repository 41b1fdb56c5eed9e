// The location dialog (new and edit): placing a new location, its draft and
// field values, points of interest in range, moving it, saving it and its
// conflicts.
import { DataType, NearByLocationClusters, PropertyType, type LocationCluster, type LocationWriteBody, type PoiSetInRange } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';
import { ApiFailure } from '@locus/contract/client';
import { t } from '../../i18n';
import { locationDetail, locations, selectedLocationId } from '../locations';
import { model, modelId } from '../models';
import { holdEvents, loadLocations } from '../planner';
import { isEditable, isProcessing, scenario, scenarios } from '../scenarios';
import { outsideRange } from '../../format/range';
import { plausibilityWarnings } from '../plausibility';
import { clearRefusal, refusal } from '../refusals';
import { confirm } from '../ui';
import { api } from './client';
import { type Availability, type SaveTarget, disabledBy, enabled, existingTargets, groupSelectorRules, locationNameError, saveTargetRules } from './rules';
import { type EditableProperty, type FieldValue, displayValue, isCalculated, isPoisInRange, storedValue } from './properties';
import { type WriteConflict, conflictOf, expectedFailure, failureText, rethrowUnexpected } from './failures';
import { type SaveOptions, afterSave, targetCall } from './after-write';
import { needsNameForNextChange, promptScenarioName } from './name-prompt';

export interface LocationDraft {
  mode: 'new' | 'edit';
  locationId: number | null;
  /** The location's changeType in the current scenario (null for a new location). */
  changeType: number | null;
  name: string;
  latitude: number;
  longitude: number;
  type: number;
  visibility: 0 | 1 | 2;
  excluded: boolean;
  locationGroupId: number | null;
  /** The group the location had when the dialog opened (stays choosable). */
  originalGroupId: number | null;
  locationClusterId: number | null;
  clusters: LocationCluster[];
  properties: EditableProperty[];
  /** Shown values by property id (percentages x100). */
  values: Record<number, FieldValue>;
  target: SaveTarget;
  newScenarioName: string;
  existingScenarioId: number | null;
  /** The scenario's modified stamp as read (no longer sent: the location's version is). */
  scenarioModified: string | null;
  /** The location's version as read in the current scenario (null for a new one), sent with the save. */
  version: number | null;
  /** The save was refused: the location or scenario changed or went away meanwhile; the edit stays in the form. */
  conflict: WriteConflict | null;
  /** How the last save was asked (Save or Save and calculate), for Overwrite. */
  lastSave: SaveOptions;
  poisInRange: PoiSetInRange[] | null;
  /** POIs-in-range properties whose POIs are listed. */
  shownPois: number[];
  nameError: string | null;
  error: string | null;
  saving: boolean;
  /** The dialog steps aside while the new location's pin is moved on the map. */
  movingPin: boolean;
}
export const locationDraft = signal<LocationDraft | null>(null);

/** Placing a new location: the next map click places its pin (Escape cancels). */
export const placingLocation = signal(false);

export function updateLocationDraft(patch: Partial<LocationDraft>): void {
  if (locationDraft.value) locationDraft.value = { ...locationDraft.value, ...patch };
}

export function setFieldValue(propertyId: number, value: FieldValue): void {
  const draft = locationDraft.value;
  if (draft) locationDraft.value = { ...draft, values: { ...draft.values, [propertyId]: value } };
}

function initialValues(properties: readonly EditableProperty[]): Record<number, FieldValue> {
  return Object.fromEntries(properties.map((p) => [p.id, displayValue(p)]));
}

export function startPlacingLocation(): void {
  if (!canAddLocation.value.disabled) placingLocation.value = true;
}
export function cancelPlacingLocation(): void {
  placingLocation.value = false;
}

/** New location: possible in any changeable scenario (in the base it goes into a new scenario). */
export const canAddLocation = computed<Availability>(() => {
  const s = scenario.value;
  if (!s) return disabledBy('scenarioNotSelected');
  if (!isEditable(s.status)) return disabledBy(isProcessing(s.status) ? 'hintScenarioCalculating' : 'hintScenarioReadOnly');
  return enabled;
});

/** Opens the dialog for a new location at a point: defaults from new-location-properties, the clusters near by. */
export async function openNewLocation(longitude: number, latitude: number): Promise<void> {
  placingLocation.value = false;
  const s = scenario.value;
  const m = model.value;
  if (!s || !m || canAddLocation.value.disabled) return;
  const [properties, clusters] = await Promise.all([
    api.call('newLocationProperties', { params: { modelId: m.id } }),
    api.call('nearByLocationClusters', { params: { modelId: m.id, count: NearByLocationClusters }, query: { latitude, longitude } }),
  ]);
  const group = groupSelectorRules(m, null, true);
  const rules = saveTargetRules({
    scenarioHasParent: s.parentScenarioId !== null,
    changeType: null,
    existingCount: existingTargets(scenarios.value, s.id).length,
  });
  locationDraft.value = {
    mode: 'new',
    locationId: null,
    changeType: null,
    name: '',
    latitude,
    longitude,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: group.initial,
    originalGroupId: null,
    locationClusterId: null,
    clusters,
    properties,
    values: initialValues(properties),
    target: rules.initial,
    newScenarioName: '',
    existingScenarioId: existingTargets(scenarios.value, s.id)[0]?.id ?? null,
    scenarioModified: s.modified,
    version: null,
    ...freshDialogState(),
  };
}

/** The dialog's own state when it opens, new or edit: nothing saved, refused or in conflict yet. */
function freshDialogState(): Pick<LocationDraft, 'conflict' | 'lastSave' | 'poisInRange' | 'shownPois' | 'nameError' | 'error' | 'saving' | 'movingPin'> {
  return { conflict: null, lastSave: {}, poisInRange: null, shownPois: [], nameError: null, error: null, saving: false, movingPin: false };
}

/** Opens the dialog for an existing location with its properties in the current scenario. */
export async function openEditLocation(locationId: number): Promise<void> {
  const s = scenario.value;
  const m = model.value;
  if (!s || !m) return;
  const detail =
    locationDetail.value?.id === locationId ? locationDetail.value : await api.call('scenarioLocationProperties', { params: { scenarioId: s.id, locationId } });
  const summary = locations.value.find((l) => l.id === locationId);
  const changeType = summary?.changeType ?? detail.changeType;
  const rules = saveTargetRules({ scenarioHasParent: s.parentScenarioId !== null, changeType, existingCount: existingTargets(scenarios.value, s.id).length });
  let clusters = detail.locationClusters;
  if (!clusters.length) {
    clusters = await api.call('nearByLocationClusters', {
      params: { modelId: m.id, count: NearByLocationClusters },
      query: { latitude: detail.latitude, longitude: detail.longitude },
    });
  }
  locationDraft.value = {
    mode: 'edit',
    locationId,
    changeType,
    name: detail.name,
    latitude: detail.latitude,
    longitude: detail.longitude,
    type: detail.type,
    visibility: detail.visibility,
    excluded: detail.excluded,
    locationGroupId: detail.locationGroupId,
    originalGroupId: detail.locationGroupId,
    locationClusterId: detail.locationClusterId,
    clusters:
      clusters.some((c) => c.id === detail.locationClusterId) || detail.locationClusterId === null
        ? clusters
        : [{ id: detail.locationClusterId, name: detail.locationCluster ?? String(detail.locationClusterId) }, ...clusters],
    properties: detail.locationProperties,
    values: initialValues(detail.locationProperties),
    target: rules.initial,
    newScenarioName: '',
    existingScenarioId: existingTargets(scenarios.value, s.id)[0]?.id ?? null,
    scenarioModified: s.modified,
    version: detail.version,
    ...freshDialogState(),
  };
}

/** Name, group and cluster cannot change for a location opened (1) or edited (3) in the scenario. */
export function identityReadOnly(draft: Pick<LocationDraft, 'mode' | 'changeType'>): boolean {
  return draft.mode === 'edit' && (draft.changeType === 1 || draft.changeType === 3);
}

/**
 * The POIs in range at the draft's position (GET pois-in-range). The route
 * names a location of the model; for a new location, which has no id yet,
 * any location of the scenario names the model and the position is the pin's.
 */
export async function loadPoisInRange(): Promise<void> {
  const draft = locationDraft.value;
  const mid = modelId.value;
  if (!draft || mid === null) return;
  const locationId = draft.locationId ?? locations.value[0]?.id;
  if (locationId === undefined) return;
  const sets = await api.call('poisInRange', { params: { modelId: mid, locationId }, query: { latitude: draft.latitude, longitude: draft.longitude } });
  const now = locationDraft.value;
  if (now && now.latitude === draft.latitude && now.longitude === draft.longitude) updateLocationDraft({ poisInRange: sets });
}

/** Shows or hides the POIs in range of one property, or of all (ids omitted). */
export async function togglePois(ids: number[] | 'all', show: boolean): Promise<void> {
  const draft = locationDraft.value;
  if (!draft) return;
  const all = draft.properties.filter(isPoisInRange).map((p) => p.id);
  const chosen = ids === 'all' ? all : ids;
  const shownPois = show ? [...new Set([...draft.shownPois, ...chosen])] : draft.shownPois.filter((id) => !chosen.includes(id));
  updateLocationDraft({ shownPois });
  if (show && !draft.poisInRange) await loadPoisInRange();
}

/** Moves the new location (pin dragged or coordinates typed): the clusters near by and POIs follow. */
export async function moveDraftTo(longitude: number, latitude: number): Promise<void> {
  const draft = locationDraft.value;
  const mid = modelId.value;
  if (!draft || mid === null) return;
  updateLocationDraft({ longitude, latitude, poisInRange: null });
  if (draft.mode === 'new') {
    const clusters = await api.call('nearByLocationClusters', { params: { modelId: mid, count: NearByLocationClusters }, query: { latitude, longitude } });
    const now = locationDraft.value;
    if (now && now.latitude === latitude && now.longitude === longitude) {
      updateLocationDraft({ clusters, locationClusterId: clusters.some((c) => c.id === now.locationClusterId) ? now.locationClusterId : null });
    }
  }
  if (locationDraft.value?.shownPois.length) await loadPoisInRange();
}

/** The body of the location write: editable properties with their stored values (percentages /100). */
export function locationBody(draft: LocationDraft, creation: number | null): LocationWriteBody {
  const writable = draft.properties.filter((p) => p.propertyType !== PropertyType.output && !isCalculated(p));
  return {
    ...(draft.locationId !== null ? { id: draft.locationId } : {}),
    name: draft.name.trim(),
    latitude: draft.latitude,
    longitude: draft.longitude,
    type: draft.type,
    visibility: draft.visibility,
    excluded: draft.excluded,
    locationGroupId: draft.locationGroupId,
    locationClusterId: draft.locationClusterId,
    locationProperties: writable.map((p) => storedValue(p, p.id in draft.values ? draft.values[p.id]! : displayValue(p))),
    scenarioCreation: creation,
    // The version seen is of the current scenario's location: sent with a save into it or into a new child of it.
    ...(draft.version !== null && draft.target !== 'existing' ? { version: draft.version } : {}),
  };
}

/** Saves the location dialog into its target; then reloads, selects, fits and asks to calculate. */
export async function saveLocationDraft(options: SaveOptions = {}): Promise<boolean> {
  const draft = locationDraft.value;
  const s = scenario.value;
  const m = model.value;
  if (!draft || !s || !m || draft.saving) return false;
  const nameKey = locationNameError(draft.name);
  if (nameKey) {
    updateLocationDraft({ nameError: t(nameKey) });
    return false;
  }
  // A changed number unusual for comparable locations: the planner may save it anyway.
  const warnings = await plausibilityWarnings(api, s.id, draft.locationId, draft.locationGroupId, changedNumbers(draft), m.currency ?? 'EUR');
  if (warnings.length && !(await confirm(`${warnings.join(' ')} ${t('implausibleAsk')}`, t('implausibleTitle')))) return false;
  const target = scenarios.value.find((x) => x.id === (draft.target === 'existing' ? draft.existingScenarioId : s.id));
  let rename: string | null = null;
  if (draft.target !== 'new' && target && needsNameForNextChange(target, draft.locationId)) {
    rename = await promptScenarioName(target);
    if (rename === null) return false;
  }
  updateLocationDraft({ saving: true, error: null, nameError: null, conflict: null, lastSave: options });
  clearRefusal();
  const call = targetCall(draft.target, s, draft.newScenarioName, draft.existingScenarioId);
  const body = locationBody(draft, call.creation);
  const release = holdEvents();
  try {
    const result =
      draft.mode === 'new'
        ? await api.call('locationCreate', { params: { scenarioId: call.sid }, query: call.query, body, expected: expectedFailure })
        : await api.call('locationUpdate', {
            params: { modelId: m.id, scenarioId: call.sid, locationId: draft.locationId! },
            query: call.query,
            body,
            expected: expectedFailure,
          });
    locationDraft.value = null;
    await afterSave(result, options, { fallbackScenarioId: s.parentScenarioId, scenarioName: s.name, rename, release });
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    const conflict = conflictOf(error, 'location');
    if (conflict) {
      // Every edit stays in the form; the dialog says what happened and offers what can be done.
      updateLocationDraft({ saving: false, conflict });
      return false;
    }
    const failure = error as ApiFailure;
    const field = failure.body?.field;
    const text = failureText(error);
    // A refused property value is shown at its field: the body's entry index names the property.
    const entry = field?.match(/^locationProperties\.(\d+)(\.|$)/);
    const propertyId = entry ? body.locationProperties?.[Number(entry[1])]?.id : undefined;
    if (field === 'name') updateLocationDraft({ saving: false, nameError: text });
    else if (propertyId !== undefined) {
      refusal.value = { status: failure.status, field: propertyField(propertyId), text };
      updateLocationDraft({ saving: false });
    } else updateLocationDraft({ saving: false, error: text });
    return false;
  } finally {
    release();
  }
}

/**
 * The location dialog after a conflict: load the location as it is now (the
 * other change); the edit in the form is dropped, the save target is kept.
 */
export async function loadOtherLocationChange(): Promise<void> {
  const draft = locationDraft.value;
  const s = scenario.value;
  if (!draft || !s || draft.locationId === null) return;
  await loadLocations();
  const detail = await api
    .call('scenarioLocationProperties', { params: { scenarioId: s.id, locationId: draft.locationId }, expected: [404] })
    .catch(() => null);
  const now = locationDraft.value;
  if (!now || now.locationId !== draft.locationId) return;
  if (!detail) {
    updateLocationDraft({ conflict: { kind: 'gone', key: 'locationNoLongerExists' } });
    return;
  }
  if (selectedLocationId.value === detail.id) locationDetail.value = detail;
  clearRefusal();
  updateLocationDraft({
    name: detail.name,
    latitude: detail.latitude,
    longitude: detail.longitude,
    type: detail.type,
    visibility: detail.visibility,
    excluded: detail.excluded,
    locationGroupId: detail.locationGroupId,
    locationClusterId: detail.locationClusterId,
    changeType: locations.value.find((l) => l.id === detail.id)?.changeType ?? detail.changeType,
    properties: detail.locationProperties,
    values: initialValues(detail.locationProperties),
    version: detail.version,
    conflict: null,
    error: null,
    nameError: null,
  });
}

/** The location dialog after a conflict: save the edit in the form over the other change, knowingly. */
export async function overwriteLocationChange(): Promise<boolean> {
  const draft = locationDraft.value;
  if (draft?.conflict?.kind !== 'changed') return false;
  updateLocationDraft({ version: draft.conflict.version, conflict: null });
  return saveLocationDraft(draft.lastSave);
}

/** The writable numbers of the dialog whose value differs from the one it opened with, in stored units. */
export function changedNumbers(draft: LocationDraft) {
  return draft.properties.flatMap((p) => {
    if (p.dataType === DataType.text || p.dataType === DataType.yesNo || isCalculated(p) || p.propertyType === PropertyType.output || !(p.id in draft.values))
      return [];
    const value = storedValue(p, draft.values[p.id]!).numberValue;
    // A value outside its range is the server's to refuse (at its field), not a matter of plausibility.
    if (value === null || value === p.numberValue || outsideRange(p, value)) return [];
    return [{ id: p.id, title: p.title, name: p.name, dataType: p.dataType, propertyType: p.propertyType, roundingDigits: p.roundingDigits, value }];
  });
}

/** The refusal field of a property of the location dialog. */
export function propertyField(propertyId: number): string {
  return `property:${propertyId}`;
}

export function closeLocationDraft(): void {
  locationDraft.value = null;
  clearRefusal();
}
