// After a write of one location of the shown scenario, the map's list takes
// that location as it is now (one read of it, which is also the selected
// location's detail) instead of reading every location of the scenario again;
// a write that shows another scenario still reads that scenario whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { Location } from '@locus/contract';
import { runLocationAction } from '../src/stores/editing/location-actions';
import { locationDetail, locations, selectedLocationId, withLocation } from '../src/stores/locations';
import * as planner from '../src/stores/planner';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { answerConfirmations, setup } from './editing-setup';
import { location, scenario } from './fixtures';

const detailOf = (id: number, patch: Parameters<typeof location>[1] = {}): Location => ({
  ...location(id, patch),
  locationClusters: [],
  locationProperties: [],
});

test('withLocation: the entry replaced in place, a new one added in id order, a gone or hidden one removed', () => {
  const list = [location(11), location(13), location(15)];
  const replaced = withLocation(list, 13, detailOf(13, { name: 'Renamed', changeType: 3, version: 9 }));
  assert.equal(
    replaced.map((l) => [l.id, l.name, l.changeType, l.version]),
    [
      [11, 'Store 11', 0, 2011],
      [13, 'Renamed', 3, 9],
      [15, 'Store 15', 0, 2015],
    ],
  );
  assert.is(replaced[0], list[0], 'the other entries are the same objects (the map redraws only what changed)');
  assert.equal(Object.keys(replaced[1]!).sort(), Object.keys(location(13)).sort(), 'an entry carries the list fields only');
  assert.equal(
    withLocation(list, 14, detailOf(14, { changeType: 1 })).map((l) => l.id),
    [11, 13, 14, 15],
  );
  assert.equal(
    withLocation(list, 16, detailOf(16)).map((l) => l.id),
    [11, 13, 15, 16],
  );
  assert.equal(
    withLocation(list, 13, null).map((l) => l.id),
    [11, 15],
  );
  assert.equal(
    withLocation(list, 13, detailOf(13, { visibility: 2 })).map((l) => l.id),
    [11, 15],
    'hidden locations are not in the list',
  );
  assert.is(withLocation(list, 14, null), list, 'nothing to remove: the same list');
});

test('undo edit in the shown scenario: the location alone is read, and is the detail; no read of every location', async () => {
  const list = [scenario(1), scenario(2, { parentScenarioId: 1, name: 'Two changes', changeCount: 2 })];
  const fake = setup({
    locationUndoEdit: () => ({ scenarioId: 2, locationId: 11 }),
    scenarios: () => list,
    scenarioLocations: () => {
      throw new Error('the whole list is not read again');
    },
    scenarioLocationProperties: () => detailOf(11, { changeType: 0, version: 3001 }),
  });
  scenarios.value = list;
  scenarioId.value = 2;
  const other = location(12, { changeType: 3 });
  locations.value = [location(11, { changeType: 3 }), other];
  selectedLocationId.value = 11;
  locationDetail.value = detailOf(11, { changeType: 3 });
  const { stop } = answerConfirmations([true, false]);
  await runLocationAction('undoEdit', 11);
  stop();
  assert.not.ok(fake.names().includes('scenarioLocations'));
  assert.is(fake.names().filter((n) => n === 'scenarioLocationProperties').length, 1, 'one read of the written location');
  assert.equal(
    locations.value.map((l) => [l.id, l.changeType, l.version]),
    [
      [11, 0, 3001],
      [12, 3, 2012],
    ],
  );
  assert.is(locations.value[1], other);
  assert.is(locationDetail.value?.changeType, 0, 'the read is the selected location’s detail');
  assert.is(selectedLocationId.value, 11);
});

test('a removed location leaves the list and the selection; a write that shows another scenario reads that one whole', async () => {
  let fake = setup({
    locationDelete: () => ({ scenarioId: 2, locationId: 11 }),
    scenarios: () => [scenario(1), scenario(2, { parentScenarioId: 1, changeCount: 1 })],
    scenarioLocations: () => {
      throw new Error('the whole list is not read again');
    },
    scenarioLocationProperties: () => Promise.reject(Object.assign(new Error('gone'), { status: 404 })),
  });
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1, changeCount: 2 })];
  scenarioId.value = 2;
  locations.value = [location(11, { changeType: 1 }), location(12, { changeType: 3 })];
  selectedLocationId.value = 11;
  locationDetail.value = detailOf(11, { changeType: 1 });
  let answers = answerConfirmations([true, false]);
  await runLocationAction('delete', 11);
  answers.stop();
  assert.equal(
    locations.value.map((l) => l.id),
    [12],
  );
  assert.is(selectedLocationId.value, null);
  assert.not.ok(fake.names().includes('scenarioLocations'));

  // Closing in the base goes into a new scenario: that scenario is shown and read whole.
  fake = setup({
    locationClose: () => ({ scenarioId: 5, locationId: 11 }),
    scenarios: () => [scenario(1), scenario(5, { parentScenarioId: 1, name: 'Store 11' })],
    scenarioLocations: () => [location(11, { changeType: 2 }), location(12)],
    scenarioLocationProperties: () => detailOf(11, { changeType: 2 }),
    scenarioStartProcessing: () => ({}),
  });
  scenarios.value = [scenario(1)];
  scenarioId.value = 1;
  locations.value = [location(11), location(12)];
  selectedLocationId.value = 11;
  locationDetail.value = detailOf(11);
  answers = answerConfirmations([true]);
  await runLocationAction('close', 11);
  const { saveClose } = await import('../src/stores/editing/location-actions');
  assert.ok(await saveClose({ calculate: true }));
  answers.stop();
  assert.is(scenarioId.value, 5);
  assert.ok(fake.names().includes('scenarioLocations'), 'the new scenario is read whole');
  assert.is(locations.value.find((l) => l.id === 11)?.changeType, 2);
  planner.stopStatusPolling();
});

test.run();
