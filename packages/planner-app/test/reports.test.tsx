// The reports: both layout formats read (every component name; unknown names
// and unreadable text give a note, not a crash), the percentage-of-difference
// rule and impact marks, group and cluster rules, and the location and
// scenario reports rendered in happy-dom on a fake API with a fake map.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { Location, LocationCatchmentArea, MatchingLocation, ScenarioDifferences } from '@locus/contract';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language } from '../src/i18n';
import type { ApiClient } from '@locus/contract/client';
import { createRoot } from 'react-dom/client';
import { AppModel } from '../src/stores/app';
import { scenarios } from '../src/stores/scenarios';
import { LocationReport } from '../src/ui/reports/LocationReport';
import type { ReportMapOptions } from '../src/ui/reports/report-map';
import { localSituationZoom, PRINT_PIXEL_RATIO, REPORT_MAP_HEIGHT } from '../src/ui/reports/report-map';
import { WORLD_SIZE } from '@locus/map-canvas';
import {
  areaShares,
  defaultLocationLayout,
  differenceFraction,
  firstLocations,
  impactMark,
  parseLocationLayout,
  parseScenarioLayout,
  showClusterImpact,
  showGroupImpact,
  totalOf,
} from '../src/ui/reports/rules';
import { ScenarioReport } from '../src/ui/reports/ScenarioReport';
import { reportScenarios } from '../src/ui/reports/ReportsButton';
import { fakeApi } from './fake-api';
import { location as summary, model, scenario } from './fixtures';
import { render } from './render';

(globalThis as { URL: typeof URL }).URL.createObjectURL ??= () => 'blob:report-map';
(globalThis as { URL: typeof URL }).URL.revokeObjectURL ??= () => undefined;

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

test('location layout: every component name of the format is read in order', () => {
  const format = JSON.stringify({
    components: [
      { name: 'mapLocations' },
      { name: 'mapCatchmentArea' },
      { name: 'mapCatchmentAreaPrimary' },
      { name: 'mapCatchmentAreaSecondary' },
      { name: 'properties', section: 'store' },
      { name: 'properties2Columns', left: 'store', right: 'general' },
      { name: 'topAreas', numberOfAreas: 10 },
      { name: 'matchingLocations' },
      { name: 'matchingScores' },
      { name: 'drivers' },
      { name: 'disclaimer' },
      { name: 'textSection', title: 'Note', paragraphs: ['One', 'Two'] },
    ],
  });
  const layout = parseLocationLayout(format, 0);
  assert.ok(layout.custom);
  assert.is(layout.error, null);
  assert.equal(
    layout.components.map((c) => c.name),
    [
      'mapLocations',
      'mapCatchmentArea',
      'mapCatchmentAreaPrimary',
      'mapCatchmentAreaSecondary',
      'properties',
      'properties2Columns',
      'topAreas',
      'matchingLocations',
      'matchingScores',
      'drivers',
      'disclaimer',
      'textSection',
    ],
  );
  assert.equal(layout.components[6], { name: 'topAreas', numberOfAreas: 10 });
});

test('location layout: unknown component names are kept as notes; unreadable text falls back to the default layout with a message', () => {
  const layout = parseLocationLayout(JSON.stringify({ components: [{ name: 'mapLocations' }, { name: 'salesForecast' }, { name: 'properties' }, 7] }), 1);
  assert.equal(layout.components, [
    { name: 'mapLocations' },
    { name: '__unknown', given: 'salesForecast' },
    { name: '__unknown', given: 'properties' },
    { name: '__unknown', given: '7' },
  ]);
  const broken = parseLocationLayout('{ components: [', 0);
  assert.is(broken.custom, false);
  assert.is(broken.error, 'invalidJson');
  assert.equal(broken.components, defaultLocationLayout(0));
  assert.is(parseLocationLayout('{"parts": []}', 0).error, 'noComponents');
  const none = parseLocationLayout(null, 1);
  assert.is(none.custom, false);
  assert.is(none.error, null);
});

test('default location layout: the catchment map is the secondary one in mode 0; top 25 areas', () => {
  const names = (mode: number) => defaultLocationLayout(mode).map((c) => c.name);
  assert.ok(names(0).includes('mapCatchmentAreaSecondary'));
  assert.ok(names(1).includes('mapCatchmentArea'));
  assert.equal(
    defaultLocationLayout(0).find((c) => c.name === 'topAreas'),
    { name: 'topAreas', numberOfAreas: 25 },
  );
  assert.is(names(0).at(-1), 'disclaimer');
});

test('scenario layout: every component name; unknown names kept', () => {
  const layout = parseScenarioLayout(
    JSON.stringify({
      components: [
        { name: 'mapImpact' },
        { name: 'changedlocations' },
        { name: 'locationDifferences' },
        { name: 'locationGroupDifferences' },
        { name: 'locationClusterDifferences' },
        { name: 'disclaimer' },
        { name: 'textSection', title: 'T', paragraphs: [] },
        { name: 'mapLocations' },
      ],
    }),
  );
  assert.equal(
    layout.components.map((c) => c.name),
    [
      'mapImpact',
      'changedlocations',
      'locationDifferences',
      'locationGroupDifferences',
      'locationClusterDifferences',
      'disclaimer',
      'textSection',
      '__unknown',
    ],
  );
  assert.equal(
    parseScenarioLayout(null).components.map((c) => c.name),
    ['locationDifferences', 'locationGroupDifferences', 'locationClusterDifferences', 'mapImpact', 'disclaimer'],
  );
});

test('percentage of difference: 100 % when the default output is 0; a change of 1 or more marks the impact', () => {
  assert.is(differenceFraction(0, 250), 1);
  assert.is(differenceFraction(0, 0), 1);
  assert.is(differenceFraction(200, 50), 0.25);
  assert.is(differenceFraction(200, -50), -0.25);
  assert.is(impactMark(1), 'up');
  assert.is(impactMark(0.99), null);
  assert.is(impactMark(-0.5), null);
  assert.is(impactMark(-1), 'down');
  assert.equal(
    totalOf([
      { outputDefault: 10, output: 12, outputDifference: 2 },
      { outputDefault: 5, output: 4, outputDifference: -1 },
    ]),
    { outputDefault: 15, output: 16, outputDifference: 1 },
  );
  assert.is(firstLocations(Array.from({ length: 40 }, (_, i) => i)).length, 25);
  assert.equal(areaShares([{ output: 3 }, { output: 1 }]), [0.75, 0.25]);
});

test('group impact when locationGroupsType is 1 and more than one group; cluster impact when locationClustersType is 2 and more than one cluster', () => {
  assert.ok(showGroupImpact(1, 2));
  assert.not.ok(showGroupImpact(1, 1));
  assert.not.ok(showGroupImpact(0, 5));
  assert.ok(showClusterImpact(2, 3));
  assert.not.ok(showClusterImpact(2, 1));
  assert.not.ok(showClusterImpact(1, 3));
});

test('the scenario report does not offer the base scenario', () => {
  const list = [scenario(1), scenario(2, { parentScenarioId: 1 }), scenario(3, { parentScenarioId: 2 })];
  assert.equal(
    reportScenarios(list).map((s) => s.id),
    [2, 3],
  );
});

function reportLocation(): Location {
  const prop = (id: number, name: string, section: string, viewLocation: number, numberValue: number) => ({
    id,
    name,
    title: name.toUpperCase(),
    description: null,
    label: null,
    propertyType: 0,
    dataType: 4,
    autoCalculateType: 0,
    poiSetName: null,
    visible: true,
    viewLocation,
    subModelId: null,
    sectionName: section,
    sectionTitle: `Section ${section}`,
    sectionLabel: null,
    sectionViewOrder: 1,
    sectionViewSize: null,
    sectionSecondary: false,
    stringValue: null,
    numberValue,
    percentageValue: null,
    oldStringValue: null,
    oldNumberValue: null,
    defaultValue: null,
    minimumValue: null,
    maximumValue: null,
    roundingDigits: 0,
    titleShort: null,
    choices: [],
    rangeColor: null,
    dependencyExpression: null,
  });
  return {
    ...summary(12),
    locationClusters: [],
    locationProperties: [prop(1, 'floor', 'store', 0, 800), prop(2, 'checkouts', 'store', 0, 5), prop(3, 'year', 'general', 1, 2020)],
  } as unknown as Location;
}

function catchment(): LocationCatchmentArea {
  const square = (x: number) => ({
    type: 'Polygon' as const,
    coordinates: [
      [
        [x, 52],
        [x + 0.01, 52],
        [x + 0.01, 52.01],
        [x, 52.01],
        [x, 52],
      ],
    ],
  });
  const props = (areaCode: string, fraction: number, valueSharePrevious: number) => ({
    fraction,
    fractionDefault: null,
    value: 1,
    valueDefault: null,
    valueSharePrevious,
    areaCode,
    locationPropertyId: null,
  });
  return {
    featureCollection: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: square(5), properties: props('A1', 0.5, 0) },
        { type: 'Feature', geometry: square(5.01), properties: props('A2', 0.3, 0.6) },
        { type: 'Feature', geometry: square(5.02), properties: props('A3', 0.2, 0.9) },
      ],
    },
    areas: [
      {
        areaCode: 'A1',
        output: 600,
        outputDefaultScenario: null,
        locationPropertyId: null,
        areaProperties: [{ name: 'population', title: 'Population', titleShort: 'Pop.', dataType: 4, stringValue: null, numberValue: 1234, roundingDigits: 0 }],
      },
      {
        areaCode: 'A2',
        output: 300,
        outputDefaultScenario: null,
        locationPropertyId: null,
        areaProperties: [{ name: 'population', title: 'Population', titleShort: 'Pop.', dataType: 4, stringValue: null, numberValue: 99, roundingDigits: 0 }],
      },
      { areaCode: 'A3', output: 100, outputDefaultScenario: null, locationPropertyId: null, areaProperties: [] },
    ],
    locationProperties: [],
    sameAsParent: false,
  } as unknown as LocationCatchmentArea;
}

const matches = (n: number): MatchingLocation[] =>
  Array.from({ length: n }, (_, i) => ({
    locationId: 12 + i,
    name: `Store ${12 + i}`,
    score: 1 - i / 10,
    outputLocationPropertyValue: 1000,
    outputLocationPropertyTitle: 'Turnover',
    actualOutputLocationPropertyValue: null,
    actualOutputLocationPropertyTitle: null,
    normalizedScores: [
      { title: 'A', score: 0.5 },
      { title: 'B', score: 0.7 },
    ],
  }));

let apps: AppModel[] = [];
/** A fresh app model on a test's API (its results model keeps the answers the report reads), disposed after the test. */
function appOn(api: ApiClient): AppModel {
  const app = new AppModel(api);
  apps.push(app);
  return app;
}
test.after.each(() => {
  for (const app of apps) app[Symbol.dispose]();
  apps = [];
});

function reportApi(matching = 4) {
  return fakeApi({
    scenarioLocationProperties: () => reportLocation(),
    locationCatchmentArea: () => catchment(),
    matchingLocations: () => matches(matching),
    matchingScores: () => matches(Math.min(matching, 6)),
    scenarioDrivers: () => [],
  });
}

test('location report, default layout: properties in two columns, the local situation fitting the range circles and the catchment at zoom 11 (secondary coverage) at the print pixel ratio, top areas, charts, footer', async () => {
  language.value = 'en';
  const maps: ReportMapOptions[] = [];
  let drawn = 0;
  const fake = reportApi();
  const m = model(1, { hasNormalizedScoresFunctions: true, locationsType: 'Supermarket' });
  const view = await render(
    <LocationReport
      api={fake.api}
      model={m}
      scenario={{ id: 5, name: 'Plan' }}
      submodel={{ id: 7, name: 'Default' }}
      locationId={12}
      locations={[summary(12), summary(13)]}
      userName="Pat Planner"
      environment="Test"
      generatedAt={new Date('2026-11-23T10:00:00Z')}
      renderMap={async (o) => {
        maps.push(o);
        return new Blob(['png']);
      }}
      onMapsDrawn={() => {
        drawn++;
      }}
    />,
    appOn(fake.api),
  );
  await settle();
  const paper = view.container.querySelector('.report-paper')!;
  assert.is(paper.getAttribute('data-layout'), 'default');
  assert.match(paper.querySelector('.report-heading')!.textContent ?? '', /^Supermarket report$/);
  assert.match(paper.querySelector('.report-subheader')!.textContent ?? '', /Store 12.*Plan.*Pat Planner/);
  assert.not.match(paper.querySelector('.report-subheader')!.textContent ?? '', /Default/);
  const columns = paper.querySelectorAll('.report-columns > div');
  assert.match(columns[0]!.textContent ?? '', /FLOOR.*CHECKOUTS/);
  assert.match(columns[1]!.textContent ?? '', /YEAR/);
  assert.equal(
    maps.map((o) => o.zoom),
    [localSituationZoom(summary(12).latitude, [500, 1000]), 11],
  );
  assert.equal(maps[0]!.ranges, [500, 1000]);
  assert.equal(maps[0]!.center, [summary(12).longitude, summary(12).latitude]);
  assert.is(maps[1]!.polygons!.length, 2, 'secondary coverage: areas before 0.8 of the value');
  assert.is(drawn, 1);
  assert.is(paper.getAttribute('data-maps-drawn'), 'true');
  assert.is(paper.querySelectorAll('img[data-drawn]').length, 2);
  assert.is(paper.querySelector('img[data-drawn]')!.getAttribute('height'), String(REPORT_MAP_HEIGHT));
  const rows = paper.querySelectorAll('.report-table tbody tr');
  assert.is(rows.length, 3);
  assert.match(rows[0]!.textContent ?? '', /A1.*60\.0%/);
  assert.match(paper.querySelector('.report-table thead')!.textContent ?? '', /Pop\./);
  assert.ok(paper.querySelector('svg[data-chart="matching"]'));
  assert.ok(paper.querySelector('svg[data-chart="radar"]'));
  assert.not.ok(paper.querySelector('svg[data-chart="drivers"]'), 'no drivers: no drivers chart');
  assert.ok(paper.querySelector('.report-disclaimer'));
  assert.match(paper.querySelector('.report-footer')!.textContent ?? '', /Model 1.*\(1\/5\/12\).*Test/);
  assert.ok(PRINT_PIXEL_RATIO > 3);
  await view.unmount();
});

test("a location report shown outside the app (the embed's element) reads through a model of its own, made with its client", async () => {
  language.value = 'en';
  const fake = reportApi();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  // No app model around it: the report makes its own results and charts-and-reports models.
  await act(async () =>
    root.render(
      <LocationReport
        api={fake.api}
        model={model(1, { locationsType: 'Supermarket' })}
        scenario={{ id: 5, name: 'Plan' }}
        submodel={{ id: 7, name: 'Default' }}
        locationId={12}
        locations={[summary(12)]}
        userName=""
        environment={null}
        renderMap={async () => new Blob(['png'])}
      />,
    ),
  );
  await settle();
  assert.match(host.querySelector('.report-subheader')?.textContent ?? '', /Store 12/);
  assert.ok(fake.names().includes('matchingLocations'), "its charts read through the report's client");
  await act(async () => root.unmount());
  host.remove();
});

test('local situation: street level (16) over streets; on the built-in basemap the largest range circle fits the picture', () => {
  assert.is(localSituationZoom(52.37, [500, 1000, 2000], { streets: true }), 16);
  const zoom = localSituationZoom(52.37, [500, 1000, 2000]);
  // The picture's height in metres at that zoom holds the 4 km circle with a margin, and half a zoom closer would not.
  const height = (z: number) => (REPORT_MAP_HEIGHT * (40_075_016.686 / 512) * Math.cos((52.37 * Math.PI) / 180)) / 2 ** z;
  assert.ok(height(zoom) >= 4_000 * 1.2 && height(zoom + 0.5) < 4_000 * 1.2, `zoom ${zoom}: ${height(zoom)} m`);
  assert.is(zoom % 0.5, 0);
  assert.ok(localSituationZoom(52.37, [100]) <= 16 && localSituationZoom(52.37, [100]) > localSituationZoom(52.37, [3000]));
  assert.is(localSituationZoom(52.37, []), localSituationZoom(52.37, [2500]), 'no ranges: about 5 km around');
  assert.is(localSituationZoom(52.37, [200_000]), 9, 'never further out than two zooms beyond the catchment map');
  assert.is(WORLD_SIZE, 512, "the map's world size the zoom is computed with");
});

test("location report, custom layout: sections in the format's order, an unknown component named in the report, Production not in the footer", async () => {
  const maps: ReportMapOptions[] = [];
  const format = JSON.stringify({
    components: [
      { name: 'textSection', title: 'About', paragraphs: ['First.', 'Second.'] },
      { name: 'properties', section: 'general' },
      { name: 'mapCatchmentAreaPrimary' },
      { name: 'salesForecast' },
      { name: 'topAreas', numberOfAreas: 1 },
      { name: 'matchingLocations' },
    ],
  });
  const api = reportApi(1).api;
  const view = await render(
    <LocationReport
      api={api}
      model={model(1, { locationReportFormat: format })}
      scenario={{ id: 5, name: 'Plan' }}
      submodel={{ id: 8, name: 'Weekend' }}
      locationId={12}
      locations={[]}
      userName=""
      environment="Production"
      renderMap={async (o) => {
        maps.push(o);
        return new Blob(['png']);
      }}
    />,
    appOn(api),
  );
  await settle();
  const paper = view.container.querySelector('.report-paper')!;
  assert.is(paper.getAttribute('data-layout'), 'custom');
  const headings = within(paper as HTMLElement)
    .getAllByRole('heading', { level: 3, hidden: true })
    .map((h) => h.textContent);
  assert.equal(headings, ['About', 'Section general', 'CA 1 (primary)', 'Top 1 areas (Areas)']);
  assert.match(paper.querySelector('.report-unknown')!.textContent ?? '', /"salesForecast"/);
  assert.is(maps.length, 1);
  assert.is(maps[0]!.polygons!.length, 1, 'primary coverage: areas before half the value');
  assert.is(paper.querySelectorAll('.report-table tbody tr').length, 1);
  assert.match(paper.textContent ?? '', /no matching locations/);
  assert.match(paper.querySelector('.report-subheader')!.textContent ?? '', /Weekend/);
  assert.not.match(paper.querySelector('.report-footer')!.textContent ?? '', /Production/);
  await view.unmount();
});

function differences(): ScenarioDifferences {
  return {
    impactOutputLocationPropertyTitle: 'Turnover',
    locations: [
      { locationID: 13, locationName: 'Store 13', outputDefault: 0, output: 500, outputDifference: 500 },
      { locationID: 12, locationName: 'Store 12', outputDefault: 1000, output: 800, outputDifference: -200 },
      { locationID: 14, locationName: 'Store 14', outputDefault: 400, output: 400.5, outputDifference: 0.5 },
    ],
    locationGroups: [
      { locationGroupName: 'Alpha', outputDefault: 1000, output: 1300, outputDifference: 300 },
      { locationGroupName: 'Beta', outputDefault: 400, output: 400.5, outputDifference: 0.5 },
    ],
    locationClusters: [{ locationClusterName: 'North', outputDefault: 1400, output: 1700.5, outputDifference: 300.5 }],
  };
}

test('scenario report: loading until the differences arrive, impact table with signs and percentages, group impact, no cluster impact with one cluster, impact map at zoom 11', async () => {
  language.value = 'en';
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const maps: ReportMapOptions[] = [];
  const fake = fakeApi({
    scenarioDifferences: async () => {
      await gate;
      return differences();
    },
    scenarioLocations: () => [summary(12), summary(13, { changeType: 1 }), summary(14)],
  });
  const list = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1, name: 'Plan B' })];
  const view = await render(
    <ScenarioReport
      api={fake.api}
      model={model(1, { outputType: 2 })}
      submodel={{ id: 7, name: 'Default' }}
      scenarios={list}
      scenarioId={1}
      userName="Pat"
      environment={null}
      renderMap={async (o) => {
        maps.push(o);
        return new Blob(['png']);
      }}
    />,
    appOn(fake.api),
  );
  await settle();
  assert.match(view.container.textContent ?? '', /loading/);
  const options = view.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
  assert.equal(options, ['Plan B'], 'the base scenario is not offered');
  await act(async () => {
    release();
  });
  await settle();
  const table = view.container.querySelector('.impact-table')!;
  const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
  assert.match(rows[0]!, /Store 13.*0.*500.*\+500 \(\+100\.0%\)/);
  assert.match(rows[1]!, /Store 12.*1,000.*800.*−200 \(−20\.0%\)/);
  assert.ok(table.querySelector('tbody tr:nth-child(1) .impact-up'));
  assert.ok(table.querySelector('tbody tr:nth-child(2) .impact-down'));
  assert.ok(table.querySelector('tbody tr:nth-child(3) .impact-none'), 'a change under 1 marks no impact');
  assert.match(table.querySelector('tfoot')!.textContent ?? '', /^Total1,400.*1,701.*\+301/);
  const captions = [...view.container.querySelectorAll('caption')].map((c) => c.textContent);
  assert.equal(captions, ['Impact on locations: Turnover', 'Impact on location groups: Turnover']);
  assert.is(maps.length, 1);
  assert.is(maps[0]!.zoom, 11);
  assert.equal(maps[0]!.center, [summary(13).longitude, summary(13).latitude], 'centred on the changed location, not fitted');
  assert.is(maps[0]!.iconColors!.get(13), '#16703a');
  assert.is(maps[0]!.iconColors!.get(12), '#b42318');
  assert.is(maps[0]!.iconColors!.get(14), '#9ca3af');
  // The legend belongs to the map: inside its section (spaced from what follows, kept with the map on paper).
  const legends = [...view.container.querySelectorAll('.report-legend')];
  assert.is(legends.length, 1);
  assert.ok(legends[0]!.closest('section.report-map'), "the legend is in the map's section");
  assert.equal([...legends[0]!.querySelectorAll(':scope > span')].map((s) => s.textContent?.trim()).slice(0, 3), [
    'positive impact',
    'negative impact',
    'no impact',
  ]);
  // Proportional symbols: one per other store whose output changes, with the API's difference (the new
  // store 13 is the change itself, not a symbol); the scale says the largest.
  assert.equal(
    maps[0]!.impact!.map((f) => [f.id, f.change]),
    [
      [12, -200],
      [14, 0.5],
    ],
  );
  assert.match(legends[0]!.textContent ?? '', /largest circle: 200/);
  assert.ok(view.container.querySelector('.report-disclaimer'));
  await view.unmount();
});

test('scenario report, custom layout: changed locations and a text section in order; unknown names noted', async () => {
  const fake = fakeApi({
    scenarioDifferences: () => differences(),
    scenarioLocations: () => [summary(12), summary(13, { changeType: 1 }), summary(15, { changeType: 3 }), summary(14, { changeType: 2 })],
    // Store 13 holds a floor area imported before its range (at most 4,000) was set; store 15 is inside.
    scenarioLocationProperties: (o) => {
      const id = (o.params as { locationId: number }).locationId;
      const area = { id: 1, name: 'area', title: 'Sales area', dataType: 4, propertyType: 0, minimumValue: 100, maximumValue: 4000, wholeNumbers: true };
      return { id, locationProperties: [{ ...area, numberValue: id === 13 ? 12_000 : 900 }] };
    },
  });
  const format = JSON.stringify({
    components: [{ name: 'changedlocations' }, { name: 'textSection', title: 'Why', paragraphs: ['Because.'] }, { name: 'impactChart' }],
  });
  const view = await render(
    <ScenarioReport
      api={fake.api}
      model={model(1, { scenarioReportFormat: format })}
      submodel={{ id: 7, name: 'Default' }}
      scenarios={[scenario(1), scenario(2, { parentScenarioId: 1, status: 9 })]}
      scenarioId={2}
      userName=""
      environment={null}
      renderMap={async () => new Blob([])}
    />,
    appOn(fake.api),
  );
  await settle();
  const headings = view.getAllByRole('heading', { level: 3, hidden: true }).map((h) => h.textContent);
  assert.equal(headings, ['Changed locations', 'Why']);
  assert.match(
    view.container.querySelector('.report-table tbody')!.textContent ?? '',
    /Store 13\s+Outside the allowed range: Sales areaopened.*Store 15edited.*Store 14closed/,
  );
  assert.is(view.container.querySelectorAll('.report-table .outside-range').length, 1, 'only the location with a value outside its range');
  assert.not.ok(
    fake.calls.some((c) => c.name === 'scenarioLocationProperties' && (c.options.params as { locationId: number }).locationId === 14),
    'a closed location is not read',
  );
  assert.match(view.container.querySelector('.report-unknown')!.textContent ?? '', /"impactChart"/);
  await view.unmount();
});

test('scenario report: 25 rows shown, "and N more" with their sum, the total labelled as all affected; no signed zero', async () => {
  language.value = 'en';
  const many: ScenarioDifferences = {
    impactOutputLocationPropertyTitle: 'Turnover',
    locations: Array.from({ length: 28 }, (_, i) => ({
      locationID: 100 + i,
      locationName: `Store ${100 + i}`,
      outputDefault: 1000,
      output: 1000 - (30 - i),
      outputDifference: -(30 - i),
    })),
    locationGroups: [],
    locationClusters: [],
  };
  many.locations.push({ locationID: 200, locationName: 'Store 200', outputDefault: 1000, output: 999.7, outputDifference: -0.3 });
  const fake = fakeApi({ scenarioDifferences: () => many, scenarioLocations: () => [summary(12)] });
  const view = await render(
    <ScenarioReport
      api={fake.api}
      model={model(1, { outputType: 2 })}
      submodel={{ id: 7, name: 'Default' }}
      scenarios={[scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 })]}
      scenarioId={2}
      userName=""
      environment={null}
      renderMap={async () => new Blob([])}
    />,
    appOn(fake.api),
  );
  await settle();
  const table = view.container.querySelector('.impact-table')!;
  const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
  assert.is(rows.length, 26, '25 rows and the "and N more" row');
  // The 4 left out: 5 + 4 + 3 + 0.3 less; with the listed 25 (30 down to 6) they make the total.
  assert.match(rows[25]!, /^and 4 more4,000.*3,988.*−12 /);
  const foot = table.querySelector('tfoot')!.textContent ?? '';
  assert.match(foot, /^Total of all 29 affected29,000.*28,538.*−462 /);
  assert.not.match(table.textContent ?? '', /−0(?![.,\d])|−€\s?0(?![.,\d])/, 'no signed zero');
  await view.unmount();
});

test('scenario report: a calculated scenario whose base is not calculated says so about the base', async () => {
  language.value = 'en';
  const fake = fakeApi({
    scenarioDifferences: () => {
      throw Object.assign(new Error('not calculated'), { status: 409 });
    },
    scenarioLocations: () => [summary(12)],
  });
  const view = await render(
    <ScenarioReport
      api={fake.api}
      model={model(1)}
      submodel={{ id: 7, name: 'Default' }}
      scenarios={[scenario(1, { status: 2 }), scenario(2, { status: 9, parentScenarioId: 1 })]}
      scenarioId={2}
      userName=""
      environment={null}
      renderMap={async () => new Blob([])}
    />,
    appOn(fake.api),
  );
  await settle();
  assert.match(view.container.textContent ?? '', /base scenario is being calculated/);
  await view.unmount();
});

test('scenario report: a scenario not calculated offers Calculate; being calculated it shows its progress; the base gets its own button', async () => {
  language.value = 'en';
  const differencesNotThere = () => {
    throw Object.assign(new Error('not calculated'), { status: 409 });
  };
  const asked: number[] = [];
  const show = async (list: ReturnType<typeof scenario>[]) => {
    const fake = fakeApi({ scenarioDifferences: differencesNotThere, scenarioLocations: () => [summary(12)] });
    const view = await render(
      <ScenarioReport
        api={fake.api}
        model={model(1)}
        submodel={{ id: 7, name: 'Default' }}
        scenarios={list}
        scenarioId={2}
        userName=""
        environment={null}
        renderMap={async () => new Blob([])}
        onCalculate={(id) => asked.push(id)}
      />,
      appOn(fake.api),
    );
    await settle();
    return view;
  };
  let view = await show([scenario(1, { status: 9 }), scenario(2, { status: 0, parentScenarioId: 1 })]);
  assert.match(view.container.textContent ?? '', /scenario is not calculated yet: calculate it/);
  view.getByRole('button', { name: 'Calculate' }).click();
  assert.equal(asked, [2], 'the shown scenario is calculated');
  await view.unmount();

  view = await show([scenario(1, { status: 9 }), scenario(2, { status: 5, parentScenarioId: 1 })]);
  assert.match(view.container.textContent ?? '', /being calculated; the report follows/);
  assert.is(view.container.querySelector('progress')?.getAttribute('value'), '55', '11 % per step');
  assert.is(view.queryByRole('button', { name: 'Calculate' }), null, 'nothing to start while it runs');
  await view.unmount();

  view = await show([scenario(1, { status: 0 }), scenario(2, { status: 9, parentScenarioId: 1 })]);
  assert.match(view.container.textContent ?? '', /base scenario is not calculated yet/);
  view.getByRole('button', { name: 'Calculate the base scenario' }).click();
  assert.equal(asked, [2, 1], 'the base is calculated');
  await view.unmount();
});

test('the differences read again once the base is calculated: the base is part of the cache key', async () => {
  let calls = 0;
  let baseDone = false;
  const fake = fakeApi({
    scenarioDifferences: () => {
      calls++;
      if (!baseDone) throw Object.assign(new Error('the base scenario is not calculated'), { status: 409 });
      return differences();
    },
  });
  scenarios.value = [scenario(1, { status: 2 }), scenario(2, { status: 9, parentScenarioId: 1 })];
  const { fetchScenarioDifferences } = appOn(fake.api).results;
  assert.is(await fetchScenarioDifferences(7, 2), null);
  assert.is(await fetchScenarioDifferences(7, 2), null);
  assert.is(calls, 1, 'kept while nothing changed');
  baseDone = true;
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 })];
  assert.ok(await fetchScenarioDifferences(7, 2), 'read again');
  assert.is(calls, 2);
  scenarios.value = [];
});

test.run();
