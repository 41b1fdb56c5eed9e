// Every scenario rule about scenarios and location changes (with the
// roles' permissions) against the real server on a real database, through
// the HTTP API with tokens from the built-in provider: for each rule the
// allowed case and the refused one, and after every refusal a read showing
// nothing changed. The field rules (names, groups, property values) are in
// scenario-fields.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routes } from '@locus/contract';
import { signIn } from './helpers/sign-in.js';
import { accepted, refused, startScenarioKit, type ScenarioKit } from './helpers/scenario-kit.js';

let kit: ScenarioKit;
test.before(async () => {
  kit = await startScenarioKit();
});
test.after(async () => {
  await kit?.server.close();
});

// Short names for what every test uses (set once the server runs).
const L = (index: number) => kit.L(index);
const child: ScenarioKit['child'] = (...args) => kit.child(...args);
const unchangedBy: ScenarioKit['unchangedBy'] = (...args) => kit.unchangedBy(...args);
const setStatus: ScenarioKit['setStatus'] = (...args) => kit.setStatus(...args);
const statusOf: ScenarioKit['statusOf'] = (...args) => kit.statusOf(...args);
const shown: ScenarioKit['shown'] = (...args) => kit.shown(...args);
const newStore: ScenarioKit['newStore'] = (...args) => kit.newStore(...args);

test('without a token every write is 401; without access to the model 403; a global administrator reaches every model', async () => {
  const s = await child('Roles');
  accepted(await kit.planner.close(s, L(0)));
  const body = await kit.planner.editBody(s, L(1), { name: 'Hijacked' });
  await unchangedBy([s, kit.f.baseId], async () => {
    for (const [api, status] of [
      [kit.anonymous, 401],
      [kit.outsider, 403],
    ] as const) {
      assert.is((await api.open(s, newStore('Intruder'))).status, status);
      assert.is((await api.edit(kit.f.modelId, s, L(1), body)).status, status);
      assert.is((await api.close(s, L(2))).status, status);
      assert.is((await api.undoClose(s, L(0))).status, status);
      assert.is((await api.undoEdit(s, L(1))).status, status);
      assert.is((await api.remove(s, L(1))).status, status);
      assert.is((await api.createScenario(kit.f.modelId, { name: 'Intruder', parentScenarioId: kit.f.baseId })).status, status);
      assert.is((await api.updateScenario(kit.f.modelId, { id: s, name: 'Intruder', isTop: true, competition: false })).status, status);
      assert.is((await api.deleteScenario(kit.f.modelId, s)).status, status);
      assert.is((await api.copyChanges(s, kit.f.baseId, { changedLocations: [L(0)], selectedLocations: [L(0)], deleteSourceScenario: false })).status, status);
    }
  });
  const created = accepted(await kit.globalAdmin.createScenario(kit.f.modelId, { name: 'By the administrator', parentScenarioId: kit.f.baseId }));
  accepted(await kit.globalAdmin.close(created.id, L(3)));
  assert.equal(
    (await kit.planner.changes(created.id)).map((c) => c.locationId),
    [L(3)],
  );
});

test('the base scenario cannot be changed: every location write into it is refused with scenarioHasNoParent', async () => {
  const body = await kit.planner.editBody(kit.f.baseId, L(0), { name: 'Centraal renamed' });
  await unchangedBy([kit.f.baseId], async () => {
    refused(await kit.planner.open(kit.f.baseId, newStore('In the base')), 409, 'scenarioHasNoParent');
    refused(await kit.planner.edit(kit.f.modelId, kit.f.baseId, L(0), body), 409, 'scenarioHasNoParent');
    refused(await kit.planner.close(kit.f.baseId, L(0)), 409, 'scenarioHasNoParent');
    refused(await kit.planner.undoClose(kit.f.baseId, L(0)), 409, 'scenarioHasNoParent');
    refused(await kit.planner.undoEdit(kit.f.baseId, L(0)), 409, 'scenarioHasNoParent');
    refused(await kit.planner.remove(kit.f.baseId, L(0)), 409, 'scenarioHasNoParent');
  });
  // Allowed: the change goes into a new child scenario named like the location.
  const saved = accepted(await kit.planner.edit(kit.f.modelId, kit.f.baseId, L(0), body, { createScenario: true }));
  assert.is(saved.locationId, L(0));
  assert.is.not(saved.scenarioId, kit.f.baseId);
  const scenario = await kit.planner.scenario(kit.f.modelId, saved.scenarioId);
  assert.is(scenario?.name, 'Centraal renamed');
  assert.is(scenario?.parentScenarioId, kit.f.baseId);
  assert.equal(scenario?.changes, [{ locationId: L(0), locationName: 'Centraal renamed', changeType: 3 }]);
  assert.is((await shown(kit.f.baseId, L(0)))?.name, 'Amsterdam Centraal', 'the base keeps its location');
});

test('the base scenario cannot be edited or removed; another scenario can', async () => {
  const base = (await kit.planner.scenario(kit.f.modelId, kit.f.baseId))!;
  await unchangedBy([kit.f.baseId], async () => {
    refused(
      await kit.planner.updateScenario(kit.f.modelId, { id: kit.f.baseId, name: 'Renamed base', isTop: true, competition: false }),
      409,
      'scenarioHasNoParent',
    );
    refused(await kit.planner.deleteScenario(kit.f.modelId, kit.f.baseId), 409, 'scenarioHasNoParent');
  });
  assert.is((await kit.planner.scenario(kit.f.modelId, kit.f.baseId))?.name, base.name);
  const s = await child('Temporary');
  const updated = accepted(await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Temporary, renamed', isTop: false, competition: true }));
  assert.is(updated.name, 'Temporary, renamed');
  assert.is(updated.competition, true);
  assert.equal(accepted(await kit.planner.deleteScenario(kit.f.modelId, s)), { id: s, deleted: true });
  assert.is(await kit.planner.scenario(kit.f.modelId, s), undefined);
});

test('changeType 0 allows edit and close; undo close, undo edit and delete are refused', async () => {
  const s = await child('Table 0');
  accepted(await kit.planner.close(s, L(4)));
  await unchangedBy([s], async () => {
    refused(await kit.planner.undoClose(s, L(0)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoEdit(s, L(0)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.remove(s, L(0)), 409, 'actionNotAllowedForChangeType');
  });
  accepted(await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0), { excluded: true })));
  assert.is((await shown(s, L(0)))?.changeType, 3);
  accepted(await kit.planner.close(s, L(1)));
  assert.is((await shown(s, L(1)))?.changeType, 2);
});

test('changeType 1 (opened here) allows edit and delete; close, undo close and undo edit are refused; delete removes the location row', async () => {
  const s = await child('Table 1');
  accepted(await kit.planner.close(s, L(4)));
  const { locationId } = accepted(await kit.planner.open(s, newStore('Jumbo Oost')));
  await unchangedBy([s], async () => {
    refused(await kit.planner.close(s, locationId), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoClose(s, locationId), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoEdit(s, locationId), 409, 'actionNotAllowedForChangeType');
  });
  const body = await kit.planner.editBody(s, locationId, { latitude: 52.361 });
  accepted(await kit.planner.edit(kit.f.modelId, s, locationId, body));
  const after = await shown(s, locationId);
  assert.is(after?.changeType, 1, 'an edited new location stays opened');
  assert.is(after?.latitude, 52.361);
  accepted(await kit.planner.remove(s, locationId));
  assert.is(await shown(s, locationId), undefined);
  assert.is((await kit.server.ctx.db.query('SELECT 1 FROM location WHERE id = $1', [locationId])).rows.length, 0, 'the location row is gone');
});

test('changeType 2 (closed here) allows undo close only', async () => {
  const s = await child('Table 2');
  accepted(await kit.planner.close(s, L(4)));
  accepted(await kit.planner.close(s, L(1)));
  const body = await kit.planner.editBody(s, L(1), { excluded: true });
  await unchangedBy([s], async () => {
    refused(await kit.planner.edit(kit.f.modelId, s, L(1), body), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.close(s, L(1)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.remove(s, L(1)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoEdit(s, L(1)), 409, 'actionNotAllowedForChangeType');
  });
  accepted(await kit.planner.undoClose(s, L(1)));
  assert.is((await shown(s, L(1)))?.changeType, 0, 'the location is as the base has it');
});

test('changeType 3 (edited here) allows edit and undo edit; close, delete and undo close are refused', async () => {
  const s = await child('Table 3');
  accepted(await kit.planner.close(s, L(4)));
  accepted(await kit.planner.edit(kit.f.modelId, s, L(2), await kit.planner.editBody(s, L(2), { excluded: true })));
  await unchangedBy([s], async () => {
    refused(await kit.planner.close(s, L(2)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.remove(s, L(2)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoClose(s, L(2)), 409, 'actionNotAllowedForChangeType');
  });
  accepted(await kit.planner.edit(kit.f.modelId, s, L(2), await kit.planner.editBody(s, L(2), { visibility: 1 })));
  assert.is((await shown(s, L(2)))?.visibility, 1);
  accepted(await kit.planner.undoEdit(s, L(2)));
  const back = await shown(s, L(2));
  assert.is(back?.changeType, 0);
  assert.is(back?.excluded, false, 'undo edit brings back the values of the parent');
  assert.is(back?.visibility, 0);
});

test('after undo or delete: one change left renames the scenario after it, none left removes it, and the answer says which', async () => {
  const s = await child('My plan');
  accepted(await kit.planner.close(s, L(0)));
  accepted(await kit.planner.edit(kit.f.modelId, s, L(1), await kit.planner.editBody(s, L(1), { excluded: true })));
  const renamed = accepted(await kit.planner.undoClose(s, L(0)));
  assert.equal(renamed, { scenarioId: s, locationId: L(0), scenarioRenamedTo: 'Amsterdam Zuid' });
  assert.is((await kit.planner.scenario(kit.f.modelId, s))?.name, 'Amsterdam Zuid');
  const removed = accepted(await kit.planner.undoEdit(s, L(1)));
  assert.equal(removed, { scenarioId: s, locationId: L(1), scenarioDeleted: true });
  assert.is(await kit.planner.scenario(kit.f.modelId, s), undefined);
  assert.is((await kit.planner.call(routes.scenarioChanges, { scenarioId: s })).status, 404);

  // Delete works the same way.
  const d = await child('Deleting');
  const { locationId } = accepted(await kit.planner.open(d, newStore('Short-lived')));
  accepted(await kit.planner.close(d, L(3)));
  assert.equal(accepted(await kit.planner.remove(d, locationId)), { scenarioId: d, locationId, scenarioRenamedTo: 'Amstelveen' });

  // A scenario that other scenarios build on stays, without changes.
  const parent = await child('Kept for its child');
  accepted(await kit.planner.close(parent, L(2)));
  await child('Child', parent);
  const kept = accepted(await kit.planner.undoClose(parent, L(2)));
  assert.equal(kept, { scenarioId: parent, locationId: L(2) });
  const scenario = await kit.planner.scenario(kit.f.modelId, parent);
  assert.is(scenario?.changeCount, 0);
  assert.is(scenario?.name, 'Kept for its child');
});

test('a scenario is editable only in status 0, 9 and 10: in any other status every change is refused', async () => {
  const top = await child('Read-only top', kit.f.baseId, true);
  const s = await child('Read-only');
  accepted(await kit.planner.close(s, L(0)));
  accepted(await kit.planner.edit(kit.f.modelId, s, L(1), await kit.planner.editBody(s, L(1), { excluded: true })));
  const { locationId } = accepted(await kit.planner.open(s, newStore('Opened before the calculation')));
  const body = await kit.planner.editBody(s, L(2), { excluded: true });
  const modified = (await kit.planner.scenario(kit.f.modelId, s))!;
  for (const status of [1, 2, 5, 8, 11, -1]) {
    await setStatus(s, status);
    await setStatus(top, status);
    await unchangedBy([s, top], async () => {
      refused(await kit.planner.open(s, newStore('During calculation')), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.edit(kit.f.modelId, s, L(2), body), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.edit(kit.f.modelId, s, L(2), body, { createScenario: true }), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.close(s, L(3)), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.undoClose(s, L(0)), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.undoEdit(s, L(1)), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.remove(s, locationId), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Renamed', isTop: false, competition: false }), 409, 'scenarioIsReadOnly');
      refused(await kit.planner.deleteScenario(kit.f.modelId, s), 409, 'scenarioIsReadOnly');
      refused(
        await kit.planner.copyChanges(s, top, {
          changedLocations: modified.changes.map((c) => c.locationId),
          selectedLocations: [L(0)],
          deleteSourceScenario: false,
        }),
        409,
        'scenarioIsReadOnly',
      );
    });
  }
  for (const status of [0, 9, 10]) {
    await setStatus(s, status);
    accepted(await kit.planner.edit(kit.f.modelId, s, L(2), await kit.planner.editBody(s, L(2), { visibility: status === 10 ? 1 : 0 })));
    assert.is(await statusOf(s), 0, `a change in status ${status} sets status 0`);
  }
});

test('every write sets the changed scenario and the scenarios below it to status 0; a change waits while one below is calculated', async () => {
  const parent = await child('Inherited by two');
  const below = await child('Below', parent);
  const belowThat = await child('Below that', below);
  const sibling = await child('Sibling');
  for (const id of [parent, below, belowThat, sibling]) await setStatus(id, 9);
  await setStatus(belowThat, 3);
  await unchangedBy([parent, below, belowThat], async () => {
    refused(await kit.planner.close(parent, L(3)), 409, 'scenarioIsReadOnly');
  });
  await setStatus(belowThat, 10);
  accepted(await kit.planner.close(parent, L(3)));
  assert.equal([await statusOf(parent), await statusOf(below), await statusOf(belowThat), await statusOf(sibling)], [0, 0, 0, 9]);
  assert.is((await shown(belowThat, L(3)))?.changeType, 2, 'the scenarios below see the closure');
  // A change into a new child scenario leaves the scenario of the call as it was.
  await setStatus(parent, 9);
  const saved = accepted(await kit.planner.close(parent, L(4), { createScenario: true }));
  assert.is(await statusOf(parent), 9);
  assert.is(await statusOf(saved.scenarioId), 0);
});

test('a refused write leaves nothing behind, also not the new scenario it would have created', async () => {
  const s = await child('Transaction');
  const before = (await kit.planner.scenarios(kit.f.modelId)).length;
  const body = await kit.planner.editBody(s, L(0));
  body.locationProperties = body.locationProperties.map((p) => (p.id === kit.f.properties.turnover ? { ...p, numberValue: 1 } : p));
  await unchangedBy([s], async () => {
    refused(await kit.planner.edit(kit.f.modelId, s, L(0), body, { createScenario: true }), 409, 'fieldIsReadOnly');
  });
  assert.is((await kit.planner.scenarios(kit.f.modelId)).length, before);
});

test('a scenario with children cannot be removed or copied from', async () => {
  const top = await child('Copy target', kit.f.baseId, true);
  const parent = await child('Has a child');
  accepted(await kit.planner.close(parent, L(2)));
  const kid = await child('The child', parent);
  await unchangedBy([parent, kid, top], async () => {
    refused(await kit.planner.deleteScenario(kit.f.modelId, parent), 409, 'scenarioHasChildren');
    refused(
      await kit.planner.copyChanges(parent, top, { changedLocations: [L(2)], selectedLocations: [L(2)], deleteSourceScenario: false }),
      409,
      'scenarioHasChildren',
    );
  });
  accepted(await kit.planner.deleteScenario(kit.f.modelId, kid));
  accepted(await kit.planner.copyChanges(parent, top, { changedLocations: [L(2)], selectedLocations: [L(2)], deleteSourceScenario: false }));
  accepted(await kit.planner.deleteScenario(kit.f.modelId, parent));
});

test('copy changes goes only into a top scenario that has a parent and is not the source', async () => {
  // No top scenario at all in the second model.
  const lone = await child('Lone', kit.fm.baseId, false, kit.fm);
  accepted(await kit.planner.close(lone, kit.fm.locations[0]!.id));
  await unchangedBy(
    [lone, kit.fm.baseId],
    async () => {
      refused(
        await kit.planner.copyChanges(lone, kit.fm.baseId, {
          changedLocations: [kit.fm.locations[0]!.id],
          selectedLocations: [kit.fm.locations[0]!.id],
          deleteSourceScenario: false,
        }),
        409,
        'noTopScenariosFound',
      );
    },
    kit.fm,
  );
  const top = await child('Top', kit.f.baseId, true);
  const notTop = await child('Not top');
  const source = await child('Source');
  accepted(await kit.planner.close(source, L(1)));
  const request = { changedLocations: [L(1)], selectedLocations: [L(1)], deleteSourceScenario: false };
  await kit.server.ctx.db.query('UPDATE scenario SET is_top = true WHERE id = $1', [kit.f.baseId]);
  await unchangedBy([top, notTop, source, kit.f.baseId], async () => {
    refused(await kit.planner.copyChanges(source, notTop, request), 409, 'destinationIsNotATopScenario');
    refused(await kit.planner.copyChanges(source, kit.f.baseId, request), 409, 'destinationIsNotATopScenario');
    refused(await kit.planner.copyChanges(source, source, request), 400, 'destinationScenarioId must differ from scenarioId', 'destinationScenarioId');
    const mismatch = await kit.planner.call(
      routes.scenarioCopyChanges,
      { sourceScenarioId: source, destinationScenarioId: top },
      { deleteSourceScenario: false, locations: [L(2)] },
      { scenarioId: source, destinationScenarioId: top, ...request },
    );
    assert.is(mismatch.status, 400);
    assert.is(mismatch.field, 'locations');
  });
  await kit.server.ctx.db.query('UPDATE scenario SET is_top = false WHERE id = $1', [kit.f.baseId]);
  const result = accepted(await kit.planner.copyChanges(source, top, request));
  assert.equal(result, { destinationScenarioId: top, copiedLocations: [L(1)], sourceScenarioDeleted: false });
  assert.equal(
    (await kit.planner.changes(top)).map((c) => [c.locationId, c.changeType]),
    [[L(1), 2]],
  );
  assert.equal(
    (await kit.planner.changes(source)).map((c) => [c.locationId, c.changeType]),
    [[L(1), 2]],
    'the source keeps its changes',
  );
});

test("deleteSourceScenario only when all changed locations are selected; the changes listed must be the source's", async () => {
  const top = await child('Merge target', kit.f.baseId, true);
  const source = await child('Two changes');
  accepted(await kit.planner.close(source, L(0)));
  const { locationId } = accepted(await kit.planner.open(source, newStore('Albert Noord')));
  const changed = [L(0), locationId];
  await unchangedBy([top, source], async () => {
    refused(
      await kit.planner.copyChanges(source, top, { changedLocations: changed, selectedLocations: [L(0)], deleteSourceScenario: true }),
      409,
      'deleteSourceNeedsAllChangedLocations',
      'deleteSourceScenario',
    );
    refused(
      await kit.planner.copyChanges(source, top, { changedLocations: [L(0)], selectedLocations: [L(0)], deleteSourceScenario: false }),
      409,
      'scenarioWasModified',
      'changedLocations',
    );
  });
  const result = accepted(await kit.planner.copyChanges(source, top, { changedLocations: changed, selectedLocations: changed, deleteSourceScenario: true }));
  assert.is(result.sourceScenarioDeleted, true);
  assert.is(await kit.planner.scenario(kit.f.modelId, source), undefined);
  assert.equal(
    (await kit.planner.changes(top)).map((c) => [c.locationId, c.changeType]).sort(),
    [
      [L(0), 2],
      [locationId, 1],
    ].sort(),
  );
  assert.is(
    (await kit.server.ctx.db.query<{ created_scenario_id: number }>('SELECT created_scenario_id FROM location WHERE id = $1', [locationId])).rows[0]
      ?.created_scenario_id,
    top,
    'the new location now belongs to the scenario it was copied into',
  );
});

test("copy changes sets each change again against the destination's parent; into a parent of the source the changes move", async () => {
  // A store opened in one branch and edited below it is an opening where the destination's parent lacks it.
  const branch = await child('Branch');
  const { locationId: x } = accepted(await kit.planner.open(branch, newStore('Branch store')));
  const below = await child('Below the branch', branch);
  accepted(await kit.planner.edit(kit.f.modelId, below, x, await kit.planner.editBody(below, x, { name: 'Branch store XL' })));
  accepted(await kit.planner.close(below, L(2)));
  const top = await child('Elsewhere', kit.f.baseId, true);
  accepted(await kit.planner.copyChanges(below, top, { changedLocations: [x, L(2)], selectedLocations: [x, L(2)], deleteSourceScenario: false }));
  assert.equal(
    (await kit.planner.changes(top)).map((c) => [c.locationId, c.locationName, c.changeType]).sort(),
    [
      [x, 'Branch store XL', 1],
      [L(2), 'Amsterdam Noord', 2],
    ].sort(),
  );
  assert.is((await shown(top, x))?.changeType, 1);

  // Into an ancestor (a top scenario the source was made under): the source inherits the changes from then on.
  const region = await child('Region', kit.f.baseId, true);
  const local = await child('Local', region);
  accepted(await kit.planner.close(local, L(0)));
  accepted(await kit.planner.close(local, L(1)));
  accepted(await kit.planner.copyChanges(local, region, { changedLocations: [L(0), L(1)], selectedLocations: [L(0)], deleteSourceScenario: false }));
  assert.equal(
    (await kit.planner.changes(region)).map((c) => c.locationId),
    [L(0)],
  );
  assert.equal(
    (await kit.planner.changes(local)).map((c) => c.locationId),
    [L(1)],
    'the copied change moved',
  );
  assert.is((await shown(local, L(0)))?.changeType, 2, 'and is inherited');
});

test('optimistic concurrency: a write with a stale modified stamp is refused with scenarioWasModified', async () => {
  const s = await child('Stamped');
  accepted(await kit.planner.close(s, L(4)));
  const read = (await kit.planner.scenario(kit.f.modelId, s))!.modified;
  accepted(await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0), { excluded: true, scenarioModified: read })));
  const fresh = (await kit.planner.scenario(kit.f.modelId, s))!;
  assert.ok(Date.parse(fresh.modified) > Date.parse(read), 'a write moves modified on');
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(1), await kit.planner.editBody(s, L(1), { excluded: true, scenarioModified: read })),
      409,
      'scenarioWasModified',
    );
    refused(await kit.planner.open(s, newStore('Stale', { scenarioModified: read })), 409, 'scenarioWasModified');
    refused(
      await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Stale name', isTop: false, competition: false, modified: read }),
      409,
      'scenarioWasModified',
    );
  });
  accepted(await kit.planner.edit(kit.f.modelId, s, L(1), await kit.planner.editBody(s, L(1), { excluded: true, scenarioModified: fresh.modified })));
});

test('inherited changes: a closure made in a parent is closed in the child and can be reopened there; an opening or edit of a parent counts as unchanged', async () => {
  const parent = await child('Parent plan');
  accepted(await kit.planner.close(parent, L(3)));
  const { locationId: opened } = accepted(await kit.planner.open(parent, newStore('Opened in the parent')));
  const kid = await child('Child plan', parent);
  accepted(await kit.planner.close(kid, L(4)));
  assert.is((await shown(kid, L(3)))?.changeType, 2, 'the child shows the closure');
  assert.is((await shown(kid, opened))?.changeType, 1, 'the child shows the opening');
  await unchangedBy([parent, kid], async () => {
    refused(await kit.planner.edit(kit.f.modelId, kid, L(3), await kit.planner.editBody(kid, L(3), { excluded: true })), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.close(kid, L(3)), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.remove(kid, opened), 409, 'actionNotAllowedForChangeType');
    refused(await kit.planner.undoEdit(kid, opened), 409, 'actionNotAllowedForChangeType');
  });
  // Undo close in the child reopens the location there only.
  accepted(await kit.planner.undoClose(kid, L(3)));
  assert.is((await shown(kid, L(3)))?.changeType, 3);
  assert.is((await shown(parent, L(3)))?.changeType, 2);
  accepted(await kit.planner.undoEdit(kid, L(3)));
  assert.is((await shown(kid, L(3)))?.changeType, 2, "undo edit brings the parent's closure back");
  // The parent's opening is edited and closed in the child like an unchanged location.
  accepted(await kit.planner.edit(kit.f.modelId, kid, opened, await kit.planner.editBody(kid, opened, { name: 'Renamed in the child' })));
  assert.is((await shown(kid, opened))?.name, 'Renamed in the child');
  assert.is((await shown(parent, opened))?.name, 'Opened in the parent');
  accepted(await kit.planner.undoEdit(kid, opened));
  accepted(await kit.planner.close(kid, opened));
  assert.is((await shown(kid, opened))?.changeType, 2);
  // Deleting the opening in the parent takes the child's change of it away too.
  accepted(await kit.planner.remove(parent, opened));
  assert.equal(
    (await kit.planner.changes(kid)).map((c) => c.locationId),
    [L(4)],
  );
  assert.is(await shown(kid, opened), undefined);
});

test('scenario create: a parent of the same model is required for all but the first scenario; the answer is the id and the list keeps the spec order', async () => {
  await unchangedBy([], async () => {
    refused(
      await kit.planner.createScenario(kit.f.modelId, { name: 'Second root', parentScenarioId: null }),
      400,
      'a scenario needs a parent scenario; only the first scenario of a model has none',
      'parentScenarioId',
    );
    refused(
      await kit.planner.createScenario(kit.f.modelId, { name: 'Wrong parent', parentScenarioId: kit.fm.baseId }),
      400,
      `scenario ${kit.fm.baseId} is not a scenario of model ${kit.f.modelId}`,
      'parentScenarioId',
    );
  });
  const parent = await child('Order parent');
  const a = await child('A plan', parent);
  const z = await child('Z plan', parent);
  const t = await child('M top plan', parent, true);
  const list = await kit.planner.scenarios(kit.f.modelId);
  const at = list.findIndex((s) => s.id === parent);
  assert.equal(
    list.slice(at, at + 4).map((s) => s.id),
    [parent, t, z, a],
    'top scenarios first, then by name descending, nested by parent',
  );
  assert.equal(
    list.find((s) => s.id === a)?.parents.map((p) => p.id),
    [parent, kit.f.baseId],
  );
  assert.is(list[0]?.id, kit.f.baseId, 'the base scenario stays first');
});

test("scenario update: name, top and competition; the status stays; a scenario with one change keeps its location's name", async () => {
  const s = await child('Flags');
  accepted(await kit.planner.close(s, L(0)));
  accepted(await kit.planner.close(s, L(1)));
  await setStatus(s, 9);
  const updated = accepted(await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Flags, renamed', isTop: true, competition: true }));
  assert.equal([updated.name, updated.isTop, updated.competition, updated.status, updated.changeCount], ['Flags, renamed', true, true, 9, 2]);
  accepted(await kit.planner.undoClose(s, L(0)));
  assert.is((await kit.planner.scenario(kit.f.modelId, s))?.name, 'Amsterdam Zuid');
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Something else', isTop: true, competition: false }),
      409,
      'fieldIsReadOnly',
      'name',
    );
  });
  accepted(await kit.planner.updateScenario(kit.f.modelId, { id: s, name: 'Amsterdam Zuid', isTop: false, competition: false }));
});

test('after a write the location list of the scenario and of the scenarios below it is read again (ETag changes)', async () => {
  const s = await child('Cached');
  const kid = await child('Cached child', s);
  const token = (await signIn(kit.server.baseUrl, kit.plannerLogin.email, kit.plannerLogin.password)).accessToken;
  const read = (id: number, tag?: string) => kit.server.fetch(`/api/models/scenarios/${id}/locations`, { token, headers: tag ? { 'If-None-Match': tag } : {} });
  const first = await read(s);
  const firstKid = await read(kid);
  assert.is((await read(s, String(first.headers.etag))).status, 304);
  accepted(await kit.planner.close(s, L(2)));
  const again = await read(s, String(first.headers.etag));
  assert.is(again.status, 200);
  assert.is.not(again.headers.etag, first.headers.etag);
  assert.is((JSON.parse(again.text()) as { id: number; changeType: number }[]).find((l) => l.id === L(2))?.changeType, 2);
  assert.is((await read(kid, String(firstKid.headers.etag))).status, 200, 'the child inherits the change');
});

test.run();
