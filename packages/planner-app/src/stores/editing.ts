// The scenario and location writes of the planner (docs/scenarios.md): the
// rules the app shows before the server enforces
// them (menu entries, action buttons, save targets, the location dialog's
// fields), the dialogs' state and the actions that write, reload and say what
// happened. Components read these signals and call these actions only.
import {
  AllowedLocationActions,
  AutoCalculateType,
  DataType,
  GoneMessage,
  NearByLocationClusters,
  OutputType,
  PropertyType,
  RuleMessage,
  type LocationCluster,
  type LocationWriteBody,
  type LocationWriteResult,
  type Model,
  type NewLocationProperty,
  type PoiSetInRange,
  type Scenario,
} from '@locus/contract';
import { compileExpression, truthy, type CompiledExpression, type PropertyValues } from '@locus/engine/expression';
import { computed, signal } from '@preact/signals-react';
import { ApiFailure, type ApiClient } from '@locus/contract/client';
import { language, t, type TextKey } from '../i18n';
import { api as defaultApi } from './api';
import { allowedActions, locationDetail, locations, selectedLocationId, type LocationAction } from './locations';
import { model, modelId } from './models';
import { calculate, calculateAfterWrite, holdEvents, loadLocationDetail, loadLocations, reloadScenarios, selectLocation } from './planner';
import { isEditable, isProcessing, scenario, scenarioId, scenarios } from './scenarios';
import { outsideRange } from '../format/range';
import { plausibilityWarnings } from './plausibility';
import { clearRefusal, isConnectionOrServerFailure, refusal, refusalText } from './refusals';
import { confirm, notify } from './ui';
import { requestFit } from './view';

let api: ApiClient = defaultApi;
/** Tests hand in their own client (the planner store takes it with useApi). */
export function setEditingApi(client: ApiClient): void {
  api = client;
}

// --- Rules (pure) ------------------------------------------------------------

/** An entry or button that may be disabled, with the hint that says why. */
export interface Availability {
  disabled: boolean;
  reason: TextKey | null;
}
const enabled: Availability = { disabled: false, reason: null };
const disabledBy = (reason: TextKey): Availability => ({ disabled: true, reason });

export interface ScenarioMenuState {
  newScenario: Availability;
  edit: Availability;
  remove: Availability;
  copyChanges: Availability;
  calculate: Availability;
}

/**
 * The scenario menu's entries for the chosen scenario: a new
 * scenario can be made under any scenario; the base scenario cannot be edited
 * or removed; a scenario with children cannot be removed or copied from; the
 * read-only state (1 to 8) blocks editing, removing and copying; Calculate is
 * disabled while the status is 1 to 8.
 */
export function scenarioMenuState(current: Scenario | null, list: readonly Scenario[]): ScenarioMenuState {
  if (!current) {
    const none = disabledBy('scenarioNotSelected');
    return { newScenario: none, edit: none, remove: none, copyChanges: none, calculate: none };
  }
  const base = current.parentScenarioId === null;
  const readOnly = !isEditable(current.status);
  const hasChildren = list.some((s) => s.parentScenarioId === current.id);
  const readOnlyReason: TextKey = isProcessing(current.status) ? 'hintScenarioCalculating' : 'hintScenarioReadOnly';
  return {
    newScenario: enabled,
    edit: base ? disabledBy('hintBaseScenario') : readOnly ? disabledBy(readOnlyReason) : enabled,
    remove: base ? disabledBy('hintBaseScenario') : hasChildren ? disabledBy('hintScenarioHasChildren') : readOnly ? disabledBy(readOnlyReason) : enabled,
    copyChanges: base
      ? disabledBy('hintBaseScenario')
      : hasChildren
        ? disabledBy('hintScenarioHasChildren')
        : readOnly
          ? disabledBy(readOnlyReason)
          : current.changeCount === 0
            ? disabledBy('hintNoChanges')
            : enabled,
    calculate: isProcessing(current.status) ? disabledBy('hintScenarioCalculating') : enabled,
  };
}

/** Copy-changes destinations: top scenarios that have a parent and are not the source. */
export function copyTargets(list: readonly Scenario[], sourceId: number): Scenario[] {
  return list.filter((s) => s.isTop && s.parentScenarioId !== null && s.id !== sourceId);
}

/** 'Delete source scenario' is possible only when every changed location is selected. */
export function canDeleteSource(selected: ReadonlySet<number> | readonly number[], changed: readonly number[]): boolean {
  const chosen = selected instanceof Set ? selected : new Set(selected as readonly number[]);
  return changed.length > 0 && changed.every((id) => chosen.has(id));
}

/** A scenario name: required after trimming ('Scenario name is required'). */
export function scenarioNameError(name: string): TextKey | null {
  return name.trim() === '' ? 'scenarioNameIsRequired' : null;
}

/** A location name: required after trimming ('nameRequired'). */
export function locationNameError(name: string): TextKey | null {
  return name.trim() === '' ? 'nameRequired' : null;
}

export interface LocationActionState extends Availability {
  action: LocationAction;
}

/** The order of the action buttons in the left drawer. */
const ACTION_ORDER: LocationAction[] = ['edit', 'close', 'undoClose', 'undoEdit', 'delete'];

/**
 * The location's action buttons: the actions of its changeType
 * row; each disabled with its hint when the scenario is read-only (1 to 8) or,
 * for delete and the undos, when the scenario is the base scenario.
 */
export function locationActionStates(changeType: number, scenarioHasParent: boolean, status: number): LocationActionState[] {
  const key = (changeType in AllowedLocationActions ? changeType : 3) as keyof typeof AllowedLocationActions;
  const row = AllowedLocationActions[key] as readonly LocationAction[];
  const readOnly = !isEditable(status);
  const allowed = allowedActions(changeType, scenarioHasParent, readOnly);
  return ACTION_ORDER.filter((a) => row.includes(a)).map((action) => {
    if (allowed.includes(action)) return { action, ...enabled };
    if (readOnly) return { action, ...disabledBy(isProcessing(status) ? 'hintScenarioCalculating' : 'hintScenarioReadOnly') };
    return { action, ...disabledBy('hintBaseScenarioNothingToUndo') };
  });
}

export type SaveTarget = 'current' | 'new' | 'existing';

export interface SaveTargetRules {
  current: Availability;
  new: Availability;
  existing: Availability;
  /** The target chosen when the dialog opens. */
  initial: SaveTarget;
}

/**
 * Where a location change can be saved: not into the current
 * scenario when it has no parent (the base); not as a new scenario for a
 * location opened (1) or edited (3) in the scenario; into another existing
 * scenario when there is one that can be changed (a location opened in this
 * scenario exists nowhere else).
 */
export function saveTargetRules(options: { scenarioHasParent: boolean; changeType: number | null; existingCount: number }): SaveTargetRules {
  const own = options.changeType === 1 || options.changeType === 3;
  const current = options.scenarioHasParent ? enabled : disabledBy('hintBaseScenario');
  const asNew = own ? disabledBy('hintChangedInScenario') : enabled;
  const existing = options.existingCount === 0 ? disabledBy('hintNoOtherScenario') : options.changeType === 1 ? disabledBy('hintOpenedInScenario') : enabled;
  const initial: SaveTarget = !current.disabled ? 'current' : !asNew.disabled ? 'new' : 'existing';
  return { current, new: asNew, existing, initial };
}

/** Scenarios another change can be saved into: with a parent, changeable, not the current one. */
export function existingTargets(list: readonly Scenario[], currentId: number | null): Scenario[] {
  return list.filter((s) => s.parentScenarioId !== null && s.id !== currentId && isEditable(s.status));
}

export interface GroupSelectorRules {
  /** Shown only when the model has more than one group. */
  show: boolean;
  /** Clearable unless the model makes the group mandatory. */
  clearable: boolean;
  /** Selectable groups plus the location's current one. */
  options: Model['locationGroups'];
  /** The group the dialog starts with. */
  initial: number | null;
}

/** The location-group selector of the location dialog. */
export function groupSelectorRules(
  m: Pick<Model, 'locationGroups' | 'locationGroupMandatory'>,
  currentGroupId: number | null,
  isNew: boolean,
): GroupSelectorRules {
  const groups = m.locationGroups;
  const options = groups.filter((g) => g.selectable || g.id === currentGroupId);
  let initial = currentGroupId;
  if (isNew && initial === null && (groups.length === 1 || m.locationGroupMandatory)) {
    initial = (groups.find((g) => g.selectable) ?? groups[0])?.id ?? null;
  }
  return { show: groups.length > 1, clearable: !m.locationGroupMandatory, options, initial };
}

// --- Property values ---------------------------------------------------------

export type EditableProperty = NewLocationProperty & { oldStringValue?: string | null; oldNumberValue?: number | null };
/** A field's value as the dialog shows it: text, a number (percentages x100) or empty. */
export type FieldValue = string | number | null;

const round = (n: number, digits = 10) => Number(n.toFixed(digits));

/** The value shown in the dialog: text for text properties, a percentage x100, else the number. */
export function displayValue(p: Pick<EditableProperty, 'dataType' | 'stringValue' | 'numberValue' | 'percentageValue'>): FieldValue {
  if (p.dataType === DataType.text) return p.stringValue ?? '';
  if (p.numberValue === null || p.numberValue === undefined) return null;
  if (p.dataType === DataType.percentage) return round(p.percentageValue ?? p.numberValue * 100);
  return round(p.numberValue);
}

/** The value saved: text as stringValue, numbers as numberValue, a percentage divided by 100. */
export function storedValue(
  p: Pick<EditableProperty, 'id' | 'dataType'>,
  value: FieldValue,
): { id: number; stringValue: string | null; numberValue: number | null } {
  if (p.dataType === DataType.text) return { id: p.id, stringValue: value === null ? null : String(value), numberValue: null };
  const n = typeof value === 'number' ? value : value === null || value.trim() === '' ? NaN : Number(value.replace(',', '.'));
  if (!Number.isFinite(n)) return { id: p.id, stringValue: null, numberValue: null };
  return { id: p.id, stringValue: null, numberValue: p.dataType === DataType.percentage ? round(n / 100) : n };
}

/** Properties the dialog shows: visible ones that are not outputs of the calculation. */
export function dialogProperties<P extends EditableProperty>(properties: readonly P[]): P[] {
  return properties.filter((p) => p.visible && p.propertyType !== PropertyType.output);
}

/** Calculated by the server (auto-calculated): shown, never written. */
export function isCalculated(p: Pick<EditableProperty, 'autoCalculateType'>): boolean {
  return p.autoCalculateType !== null && p.autoCalculateType !== undefined;
}

export function isPoisInRange(p: Pick<EditableProperty, 'autoCalculateType'>): boolean {
  return p.autoCalculateType === AutoCalculateType.pointsOfInterestInRange;
}

/** The record a dependencyExpression reads: every property by name (stored form) and the group code. */
export function expressionValues(
  properties: readonly EditableProperty[],
  values: Readonly<Record<number, FieldValue>>,
  groupCode: string | null,
): PropertyValues {
  const record: Record<string, string | number | null> = { locationGroupCode: groupCode };
  for (const p of properties) {
    const v = p.id in values ? values[p.id]! : displayValue(p);
    const stored = storedValue(p, v);
    record[p.name] = p.dataType === DataType.text ? stored.stringValue : stored.numberValue;
  }
  return record;
}

const compiled = new Map<string, CompiledExpression | null>();

/** Shown when its dependencyExpression holds; stays visible when the expression cannot be evaluated. */
export function isPropertyVisible(p: Pick<EditableProperty, 'dependencyExpression'>, values: PropertyValues): boolean {
  const source = p.dependencyExpression?.trim();
  if (!source) return true;
  let expression = compiled.get(source);
  if (expression === undefined) {
    try {
      expression = compileExpression(source);
    } catch {
      expression = null;
    }
    compiled.set(source, expression);
  }
  if (!expression) return true;
  try {
    return truthy(expression.evaluate(values));
  } catch {
    return true;
  }
}

export interface DialogSection {
  name: string;
  title: string;
  label: string | null;
  order: number;
  /** Columns of a 12-column grid (sectionViewSize; the full width when not set). */
  size: number;
  secondary: boolean;
  properties: EditableProperty[];
}

/** The dialog's sections in sectionViewOrder; secondary sections after the others. */
export function dialogSections(properties: readonly EditableProperty[]): DialogSection[] {
  const sections = new Map<string, DialogSection>();
  for (const p of properties) {
    const name = p.sectionName ?? '';
    let section = sections.get(name);
    if (!section) {
      const size = p.sectionViewSize && p.sectionViewSize > 0 ? Math.min(12, p.sectionViewSize) : 12;
      section = {
        name,
        title: p.sectionTitle ?? p.sectionName ?? '',
        label: p.sectionLabel,
        order: p.sectionViewOrder ?? Number.MAX_SAFE_INTEGER,
        size,
        secondary: p.sectionSecondary,
        properties: [],
      };
      sections.set(name, section);
    }
    section.properties.push(p);
  }
  return [...sections.values()].sort((a, b) => Number(a.secondary) - Number(b.secondary) || a.order - b.order);
}

// --- Failures ------------------------------------------------------------------

/**
 * Refusals (4xx with a reason: a field error, a rule, a row changed or deleted
 * elsewhere) are shown where they happen and keep the form; only a network or
 * server failure or an expired sign-in goes to the error dialog.
 */
const expectedFailure = (f: ApiFailure) => !isConnectionOrServerFailure(f);

/** A write refused because its location or scenario moved on or went away since the user read it. */
export type WriteConflict =
  | { kind: 'changed'; what: 'location' | 'scenario'; modifiedBy: string; modified: string; version: number }
  | { kind: 'gone'; key: 'locationNoLongerExists' | 'scenarioNoLongerExists' };

/** The conflict a refused write names (409 changedElsewhere, 404 locationNoLongerExists / scenarioNoLongerExists), else null. */
export function conflictOf(error: unknown, what: 'location' | 'scenario'): WriteConflict | null {
  if (!(error instanceof ApiFailure) || !error.body) return null;
  const key = error.body.message;
  if (error.status === 404 && (key === GoneMessage.locationNoLongerExists || key === GoneMessage.scenarioNoLongerExists)) return { kind: 'gone', key };
  if (error.status === 409 && key === RuleMessage.changedElsewhere) {
    const p = error.body.params ?? {};
    const version = Number(p.version);
    if (!Number.isSafeInteger(version) || version <= 0) return null;
    return { kind: 'changed', what, modifiedBy: String(p.modifiedBy ?? ''), modified: String(p.modified ?? ''), version };
  }
  return null;
}

/** When a change was made, as the user reads it: the time today, else the date and time. */
function conflictTime(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const today = new Date().toDateString() === when.toDateString();
  return new Intl.DateTimeFormat(language.value, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(when);
}

/** What happened, truthfully: who changed it and when (or that it is gone), and that the user's edit was not saved. */
export function conflictText(c: WriteConflict): string {
  if (c.kind === 'gone') return t(c.key);
  const time = conflictTime(c.modified);
  const location = c.what === 'location';
  return c.modifiedBy
    ? t(location ? 'conflictLocationBy' : 'conflictScenarioBy', { who: c.modifiedBy, time })
    : t(location ? 'conflictLocationUnknown' : 'conflictScenarioUnknown', { time });
}

/** A refused write as the user reads it: the translated message key, or the server's sentence. */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) return refusalText(error);
  return error instanceof Error ? error.message : String(error);
}

function rethrowUnexpected(error: unknown): void {
  if (!(error instanceof ApiFailure) || !expectedFailure(error)) throw error;
}

/**
 * A refused action without a form (close from the menu, undo, delete, remove
 * scenario): a conflict is told as what happened, and the scenarios and
 * locations are read again so the other change shows; any other refusal is
 * told as its reason.
 */
async function tellConflictOrFailure(error: unknown, what: 'location' | 'scenario'): Promise<void> {
  const conflict = conflictOf(error, what);
  if (!conflict) {
    notify(failureText(error), 'error');
    return;
  }
  notify(conflictText(conflict), 'error');
  await reloadScenarios();
  await loadLocations();
  await loadLocationDetail();
}

// --- After a write ---------------------------------------------------------

/**
 * After a location write: reload the scenarios and the locations, select the
 * scenario that holds the change (or the parent when it was removed), tell a
 * rename or removal, select and fit to the changed location.
 */
export async function afterLocationWrite(
  result: LocationWriteResult,
  options: { fallbackScenarioId: number | null; selectLocationAfter: boolean; scenarioName: string; release?: () => void },
): Promise<void> {
  if (result.scenarioRenamedTo) notify(t('scenarioRenamedTo', { name: result.scenarioRenamedTo }), 'info');
  if (result.scenarioDeleted) notify(t('scenarioDeleted', { name: options.scenarioName }), 'info');
  const target = result.scenarioDeleted ? options.fallbackScenarioId : result.scenarioId;
  const before = scenarioId.value;
  await reloadScenarios(target);
  if (scenarioId.value === before) await loadLocations();
  const exists = locations.value.some((l) => l.id === result.locationId);
  if (options.selectLocationAfter && exists) {
    if (selectedLocationId.value === result.locationId) await loadLocationDetail();
    else await selectLocation(result.locationId);
  } else if (!exists && selectedLocationId.value === result.locationId) {
    await selectLocation(null);
  } else {
    await loadLocationDetail();
  }
  options.release?.();
  if (exists) requestFit({ kind: 'locations', ids: [result.locationId] });
}

/** After save, close or undo the user is asked whether to calculate. */
export async function askToCalculate(id: number | null = scenarioId.value): Promise<void> {
  const s = scenarios.value.find((x) => x.id === id);
  if (!s || isProcessing(s.status)) return;
  if (await confirm(t('askCalculate', { name: s.name }), t('calculate'))) await calculate(s.id);
}

// --- Scenario dialogs --------------------------------------------------------

export interface ScenarioDraft {
  mode: 'new' | 'edit';
  /** The scenario being edited, or the parent of the new one. */
  scenarioId: number;
  name: string;
  isTop: boolean;
  competition: boolean;
  /** The name cannot change: a scenario with exactly one change is named after its location. */
  nameLocked: boolean;
  modified: string | null;
  /** The scenario's version as read (edit), sent with the save. */
  version: number | null;
  /** The save was refused: the scenario changed or went away meanwhile. */
  conflict: WriteConflict | null;
  error: string | null;
  nameError: string | null;
  saving: boolean;
}
export const scenarioDraft = signal<ScenarioDraft | null>(null);

/** Competition is a choice of turnover models; hidden for score models (outputType 4). */
export const showCompetition = computed(() => model.value?.outputType !== OutputType.score);

export function openNewScenario(): void {
  const parent = scenario.value;
  if (!parent) return;
  scenarioDraft.value = {
    mode: 'new',
    scenarioId: parent.id,
    name: '',
    isTop: false,
    competition: false,
    nameLocked: false,
    modified: null,
    version: null,
    conflict: null,
    error: null,
    nameError: null,
    saving: false,
  };
}

export function openEditScenario(): void {
  const s = scenario.value;
  if (!s || s.parentScenarioId === null) return;
  scenarioDraft.value = {
    mode: 'edit',
    scenarioId: s.id,
    name: s.name,
    isTop: s.isTop,
    competition: s.competition,
    nameLocked: s.changeCount === 1,
    modified: s.modified,
    version: s.version,
    conflict: null,
    error: null,
    nameError: null,
    saving: false,
  };
}

export function updateScenarioDraft(patch: Partial<ScenarioDraft>): void {
  if (scenarioDraft.value) scenarioDraft.value = { ...scenarioDraft.value, ...patch };
}

/** Saves the scenario dialog: POST a new scenario under the current one, or PUT the edited one. */
export async function saveScenarioDraft(): Promise<boolean> {
  const draft = scenarioDraft.value;
  const mid = modelId.value;
  if (!draft || mid === null || draft.saving) return false;
  const nameKey = draft.nameLocked ? null : scenarioNameError(draft.name);
  if (nameKey) {
    updateScenarioDraft({ nameError: t(nameKey) });
    return false;
  }
  updateScenarioDraft({ saving: true, error: null, nameError: null, conflict: null });
  const competition = showCompetition.value ? draft.competition : false;
  // A locked name (one change) is the location's: sent as it is.
  const name = draft.nameLocked ? (scenarios.value.find((s) => s.id === draft.scenarioId)?.name ?? draft.name) : draft.name.trim();
  try {
    let id = draft.scenarioId;
    if (draft.mode === 'new') {
      id = (
        await api.call('scenarioCreate', {
          params: { modelId: mid },
          body: { name, parentScenarioId: draft.scenarioId, isTop: draft.isTop, competition },
          expected: expectedFailure,
        })
      ).id;
    } else {
      await api.call('scenarioUpdate', {
        params: { modelId: mid },
        body: { id: draft.scenarioId, name, isTop: draft.isTop, competition, ...(draft.version !== null ? { version: draft.version } : {}) },
        expected: expectedFailure,
      });
    }
    scenarioDraft.value = null;
    await reloadScenarios(id);
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    const conflict = conflictOf(error, 'scenario');
    if (conflict) {
      updateScenarioDraft({ saving: false, conflict });
      return false;
    }
    const field = error instanceof ApiFailure ? error.body?.field : undefined;
    updateScenarioDraft(field === 'name' ? { saving: false, nameError: failureText(error) } : { saving: false, error: failureText(error) });
    return false;
  }
}

/** The scenario dialog after a conflict: show the scenario as it is now (the edit in the form is dropped). */
export async function loadOtherScenarioChange(): Promise<void> {
  const draft = scenarioDraft.value;
  if (!draft) return;
  await reloadScenarios(draft.conflict?.kind === 'gone' ? undefined : draft.scenarioId);
  const s = scenarios.value.find((x) => x.id === draft.scenarioId);
  if (!s) {
    scenarioDraft.value = null;
    return;
  }
  updateScenarioDraft({
    name: s.name,
    isTop: s.isTop,
    competition: s.competition,
    nameLocked: s.changeCount === 1,
    modified: s.modified,
    version: s.version,
    conflict: null,
  });
}

/** The scenario dialog after a conflict: save the edit over the other change, knowingly. */
export async function overwriteScenarioChange(): Promise<boolean> {
  const draft = scenarioDraft.value;
  if (draft?.conflict?.kind !== 'changed') return false;
  updateScenarioDraft({ version: draft.conflict.version, conflict: null });
  return saveScenarioDraft();
}

/** Removes the current scenario after confirmation; the parent is chosen next. */
export async function removeScenario(): Promise<void> {
  const s = scenario.value;
  const mid = modelId.value;
  if (!s || mid === null || scenarioMenuState(s, scenarios.value).remove.disabled) return;
  if (!(await confirm(t('confirmRemoveScenario', { name: s.name }), t('removeScenario')))) return;
  try {
    await api.call('scenarioDelete', { params: { modelId: mid, scenarioId: s.id }, query: { version: s.version }, expected: expectedFailure });
    notify(t('scenarioRemoved', { name: s.name }), 'success');
    await reloadScenarios(s.parentScenarioId);
  } catch (error) {
    rethrowUnexpected(error);
    await tellConflictOrFailure(error, 'scenario');
  }
}

/** The scenario-name prompt: a one-change scenario gets a second change and needs a name of its own. */
export interface NamePrompt {
  scenarioId: number;
  name: string;
  error: string | null;
  resolve: (name: string | null) => void;
}
export const namePrompt = signal<NamePrompt | null>(null);

export function promptScenarioName(s: Scenario): Promise<string | null> {
  return new Promise((resolve) => {
    namePrompt.value = {
      scenarioId: s.id,
      name: s.name,
      error: null,
      resolve: (name) => {
        namePrompt.value = null;
        resolve(name);
      },
    };
  });
}

export function answerNamePrompt(name: string | null): void {
  const prompt = namePrompt.value;
  if (!prompt) return;
  if (name === null) return prompt.resolve(null);
  const key = scenarioNameError(name);
  if (key) {
    namePrompt.value = { ...prompt, name, error: t(key) };
    return;
  }
  prompt.resolve(name.trim());
}

/**
 * A scenario with one change is named after its location; when
 * a change of another location is saved into it, it becomes a scenario of
 * several changes and asks for a name first.
 */
export function needsNameForNextChange(s: Scenario, locationId: number | null): boolean {
  return s.parentScenarioId !== null && s.changeCount === 1 && !s.changes.some((c) => c.locationId === locationId);
}

async function renameAfterChange(id: number, name: string): Promise<void> {
  const mid = modelId.value;
  const s = scenarios.value.find((x) => x.id === id);
  if (mid === null || !s || s.name === name) return;
  try {
    await api.call('scenarioUpdate', {
      params: { modelId: mid },
      body: { id, name, isTop: s.isTop, competition: s.competition, version: s.version },
      expected: expectedFailure,
    });
    await reloadScenarios(id);
  } catch (error) {
    rethrowUnexpected(error);
    notify(failureText(error), 'error');
  }
}

// --- Copy changes ------------------------------------------------------------

export interface CopyDraft {
  sourceId: number;
  targets: Scenario[];
  destinationId: number | null;
  /** The source's changed locations as read when the dialog opened. */
  changes: Scenario['changes'];
  selected: number[];
  deleteSource: boolean;
  error: string | null;
  saving: boolean;
}
export const copyDraft = signal<CopyDraft | null>(null);

/** Opens copy changes; with no destination the notice 'no top scenarios found' is shown instead. */
export async function openCopyChanges(): Promise<void> {
  const s = scenario.value;
  if (!s || scenarioMenuState(s, scenarios.value).copyChanges.disabled) return;
  const targets = copyTargets(scenarios.value, s.id);
  if (!targets.length) {
    notify(t('noTopScenariosFound'), 'warning');
    return;
  }
  const changes = await api.call('scenarioChanges', { params: { scenarioId: s.id } });
  copyDraft.value = {
    sourceId: s.id,
    targets,
    destinationId: targets[0]!.id,
    changes,
    selected: changes.map((c) => c.locationId),
    deleteSource: false,
    error: null,
    saving: false,
  };
}

export function updateCopyDraft(patch: Partial<CopyDraft>): void {
  const draft = copyDraft.value;
  if (!draft) return;
  const next = { ...draft, ...patch };
  // The delete-source choice falls away as soon as not every change is selected.
  if (
    !canDeleteSource(
      next.selected,
      next.changes.map((c) => c.locationId),
    )
  )
    next.deleteSource = false;
  copyDraft.value = next;
}

export function toggleCopyLocation(id: number, on: boolean): void {
  const draft = copyDraft.value;
  if (!draft) return;
  const selected = on ? [...new Set([...draft.selected, id])] : draft.selected.filter((x) => x !== id);
  updateCopyDraft({ selected });
}

export async function saveCopyChanges(): Promise<boolean> {
  const draft = copyDraft.value;
  if (!draft || draft.saving || draft.destinationId === null || draft.selected.length === 0) return false;
  const changed = draft.changes.map((c) => c.locationId);
  const deleteSource = draft.deleteSource && canDeleteSource(draft.selected, changed);
  updateCopyDraft({ saving: true, error: null });
  try {
    const result = await api.call('scenarioCopyChanges', {
      params: { sourceScenarioId: draft.sourceId, destinationScenarioId: draft.destinationId },
      query: { deleteSourceScenario: deleteSource, locations: draft.selected },
      body: {
        scenarioId: draft.sourceId,
        changedLocations: changed,
        selectedLocations: draft.selected,
        deleteSourceScenario: deleteSource,
        destinationScenarioId: draft.destinationId,
      },
      expected: expectedFailure,
    });
    copyDraft.value = null;
    const destination = scenarios.value.find((s) => s.id === result.destinationScenarioId);
    notify(t('changesCopied', { count: result.copiedLocations.length, name: destination?.name ?? '' }), 'success');
    await reloadScenarios(result.destinationScenarioId);
    if (result.copiedLocations.length) requestFit({ kind: 'locations', ids: result.copiedLocations });
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    updateCopyDraft({ saving: false, error: failureText(error) });
    return false;
  }
}

// --- Location actions ---------------------------------------------------------

/** The close-location dialog: where the closure is saved. */
export interface CloseDraft {
  locationId: number;
  name: string;
  /** The location's version as read; after a conflict the one stored now (saving again closes it anyway). */
  version: number | null;
  target: SaveTarget;
  newScenarioName: string;
  existingScenarioId: number | null;
  error: string | null;
  saving: boolean;
}
export const closeDraft = signal<CloseDraft | null>(null);

/**
 * The base scenario itself cannot be changed, so a change of a
 * location seen there goes into a new scenario named like the location, after
 * confirmation.
 */
async function confirmNewScenarioFromBase(name: string): Promise<boolean> {
  return confirm(t('confirmChangeInNewScenario', { name }), t('baseScenario'));
}

/** Runs a location action from the drawer (or the context menu). */
export async function runLocationAction(action: LocationAction, locationId: number): Promise<void> {
  const s = scenario.value;
  if (!s) return;
  if (selectedLocationId.value !== locationId) await selectLocation(locationId);
  const summary = locations.value.find((l) => l.id === locationId);
  if (!summary) return;
  const states = locationActionStates(summary.changeType, s.parentScenarioId !== null, s.status);
  if (!states.some((x) => x.action === action && !x.disabled)) return;
  const name = summary.name;
  switch (action) {
    case 'edit':
      if (s.parentScenarioId === null && !(await confirmNewScenarioFromBase(name))) return;
      await openEditLocation(locationId);
      return;
    case 'close': {
      const rules = saveTargetRules({
        scenarioHasParent: s.parentScenarioId !== null,
        changeType: summary.changeType,
        existingCount: existingTargets(scenarios.value, s.id).length,
      });
      if (s.parentScenarioId === null && !(await confirmNewScenarioFromBase(name))) return;
      closeDraft.value = {
        locationId,
        name,
        version: summary.version,
        target: rules.initial,
        newScenarioName: '',
        existingScenarioId: existingTargets(scenarios.value, s.id)[0]?.id ?? null,
        error: null,
        saving: false,
      };
      return;
    }
    case 'undoClose':
      if (!(await confirm(t('confirmUndoCloseLocation', { name }), t('undoClose')))) return;
      await simpleWrite('locationUndoClose', locationId, s, true);
      return;
    case 'undoEdit':
      if (!(await confirm(t('confirmUndoEditLocation', { name }), t('undoEdit')))) return;
      await simpleWrite('locationUndoEdit', locationId, s, true);
      return;
    case 'delete':
      if (!(await confirm(t('confirmRemoveLocation', { name }), t('removeLocation')))) return;
      await simpleWrite('locationDelete', locationId, s, false);
  }
}

async function simpleWrite(route: 'locationUndoClose' | 'locationUndoEdit' | 'locationDelete', locationId: number, s: Scenario, ask: boolean): Promise<void> {
  const release = holdEvents();
  try {
    const version = locations.value.find((l) => l.id === locationId)?.version;
    const result = await api.call(route, { params: { scenarioId: s.id, locationId }, query: version ? { version } : {}, expected: expectedFailure });
    await afterLocationWrite(result, {
      fallbackScenarioId: s.parentScenarioId,
      selectLocationAfter: route !== 'locationDelete',
      scenarioName: s.name,
      release,
    });
    if (ask && !result.scenarioDeleted) await askToCalculate(result.scenarioId);
  } catch (error) {
    rethrowUnexpected(error);
    await tellConflictOrFailure(error, 'location');
  } finally {
    release();
  }
}

export function updateCloseDraft(patch: Partial<CloseDraft>): void {
  if (closeDraft.value) closeDraft.value = { ...closeDraft.value, ...patch };
}

/** Query options and path scenario of a write by its save target. */
function targetCall(
  target: SaveTarget,
  current: Scenario,
  newName: string,
  existingId: number | null,
): { sid: number; query: { createScenario?: boolean; overrideScenarioName?: string }; creation: number | null } {
  if (target === 'new')
    return { sid: current.id, query: { createScenario: true, ...(newName.trim() ? { overrideScenarioName: newName.trim() } : {}) }, creation: null };
  if (target === 'existing' && existingId !== null) return { sid: existingId, query: {}, creation: existingId };
  return { sid: current.id, query: {}, creation: null };
}

/** What happens after a location write: the calculate question (Save), or the calculation at once (Save and calculate). */
export interface SaveOptions {
  calculate?: boolean;
}

/**
 * After a location write: with Save and calculate, the calculation starts at
 * once (no question) while the scenarios and locations reload, and a
 * notification confirms both; with Save, the spec's question follows.
 */
async function afterSave(
  result: LocationWriteResult,
  options: SaveOptions,
  write: { fallbackScenarioId: number | null; scenarioName: string; rename: string | null; release?: () => void },
): Promise<void> {
  const reload = afterLocationWrite(result, {
    fallbackScenarioId: write.fallbackScenarioId,
    selectLocationAfter: true,
    scenarioName: write.scenarioName,
    release: write.release,
  });
  if (!options.calculate || result.scenarioDeleted) {
    await reload;
    if (write.rename) await renameAfterChange(result.scenarioId, write.rename);
    if (!result.scenarioDeleted) await askToCalculate(result.scenarioId);
    return;
  }
  notify(t('savedCalculating'), 'success');
  if (write.rename) {
    await reload;
    await renameAfterChange(result.scenarioId, write.rename);
    await calculateAfterWrite(result.scenarioId);
    return;
  }
  await Promise.all([reload, calculateAfterWrite(result.scenarioId)]);
}

export async function saveClose(options: SaveOptions = {}): Promise<boolean> {
  const draft = closeDraft.value;
  const s = scenario.value;
  if (!draft || !s || draft.saving) return false;
  const target = scenarios.value.find((x) => x.id === (draft.target === 'existing' ? draft.existingScenarioId : s.id));
  let rename: string | null = null;
  if (draft.target !== 'new' && target && needsNameForNextChange(target, draft.locationId)) {
    rename = await promptScenarioName(target);
    if (rename === null) return false;
  }
  updateCloseDraft({ saving: true, error: null });
  const call = targetCall(draft.target, s, draft.newScenarioName, draft.existingScenarioId);
  const release = holdEvents();
  try {
    const result = await api.call('locationClose', {
      params: { scenarioId: call.sid, locationId: draft.locationId },
      // The version seen is of the current scenario's location: not sent for a close into another scenario.
      query: { ...call.query, ...(draft.version !== null && draft.target !== 'existing' ? { version: draft.version } : {}) },
      expected: expectedFailure,
    });
    closeDraft.value = null;
    await afterSave(result, options, { fallbackScenarioId: s.parentScenarioId, scenarioName: s.name, rename, release });
    return true;
  } catch (error) {
    rethrowUnexpected(error);
    const conflict = conflictOf(error, 'location');
    if (conflict?.kind === 'changed') {
      updateCloseDraft({ saving: false, version: conflict.version, error: `${conflictText(conflict)} ${t('conflictSaveAgain')}` });
      await loadLocations();
      await loadLocationDetail();
    } else updateCloseDraft({ saving: false, error: conflict ? conflictText(conflict) : failureText(error) });
    return false;
  } finally {
    release();
  }
}

// --- The location dialog ----------------------------------------------------------

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
    conflict: null,
    lastSave: {},
    poisInRange: null,
    shownPois: [],
    nameError: null,
    error: null,
    saving: false,
    movingPin: false,
  };
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
    conflict: null,
    lastSave: {},
    poisInRange: null,
    shownPois: [],
    nameError: null,
    error: null,
    saving: false,
    movingPin: false,
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
