// The charts: match colours, radar legend split, which properties the scatter
// chart offers, its points, the driver range domain; each chart rendered in
// happy-dom with its hidden table; and opening a chart reads its data first.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { DriverFilterChart, LocationProperty, MatchingLocation } from '@locus/contract';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language } from '../src/i18n';
import { selectedLocationId } from '../src/stores/locations';
import { modelId, models, submodelId } from '../src/stores/models';
import { AppModel } from '../src/stores/app';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { DriversChart, MatchingBarChart, RadarChart, ScatterChart } from '../src/ui/charts/charts';
import {
  driverDomain,
  MATCH_COLORS,
  matchColor,
  OTHER_COLOR,
  radarAxes,
  radarLegendSplit,
  scatterPoints,
  scatterProperties,
  topEntries,
} from '../src/ui/charts/rules';
import { fakeApi } from './fake-api';
import { model, scenario } from './fixtures';
import { render } from './render';

function match(id: number, score: number, scores: [string, number][] = [], output: number | null = null): MatchingLocation {
  return {
    locationId: id,
    name: `Store ${id}`,
    score,
    outputLocationPropertyValue: output,
    outputLocationPropertyTitle: output === null ? null : 'Turnover',
    actualOutputLocationPropertyValue: null,
    actualOutputLocationPropertyTitle: null,
    normalizedScores: scores.map(([title, s]) => ({ title, score: s })),
  } as MatchingLocation;
}

/** The head and body of the chart's table for screen readers. */
const tableGroups = (container: HTMLElement) => within(within(container).getByRole('table', { hidden: true })).getAllByRole('rowgroup', { hidden: true });
/** The rows of that table's body. */
const bodyRows = (container: HTMLElement) => within(tableGroups(container)[1]!).getAllByRole('row', { hidden: true });

test('six match colours, then grey', () => {
  assert.is(MATCH_COLORS.length, 6);
  assert.is(new Set(MATCH_COLORS).size, 6);
  assert.is(matchColor(0), MATCH_COLORS[0]);
  assert.is(matchColor(5), MATCH_COLORS[5]);
  assert.is(matchColor(6), OTHER_COLOR);
  assert.is(matchColor(-1), OTHER_COLOR);
  assert.equal(topEntries([1, 2, 3, 4, 5, 6, 7, 8]), [1, 2, 3, 4, 5, 6]);
});

test('radar legend splits the top 6 into 3 plus 3', () => {
  assert.equal(radarLegendSplit(['a', 'b', 'c', 'd', 'e', 'f', 'g']), [
    ['a', 'b', 'c'],
    ['d', 'e', 'f'],
  ]);
  assert.equal(radarLegendSplit(['a', 'b', 'c', 'd']), [['a', 'b', 'c'], ['d']]);
  assert.equal(radarLegendSplit(['a', 'b']), [['a', 'b'], []]);
  assert.equal(
    radarAxes([
      match(1, 1, [
        ['Floor', 0.5],
        ['Parking', 0.2],
      ]),
      match(2, 0.9, [
        ['Parking', 0.1],
        ['Footfall', 0.9],
      ]),
    ]),
    ['Floor', 'Parking', 'Footfall'],
  );
});

test('scatter chart offers only properties with a title and a non-text type', () => {
  const props = [
    { id: 1, title: 'Floor area', dataType: 4 },
    { id: 2, title: 'Brand', dataType: 0 },
    { id: 3, title: null, dataType: 1 },
    { id: 4, title: '  ', dataType: 3 },
    { id: 5, title: 'Fresh share', dataType: 2 },
    { id: 6, title: 'Parking paid', dataType: 5 },
  ] as Pick<LocationProperty, 'id' | 'title' | 'dataType'>[];
  assert.equal(
    scatterProperties(props).map((p) => p.id),
    [1, 5, 6],
  );
});

test('scatter points: matches in their colours (drawn last), others grey, incomplete entries left out', () => {
  const points = scatterPoints(
    [
      { locationName: 'Store 9', numberValue1: 1, numberValue2: 2 },
      { locationName: 'Store 1', numberValue1: 3, numberValue2: 4 },
      { locationName: 'Store 2', numberValue1: null, numberValue2: 4 },
      { locationName: 'Store 3', numberValue1: 5, numberValue2: 6 },
    ],
    ['Store 1', 'Store 3'],
  );
  assert.equal(
    points.map((p) => [p.name, p.color]),
    [
      ['Store 9', OTHER_COLOR],
      ['Store 1', MATCH_COLORS[0]],
      ['Store 3', MATCH_COLORS[1]],
    ],
  );
});

test('driver domain holds minimum, maximum, average and value', () => {
  assert.equal(driverDomain({ minimum: 2, maximum: 8, average: 5, value: 11 }), [2, 11]);
  assert.equal(driverDomain({ minimum: 3, maximum: 3, average: 3, value: 3 }), [2, 4]);
});

test('matching bar chart: top 6 bars and a hidden table for screen readers', async () => {
  language.value = 'en';
  const list = Array.from({ length: 8 }, (_, i) => match(i + 1, 1 - i / 10, [], 1000 * (i + 1)));
  const view = await render(<MatchingBarChart entries={list} format={{ outputType: 3, currency: 'EUR' }} />);
  assert.is(view.container.querySelectorAll('svg[data-chart="matching"] rect').length, 6);
  const rows = bodyRows(view.container);
  assert.is(rows.length, 6);
  assert.match(rows[0]!.textContent ?? '', /Store 1/);
  assert.match(rows[0]!.textContent ?? '', /€/);
  assert.ok(view.container.querySelector('svg')!.getAttribute('aria-hidden'));
  await view.unmount();
});

test('radar chart: one shape per entry of the top 6 and the legend in two columns of 3', async () => {
  const list = Array.from({ length: 7 }, (_, i) =>
    match(i + 1, 1, [
      ['A', 0.2 * (i % 5)],
      ['B', 0.5],
      ['C', 0.9],
    ]),
  );
  const view = await render(<RadarChart entries={list} />);
  const columns = view.container.querySelectorAll('.radar-legend-column');
  assert.is(columns.length, 2);
  assert.is(columns[0]!.querySelectorAll('li').length, 3);
  assert.is(columns[1]!.querySelectorAll('li').length, 3);
  assert.is(bodyRows(view.container).length, 6);
  assert.is(within(tableGroups(view.container)[0]!).getAllByRole('columnheader', { hidden: true }).length, 4);
  await view.unmount();
});

test('drivers chart: one figure per driver filter with value and average markers', async () => {
  const filters: DriverFilterChart[] = [
    {
      id: 1,
      title: 'Urban',
      drivers: [
        { title: 'Floor', minimum: 100, maximum: 900, average: 500, value: 700, weight: 60, inverse: false, roundingDigits: 0 },
        { title: 'Parking', minimum: 0, maximum: 80, average: 30, value: 10, weight: 60, inverse: true, roundingDigits: 1 },
      ],
    },
    {
      id: 2,
      title: 'Rural',
      drivers: [{ title: 'Floor', minimum: 200, maximum: 1200, average: 600, value: 700, weight: 60, inverse: false, roundingDigits: 0 }],
    },
  ];
  const view = await render(<DriversChart filters={filters} />);
  assert.is(view.getAllByRole('figure', { hidden: true }).length, 2);
  assert.is(view.container.querySelectorAll('circle.driver-value').length, 3);
  assert.is(view.container.querySelectorAll('path.driver-average').length, 3 + 2);
  assert.match(view.container.querySelector('figure .visually-hidden')!.textContent ?? '', /Parking/);
  await view.unmount();
});

test('scatter chart: hovering a point shows the location', async () => {
  const points = scatterPoints(
    [
      { locationName: 'Store 1', numberValue1: 3, numberValue2: 4 },
      { locationName: 'Store 2', numberValue1: 5, numberValue2: 1 },
    ],
    ['Store 1'],
  );
  const view = await render(<ScatterChart points={points} xTitle="Floor" yTitle="Turnover" />);
  const circles = view.container.querySelectorAll('circle');
  assert.is(circles.length, 1, 'the match as a circle');
  assert.is(view.container.querySelector('path[data-points]')!.getAttribute('data-points'), '1', 'the other location as a dot of the grey path');
  assert.match(view.container.querySelector('path[data-points]')!.getAttribute('d') ?? '', /^M[\d.]+,[\d.]+h0$/);
  await act(async () => {
    circles[0]!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
  assert.match(view.container.querySelector('.scatter-status')!.textContent ?? '', /^Store 1: 3; 4$/);
  assert.is(circles[0]!.getAttribute('data-name'), 'Store 1');
  assert.match(view.container.querySelector('figcaption')!.textContent ?? '', /Turnover against Floor/);
  await view.unmount();
});

test('scatter chart: thousands of points, the hidden table keeps the matches and 100 rows in all', async () => {
  language.value = 'en';
  const entries = Array.from({ length: 3000 }, (_, i) => ({ locationName: `Store ${i}`, numberValue1: i, numberValue2: 3000 - i }));
  const points = scatterPoints(entries, ['Store 2999']);
  const view = await render(<ScatterChart points={points} xTitle="X" yTitle="Y" />);
  const rows = bodyRows(view.container);
  assert.is(rows.length, 101);
  assert.match(rows[0]!.textContent ?? '', /^Store 2999/);
  assert.match(rows[100]!.textContent ?? '', /2,900 more locations/);
  assert.is(view.container.querySelector('path[data-points]')!.getAttribute('data-points'), '2999');
  await view.unmount();
});

function calculatedContext() {
  models.value = [model(1, { hasNormalizedScoresFunctions: true, hasDriverFilters: true })];
  modelId.value = 1;
  submodelId.value = 7;
  scenarios.value = [scenario(5, { status: 9 })];
  scenarioId.value = 5;
  selectedLocationId.value = 12;
}

/** The chart reads of a fake API's calls (the app model's drawer and output reads left out). */
const CHART_ROUTES = ['matchingScores', 'scenarioDrivers', 'propertyValues'];

test('opening a chart first reads its data: matching scores for the radar, drivers, property values for both axes', async () => {
  calculatedContext();
  const fake = fakeApi({
    matchingScores: () => [match(12, 1, [['A', 1]]), match(13, 0.8, [['A', 0.5]])],
    matchingLocations: () => [match(12, 1), match(13, 0.8)],
    scenarioDrivers: () => [],
    propertyValues: () => [{ locationName: 'Store 12', numberValue1: 1, numberValue2: 2 }],
  });
  using app = new AppModel(fake.api);
  const { showChart, openChart, chartMatching, chartDrivers, chartProperties, scatterAxes, loadScatter, closeChart } = app.chartsReports;
  const charts = () => fake.calls.filter((c) => CHART_ROUTES.includes(c.name));
  await showChart('radar');
  assert.is(openChart.value, 'radar');
  assert.equal(
    charts().map((c) => c.name),
    ['matchingScores'],
  );
  assert.is((charts()[0]!.options.query as { topN: number } | undefined)?.topN, 6);
  assert.is(chartMatching.value.state, 'ready');
  await showChart('drivers');
  assert.equal(
    charts().map((c) => c.name),
    ['matchingScores', 'scenarioDrivers'],
  );
  assert.is(chartDrivers.value.state, 'ready');
  scatterAxes.value = { x: 3, y: null };
  await showChart('properties');
  assert.is(chartProperties.value.state, 'idle');
  scatterAxes.value = { x: 3, y: 4 };
  await loadScatter();
  assert.equal(
    charts().map((c) => c.name),
    ['matchingScores', 'scenarioDrivers', 'propertyValues'],
  );
  assert.equal(charts()[2]!.options.params, { scenarioId: 5, propertyId1: 3, propertyId2: 4 });
  closeChart();
  assert.is(openChart.value, null);
});

test('no chart opens without a calculated scenario', async () => {
  calculatedContext();
  scenarios.value = [scenario(5, { status: 3 })];
  const fake = fakeApi({});
  using app = new AppModel(fake.api);
  await app.chartsReports.showChart('matching');
  assert.is(app.chartsReports.openChart.value, null);
  assert.equal(fake.names(), []);
});

test.run();
