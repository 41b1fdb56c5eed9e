// The planner's results: score product, matching list, coverage rule, area
// shares, output formats per outputType and place, the catchment features and
// styles on the map, the export list per role, culture cookie and file names,
// the isoline tool's minutes, the drawer's loaders through a fake API, and the
// panels and dialogs rendered in happy-dom.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import type { LocationCatchmentArea, MatchingLocation } from '@locus/contract';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language } from '../src/i18n';
import { formatOutput } from '../src/i18n/format';
import { layers, emptyLayers } from '../src/stores/layers';
import { selectedLocationId } from '../src/stores/locations';
import { modelId, models, submodelId } from '../src/stores/models';
import { inCoverage, matchingList, outputContext, outputHint, scoreProduct, shareOfTotal } from '../src/stores/results';
import { AppModel } from '../src/stores/app';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { catchmentFeatures, catchmentFeatureStyle, fractionColor } from '../src/map/catchment-layers';
import { availableDownloads, cultureCookie, fileNameOf, readCulture } from '../src/ui/export/downloads';
import { callMinutes, chosenParameter } from '../src/ui/isoline-tool/state';
import { CatchmentPanel, MatchingPanel } from '../src/ui/results/panels';
import { ScoresDialog, utcText } from '../src/ui/results/dialogs';
import { bearing, mapsStreetView } from '../src/ui/streetview/adapter';
import { openStreetView, streetView, streetViewImage, streetViewUnavailable } from '../src/ui/streetview/state';
import { fakeApi } from './fake-api';
import { model, scenario } from './fixtures';
import { render } from './render';

function match(id: number, score: number): MatchingLocation {
  return {
    locationId: id,
    name: `Store ${id}`,
    score,
    outputLocationPropertyValue: null,
    outputLocationPropertyTitle: null,
    actualOutputLocationPropertyValue: null,
    actualOutputLocationPropertyTitle: null,
    normalizedScores: [],
  };
}

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

function catchmentArea(): LocationCatchmentArea {
  const props = (areaCode: string, fraction: number, valueSharePrevious: number, fractionDefault: number | null = null) => ({
    fraction,
    fractionDefault,
    value: fraction * 100,
    valueDefault: null,
    valueSharePrevious,
    areaCode,
    locationPropertyId: null,
  });
  return {
    featureCollection: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [5, 52] }, properties: props('location', 1, 0) },
        { type: 'Feature', geometry: square(5), properties: props('A1', 0.6, 0, 0.4) },
        { type: 'Feature', geometry: square(5.01), properties: props('A2', 0.2, 0.55, 0.2) },
        { type: 'Feature', geometry: square(5.02), properties: props('A3', 0.005, 0.85) },
      ],
    },
    areas: [
      { areaCode: 'A1', output: 1234.5, outputDefaultScenario: 1000, locationPropertyId: null, areaProperties: [] },
      { areaCode: 'A2', output: 400, outputDefaultScenario: 380, locationPropertyId: null, areaProperties: [] },
    ],
    locationProperties: [],
    sameAsParent: false,
  } as LocationCatchmentArea;
}

function calculatedContext(status = 9) {
  models.value = [model(1)];
  modelId.value = 1;
  submodelId.value = 7;
  scenarios.value = [scenario(3, { status })];
  scenarioId.value = 3;
  selectedLocationId.value = 12;
  layers.value = { ...emptyLayers, catchmentAreaId: 11 };
}

let app: AppModel | null = null;
/** A fresh app model on the given API: its results model follows the selection from now on (disposed after the test). */
function fresh(api = fakeApi({}).api): AppModel {
  app?.[Symbol.dispose]();
  app = new AppModel(api);
  return app;
}
test.after.each(() => {
  app?.[Symbol.dispose]();
  app = null;
});

test('score product: the product of all scores, 0 when there are none', () => {
  assert.is(scoreProduct([]), 0);
  assert.is(scoreProduct([{ score: 0.5 }, { score: 0.8 }, { score: 2 }]), 0.8);
  assert.is(scoreProduct([{ score: 0.9 }, { score: 0 }]), 0);
});

test('matching list: the reference is skipped and one entry means none', () => {
  assert.equal(matchingList([]), []);
  assert.equal(matchingList([match(1, 1)]), []);
  assert.equal(
    matchingList([match(1, 1), match(2, 0.9), match(3, 0.8)]).map((m) => m.locationId),
    [2, 3],
  );
});

test('coverage: all 1, secondary 0.8, primary 0.5, none 0 against the share reached before the area', () => {
  assert.ok(inCoverage(0.95, 'all'));
  assert.ok(inCoverage(0.79, 'secondary'));
  assert.not.ok(inCoverage(0.8, 'secondary'));
  assert.ok(inCoverage(0.49, 'primary'));
  assert.not.ok(inCoverage(0.5, 'primary'));
  assert.not.ok(inCoverage(0, 'none'));
});

test('share of the area total; 0 when the total is 0 or unknown', () => {
  assert.is(shareOfTotal(25, 100), 0.25);
  assert.is(shareOfTotal(25, 0), 0);
  assert.is(shareOfTotal(25, null), 0);
});

test('output formats per outputType in general and in the catchment panel', () => {
  const f = (type: number, place: 'general' | 'catchment', lang: 'en' | 'nl' = 'en') => formatOutput(lang, 1234.567, type, 'EUR', place);
  assert.is(f(1, 'catchment'), '1,234.57');
  assert.is(f(2, 'catchment'), '1,235');
  assert.is(f(3, 'catchment'), '€1,235');
  assert.is(f(4, 'catchment'), '1,235');
  assert.is(f(1, 'general'), '€1,235');
  assert.is(f(2, 'general'), '1,235');
  assert.is(f(1, 'catchment', 'nl'), '1.234,57');
});

test('catchment features: points left out, coverage in mode 0, excluded areas grey at 0.25, zones at 0.8', () => {
  const area = catchmentArea();
  const all = catchmentFeatures(area, { mode: 0, coverage: 'all', compare: false, zoneColor: null, keyPrefix: '11' });
  assert.equal(
    all.map((f) => f.name),
    ['A1', 'A2', 'A3'],
  );
  assert.is(String(all[0]!.id), '11:A1:1');
  const primary = catchmentFeatures(area, { mode: 0, coverage: 'primary', compare: false, zoneColor: null, keyPrefix: '11' });
  assert.equal(
    primary.map((f) => f.name),
    ['A1'],
  );
  assert.equal(catchmentFeatures(area, { mode: 0, coverage: 'none', compare: false, zoneColor: null, keyPrefix: '11' }), []);
  // Mode 1 ignores the coverage choice.
  assert.is(catchmentFeatures(area, { mode: 1, coverage: 'none', compare: false, zoneColor: '#ff0000', keyPrefix: '11' }).length, 3);
  const excluded = all[2]!.style!;
  assert.is(excluded.fill, '#808080');
  assert.is(excluded.fillOpacity, 0.25);
  const zone = catchmentFeatureStyle(area.featureCollection.features[1]!.properties, { compare: false, zoneColor: '#ff0000' });
  assert.is(zone.fill, '#ff0000');
  assert.is(zone.fillOpacity, 0.8);
  // The ramp is relative to the strongest polygon (the point feature's fraction does not count).
  assert.is(all[0]!.style!.fill, fractionColor(1));
  assert.is(all[1]!.style!.fill, fractionColor(0.2 / 0.6));
  assert.is.not(fractionColor(0.6), fractionColor(0.2));
  assert.is(fractionColor(0), '#fde047');
  assert.is(fractionColor(1), '#b91c1c');
});

test('comparison with the default scenario: gain green, loss red, unchanged grey', () => {
  const p = catchmentArea().featureCollection.features;
  assert.is(catchmentFeatureStyle(p[1]!.properties, { compare: true, zoneColor: null }).fill, '#16703a');
  assert.is(catchmentFeatureStyle({ ...p[1]!.properties, fraction: 0.1 }, { compare: true, zoneColor: null }).fill, '#b42318');
  assert.is(catchmentFeatureStyle(p[2]!.properties, { compare: true, zoneColor: null }).fill, '#808080');
  // Without a default value the comparison falls back to the fraction.
  assert.is(catchmentFeatureStyle(p[3]!.properties, { compare: true, zoneColor: null }).fill, '#808080');
});

test('output hints: scenario, status 9, location and catchment area in that order', () => {
  calculatedContext(0);
  assert.is(outputHint({ location: true }), 'scenarioNotCalculated');
  scenarios.value = [scenario(3, { status: 9 })];
  assert.is(outputHint({ location: true }), null);
  selectedLocationId.value = null;
  assert.is(outputHint({ location: true }), 'locationNotSelected');
  assert.is(outputHint(), null);
  selectedLocationId.value = 12;
  layers.value = { ...emptyLayers };
  assert.is(outputHint({ location: true, catchmentArea: true }), 'catchmentAreaNotSelected');
  scenarioId.value = null;
  assert.is(outputHint(), 'scenarioNotSelected');
  assert.is(outputContext.value, null);
});

test('drawer loaders: matching and catchment for the context, kept per key, 409 read as not calculated', async () => {
  calculatedContext();
  const fake = fakeApi({
    matchingLocations: () => [match(12, 1), match(13, 0.9)],
    locationCatchmentArea: (o) => {
      if ((o.params as { catchmentAreaId: number }).catchmentAreaId === 12) throw Object.assign(new Error('409'), { status: 409 });
      return catchmentArea();
    },
  });
  const { results } = fresh(fake.api);
  await results.loadDrawerOutputs();
  const m = results.matching.value;
  assert.is(m.state, 'ready');
  assert.equal(m.state === 'ready' ? m.value.map((x) => x.locationId) : [], [12, 13]);
  const c = results.catchments.value.get(11);
  assert.is(c?.state, 'ready');
  const call = fake.calls.find((x) => x.name === 'matchingLocations')!;
  assert.equal(call.options.params, { submodelId: 7, scenarioId: 3, locationId: 12 });
  assert.equal(call.options.query, { topN: 11 });
  await results.loadDrawerOutputs();
  assert.is(fake.names().filter((n) => n === 'matchingLocations').length, 1, 'the second load reuses the answer');
  assert.is(await results.fetchCatchmentArea(outputContext.value!, 12), null);
});

test('drawer loaders: the catchment area is asked for before the matching locations, which wait for it', async () => {
  calculatedContext();
  let releaseCatchment = () => {};
  const fake = fakeApi({
    matchingLocations: () => [match(12, 1)],
    locationCatchmentArea: () =>
      new Promise((resolve) => {
        releaseCatchment = () => resolve(catchmentArea());
      }),
  });
  // The model reads the drawer's outputs as soon as it is made (the selection is there).
  const { results } = fresh(fake.api);
  // The output model of the same app model reads the location's figure: left out here.
  const reads = () => fake.names().filter((n) => n !== 'scenarioLocationProperties');
  const loading = results.loadDrawerOutputs();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(reads(), ['locationCatchmentArea'], 'no matching read while the catchment is on its way');
  releaseCatchment();
  await loading;
  assert.equal(reads(), ['locationCatchmentArea', 'matchingLocations']);
  assert.is(results.matching.value.state, 'ready');
});

test('a pointer resting on a store reads its catchment area ahead; its selection then reads nothing again', async () => {
  calculatedContext();
  selectedLocationId.value = null;
  const fake = fakeApi({ matchingLocations: () => [match(14, 1)], locationCatchmentArea: () => catchmentArea() });
  const { results } = fresh(fake.api);
  results.prefetchCatchmentArea(14);
  results.prefetchCatchmentArea(14);
  assert.equal(
    fake.calls.map((c) => c.options.params),
    [{ submodelId: 7, scenarioId: 3, locationId: 14, catchmentAreaId: 11 }],
    'asked once',
  );
  assert.ok(
    typeof fake.calls[0]!.options.expected === 'function' && fake.calls[0]!.options.expected(Object.assign(new Error('x'), { status: 500 }) as never),
    'quiet: no error dialog for a read ahead',
  );
  // The model follows the selection: selecting the store reads its outputs.
  selectedLocationId.value = 14;
  await results.loadDrawerOutputs();
  assert.is(fake.names().filter((n) => n === 'locationCatchmentArea').length, 1, 'the selection used the read ahead');
  assert.is(results.catchments.value.get(11)?.state, 'ready');
  // Nothing is read ahead for the selected store itself, nor before the scenario is calculated.
  results.prefetchCatchmentArea(14);
  calculatedContext(0);
  results.prefetchCatchmentArea(15);
  assert.is(fake.names().filter((n) => n === 'locationCatchmentArea').length, 1);
});

test('area selection reads the area by code and clears with null', async () => {
  calculatedContext();
  const fake = fakeApi({
    catchmentAreaPropertiesByCode: () => ({ areaCode: 'A1', areaSetId: 1, personType: 'Inhabitants', properties: [], locations: [], totalValue: 10 }),
  });
  const { results } = fresh(fake.api);
  await results.selectArea({ catchmentAreaId: 11, areaCode: 'A1' });
  assert.is(results.areaInfo.value.state, 'ready');
  assert.equal(fake.calls.find((c) => c.name === 'catchmentAreaPropertiesByCode')!.options.params, {
    submodelId: 7,
    scenarioId: 3,
    catchmentAreaId: 11,
    areaCode: 'A1',
  });
  await results.selectArea(null);
  assert.is(results.selectedArea.value, null);
  assert.is(results.areaInfo.value.state, 'idle');
});

test('exports: a planner does not get the admin-only downloads; hints follow the selection', () => {
  const m = model(1);
  const base = { model: m, scenario: scenario(3, { status: 9 }), submodelId: 7, locationId: 12, locationName: 'Store 12', areaCode: null, globalAdmin: false };
  const planner = availableDownloads(base).map((d) => d.key);
  assert.not.ok(planner.includes('allScenariosLocations'));
  assert.not.ok(planner.includes('workbook'));
  assert.not.ok(planner.includes('outputHidden'));
  assert.ok(planner.includes('scenarioLocations') && planner.includes('output') && planner.includes('modelOutput') && planner.includes('catchment:11'));
  const admin = availableDownloads({ ...base, globalAdmin: true });
  assert.ok(admin.some((d) => d.key === 'outputHidden' && d.query('nl').includeHidden === true));
  assert.ok(admin.some((d) => d.key === 'workbook' && d.extension === 'xlsx'));
  assert.is(availableDownloads(base).find((d) => d.key === 'area')!.hint, 'exportNeedsArea');
  const notCalculated = availableDownloads({ ...base, scenario: scenario(3, { status: 0 }) });
  assert.is(notCalculated.find((d) => d.key === 'output')!.hint, 'scenarioNotCalculated');
  assert.is(notCalculated.find((d) => d.key === 'scenarioLocations')!.hint, null);
  assert.is(availableDownloads({ ...base, locationId: null }).find((d) => d.key === 'catchmentAll')!.hint, 'locationNotSelected');
});

test('culture cookie: secure, 3 days, read back; file names are safe', () => {
  const cookie = cultureCookie('nl');
  assert.match(cookie, /^locus-culture=nl;/);
  assert.match(cookie, /Max-Age=259200/);
  assert.match(cookie, /Secure/);
  assert.is(readCulture('a=1; locus-culture=nl; b=2', 'en'), 'nl');
  assert.is(readCulture('', 'nl'), 'nl');
  assert.is(readCulture('', 'de'), 'en');
  assert.is(
    fileNameOf({ name: 'output', extension: 'csv' }, 'Omzet Model', 'Nieuw: Noord/Zuid é', new Date('2026-11-23T10:00:00Z')),
    'Omzet-Model_Nieuw-Noord-Zuid-e_output_2026-11-23.csv',
  );
});

test("isoline tool: the call uses at least 1 minute and at most the maximum; profile falls back to the set's first", () => {
  assert.is(callMinutes(0, 30), 1);
  assert.is(callMinutes(45, 30), 30);
  assert.is(callMinutes(12, 30), 12);
  const p = (set: number, profile: string) => ({
    profile,
    parameters: '{}',
    postProcessingActions: '[]',
    minutes: 10,
    isoLineSetId: set,
    baseUrl: '',
    maximumMinutes: 30,
    provider: 0,
  });
  const list = [p(1, 'car'), p(1, 'pedestrian'), p(2, 'bike')];
  assert.is(chosenParameter(list, 1, 'pedestrian')!.profile, 'pedestrian');
  assert.is(chosenParameter(list, 2, 'car')!.profile, 'bike');
  assert.is(chosenParameter(list, 3, 'car'), null);
});

test('log times are shown in UTC', () => {
  assert.is(utcText('2026-11-23T05:30:06.123Z'), '2026-11-23 05:30:06');
  assert.is(utcText(null), '');
});

test('matching panel: names with percentages, the reference skipped, and the empty text', async () => {
  language.value = 'en';
  // No location selected: the model reads nothing, the panel shows what the test puts in.
  selectedLocationId.value = null;
  const { results } = fresh();
  const matching = results.matching;
  matching.value = { state: 'ready', value: [match(12, 1), match(13, 0.874), match(14, 0.5)], key: 'k' };
  const view = await render(<MatchingPanel />, app!);
  const buttons = view.getAllByRole('button', { hidden: true });
  assert.equal(
    buttons.map((b) => b.textContent),
    ['Store 1387.4%', 'Store 1450.0%'],
  );
  await act(async () => {
    matching.value = { state: 'ready', value: [match(12, 1)], key: 'k' };
  });
  assert.match(view.container.textContent ?? '', 'no matching locations');
  await view.unmount();
});

test('catchment panel: titled with areasType, top areas in the catchment format, coverage choices in mode 0', async () => {
  calculatedContext();
  models.value = [model(1, { areasType: 'Postcodes', outputType: 1 })];
  // The model reads the selected location's catchment area through the API.
  const fake = fakeApi({ locationCatchmentArea: () => catchmentArea(), matchingLocations: () => [] });
  const { results } = fresh(fake.api);
  await results.loadDrawerOutputs();
  assert.is(results.catchments.value.get(11)?.state, 'ready');
  const view = await render(<CatchmentPanel />, app!);
  const text = view.container.textContent ?? '';
  assert.is(view.getByRole('heading', { level: 3, hidden: true }).textContent, 'Postcodes');
  assert.match(text, '1,234.50');
  // The table's body rows: every row but the header's.
  assert.is(within(view.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true }).length - 1, 2);
  const choices = view.getAllByRole<HTMLInputElement>('radio', { hidden: true });
  assert.is(choices.filter((r) => r.name === 'catchment-coverage').length, 4);
  const primary = choices.find((r) => r.value === 'primary')!;
  await act(async () => primary.click());
  assert.is(results.coverage.value, 'primary');
  await act(async () => {
    layers.value = { ...emptyLayers };
  });
  assert.match(view.container.textContent ?? '', 'catchment area not selected');
  await view.unmount();
});

test('scores dialog: footer total is the product with 2 decimals; expression only for administrators', async () => {
  calculatedContext();
  const { results } = fresh();
  const { scores, scoresOpen } = results;
  scores.value = {
    state: 'ready',
    value: [
      { description: 'Visibility', expression: 'a*b', calculation: '0.5*1', defaultValue: 1, score: 0.5 },
      { description: 'Parking', expression: null, calculation: null, defaultValue: 1, score: 0.9 },
    ],
    key: 'k',
  };
  scoresOpen.value = true;
  const view = await render(<ScoresDialog />, app!);
  assert.is(view.getByTestId('score-total').textContent, '0.45');
  assert.not.match(view.container.textContent ?? '', 'Expression');
  await act(async () => {
    models.value = [model(1, { userIsAdmin: true })];
  });
  assert.match(view.container.textContent ?? '', 'Expression');
  assert.match(view.container.textContent ?? '', 'a*b');
  await act(async () => {
    scoresOpen.value = false;
  });
  await view.unmount();
});

/** A local fake of the maps service's street-view endpoints: one panorama at a known place. */
function fakeMapsService(requests: string[]): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    if (url.pathname !== '/maps/api/streetview/metadata') return new Response('not found', { status: 404 });
    const [lat, lon] = url.searchParams.get('location')!.split(',').map(Number) as [number, number];
    const near = Math.abs(lat - 52.37) < 0.001 && Math.abs(lon - 4.89) < 0.001;
    const body = near ? { status: 'OK', pano_id: 'pano-1', location: { lat: 52.37, lng: 4.8895 } } : { status: 'ZERO_RESULTS' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

test('street view bearing: north 0, east 90, south 180, west 270', () => {
  assert.ok(Math.abs(bearing(52, 5, 52.01, 5)) < 1e-9);
  assert.ok(Math.abs(bearing(52, 5, 52, 5.01) - 90) < 0.01);
  assert.ok(Math.abs(bearing(52, 5, 51.99, 5) - 180) < 1e-9);
  assert.ok(Math.abs(bearing(52, 5, 52, 4.99) - 270) < 0.01);
});

test('street view through the maps adapter: the 600x300 image looks from the panorama towards the point; none marks the figure unavailable', async () => {
  const requests: string[] = [];
  streetView.value = mapsStreetView('k-123', 'http://127.0.0.1:9', fakeMapsService(requests));
  assert.ok(await openStreetView(52.37, 4.89));
  const image = streetViewImage.value!;
  const url = new URL(image.url);
  assert.is(url.pathname, '/maps/api/streetview');
  assert.is(url.searchParams.get('size'), '600x300');
  assert.is(url.searchParams.get('pano'), 'pano-1');
  assert.is(url.searchParams.get('key'), 'k-123');
  // The panorama lies west of the point: the view looks east.
  assert.ok(Math.abs(image.heading - 90) < 1, `heading ${image.heading}`);
  assert.match(requests[0]!, /radius=50/);
  assert.not.ok(streetViewUnavailable.value);
  assert.not.ok(await openStreetView(51, 4));
  assert.ok(streetViewUnavailable.value);
  assert.is(streetViewImage.value, null);
  streetView.value = null;
});

test.run();
