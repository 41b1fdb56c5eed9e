// The editing rules and actions of the planner: the location action table and
// its disabled states, the scenario menu, the save targets, dependencyExpression
// visibility, percentages x100 and /100, the copy-changes delete-source rule,
// the name-required validations, and the writes with their notifications.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { NewLocationProperty } from '@locus/contract';
import { language } from '../src/i18n';
import { canDeleteSource, copyTargets, groupSelectorRules, locationActionStates, saveTargetRules, scenarioMenuState } from '../src/stores/editing/rules';
import { copyDraft, openCopyChanges, toggleCopyLocation, updateCopyDraft } from '../src/stores/editing/copy-changes';
import { dialogSections, displayValue, expressionValues, isPropertyVisible, storedValue } from '../src/stores/editing/properties';
import {
  locationBody,
  locationDraft,
  openNewLocation,
  placingLocation,
  saveLocationDraft,
  startPlacingLocation,
  setFieldValue,
  updateLocationDraft,
  type LocationDraft,
} from '../src/stores/editing/location-dialog';
import { needsNameForNextChange } from '../src/stores/editing/name-prompt';
import { runLocationAction } from '../src/stores/editing/location-actions';
import { openEditScenario, saveScenarioDraft, overwriteScenarioChange, showCompetition, scenarioDraft } from '../src/stores/editing/scenario-dialog';
import { conflictText } from '../src/stores/editing/failures';
import { locations, selectedLocationId, locationDetail } from '../src/stores/locations';
import { models } from '../src/stores/models';
import * as planner from '../src/stores/planner';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { dismiss, notifications } from '../src/stores/ui';
import { fitRequest } from '../src/stores/view';
import { bindNewLocationPin } from '../src/map/new-location-pin';
import { LocationActions } from '../src/ui/location/LocationActions';
import { CopyChangesDialog } from '../src/ui/scenario/ScenarioDialogs';
import { answerConfirmations, setup } from './editing-setup';
import { location, model, scenario } from './fixtures';

function property(id: number, patch: Partial<NewLocationProperty> = {}): NewLocationProperty {
  return {
    id,
    name: `p${id}`,
    title: `P ${id}`,
    description: null,
    label: null,
    propertyType: 1,
    dataType: 1,
    autoCalculateType: null,
    poiSetName: null,
    visible: true,
    viewLocation: 0,
    subModelId: null,
    sectionName: 's',
    sectionTitle: 'S',
    sectionLabel: null,
    sectionViewOrder: 1,
    sectionViewSize: null,
    sectionSecondary: false,
    stringValue: null,
    numberValue: null,
    percentageValue: null,
    defaultValue: null,
    minimumValue: null,
    maximumValue: null,
    roundingDigits: null,
    titleShort: null,
    choices: [],
    rangeColor: null,
    dependencyExpression: null,
    ...patch,
  };
}

/** Answers every confirmation with the next of `answers` (then No), recording the questions. */
// --- The action table --------------------------------------------------------

test('location actions follow the changeType table; delete and the undos need a parent; all disabled while calculating', () => {
  const names = (changeType: number, parent: boolean, status: number) =>
    locationActionStates(changeType, parent, status).map((a) => `${a.action}${a.disabled ? `!${a.reason}` : ''}`);
  assert.equal(names(0, true, 0), ['edit', 'close']);
  assert.equal(names(1, true, 9), ['edit', 'delete']);
  assert.equal(names(2, true, 10), ['undoClose']);
  assert.equal(names(3, true, 0), ['edit', 'undoEdit']);
  assert.equal(names(7, true, 0), ['edit', 'undoEdit'], 'other changeTypes count as edited');
  assert.equal(names(1, false, 0), ['edit', 'delete!hintBaseScenarioNothingToUndo']);
  assert.equal(names(2, false, 0), ['undoClose!hintBaseScenarioNothingToUndo']);
  for (const status of [1, 4, 8]) assert.equal(names(0, true, status), ['edit!hintScenarioCalculating', 'close!hintScenarioCalculating']);
  assert.equal(names(3, true, 11), ['edit!hintScenarioReadOnly', 'undoEdit!hintScenarioReadOnly'], 'unknown statuses are read-only too');
});

test('the scenario menu: base, children, read-only and calculating states with their hints', () => {
  const base = scenario(1);
  const child = scenario(2, { parentScenarioId: 1, changeCount: 2 });
  const grandchild = scenario(3, { parentScenarioId: 2, changeCount: 1 });
  const list = [base, child, grandchild];
  const reasons = (s: ReturnType<typeof scenario> | null) => Object.fromEntries(Object.entries(scenarioMenuState(s, list)).map(([k, v]) => [k, v.reason]));
  assert.equal(reasons(null), {
    newScenario: 'scenarioNotSelected',
    edit: 'scenarioNotSelected',
    remove: 'scenarioNotSelected',
    copyChanges: 'scenarioNotSelected',
    calculate: 'scenarioNotSelected',
  });
  assert.equal(reasons(base), { newScenario: null, edit: 'hintBaseScenario', remove: 'hintBaseScenario', copyChanges: 'hintBaseScenario', calculate: null });
  assert.equal(reasons(child), { newScenario: null, edit: null, remove: 'hintScenarioHasChildren', copyChanges: 'hintScenarioHasChildren', calculate: null });
  assert.equal(reasons(grandchild), { newScenario: null, edit: null, remove: null, copyChanges: null, calculate: null });
  const busy = { ...grandchild, status: 5 as const };
  assert.equal(reasons(busy), {
    newScenario: null,
    edit: 'hintScenarioCalculating',
    remove: 'hintScenarioCalculating',
    copyChanges: 'hintScenarioCalculating',
    calculate: 'hintScenarioCalculating',
  });
  assert.is(scenarioMenuState({ ...grandchild, changeCount: 0 }, list).copyChanges.reason, 'hintNoChanges');
  assert.is(scenarioMenuState({ ...grandchild, status: 9 }, list).calculate.disabled, false, 'a calculated scenario can be calculated again');
});

// --- Save targets and the dialog's rules ---------------------------------------------

test('save targets: current disabled without a parent, new disabled for changeType 1 and 3, existing needs another scenario', () => {
  const r = (scenarioHasParent: boolean, changeType: number | null, existingCount = 1) => {
    const rules = saveTargetRules({ scenarioHasParent, changeType, existingCount });
    return [rules.current.disabled, rules.new.disabled, rules.existing.disabled, rules.initial];
  };
  assert.equal(r(true, 0), [false, false, false, 'current']);
  assert.equal(r(false, 0), [true, false, false, 'new'], 'the base scenario saves into a new scenario');
  assert.equal(r(false, null), [true, false, false, 'new'], 'a new location in the base');
  assert.equal(r(true, 3), [false, true, false, 'current']);
  assert.equal(r(true, 1), [false, true, true, 'current'], 'a location opened here exists in no other scenario');
  assert.equal(r(true, 0, 0), [false, false, true, 'current']);
  assert.is(saveTargetRules({ scenarioHasParent: false, changeType: 0, existingCount: 1 }).current.reason, 'hintBaseScenario');
  assert.is(saveTargetRules({ scenarioHasParent: true, changeType: 3, existingCount: 1 }).new.reason, 'hintChangedInScenario');
});

test('location group selector: only with more than one group, selectable plus current, clearable unless mandatory, preselection', () => {
  const groups = [
    { id: 1, code: 'A', name: 'Alpha', selectable: true },
    { id: 2, code: 'B', name: 'Beta', selectable: false },
    { id: 3, code: 'C', name: 'Gamma', selectable: true },
  ];
  const free = groupSelectorRules({ locationGroups: groups, locationGroupMandatory: false }, null, true);
  assert.equal([free.show, free.clearable, free.options.map((g) => g.id), free.initial], [true, true, [1, 3], null]);
  const keeps = groupSelectorRules({ locationGroups: groups, locationGroupMandatory: false }, 2, false);
  assert.equal(
    keeps.options.map((g) => g.id),
    [1, 2, 3],
    'the current unselectable group stays',
  );
  assert.is(keeps.initial, 2);
  const mandatory = groupSelectorRules({ locationGroups: groups, locationGroupMandatory: true }, null, true);
  assert.equal([mandatory.clearable, mandatory.initial], [false, 1], 'mandatory: the first selectable group is preselected');
  const single = groupSelectorRules({ locationGroups: [groups[0]!], locationGroupMandatory: false }, null, true);
  assert.equal([single.show, single.initial], [false, 1], 'one group: hidden and preselected');
  assert.is(
    groupSelectorRules({ locationGroups: [groups[0]!], locationGroupMandatory: false }, null, false).initial,
    null,
    'an existing location keeps no group',
  );
});

// --- Values and visibility -------------------------------------------------------------

test('percentages are shown x100 and saved /100; text and numbers go to their own value', () => {
  const pct = property(1, { dataType: 2, numberValue: 0.125, percentageValue: 12.5 });
  assert.is(displayValue(pct), 12.5);
  assert.is(displayValue({ ...pct, percentageValue: null, numberValue: 0.07 }), 7, 'x100 without floating-point noise');
  assert.equal(storedValue(pct, 12.5), { id: 1, stringValue: null, numberValue: 0.125 });
  assert.equal(storedValue(pct, '7'), { id: 1, stringValue: null, numberValue: 0.07 });
  assert.equal(storedValue(pct, '33,3'), { id: 1, stringValue: null, numberValue: 0.333 }, 'a decimal comma is read');
  assert.equal(storedValue(property(2), '1200'), { id: 2, stringValue: null, numberValue: 1200 });
  assert.equal(storedValue(property(2), ''), { id: 2, stringValue: null, numberValue: null });
  assert.equal(storedValue(property(3, { dataType: 0 }), 'Full'), { id: 3, stringValue: 'Full', numberValue: null });
  assert.is(displayValue(property(3, { dataType: 0, stringValue: null })), '');
});

test('dependencyExpression: visible when it holds, hidden when not, visible when it cannot be evaluated', () => {
  const spaces = property(1, { name: 'parkingSpaces', dataType: 4, numberValue: 0 });
  const share = property(2, { name: 'shareFresh', dataType: 2, numberValue: 0.5, percentageValue: 50 });
  const paid = property(3, { name: 'parkingPaid', dataType: 5, dependencyExpression: 'parkingSpaces > 0' });
  const byGroup = property(4, { dependencyExpression: "locationGroupCode = 'A' and shareFresh > 0.4" });
  const broken = property(5, { dependencyExpression: 'unknownProperty > 3' });
  const syntax = property(6, { dependencyExpression: 'parkingSpaces >' });
  const all = [spaces, share, paid, byGroup, broken, syntax];
  let values = expressionValues(all, { 1: 0 }, 'A');
  assert.is(isPropertyVisible(paid, values), false);
  assert.is(isPropertyVisible(byGroup, values), true, 'the group code and the stored fraction (50 % = 0.5) are read');
  assert.is(isPropertyVisible(broken, values), true, 'a missing property keeps it visible');
  assert.is(isPropertyVisible(syntax, values), true, 'a syntax error keeps it visible');
  assert.is(isPropertyVisible(spaces, values), true, 'no expression: visible');
  values = expressionValues(all, { 1: '12' }, 'B');
  assert.is(isPropertyVisible(paid, values), true, 'the typed value counts');
  assert.is(isPropertyVisible(byGroup, values), false, 'another group hides it');
});

test('sections in sectionViewOrder with their size, secondary sections last', () => {
  const sections = dialogSections([
    property(1, { sectionName: 'b', sectionViewOrder: 2, sectionViewSize: 6 }),
    property(2, { sectionName: 'x', sectionViewOrder: 0, sectionSecondary: true }),
    property(3, { sectionName: 'a', sectionViewOrder: 1 }),
    property(4, { sectionName: 'b', sectionViewOrder: 2 }),
  ]);
  assert.equal(
    sections.map((s) => [s.name, s.size, s.properties.map((p) => p.id)]),
    [
      ['a', 12, [3]],
      ['b', 6, [1, 4]],
      ['x', 12, [2]],
    ],
  );
});

test('the location body sends editable values (percentages /100), not outputs or calculated values', () => {
  const draft = {
    mode: 'edit',
    locationId: 5,
    changeType: 0,
    name: '  Store 5 ',
    latitude: 52,
    longitude: 5,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: 1,
    originalGroupId: 1,
    locationClusterId: null,
    clusters: [],
    properties: [
      property(1, { dataType: 2 }),
      property(2, { propertyType: 4 }),
      property(3, { autoCalculateType: 6, numberValue: 4 }),
      property(4, { dataType: 0, stringValue: 'x' }),
    ],
    values: { 1: 40, 4: 'y' },
    target: 'current',
    newScenarioName: '',
    existingScenarioId: null,
    scenarioModified: '2026-11-02T00:00:00Z',
    version: 4711,
    conflict: null,
    lastSave: {},
    poisInRange: null,
    shownPois: [],
    nameError: null,
    error: null,
    saving: false,
    movingPin: false,
  } as LocationDraft;
  const body = locationBody(draft, null);
  assert.is(body.name, 'Store 5');
  assert.equal(body.locationProperties, [
    { id: 1, stringValue: null, numberValue: 0.4 },
    { id: 4, stringValue: 'y', numberValue: null },
  ]);
  assert.is(body.version, 4711, 'the version the user saw goes with the write');
  assert.is(body.scenarioModified, undefined, 'the scenario stamp does not: another store saved meanwhile is no conflict');
  assert.is(locationBody({ ...draft, target: 'existing' }, 9).version, undefined, 'a save into another scenario has no version seen there');
  assert.is(body.scenarioCreation, null);
});

// --- Copy changes --------------------------------------------------------------

test('copy changes: targets are top scenarios with a parent other than the source; delete source needs every change', async () => {
  const list = [
    scenario(1, { isTop: true }),
    scenario(2, { parentScenarioId: 1, isTop: true }),
    scenario(3, { parentScenarioId: 1, changeCount: 2 }),
    scenario(4, { parentScenarioId: 1, isTop: true }),
  ];
  assert.equal(
    copyTargets(list, 2).map((s) => s.id),
    [4],
  );
  assert.equal(
    copyTargets(list, 3).map((s) => s.id),
    [2, 4],
  );
  assert.is(canDeleteSource([11, 12], [11, 12]), true);
  assert.is(canDeleteSource(new Set([11]), [11, 12]), false);
  assert.is(canDeleteSource([], []), false);

  const fake = setup({
    scenarioChanges: () => [
      { locationId: 11, locationName: 'Store 11', changeType: 3 },
      { locationId: 12, locationName: 'Store 12', changeType: 1 },
    ],
  });
  scenarios.value = list;
  scenarioId.value = 3;
  await openCopyChanges();
  assert.equal(fake.names(), ['scenarioChanges']);
  assert.is(copyDraft.value?.destinationId, 2);
  updateCopyDraft({ deleteSource: true });
  assert.is(copyDraft.value?.deleteSource, true);
  toggleCopyLocation(12, false);
  assert.is(copyDraft.value?.deleteSource, false, 'deselecting a change drops delete source');

  const root = document.createElement('div');
  document.body.appendChild(root);
  const react = createRoot(root as unknown as HTMLElement);
  await act(async () => react.render(<CopyChangesDialog />));
  const deleteBox = () => within(root).getByRole<HTMLInputElement>('checkbox', { name: /Delete source scenario/, hidden: true });
  assert.is(deleteBox().disabled, true, 'disabled while a change is not selected');
  await act(async () => toggleCopyLocation(12, true));
  assert.is(deleteBox().disabled, false, 'enabled with every change selected');
  await act(async () => react.unmount());
  root.remove();
  copyDraft.value = null;
});

test('copy changes with no top scenario shows the notice instead of the dialog', async () => {
  const fake = setup({});
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, changeCount: 1 })];
  scenarioId.value = 2;
  await openCopyChanges();
  assert.is(copyDraft.value, null);
  assert.equal(fake.names(), []);
  assert.equal(
    notifications.value.map((n) => n.text),
    ['No top scenarios were found.'],
  );
});

// --- Validation -------------------------------------------------------------------

test('name required: the location dialog and the scenario dialog refuse a blank name without calling the server', async () => {
  const fake = setup({});
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1 })];
  scenarioId.value = 2;
  locationDraft.value = {
    mode: 'new',
    locationId: null,
    changeType: null,
    name: '   ',
    latitude: 52,
    longitude: 5,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: null,
    originalGroupId: null,
    locationClusterId: null,
    clusters: [],
    properties: [],
    values: {},
    target: 'current',
    newScenarioName: '',
    existingScenarioId: null,
    scenarioModified: null,
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
  assert.is(await saveLocationDraft(), false);
  assert.is(locationDraft.value?.nameError, 'Name is required');
  language.value = 'nl';
  assert.is(await saveLocationDraft(), false);
  assert.is(locationDraft.value?.nameError, 'Naam is verplicht');
  language.value = 'en';
  scenarioDraft.value = {
    mode: 'new',
    scenarioId: 2,
    name: ' ',
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
  assert.is(await saveScenarioDraft(), false);
  assert.is(scenarioDraft.value?.nameError, 'Scenario name is required');
  assert.equal(fake.names(), []);
  locationDraft.value = null;
  scenarioDraft.value = null;
});

test('edit scenario: the name is locked for one change, the version goes with the update, competition is off for score models, a conflict keeps the form', async () => {
  const { ApiFailure } = await import('@locus/contract/client');
  let refuse: false | 'modified' | 'elsewhere' = false;
  const fake = setup({
    scenarioUpdate: (o) => {
      if (refuse === 'modified') throw new ApiFailure('scenarioUpdate', 409, { statusCode: 409, error: 'Conflict', message: 'scenarioWasModified' }, '');
      if (refuse === 'elsewhere')
        throw new ApiFailure(
          'scenarioUpdate',
          409,
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'changedElsewhere',
            params: { modifiedBy: 'Anna Visser', modified: new Date().toISOString(), version: 5005 },
          },
          '',
        );
      return { ...scenario(2, { parentScenarioId: 1 }), ...(o.body as unknown as object) };
    },
    scenarios: () => [scenario(1), scenario(2, { parentScenarioId: 1, changeCount: 1, name: 'Store 11', isTop: true })],
    scenarioLocations: () => [],
  });
  models.value = [model(1, { outputType: 4 })];
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, changeCount: 1, name: 'Store 11', competition: true, modified: '2026-11-05T10:00:00Z' })];
  scenarioId.value = 2;
  assert.is(showCompetition.value, false, 'hidden for a score model');
  openEditScenario();
  assert.is(scenarioDraft.value?.nameLocked, true);
  scenarioDraft.value = { ...scenarioDraft.value!, name: '', isTop: true };
  assert.is(await saveScenarioDraft(), true, 'a locked name is not validated');
  const update = fake.calls.find((c) => c.name === 'scenarioUpdate')!;
  assert.equal(
    update.options.body,
    { id: 2, name: 'Store 11', isTop: true, competition: false, version: 1002 },
    'the locked name is sent as it is, with the version read',
  );
  assert.is(scenarioDraft.value, null);
  refuse = 'modified';
  openEditScenario();
  assert.is(await saveScenarioDraft(), false);
  assert.is(scenarioDraft.value?.error, 'Someone else changed this scenario in the meantime. Reload and save again.');
  refuse = 'elsewhere';
  scenarioDraft.value = { ...scenarioDraft.value!, isTop: false, error: null };
  assert.is(await saveScenarioDraft(), false);
  const conflict = scenarioDraft.value!.conflict!;
  assert.is(conflict.kind, 'changed');
  assert.match(conflictText(conflict), /^Anna Visser changed this scenario at .+, after you opened it\.$/);
  assert.is(scenarioDraft.value!.isTop, false, 'the edit stays in the form');
  refuse = false;
  assert.is(await overwriteScenarioChange(), true);
  const overwrite = fake.calls.filter((c) => c.name === 'scenarioUpdate').at(-1)!;
  assert.is((overwrite.options.body as unknown as { version?: number }).version, 5005, 'the overwrite sends the version now stored');
  scenarioDraft.value = null;
  models.value = [model(1)];
});

test('a one-change scenario asks for a name before a change of another location', () => {
  const one = scenario(2, { parentScenarioId: 1, changeCount: 1, changes: [{ locationId: 11, locationName: 'Store 11', changeType: 3 }] });
  assert.is(needsNameForNextChange(one, 12), true);
  assert.is(needsNameForNextChange(one, 11), false, 'the same location again');
  assert.is(needsNameForNextChange({ ...one, changeCount: 2 }, 12), false);
  assert.is(needsNameForNextChange(scenario(1, { changeCount: 1 }), 12), false, 'the base scenario is never saved into');
});

// --- Writes -----------------------------------------------------------------------

test('a 409 answer is shown translated in the dialog, scenarioWasModified included', async () => {
  const { ApiFailure } = await import('@locus/contract/client');
  const fake = setup({
    newLocationProperties: () => [property(1, { dataType: 2, numberValue: 0.35, percentageValue: 35 })],
    nearByLocationClusters: () => [{ id: 5, name: 'Centre' }],
    locationCreate: () => {
      throw new ApiFailure('locationCreate', 409, { statusCode: 409, error: 'Conflict', message: 'scenarioWasModified' }, '');
    },
  });
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1 })];
  scenarioId.value = 2;
  await openNewLocation(5.1, 52.1);
  assert.is(locationDraft.value?.values[1], 35, 'defaults shown, the percentage x100');
  assert.equal(locationDraft.value?.clusters, [{ id: 5, name: 'Centre' }]);
  assert.is(locationDraft.value?.locationGroupId, 1, 'the only group is preselected');
  updateLocationDraft({ name: 'New store' });
  setFieldValue(1, '40');
  assert.is(await saveLocationDraft(), false);
  assert.is(locationDraft.value?.error, 'Someone else changed this scenario in the meantime. Reload and save again.');
  const create = fake.calls.find((c) => c.name === 'locationCreate')!;
  assert.equal((create.options.body as unknown as { locationProperties: unknown[] }).locationProperties, [{ id: 1, stringValue: null, numberValue: 0.4 }]);
  assert.equal(create.options.params, { scenarioId: 2 });
  locationDraft.value = null;
});

test('undo edit: confirmation, the rename notification, the scenario reloaded and selected, fit, then the calculate question', async () => {
  const renamed = scenario(2, { parentScenarioId: 1, name: 'Store 12', changeCount: 1 });
  let scenarioList = [scenario(1), scenario(2, { parentScenarioId: 1, name: 'Two changes', changeCount: 2 })];
  const fake = setup({
    locationUndoEdit: () => {
      scenarioList = [scenario(1), renamed];
      return { scenarioId: 2, locationId: 11, scenarioRenamedTo: 'Store 12' };
    },
    scenarios: () => scenarioList,
    scenarioLocations: () => [location(11), location(12, { changeType: 3 })],
    scenarioLocationProperties: (o) => ({ ...location((o.params as { locationId: number }).locationId), locationClusters: [], locationProperties: [] }),
  });
  scenarios.value = scenarioList;
  scenarioId.value = 2;
  locations.value = [location(11, { changeType: 3 }), location(12, { changeType: 3 })];
  selectedLocationId.value = 11;
  locationDetail.value = { ...location(11, { changeType: 3 }), locationClusters: [], locationProperties: [] };
  const { asked, stop } = answerConfirmations([true, false]);
  await runLocationAction('undoEdit', 11);
  stop();
  assert.equal(asked, ['Undo the changes to "Store 11"?', 'Calculate scenario "Store 12" now?']);
  assert.ok(fake.names().includes('locationUndoEdit'));
  assert.equal(
    notifications.value.map((n) => n.text),
    ['The scenario was renamed to "Store 12".'],
  );
  assert.is(scenarios.value.find((s) => s.id === 2)?.name, 'Store 12');
  assert.equal(fitRequest.value?.request, { kind: 'locations', ids: [11] });
});

test('remove location: a No answer writes nothing; Yes deletes and reports the removed scenario', async () => {
  const fake = setup({
    locationDelete: () => ({ scenarioId: 2, locationId: 11, scenarioDeleted: true }),
    scenarios: () => [scenario(1)],
    scenarioLocations: () => [location(12)],
  });
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, name: 'Store 11', changeCount: 1 })];
  scenarioId.value = 2;
  locations.value = [location(11, { changeType: 1 }), location(12)];
  selectedLocationId.value = 11;
  locationDetail.value = { ...location(11, { changeType: 1 }), locationClusters: [], locationProperties: [] };
  let answers = answerConfirmations([false]);
  await runLocationAction('delete', 11);
  answers.stop();
  assert.equal(answers.asked, ['Remove location "Store 11"?']);
  assert.equal(fake.names(), []);
  answers = answerConfirmations([true]);
  await runLocationAction('delete', 11);
  answers.stop();
  assert.equal(answers.asked, ['Remove location "Store 11"?'], 'no calculate question after a delete that removed the scenario');
  assert.equal(
    notifications.value.map((n) => n.text),
    ['Scenario "Store 11" had no changes left and was removed.'],
  );
  assert.is(scenarioId.value, 1, 'the parent is selected');
  assert.is(selectedLocationId.value, null);
});

test('closing in the base scenario asks first and goes into a new scenario', async () => {
  setup({});
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1 })];
  scenarioId.value = 1;
  locations.value = [location(11)];
  selectedLocationId.value = 11;
  locationDetail.value = { ...location(11), locationClusters: [], locationProperties: [] };
  const { asked, stop } = answerConfirmations([true]);
  await runLocationAction('close', 11);
  stop();
  assert.match(asked[0]!, /goes into a new scenario named like the location/);
  const { closeDraft } = await import('../src/stores/editing/location-actions');
  assert.is(closeDraft.value?.target, 'new');
  closeDraft.value = null;
});

test('close and calculate: the close is saved into a new scenario and its calculation starts without the question', async () => {
  const fake = setup({
    locationClose: () => ({ scenarioId: 5, locationId: 11, scenarioRenamedTo: null, scenarioDeleted: false }),
    scenarios: () => [scenario(1), scenario(5, { parentScenarioId: 1, name: 'Store 11' })],
    scenarioLocations: () => [location(11, { changeType: 2 })],
    scenarioLocationProperties: () => ({ ...location(11, { changeType: 2 }), locationClusters: [], locationProperties: [] }),
    scenarioStartProcessing: () => ({}),
  });
  scenarios.value = [scenario(1)];
  scenarioId.value = 1;
  locations.value = [location(11)];
  selectedLocationId.value = 11;
  locationDetail.value = { ...location(11), locationClusters: [], locationProperties: [] };
  const { asked, stop } = answerConfirmations([true]);
  await runLocationAction('close', 11);
  const { closeDraft, saveClose } = await import('../src/stores/editing/location-actions');
  assert.ok(await saveClose({ calculate: true }));
  stop();
  assert.is(asked.length, 1, "only the base scenario's confirmation: no calculate question");
  assert.is(closeDraft.value, null);
  const start = fake.calls.find((c) => c.name === 'scenarioStartProcessing');
  assert.ok(start, 'the calculation is started');
  assert.equal((start!.options as { params: unknown }).params, { scenarioId: 5 });
  assert.is(scenarioId.value, 5, 'the new scenario is shown');
  assert.ok(
    notifications.value.some((n) => n.tone === 'success'),
    'the confirmation',
  );
  planner.stopStatusPolling();
});

// --- Placing a new location ------------------------------------------------------

/** A map with the calls the pin uses: one pixel is 0.01 degree from the origin. */
function fakeMap() {
  const listeners = new Map<string, ((e: unknown) => void)[]>();
  return {
    // The map's element: placing puts the focus on it and describes it with the keys' hint.
    container: document.createElement('div') as unknown as HTMLElement,
    getCenter: (): [number, number] => [5, 52],
    on(type: string, listener: (e: unknown) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      return () =>
        listeners.set(
          type,
          (listeners.get(type) ?? []).filter((l) => l !== listener),
        );
    },
    emit(type: string, e: unknown) {
      for (const l of listeners.get(type) ?? []) l(e);
    },
    project: ([lon, lat]: [number, number]): [number, number] => [lon * 100, -lat * 100 + 10000],
    unproject: ([x, y]: [number, number]): [number, number] => [x / 100, (10000 - y) / 100],
  };
}

test('placing: the crosshair while placing, Escape cancels, a map click opens the dialog there with the pin, the pin moves', async () => {
  const fake = setup({
    newLocationProperties: () => [],
    nearByLocationClusters: (o) => [{ id: (o.query as unknown as { longitude: number }).longitude > 5.05 ? 9 : 8, name: 'Near' }],
  });
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1 })];
  scenarioId.value = 2;
  const container = document.createElement('div') as unknown as HTMLElement;
  document.body.appendChild(container as unknown as Node);
  const map = fakeMap();
  const unbind = bindNewLocationPin(map as never, container);
  const pin = container.querySelector('.new-location-pin') as HTMLButtonElement;
  assert.is(pin.hidden, true);
  startPlacingLocation();
  assert.ok(container.classList.contains('placing-location'));
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }) as never);
  assert.is(placingLocation.value, false, 'Escape cancels');
  assert.not.ok(container.classList.contains('placing-location'));
  map.emit('click', { lngLat: [5, 52] });
  assert.equal(fake.names(), [], 'a click when not placing does nothing');

  startPlacingLocation();
  map.emit('click', { lngLat: [5, 52] });
  await new Promise((r) => setTimeout(r, 0));
  assert.is(placingLocation.value, false);
  assert.equal([locationDraft.value?.mode, locationDraft.value?.longitude, locationDraft.value?.latitude], ['new', 5, 52]);
  assert.is(pin.hidden, false);
  assert.is(pin.style.transform, 'translate(484px, 4760px)', 'the tip of the pin on the point');
  assert.match(pin.getAttribute('aria-label') ?? '', /52° 0′ 0.0″ N, 5° 0′ 0.0″ E/);

  pin.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  await new Promise((r) => setTimeout(r, 0));
  assert.is(locationDraft.value?.longitude, 5.1, 'an arrow key moves the pin 10 px');
  assert.equal(locationDraft.value?.clusters, [{ id: 9, name: 'Near' }], 'the clusters near by follow the position');
  locationDraft.value = null;
  assert.is(pin.hidden, true);
  unbind();
  assert.is(container.querySelector('.new-location-pin'), null);
});

// --- Components -------------------------------------------------------------------

test('the drawer buttons: the changeType row, disabled with the hint while the scenario calculates', async () => {
  setup({});
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, status: 9 })];
  scenarioId.value = 2;
  locations.value = [location(11, { changeType: 3 })];
  selectedLocationId.value = 11;
  const root = document.createElement('div');
  document.body.appendChild(root);
  const react = createRoot(root as unknown as HTMLElement);
  await act(async () => react.render(<LocationActions />));
  const buttons = () =>
    within(root)
      .queryAllByRole('button', { hidden: true })
      .map((b) => `${b.textContent}${b.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`);
  assert.equal(buttons(), ['Edit location', 'Undo edit']);
  await act(async () => {
    scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, status: 3 })];
  });
  assert.equal(buttons(), ['Edit locationscenario is calculating (disabled)', 'Undo editscenario is calculating (disabled)']);
  assert.is(within(root).getAllByRole('button', { hidden: true })[0]!.getAttribute('title'), 'scenario is calculating');
  await act(async () => {
    locations.value = [location(11, { changeType: 2 })];
    scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, status: 0 })];
  });
  assert.equal(buttons(), ['Undo close']);
  await act(async () => react.unmount());
  root.remove();
});

test.after(() => {
  // Notification timers would keep the process alive.
  for (const n of notifications.value) dismiss(n.id);
});

test.run();
