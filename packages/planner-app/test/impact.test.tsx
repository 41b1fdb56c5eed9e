// The what-if answer: the Impact section's figures from the API's
// differences (new store, closed store), the map symbols, the section in
// happy-dom (a click on a store selects it), and the loader that reads the
// differences again when the scenario or its base is calculated again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { ScenarioDifferences } from '@locus/contract';
import { act } from 'react';
import { language } from '../src/i18n';
import { impactFeatures, impactSummary } from '../src/stores/impact';
import { AppModel } from '../src/stores/app';
import { locations, selectedLocationId } from '../src/stores/locations';
import { modelId, models, submodelId } from '../src/stores/models';
import * as planner from '../src/stores/planner';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { ImpactSection } from '../src/ui/results/impact-section';
import { fakeApi } from './fake-api';
import { location, model, scenario } from './fixtures';
import { render } from './render';

const groups = [
  { id: 1, name: 'Own' },
  { id: 2, name: 'Rival' },
  { id: 3, name: 'Other' },
];

/** A new store 20 (own group) taking 300 from own store 21, 500 from rival 22, 100 from other 23; 100 new demand. */
function newStore(): ScenarioDifferences {
  return {
    impactOutputLocationPropertyTitle: 'Turnover',
    locations: [
      { locationID: 20, locationName: 'New', outputDefault: 0, output: 1000, outputDifference: 1000 },
      { locationID: 22, locationName: 'Rival store', outputDefault: 4000, output: 3500, outputDifference: -500 },
      { locationID: 21, locationName: 'Own store', outputDefault: 3000, output: 2700, outputDifference: -300 },
      { locationID: 23, locationName: 'Other store', outputDefault: 2000, output: 1900, outputDifference: -100 },
    ],
    locationGroups: [
      { locationGroupName: 'Own', outputDefault: 3000, output: 3700, outputDifference: 700 },
      { locationGroupName: 'Rival', outputDefault: 4000, output: 3500, outputDifference: -500 },
      { locationGroupName: 'Other', outputDefault: 2000, output: 1900, outputDifference: -100 },
    ],
    locationClusters: [],
  };
}

const summaries = () => [
  location(20, { changeType: 1, locationGroupId: 1 }),
  location(21, { locationGroupId: 1 }),
  location(22, { locationGroupId: 2 }),
  location(23, { locationGroupId: 3 }),
];

test("a new store: its output, from own stores (cannibalisation), from each rival group, new demand; the own group's net", () => {
  const s = impactSummary(newStore(), summaries(), groups);
  assert.equal(
    s.changed.map((r) => [r.locationId, r.output]),
    [[20, 1000]],
  );
  assert.is(s.closes, false);
  assert.is(s.ownGroup, 'Own');
  assert.is(s.ownOthers, -300);
  assert.equal(s.competitors, [
    { group: 'Rival', change: -500 },
    { group: 'Other', change: -100 },
  ]);
  assert.is(s.market, 100, 'demand not served before: what the other stores did not lose');
  // The sources add up to the new store's output.
  assert.is(-s.ownOthers! - s.competitors.reduce((sum, c) => sum + c.change, 0) + s.market, 1000);
  assert.is(s.ownNet, 700);
  assert.equal(
    s.losers.map((r) => r.locationId),
    [22, 21, 23],
  );
  assert.equal(s.gainers, []);
});

test('a closed store: where its output goes, the demand no longer served negative', () => {
  const closed: ScenarioDifferences = {
    impactOutputLocationPropertyTitle: 'Turnover',
    locations: [
      { locationID: 21, locationName: 'Own store', outputDefault: 3000, output: 0, outputDifference: -3000 },
      { locationID: 20, locationName: 'Own 2', outputDefault: 1000, output: 2000, outputDifference: 1000 },
      { locationID: 22, locationName: 'Rival store', outputDefault: 4000, output: 5500, outputDifference: 1500 },
    ],
    locationGroups: [
      { locationGroupName: 'Own', outputDefault: 4000, output: 2000, outputDifference: -2000 },
      { locationGroupName: 'Rival', outputDefault: 4000, output: 5500, outputDifference: 1500 },
    ],
    locationClusters: [],
  };
  const s = impactSummary(closed, [location(21, { changeType: 2 }), location(20), location(22, { locationGroupId: 2 })], groups);
  assert.is(s.closes, true);
  assert.is(s.ownOthers, 1000);
  assert.equal(s.competitors, [{ group: 'Rival', change: 1500 }]);
  assert.is(s.market, -500);
  assert.equal(
    s.gainers.map((r) => r.locationId),
    [22, 20],
  );
});

test("map symbols: each other store of the differences at its place with the API's change; the new store is left out", () => {
  const features = impactFeatures(newStore(), summaries());
  assert.equal(
    features.map((f) => [f.id, f.change]),
    [
      [22, -500],
      [21, -300],
      [23, -100],
    ],
  );
  assert.is(features[0]!.lon, location(22).longitude);
});

test('the section reads the differences when scenario and base are calculated, shows the figures; a store click selects it', async () => {
  language.value = 'en';
  let reads = 0;
  const fake = fakeApi({
    scenarioDifferences: () => {
      reads++;
      return newStore();
    },
    scenarioLocationProperties: () => ({ ...location(22), locationClusters: [], locationProperties: [] }),
  });
  planner.useApi(fake.api);
  models.value = [model(1, { locationGroups: groups.map((g) => ({ ...g, code: g.name, selectable: true })), outputType: 2 })];
  modelId.value = 1;
  submodelId.value = 7;
  locations.value = summaries();
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 })];
  scenarioId.value = 2;
  const app = new AppModel(fake.api);
  const { impactLayerOn, impactOfScenario, scenarioImpact } = app.impact;
  impactLayerOn.value = false;
  await new Promise((r) => setTimeout(r, 0));
  assert.is(reads, 1);
  assert.ok(impactOfScenario.value);
  const view = await render(<ImpactSection />, app);
  const text = view.container.textContent ?? '';
  assert.match(text, /Turnover of New.*1,000/);
  assert.match(text, /From own stores \(Own\): cannibalisation.*300/);
  assert.match(text, /From Rival.*500/);
  assert.match(text, /Demand not served before.*100/);
  assert.match(text, /Net effect for Own.*\+700/);
  const button = view.getByRole('button', { name: /^Rival store/ });
  await act(async () => {
    button.click();
  });
  assert.is(selectedLocationId.value, 22);
  // A recalculation of the scenario (0, then 9 again): read again, the layer turned on by the calculation.
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 0, parentScenarioId: 1 })];
  assert.ok(scenarioImpact.value, 'the old figures stay until new ones replace them');
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 })];
  await new Promise((r) => setTimeout(r, 0));
  assert.is(reads, 2);
  assert.is(impactLayerOn.value, true);
  await view.unmount();
  app[Symbol.dispose]();
});

test.run();
