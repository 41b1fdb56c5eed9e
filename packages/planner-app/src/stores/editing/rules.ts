// The rules of the scenario and location writes the app shows before the server
// enforces them (docs/scenarios.md): menu entries, action buttons, save targets,
// names, the group selector. Pure functions.
import { AllowedLocationActions, type Model, type Scenario } from '@locus/contract';
import type { TextKey } from '../../i18n';
import { allowedActions, type LocationAction } from '../locations';
import { isEditable, isProcessing } from '../scenarios';

/** An entry or button that may be disabled, with the hint that says why. */
export interface Availability {
  disabled: boolean;
  reason: TextKey | null;
}
export const enabled: Availability = { disabled: false, reason: null };
export const disabledBy = (reason: TextKey): Availability => ({ disabled: true, reason });

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
