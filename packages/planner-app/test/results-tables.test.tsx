// The tables of the right drawer's result panels, all drawn by one
// ResultsTable: the catchment table with its chosen row, the selected area's
// locations (value and share of the area total) and the per-area table
// (minutes by car and on foot, score to 4 decimals).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { Area, LocationCatchmentArea } from '@locus/contract';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language, t } from '../src/i18n';
import { emptyLayers, layers } from '../src/stores/layers';
import { selectedLocationId } from '../src/stores/locations';
import { modelId, models, submodelId } from '../src/stores/models';
import { AppModel } from '../src/stores/app';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { AreaInfoPanel, AreaScoresTable, CatchmentPanel, ResultsTable } from '../src/ui/results/panels';
import { fakeApi } from './fake-api';
import { model, scenario } from './fixtures';
import { mount, render } from './render';

const AREA: Area = {
  areaCode: '1011',
  areaSetId: 1,
  personType: 'Inhabitants',
  properties: [],
  locations: [
    { location: { id: 21, name: 'Centrum' }, value: 750, minutesCar: 4.26, minutesPedestrian: 12, score: 0.123456 },
    { location: { id: 22, name: 'Noord' }, value: 250, minutesCar: 9, minutesPedestrian: null, score: 0.04 },
  ],
  totalValue: 1000,
};

let app: AppModel | null = null;
test.after.each(() => {
  app?.[Symbol.dispose]();
  app = null;
});

/** A calculated scenario with a selected location, and a fresh app model that reads its catchment and the chosen area through a fake API. */
async function context(catchment: LocationCatchmentArea | null = null): Promise<AppModel> {
  language.value = 'en';
  models.value = [model(1, { outputType: 1, areasType: 'Postcodes' })];
  modelId.value = 1;
  submodelId.value = 7;
  scenarios.value = [scenario(3, { status: 9 })];
  scenarioId.value = 3;
  selectedLocationId.value = 21;
  layers.value = { ...emptyLayers, catchmentAreaId: 11 };
  const fake = fakeApi({ locationCatchmentArea: () => catchment, matchingLocations: () => [], catchmentAreaPropertiesByCode: () => AREA });
  app = new AppModel(fake.api);
  await app.results.loadDrawerOutputs();
  await app.results.selectArea({ catchmentAreaId: 11, areaCode: AREA.areaCode });
  return app;
}

/** The text of every cell, row by row (the header row first). */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((tr) => [...tr.children].map((c) => c.textContent ?? ''));
}

test('ResultsTable: headers, one row per item, number columns aligned to the end, a row class per row', () => {
  const { getByTestId, unmount } = mount(
    <ResultsTable
      testId="t"
      rows={[
        { n: 'a', v: 1 },
        { n: 'b', v: 2 },
      ]}
      rowKey={(r) => r.n}
      rowClass={(r) => (r.v === 2 ? 'selected' : undefined)}
      columns={[
        { label: 'Name', cell: (r) => r.n },
        { label: 'Value', num: true, cell: (r) => r.v * 10 },
      ]}
    />,
  );
  const table = getByTestId('t');
  assert.equal(cells(table), [
    ['Name', 'Value'],
    ['a', '10'],
    ['b', '20'],
  ]);
  assert.equal(
    [...table.querySelectorAll('th')].map((th) => th.getAttribute('scope')),
    ['col', 'col'],
  );
  assert.equal(
    [...table.querySelectorAll('th, td')].map((c) => c.className),
    ['', 'num', '', 'num', '', 'num'],
  );
  assert.equal(
    [...table.querySelectorAll('tbody tr')].map((tr) => tr.className),
    ['', 'selected'],
  );
  unmount();
});

test('area information: the locations with their value and share of the area total', async () => {
  const { results } = await context();
  const view = await render(<AreaInfoPanel />, app!);
  const table = view.getByTestId('area-locations');
  assert.equal(cells(table), [
    ['Location', 'Value', 'Share'],
    ['Centrum', '750.00', '75.0%'],
    ['Noord', '250.00', '25.0%'],
  ]);
  const button = view.getByRole('button', { name: t('areaScoresButton'), hidden: true });
  await act(async () => button.click());
  assert.ok(results.areaScoresOpen.value, 'the button opens the per-area table');
  await view.unmount();
});

test('the per-area table: minutes by car and on foot to 1 decimal (– when out of reach), the score to 4 decimals', async () => {
  const { results } = await context();
  const view = await render(<AreaScoresTable />, app!);
  const table = view.getByTestId('area-scores');
  assert.equal(cells(table), [
    ['Location', 'Minutes by car', 'Minutes on foot', 'Score'],
    ['Centrum', '4.3', '12.0', '0.1235'],
    ['Noord', '9.0', '–', '0.0400'],
  ]);
  await act(async () => {
    results.areaInfo.value = { state: 'failed' };
  });
  assert.is(view.queryByRole('table', { hidden: true }), null);
  await view.unmount();
});

test("the catchment table marks the chosen area's row and its button", async () => {
  const catchment = {
    featureCollection: { type: 'FeatureCollection', features: [] },
    areas: [
      { areaCode: '1011', output: 500, outputDefaultScenario: null, locationPropertyId: null, areaProperties: [] },
      { areaCode: '1012', output: 200, outputDefaultScenario: null, locationPropertyId: null, areaProperties: [] },
    ],
    locationProperties: [],
    sameAsParent: false,
  } as unknown as LocationCatchmentArea;
  await context(catchment);
  const view = await render(<CatchmentPanel />, app!);
  const [, ...rows] = within(view.getByTestId('catchment-table')).getAllByRole('row', { hidden: true });
  assert.equal(
    rows.map((r) => r.className),
    ['selected', ''],
  );
  assert.equal(
    rows.map((r) => within(r).getByRole('button', { hidden: true }).getAttribute('aria-pressed')),
    ['true', 'false'],
  );
  await view.unmount();
});

test.run();
