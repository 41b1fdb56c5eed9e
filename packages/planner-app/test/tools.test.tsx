// The map tools: the location filter, the layer toggling rules, the legend's
// text colour, the search call's parameters and address, the satellite
// setting, and the panels rendered in happy-dom.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { DEFAULT_HEAT_GRADIENT } from '@locus/map-canvas';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createApiClient } from '@locus/contract/client';
import { language } from '../src/i18n';
import { emptyLayers, layers } from '../src/stores/layers';
import { emptyFilter, filter, filterActive, locations, selectedLocationId, visibleLocations } from '../src/stores/locations';
import { modelId, models } from '../src/stores/models';
import {
  allowsMultiple,
  chooseSearchResult,
  clearFilter,
  clearSets,
  clusterOptions,
  filterableCount,
  legendSections,
  locationOfResult,
  matchingCount,
  searchParams,
  SEARCH_PAGE,
  setFilterName,
  setFilterValue,
  setSetVisible,
  withSet,
} from '../src/stores/tools';
import { extent, fitRequest } from '../src/stores/view';
import { ApiFailure } from '@locus/contract/client';
import { AppModel } from '../src/stores/app';
import { ToolsModel } from '../src/stores/tools';
import { fakeApi } from './fake-api';
import { render } from './render';
import { location, model } from './fixtures';
import { FilterPanel } from '../src/ui/tools/filter';
import { colouredEntryStyle, LegendPanel } from '../src/ui/tools/legend';
import { LayersPanel } from '../src/ui/tools/layers';
import { SearchPanel } from '../src/ui/tools/search';

const richModel = model(1, {
  locationGroups: [
    { id: 1, code: 'A', name: 'Alpha', selectable: true },
    { id: 2, code: 'B', name: 'Beta', selectable: true },
    { id: 3, code: 'C', name: 'Gamma', selectable: true },
  ],
  areaSets: [
    {
      id: 5,
      name: 'Grid',
      title: 'Grid 1 km',
      hover: true,
      isWhiteSpot: false,
      mapTilesZoomLevelsAvailable: [8, 9, 10],
      tileSlug: 'grid-1-km',
      colorRamp: ['#fff5eb', '#d94801'],
    },
    { id: 6, name: 'Regions', title: 'Regions', hover: false, isWhiteSpot: false, mapTilesZoomLevelsAvailable: [], tileSlug: 'regions', colorRamp: null },
  ],
  heatMapSets: [
    { id: 20, name: 'pop', title: 'Population', rendering: 'density' },
    { id: 21, name: 'pp', title: 'Purchasing power', rendering: 'rate' },
  ],
  poiSets: [
    { id: 30, name: 'stations', title: 'Stations' },
    { id: 31, name: 'schools', title: 'Schools' },
  ],
  catchmentAreaZones: [
    { title: 'Core', color: '#1d5fd1', catchmentAreaName: 'ca1' },
    { title: 'Fringe', color: '#ffe066', catchmentAreaName: 'ca1' },
    { title: 'Other', color: '#00ff00', catchmentAreaName: 'ca2' },
  ],
});

function useModel(m = richModel) {
  models.value = [m];
  modelId.value = m.id;
  layers.value = { ...emptyLayers, catchmentAreaId: m.catchmentAreas[0]?.id ?? null };
}

const storeList = [
  location(1, { name: 'Korenbloem', locationGroupId: 1, locationClusterId: 40, locationCluster: 'Zuid', changeType: 0 }),
  location(2, { name: 'Dagvers Centrum', locationGroupId: 2, locationClusterId: 41, locationCluster: 'Centrum', changeType: 3 }),
  location(3, { name: 'Dagvers Zuid', locationGroupId: 2, locationClusterId: 40, locationCluster: 'Zuid', changeType: 2 }),
  location(4, { name: 'Nieuwe winkel', locationGroupId: null, locationClusterId: null, locationCluster: null, changeType: 1 }),
  location(5, { name: 'Hidden store', locationGroupId: 1, visibility: 2 }),
];

// ------------------------------------------------------------------ filter

let made: { [Symbol.dispose](): void }[] = [];
/** A fresh tools model on a test's API (disposed after the test). */
function toolsOn(api = fakeApi({}).api, select = async (_id: number) => {}): ToolsModel {
  const tools = new ToolsModel(api, select);
  made.push(tools);
  return tools;
}
/** A fresh app model for a rendered panel (disposed after the test). */
function appOn(api = fakeApi({}).api): AppModel {
  const app = new AppModel(api);
  made.push(app);
  return app;
}
test.after.each(() => {
  for (const m of made) m[Symbol.dispose]();
  made = [];
});

test('the filter narrows by name (case-insensitive part), group, cluster and change, and clears', () => {
  locations.value = storeList;
  clearFilter();
  assert.is(filterableCount.value, 4, 'hidden locations are not counted');
  assert.is(matchingCount.value, 4);
  setFilterName('dagvers');
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [2, 3],
  );
  setFilterValue('clusterIds', 40, true);
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [3],
  );
  assert.is(matchingCount.value, 1);
  setFilterName('');
  setFilterValue('clusterIds', 40, false);
  setFilterValue('groupIds', 1, true);
  setFilterValue('groupIds', 1, true);
  assert.equal(filter.value.groupIds, [1], 'a value is added once');
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [1],
    'hidden store 5 of group 1 stays hidden',
  );
  setFilterValue('groupIds', 2, true);
  setFilterValue('changeTypes', 2, true);
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [3],
    'lists are combined with and; values within a list with or',
  );
  assert.is(filterActive.value, true);
  clearFilter();
  assert.equal(filter.value, emptyFilter);
  assert.is(filterActive.value, false);
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [1, 2, 3, 4],
  );
});

test('cluster choices come from the locations, once each, sorted by name', () => {
  assert.equal(clusterOptions(storeList, 'nl'), [
    { id: 41, name: 'Centrum' },
    { id: 40, name: 'Zuid' },
  ]);
  assert.equal(clusterOptions([{ locationClusterId: 9, locationCluster: null }], 'en'), [{ id: 9, name: '9' }]);
});

// ------------------------------------------------------------------ layers

test('area sets may always be on together; heat maps and POI sets as the model allows', () => {
  const single = { allowMultipleHeatMapSets: false, allowMultiplePOISets: false };
  const multiple = { allowMultipleHeatMapSets: true, allowMultiplePOISets: true };
  assert.is(allowsMultiple('areaSetIds', single), true);
  assert.is(allowsMultiple('heatMapSetIds', single), false);
  assert.is(allowsMultiple('heatMapSetIds', multiple), true);
  assert.is(allowsMultiple('poiSetIds', { allowMultipleHeatMapSets: true, allowMultiplePOISets: false }), false);
  assert.is(allowsMultiple('poiSetIds', null), false);

  let state = withSet(emptyLayers, 'heatMapSetIds', 20, true, single);
  state = withSet(state, 'heatMapSetIds', 21, true, single);
  assert.equal(state.heatMapSetIds, [21], 'turning one on turns the other off');
  state = withSet(state, 'heatMapSetIds', 20, true, multiple);
  assert.equal(state.heatMapSetIds, [21, 20]);
  state = withSet(state, 'heatMapSetIds', 21, false, multiple);
  assert.equal(state.heatMapSetIds, [20]);
  state = withSet(state, 'areaSetIds', 5, true, single);
  state = withSet(state, 'areaSetIds', 6, true, single);
  assert.equal(state.areaSetIds, [5, 6]);
  assert.equal(state.heatMapSetIds, [20], 'other kinds are untouched');
});

test('the layer actions follow the current model and the none choice clears a kind', () => {
  useModel(richModel);
  setSetVisible('poiSetIds', 30, true);
  setSetVisible('poiSetIds', 31, true);
  assert.equal(layers.value.poiSetIds, [31]);
  useModel({ ...richModel, allowMultiplePOISets: true });
  setSetVisible('poiSetIds', 30, true);
  setSetVisible('poiSetIds', 31, true);
  assert.equal(layers.value.poiSetIds, [30, 31]);
  clearSets('poiSetIds');
  assert.equal(layers.value.poiSetIds, []);
});

test('the satellite setting comes from the environment answer; without one the toggle cannot turn on', async () => {
  const configured = fakeApi({
    systemEnvironment: () => ({ environment: 'Demo', satellite: { url: 'https://imagery.example.com/{z}/{x}/{y}.jpg', attribution: 'Example' } }),
  });
  const tools = toolsOn(configured.api);
  await tools.loadSatelliteImagery();
  await tools.loadSatelliteImagery();
  assert.equal(configured.names(), ['systemEnvironment'], 'read once');
  assert.equal(tools.satelliteImagery.value, { url: 'https://imagery.example.com/{z}/{x}/{y}.jpg', attribution: 'Example' });
  tools.setSatellite(true);
  assert.is(layers.value.satellite, true);

  const none = fakeApi({ systemEnvironment: () => ({ environment: 'Demo' }) });
  const without = toolsOn(none.api);
  await without.loadSatelliteImagery();
  assert.is(without.satelliteImagery.value, null);
  assert.is(layers.value.satellite, false, 'turned off when the server has no imagery');
  without.setSatellite(true);
  assert.is(layers.value.satellite, false);
});

test('area hover asks the topmost visible hover set; 404 clears the tooltip without an error', async () => {
  useModel(richModel);
  layers.value = { ...layers.value, areaSetIds: [5, 6] };
  const area = { areaCode: 'E123N456', areaSetId: 5, personType: 'inhabitants', properties: [], locations: [], totalValue: null };
  let found = true;
  const { api, calls } = fakeApi({
    areaPropertiesByPosition: () => {
      if (found) return area;
      throw new ApiFailure('areaPropertiesByPosition', 404, null, 'not found');
    },
  });
  const { hoverAreaAt, areaHover } = toolsOn(api);
  await hoverAreaAt(5.1, 52.1, 300, 200);
  assert.equal(
    calls.map((c) => (c.options.params as { areaSetId: number }).areaSetId),
    [5],
    'set 6 does not answer hovering',
  );
  assert.equal(calls[0]!.options.expected, [404]);
  assert.equal(areaHover.value, { x: 300, y: 200, setTitle: 'Grid 1 km', area });
  found = false;
  await hoverAreaAt(5.2, 52.2, 310, 210);
  assert.is(areaHover.value, null);
  layers.value = { ...layers.value, areaSetIds: [6] };
  await hoverAreaAt(5.2, 52.2, 310, 210);
  assert.is(calls.length, 2, 'no call without a hover set on');
});

// ------------------------------------------------------------------ legend

test('legend entries on a colour take the legend text colour: dark above brightness 0.5, light below', () => {
  assert.equal(colouredEntryStyle('#ffe066'), { background: '#ffe066', color: '#000000' });
  assert.equal(colouredEntryStyle('#1d5fd1'), { background: '#1d5fd1', color: '#ffffff' });
  assert.equal(colouredEntryStyle('rgb(250, 250, 250)'), { background: 'rgb(250, 250, 250)', color: '#000000' });
  assert.is(colouredEntryStyle('not a colour'), null, 'an unreadable colour is drawn without a fill');
});

const ramps = { density: DEFAULT_HEAT_GRADIENT, rate: ['#ffffcc', '#b10026'] };

test('legend sections: groups on the map, zones of the chosen catchment area, area sets, heat maps and POI sets that are on', () => {
  const state = { ...emptyLayers, catchmentAreaId: 11, areaSetIds: [5, 6], heatMapSetIds: [20, 21], poiSetIds: [30] };
  const sections = legendSections(richModel, state, storeList.slice(0, 3), ramps);
  assert.equal(
    sections.map((s) => s.id),
    ['groups', 'zones', 'areaSets', 'heatMaps', 'pois'],
  );
  // Only a set whose tiles are coloured by value has a ramp to explain.
  assert.equal(sections[2]!.entries, [{ id: 'area-set-5', kind: 'ramp', title: 'Grid 1 km', colors: ['#fff5eb', '#d94801'], fade: false }]);
  // A count is a density fading to transparent; a rate is drawn per area on the opaque ramp.
  assert.equal(
    sections[3]!.entries.map((e) => (e.kind === 'ramp' ? [e.title, e.fade, e.colors, e.note] : null)),
    [
      ['Population', true, DEFAULT_HEAT_GRADIENT, { key: 'legendDensity' }],
      ['Purchasing power', false, ['#ffffcc', '#b10026'], { key: 'legendPerArea' }],
    ],
  );
  sections.splice(2, 1);
  assert.equal(
    sections[0]!.entries.map((e) => e.title),
    ['Alpha', 'Beta'],
    'Gamma has no location on the map',
  );
  assert.equal(
    sections[1]!.entries.map((e) => e.title),
    ['Core', 'Fringe'],
    'zones of ca1',
  );
  assert.equal(
    sections[2]!.entries.map((e) => e.title),
    ['Population', 'Purchasing power'],
  );
  assert.equal(
    sections[3]!.entries.map((e) => e.title),
    ['Stations'],
  );
  const other = legendSections(richModel, { ...emptyLayers, catchmentAreaId: 12 }, [], ramps);
  assert.equal(
    other.map((s) => s.id),
    ['zones'],
  );
  assert.equal(
    other[0]!.entries.map((e) => e.title),
    ['Other'],
  );
  assert.equal(legendSections(null, state, storeList, ramps), []);
});

// ------------------------------------------------------------------ search

test('search parameters: the view extent as north/west/south/east and the trimmed text', () => {
  assert.equal(searchParams([4.5, 52.0, 5.25, 52.5], '  Utrecht '), { north: 52.5, west: 4.5, south: 52.0, east: 5.25, text: 'Utrecht' });
  assert.is(searchParams([4.5, 52.0, 5.25, 52.5], ' U '), null, 'too short');
  assert.is(searchParams(null, 'Utrecht'), null, 'no view yet');
  assert.equal(searchParams([-200, -95, 200, 95], 'ab'), { north: 90, west: -180, south: -90, east: 180, text: 'ab' }, 'clamped to the world');
  const client = createApiClient();
  const params = searchParams([4.5, 52.0, 5.25, 52.5], 'Den Haag/Centrum')!;
  assert.is(client.url('search', params), '/api/search/52.5/4.5/52/5.25/Den%20Haag%2FCentrum');
});

test("a search calls the route with the view, adds the scenario's own locations in place of the server's, and keeps only the newest answer", async () => {
  extent.value = [4.5, 52.0, 5.25, 52.5];
  locations.value = storeList;
  const serverLocation = { latitude: 52.03, longitude: 5.03, category: 'location' as const, title: 'Dagvers Zuid (another model)', icon: '/x' };
  const place = { latitude: 52.2, longitude: 4.9, category: 'place' as const, title: 'Dagveld', icon: '/p' };
  const { api, calls } = fakeApi({ search: (o) => ((o.params as { text: string }).text === 'dag' ? [serverLocation, place] : []) });
  const { runSearch, searchResults, searchState, searchShown } = toolsOn(api);
  await runSearch('dag');
  assert.equal(calls[0]!.options.params, { north: 52.5, west: 4.5, south: 52.0, east: 5.25, text: 'dag' });
  const found = searchResults.value;
  assert.equal(found.map((r) => r.title).sort(), ['Dagveld', 'Dagvers Centrum', 'Dagvers Zuid']);
  assert.ok(
    found.filter((r) => r.category === 'location').every((r) => r.locationId !== undefined),
    "the scenario's locations, by id",
  );
  assert.is(searchState.value, 'done');
  assert.is(searchShown.value, 3);
  await runSearch('d');
  assert.is(calls.length, 1, 'too short: no call');
  assert.equal(searchResults.value, []);
  assert.is(searchState.value, 'idle');
});

test('results beyond a page are listed by "more", a page at a time', async () => {
  extent.value = [4.5, 52.0, 5.25, 52.5];
  locations.value = Array.from({ length: 45 }, (_, i) => location(100 + i, { name: `Winkel ${i + 1}`, locationGroupId: 1 }));
  const { runSearch, searchResults, searchShown, showMoreResults } = toolsOn(fakeApi({ search: () => [] }).api);
  await runSearch('winkel');
  assert.is(searchResults.value.length, 45);
  assert.is(searchShown.value, SEARCH_PAGE);
  assert.equal(searchResults.value.slice(0, 3).map((r) => r.title).length, 3);
  showMoreResults();
  assert.is(searchShown.value, 2 * SEARCH_PAGE);
  showMoreResults();
  assert.is(searchShown.value, 45);
  locations.value = storeList;
});

test('choosing a result flies to it and selects the location it stands for', async () => {
  locations.value = storeList;
  const location3 = storeList[2]!;
  const result = { latitude: location3.latitude, longitude: location3.longitude, category: 'location' as const, title: 'Dagvers Zuid', icon: '/x' };
  assert.is(locationOfResult(result, storeList)?.id, 3);
  assert.is(locationOfResult({ ...result, category: 'place' }, storeList), null);
  const selected: number[] = [];
  await chooseSearchResult(result, async (id) => {
    selected.push(id);
  });
  assert.equal(fitRequest.value?.request, { kind: 'point', lon: location3.longitude, lat: location3.latitude, zoom: 14 });
  assert.equal(selected, [3]);
  await chooseSearchResult({ ...result, category: 'place', title: 'Utrecht', latitude: 52.09, longitude: 5.12 }, async (id) => {
    selected.push(id);
  });
  assert.equal(fitRequest.value?.request, { kind: 'point', lon: 5.12, lat: 52.09, zoom: 14 });
  assert.equal(selected, [3], 'a place selects nothing');
});

test('a filter that leaves one location selects it while the tools model lives', () => {
  useModel(richModel);
  locations.value = storeList;
  selectedLocationId.value = null;
  clearFilter();
  const selected: number[] = [];
  const tools = toolsOn(fakeApi({}).api, async (id) => {
    selected.push(id);
  });
  setFilterName('Dagvers Zuid');
  assert.equal(selected, [3]);
  clearFilter();
  tools[Symbol.dispose]();
  setFilterName('Dagvers Zuid');
  assert.equal(selected, [3], 'a disposed model selects nothing');
  clearFilter();
});

// ------------------------------------------------------------------ panels

test('the filter panel lists groups, clusters and changes, filters as the user types and counts the matches', async () => {
  language.value = 'en';
  useModel(richModel);
  locations.value = storeList;
  clearFilter();
  const view = await render(<FilterPanel />);
  const status = () => view.getByRole('status').textContent;
  assert.is(status(), '4 of 4 locations');
  const legends = view.getAllByRole('group', { hidden: true }).map((f) => f.querySelector('legend')?.textContent);
  assert.equal(legends, ['Group', 'Cluster', 'Change']);
  const clear = view.getByRole<HTMLButtonElement>('button', { name: 'Clear filter', hidden: true });
  assert.is(clear.disabled, true);
  const beta = view.getByRole<HTMLInputElement>('checkbox', { name: 'Beta', hidden: true });
  await act(async () => beta.click());
  assert.equal(filter.value.groupIds, [2]);
  assert.is(status(), '2 of 4 locations');
  assert.is(clear.disabled, false);
  await act(async () => clear.click());
  assert.is(status(), '4 of 4 locations');
  assert.is(beta.checked, false);
  await act(async () => {
    language.value = 'nl';
  });
  assert.is(status(), '4 van 4 locaties', 'the panel follows the interface language');
  await act(async () => {
    language.value = 'en';
  });
  await view.unmount();
});

test('the layers panel offers radio buttons with None when one heat map at a time is allowed, checkboxes otherwise', async () => {
  useModel(richModel);
  const app = appOn();
  const { satelliteImagery } = app.tools;
  const view = await render(<LayersPanel />, app);
  // A group holds either radio buttons or checkboxes, so the two lists keep the page's order.
  const inputsOf = (legend: string) => {
    const group = within(view.getByRole('group', { name: legend, hidden: true }));
    return [...group.queryAllByRole<HTMLInputElement>('radio', { hidden: true }), ...group.queryAllByRole<HTMLInputElement>('checkbox', { hidden: true })];
  };
  assert.equal(
    [...inputsOf('Heat maps')].map((i) => i.type),
    ['radio', 'radio', 'radio'],
  );
  assert.equal(
    [...inputsOf('Areas')].map((i) => i.type),
    ['checkbox', 'checkbox'],
  );
  await act(async () => (inputsOf('Heat maps')[2] as HTMLInputElement).click());
  assert.equal(layers.value.heatMapSetIds, [21]);
  await act(async () => (inputsOf('Heat maps')[0] as HTMLInputElement).click());
  assert.equal(layers.value.heatMapSetIds, [], 'None turns heat maps off');
  assert.is(view.queryByRole('switch', { hidden: true }), null, 'no satellite toggle without imagery');
  await act(async () => {
    satelliteImagery.value = { url: 'https://imagery.example.com/{z}/{x}/{y}.jpg', attribution: null };
  });
  assert.ok(view.queryByRole('switch', { hidden: true }), 'the toggle shows when imagery is configured');
  await act(async () => useModel({ ...richModel, allowMultipleHeatMapSets: true }));
  assert.equal(
    [...inputsOf('Heat maps')].map((i) => i.type),
    ['checkbox', 'checkbox'],
  );
  const selects = view.getAllByRole<HTMLSelectElement>('combobox', { hidden: true });
  assert.is(selects.length, 2, 'catchment area and isoline set');
  assert.is(selects[0]!.value, '11', 'the chosen catchment area');
  await view.unmount();
});

test('the legend panel draws zone entries on their colour with the legend text colour', async () => {
  useModel(richModel);
  locations.value = storeList;
  // No store selected and no catchment drawn (they add their range circles and shares to the legend): a fresh app model has none.
  selectedLocationId.value = null;
  clearFilter();
  const view = await render(<LegendPanel />);
  // The catchment's zones (the grey entry of areas under 1 % is the share ramp's, not a zone).
  const zones = [...view.container.querySelectorAll('.legend-colour:not([data-entry="catchment-excluded"])')] as HTMLElement[];
  assert.equal(
    zones.map((z) => z.textContent),
    ['Core', 'Fringe'],
  );
  assert.is(zones[0]!.style.color, '#ffffff');
  assert.is(zones[1]!.style.color, '#000000');
  const headings = view.getAllByRole('heading', { level: 3, hidden: true }).map((h) => h.textContent);
  assert.equal(headings, ['Locations', 'Catchment area zones']);
  await view.unmount();
});

test('the search panel hints at the minimum length, lists results with their category and flies to the chosen one', async () => {
  language.value = 'en';
  const app = appOn();
  const { searchText, searchResults, searchState } = app.tools;
  searchText.value = 'U';
  const view = await render(<SearchPanel />, app);
  const status = () => view.getByRole('status').textContent;
  assert.is(status(), 'Type at least 2 characters.');
  const results = [
    { latitude: 52.09, longitude: 5.12, category: 'place' as const, title: 'Utrecht', icon: '/i' },
    { latitude: 52.1, longitude: 5.1, category: 'poi' as const, title: 'Station Utrecht', icon: '/i' },
  ];
  await act(async () => {
    searchText.value = 'Utrecht';
    searchResults.value = results;
    searchState.value = 'done';
  });
  assert.is(status(), 'Results: 2');
  const list = view.getByRole('list', { name: 'Search results', hidden: true });
  const buttons = within(list).getAllByRole('button', { hidden: true });
  assert.equal(
    buttons.map((b) => b.textContent),
    ['UtrechtPlace', 'Station UtrechtPoint of interest'],
  );
  await act(async () => buttons[1]!.click());
  assert.equal(fitRequest.value?.request, { kind: 'point', lon: 5.1, lat: 52.1, zoom: 14 });
  await act(async () => {
    searchResults.value = [];
  });
  assert.is(status(), 'Nothing found.');
  await view.unmount();
});

test.run();
