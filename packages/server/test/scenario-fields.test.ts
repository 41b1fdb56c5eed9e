// The field rules of a scenario or location write:
// names, read-only fields, location groups and clusters, property defaults,
// percentages, values the server calculates, points of interest in range.
// Against the real server through the HTTP API with real tokens; every
// refusal is followed by a read showing nothing changed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accepted, refused, startScenarioKit, type ScenarioKit } from './helpers/scenario-kit.js';
import { newLocationBody } from './helpers/scenario-api.js';

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
const shown: ScenarioKit['shown'] = (...args) => kit.shown(...args);
const newStore: ScenarioKit['newStore'] = (...args) => kit.newStore(...args);

test('scenario name is required (scenarioNameIsRequired)', async () => {
  const s = await child('Named');
  accepted(await kit.planner.close(s, L(0)));
  accepted(await kit.planner.close(s, L(1)));
  await unchangedBy([s], async () => {
    refused(await kit.planner.createScenario(kit.f.modelId, { name: '', parentScenarioId: kit.f.baseId }), 400, 'scenarioNameIsRequired', 'name');
    refused(await kit.planner.createScenario(kit.f.modelId, { name: '   ', parentScenarioId: kit.f.baseId }), 400, 'scenarioNameIsRequired', 'name');
    refused(await kit.planner.updateScenario(kit.f.modelId, { id: s, name: ' ', isTop: false, competition: false }), 400, 'scenarioNameIsRequired', 'name');
    refused(await kit.planner.close(s, L(2), { createScenario: true, overrideScenarioName: ' ' }), 400, 'scenarioNameIsRequired', 'overrideScenarioName');
  });
  const saved = accepted(await kit.planner.close(s, L(2), { createScenario: true, overrideScenarioName: 'Fewer stores' }));
  assert.is((await kit.planner.scenario(kit.f.modelId, saved.scenarioId))?.name, 'Fewer stores');
});

test('location name is required (nameRequired)', async () => {
  const s = await child('Names of locations');
  accepted(await kit.planner.close(s, L(4)));
  await unchangedBy([s], async () => {
    refused(await kit.planner.open(s, newStore('')), 400, 'nameRequired', 'name');
    refused(await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0), { name: '  ' })), 400, 'nameRequired', 'name');
    const { name: _, ...nameless } = newStore('x');
    refused(await kit.planner.open(s, nameless), 400, 'nameRequired', 'name');
  });
  accepted(await kit.planner.open(s, newStore('  Jumbo Zuidas  ')));
  assert.ok(
    (await kit.planner.changes(s)).some((c) => c.locationName === 'Jumbo Zuidas'),
    'the name is saved trimmed',
  );
});

test('name, group and cluster are read-only for a location opened or edited in the scenario, and it is not saved as a new scenario', async () => {
  const s = await child('Read-only fields');
  accepted(await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0), { excluded: true })));
  const { locationId } = accepted(await kit.planner.open(s, newStore('Opened', { locationClusterId: kit.f.clusters.centre })));
  await unchangedBy([s], async () => {
    for (const id of [L(0), locationId]) {
      refused(await kit.planner.edit(kit.f.modelId, s, id, await kit.planner.editBody(s, id, { name: 'Other name' })), 409, 'fieldIsReadOnly', 'name');
      refused(
        await kit.planner.edit(kit.f.modelId, s, id, await kit.planner.editBody(s, id, { locationGroupId: kit.f.groups.jumbo })),
        409,
        'fieldIsReadOnly',
        'locationGroupId',
      );
      refused(
        await kit.planner.edit(kit.f.modelId, s, id, await kit.planner.editBody(s, id, { locationClusterId: kit.f.clusters.north })),
        409,
        'fieldIsReadOnly',
        'locationClusterId',
      );
      refused(await kit.planner.edit(kit.f.modelId, s, id, await kit.planner.editBody(s, id), { createScenario: true }), 409, 'actionNotAllowedForChangeType');
    }
  });
  // Unchanged locations (changeType 0): all three can change, here or in a new scenario.
  accepted(
    await kit.planner.edit(
      kit.f.modelId,
      s,
      L(1),
      await kit.planner.editBody(s, L(1), { name: 'Zuid XL', locationGroupId: kit.f.groups.albert, locationClusterId: kit.f.clusters.north }),
    ),
  );
  const zuid = await shown(s, L(1));
  assert.equal(
    [zuid?.name, zuid?.locationGroupId, zuid?.locationClusterId, zuid?.locationGroup],
    ['Zuid XL', kit.f.groups.albert, kit.f.clusters.north, 'Albert'],
  );
  const saved = accepted(await kit.planner.edit(kit.f.modelId, s, L(2), await kit.planner.editBody(s, L(2), { name: 'Noord XL' }), { createScenario: true }));
  assert.is((await kit.planner.scenario(kit.f.modelId, saved.scenarioId))?.parentScenarioId, s);
});

test('a mandatory location group (locationGroupIsMandatory)', async () => {
  const s = await child('Groups required', kit.fm.baseId, false, kit.fm);
  const bare = newLocationBody({ name: 'No brand', latitude: 52.3, longitude: 4.9, locationGroupId: null });
  const body = await kit.planner.editBody(s, kit.fm.locations[0]!.id, { locationGroupId: null });
  await unchangedBy(
    [s],
    async () => {
      refused(await kit.planner.open(s, bare), 409, 'locationGroupIsMandatory', 'locationGroupId');
      refused(await kit.planner.edit(kit.fm.modelId, s, kit.fm.locations[0]!.id, body), 409, 'locationGroupIsMandatory', 'locationGroupId');
    },
    kit.fm,
  );
  accepted(await kit.planner.open(s, { ...bare, locationGroupId: kit.fm.groups.jumbo }));
  // In a model without the rule a location may have no group.
  const t = await child('Groups optional');
  accepted(await kit.planner.open(t, newLocationBody({ name: 'No brand', latitude: 52.3, longitude: 4.9, locationGroupId: null })));
});

test('a group must be selectable, or the one the location has; group and cluster belong to the model', async () => {
  const s = await child('Group choice');
  accepted(await kit.planner.close(s, L(4)));
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.open(s, newStore('Old brand', { locationGroupId: kit.f.groups.retired })),
      409,
      'locationGroupIsNotSelectable',
      'locationGroupId',
    );
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0), { locationGroupId: kit.f.groups.retired })),
      409,
      'locationGroupIsNotSelectable',
    );
    refused(
      await kit.planner.open(s, newStore('Unknown brand', { locationGroupId: kit.fm.groups.albert })),
      400,
      'location group ' + kit.fm.groups.albert + ' is not a group of the model',
      'locationGroupId',
    );
    refused(
      await kit.planner.open(s, newStore('Unknown cluster', { locationClusterId: kit.fm.clusters.centre })),
      400,
      `location cluster ${kit.fm.clusters.centre} is not a cluster of the model`,
      'locationClusterId',
    );
  });
  // Zaandam has the retired brand and may keep it while it is edited.
  accepted(await kit.planner.edit(kit.f.modelId, s, L(5), await kit.planner.editBody(s, L(5), { excluded: true })));
  assert.is((await shown(s, L(5)))?.locationGroupId, kit.f.groups.retired);
});

test('a new location starts from the property defaults, copied to its string or number values', async () => {
  const s = await child('Defaults');
  const { locationId } = accepted(await kit.planner.open(s, newStore('Defaults only')));
  const values = Object.fromEntries(
    (await kit.planner.location(s, locationId)).locationProperties.map((p) => [p.name, [p.stringValue, p.numberValue, p.percentageValue]]),
  );
  assert.equal(values.surface, [null, 800, null]);
  assert.equal(values.format, ['supermarket', null, null]);
  assert.equal(values.share, [null, 0.25, 25]);
  assert.equal(values.parking, [null, 1, null]);
  const given = accepted(
    await kit.planner.open(
      s,
      newStore('Some given', {
        locationProperties: [
          { id: kit.f.properties.surface, stringValue: null, numberValue: 1500 },
          { id: kit.f.properties.format, stringValue: 'express', numberValue: null },
        ],
      }),
    ),
  );
  const second = Object.fromEntries((await kit.planner.location(s, given.locationId)).locationProperties.map((p) => [p.name, p.stringValue ?? p.numberValue]));
  assert.equal([second.surface, second.format, second.share], [1500, 'express', 0.25]);
});

test('a percentage is stored as a fraction; a yes/no value is 0 or 1; unknown properties are refused', async () => {
  const s = await child('Percentages');
  const body = await kit.planner.editBody(s, L(0));
  const withValue = (id: number, numberValue: number | null) => ({
    ...body,
    locationProperties: body.locationProperties.map((p) => (p.id === id ? { ...p, numberValue } : p)),
  });
  accepted(await kit.planner.edit(kit.f.modelId, s, L(0), withValue(kit.f.properties.share, 0.125)));
  const share = (await kit.planner.location(s, L(0))).locationProperties.find((p) => p.name === 'share')!;
  assert.equal([share.numberValue, share.percentageValue], [0.125, 12.5]);
  const stored = (
    await kit.server.ctx.db.query<{ properties: Record<string, unknown> }>(
      'SELECT properties FROM location_version WHERE scenario_id = $1 AND location_id = $2',
      [s, L(0)],
    )
  ).rows[0];
  assert.is(stored?.properties.share, 0.125);
  const index = body.locationProperties.findIndex((p) => p.id === kit.f.properties.parking);
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(0), withValue(kit.f.properties.parking, 2)),
      400,
      'parking is a yes/no property: its value is 0 or 1',
      `locationProperties.${index}.numberValue`,
    );
    const unknown = { ...body, locationProperties: [{ id: kit.fm.properties.surface, stringValue: null, numberValue: 1 }] };
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(0), unknown),
      400,
      `property ${kit.fm.properties.surface} is not a location property of the model`,
      'locationProperties.0.id',
    );
  });
});

test('auto-calculated properties and outputs are not writable; sending back what was read is', async () => {
  const s = await child('Not writable');
  const body = await kit.planner.editBody(s, L(1));
  const withValue = (id: number, numberValue: number) => ({
    ...body,
    locationProperties: body.locationProperties.map((p) => (p.id === id ? { ...p, numberValue } : p)),
  });
  const stations = body.locationProperties.findIndex((p) => p.id === kit.f.properties.stations);
  const turnover = body.locationProperties.findIndex((p) => p.id === kit.f.properties.turnover);
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(1), withValue(kit.f.properties.stations, 7)),
      409,
      'fieldIsReadOnly',
      `locationProperties.${stations}.numberValue`,
    );
    refused(
      await kit.planner.edit(kit.f.modelId, s, L(1), withValue(kit.f.properties.turnover, 1)),
      409,
      'fieldIsReadOnly',
      `locationProperties.${turnover}.numberValue`,
    );
    refused(
      await kit.planner.open(s, newStore('Own count', { locationProperties: [{ id: kit.f.properties.stations, stringValue: null, numberValue: 9 }] })),
      409,
      'fieldIsReadOnly',
    );
  });
  accepted(await kit.planner.edit(kit.f.modelId, s, L(1), { ...body, excluded: true }));
  const turnoverAfter = (await kit.planner.location(s, L(1))).locationProperties.find((p) => p.name === 'turnover');
  assert.is(turnoverAfter?.numberValue, 5_000_001, 'the output keeps its value');
});

test('points of interest in range (autoCalculateType 6) are counted again on every save', async () => {
  const s = await child('Stations');
  const stations = async (id: number) => (await kit.planner.location(s, id)).locationProperties.find((p) => p.name === 'stations')?.numberValue;
  const { locationId } = accepted(
    await kit.planner.open(s, newLocationBody({ name: 'At Centraal', latitude: 52.3791, longitude: 4.9003, locationGroupId: kit.f.groups.albert })),
  );
  assert.is(await stations(locationId), 2);
  accepted(await kit.planner.edit(kit.f.modelId, s, locationId, await kit.planner.editBody(s, locationId, { latitude: 52.3389, longitude: 4.873 })));
  assert.is(await stations(locationId), 1, 'moved next to Zuid');
  accepted(await kit.planner.edit(kit.f.modelId, s, locationId, await kit.planner.editBody(s, locationId, { latitude: 52.438, longitude: 4.813 })));
  assert.is(await stations(locationId), 0, 'moved to Zaandam');
  // A base location saved without moving gets its count too (the base stored 0).
  accepted(await kit.planner.edit(kit.f.modelId, s, L(0), await kit.planner.editBody(s, L(0))));
  assert.is(await stations(L(0)), 2);
});

test('scenarioCreation is null or the scenario of the path', async () => {
  const s = await child('Creation');
  await unchangedBy([s], async () => {
    refused(
      await kit.planner.open(s, newStore('Elsewhere', { scenarioCreation: kit.f.baseId })),
      400,
      'scenarioCreation must be null or the scenario of the path',
      'scenarioCreation',
    );
  });
  accepted(await kit.planner.open(s, newStore('Here', { scenarioCreation: s })));
});

test.run();
