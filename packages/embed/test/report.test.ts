// <locus-location-report>'s contract in happy-dom against a fake Locus server
// (the page's fetch) and a session the page hands in: attributes become
// properties, and every case a page author must hear about fires locus-error
// with its code and a sentence in the element's language (not calculated,
// unknown location, unknown sub-model, no access, sign-in needed); a new
// location attribute is checked without reading the model again. The layers
// attribute's words, and the React wrappers (props reach the elements, events
// reach the callbacks).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { location, model, scenario, submodels } from '../../planner-app/test/fixtures';
import { answerFetch, fetched, settle } from './dom';
import type { LocusLocationMap } from '../src/index';

const { LocusLocationReport, defaultRedirectUri, adoptSession } = await import('../src/index');
const { parseLayers, chooseLayers } = await import('../src/layers');
const { LocusLocationMapReact, LocusLocationReportReact } = await import('../src/react');

const SERVER = 'https://locus.test';
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
type Session = Parameters<typeof adoptSession>[2];

/** A session the page signed in by itself (or not). */
function fakeSession(signedIn: boolean): Session {
  return {
    state: signedIn ? 'signedIn' : 'signedOut',
    ready: Promise.resolve(),
    server: SERVER,
    redirectUri: defaultRedirectUri(SERVER),
    userName: signedIn ? 'Pat Planner' : '',
    token: async () => (signedIn ? 'token' : null),
    subscribe: () => () => undefined,
    signIn: async () => undefined,
  } as unknown as Session;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The fake server: model 1 with a calculated base scenario 11 and a child 12 that is not calculated. */
function serve(overrides: Record<string, () => Response> = {}) {
  answerFetch(async (url) => {
    const path = new URL(url).pathname;
    if (overrides[path]) return overrides[path]!();
    if (path === '/api/models') return json([model(1), model(2)]);
    if (path === '/api/models/1/scenarios') return json([scenario(11, { status: 9 }), scenario(12, { status: 0, parentScenarioId: 11 })]);
    if (path === '/api/models/1/submodels') return json(submodels);
    if (path === '/api/models/scenarios/11/locations') return json([location(40), location(41)]);
    if (path === '/api/system/environment') return json({ environment: 'Test' });
    return json({ message: 'not found' }, 404);
  });
}

type ErrorEvent = { code: string; message: string };

/** A report element on the page with the attributes; its events recorded. */
async function report(attributes: Record<string, string>, signedIn = true) {
  adoptSession(SERVER, defaultRedirectUri(SERVER), fakeSession(signedIn));
  const element = document.createElement('locus-location-report') as InstanceType<typeof LocusLocationReport>;
  element.setAttribute('server', SERVER);
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v);
  const errors: ErrorEvent[] = [];
  element.addEventListener('locus-error', (e) => errors.push((e as CustomEvent<ErrorEvent>).detail));
  document.body.appendChild(element);
  await settle();
  return { element, errors, text: () => element.shadowRoot!.textContent ?? '' };
}

test.after.each(() => {
  for (const e of document.querySelectorAll('locus-location-report, locus-location-map')) e.remove();
});

test('the report element is defined and its attributes become properties', () => {
  assert.is(customElements.get('locus-location-report'), LocusLocationReport);
  const element = document.createElement('locus-location-report') as InstanceType<typeof LocusLocationReport>;
  for (const [k, v] of Object.entries({
    server: SERVER,
    model: '3',
    submodel: '8',
    scenario: '12',
    location: '40',
    language: 'fr',
    layout: 'default',
    'redirect-uri': 'https://intranet.test/b.html',
  })) {
    element.setAttribute(k, v);
  }
  assert.is(element.server, SERVER);
  assert.is(element.model, 3);
  assert.is(element.submodel, 8);
  assert.is(element.scenario, 12);
  assert.is(element.location, 40);
  assert.is(element.language, 'fr');
  assert.is(element.layout, 'default');
  assert.is(element.layoutName, 'default');
  assert.is(element.redirectUri, 'https://intranet.test/b.html');
  element.setAttribute('layout', 'custom');
  assert.is(element.layoutName, 'custom');
  element.removeAttribute('layout');
  assert.is(element.layoutName, 'custom', "absent: the model's own format when it has one");
});

test("a scenario that is not calculated fires notCalculated in the element's language", async () => {
  serve();
  const { errors, text } = await report({ model: '1', scenario: '12', location: '40', language: 'de' });
  assert.equal(errors, [{ code: 'notCalculated', message: 'Szenario Scenario 12 ist noch nicht berechnet.' }]);
  assert.match(text(), 'ist noch nicht berechnet');
});

test('an unknown location fires unknownLocation; a new location attribute is checked without reading the model again', async () => {
  serve();
  const { element, errors, text } = await report({ model: '1', scenario: '11', location: '99', language: 'nl' });
  assert.equal(errors, [{ code: 'unknownLocation', message: 'Vestiging 99 zit niet in dit scenario.' }]);
  assert.match(text(), 'Vestiging 99');
  const modelsRead = fetched.filter((u) => u.endsWith('/api/models')).length;
  element.location = 98;
  await settle();
  assert.equal(
    errors.map((e) => e.message),
    ['Vestiging 99 zit niet in dit scenario.', 'Vestiging 98 zit niet in dit scenario.'],
  );
  assert.is(fetched.filter((u) => u.endsWith('/api/models')).length, modelsRead, 'the model is not read again');
});

test('without a location the element asks for one and fires nothing', async () => {
  serve();
  const { errors, text } = await report({ model: '1', scenario: '11', language: 'en' });
  assert.equal(errors, []);
  assert.match(text(), 'Choose a location to see its report.');
});

test('an unknown sub-model, a model without access, and no session each fire their code', async () => {
  serve();
  const sub = await report({ model: '1', submodel: '77', location: '40', language: 'en' });
  assert.equal(sub.errors, [{ code: 'unknownSubmodel', message: 'The model has no sub-model 77.' }]);
  sub.element.remove();

  serve({ '/api/models': () => json({ message: 'forbidden' }, 403) });
  const denied = await report({ location: '40', language: 'es' });
  assert.equal(denied.errors, [{ code: 'noAccess', message: 'No tiene acceso a este modelo o escenario.' }]);
  denied.element.remove();

  // A model the account may not see (the server refuses its scenarios: 403) is noAccess; one that does not exist (404) unknownModel.
  serve({ '/api/models/3/scenarios': () => json({ message: 'forbidden' }, 403) });
  const hidden = await report({ model: '3', location: '40', language: 'en' });
  assert.equal(hidden.errors, [{ code: 'noAccess', message: 'You have no access to this model or scenario.' }]);
  assert.match(hidden.text(), 'You have no access to this model or scenario.');
  hidden.element.remove();
  serve();
  const missing = await report({ model: '4', location: '40', language: 'en' });
  assert.equal(missing.errors, [{ code: 'unknownModel', message: 'There is no model 4 that you may see.' }]);
  missing.element.remove();

  // A scenario of a model the account may not see: noAccess; one that is not there: unknownScenario.
  serve({ '/api/models/scenarios/50/locations': () => json({ message: 'forbidden' }, 403) });
  const otherScenario = await report({ model: '1', scenario: '50', location: '40', language: 'en' });
  assert.equal(otherScenario.errors, [{ code: 'noAccess', message: 'You have no access to this model or scenario.' }]);
  otherScenario.element.remove();
  serve();
  const noScenario = await report({ model: '1', scenario: '51', location: '40', language: 'en' });
  assert.equal(noScenario.errors, [{ code: 'unknownScenario', message: 'The model has no scenario 51 that you may see.' }]);
  noScenario.element.remove();

  serve();
  const out = await report({ location: '40', language: 'fr' }, false);
  assert.equal(out.errors, [{ code: 'signInNeeded', message: 'Connectez-vous pour voir ce rapport.' }]);
  const button = out.element.shadowRoot!.querySelector('button[part="sign-in"]');
  assert.ok(button, 'the sign-in button inside the element');
  assert.is(button!.textContent, 'Se connecter à Locus');
});

test('layers: words separated by spaces or commas; sets by id or name; every unknown word is told', () => {
  assert.equal(
    parseLayers(null).words.map((w) => w.kind),
    ['locations'],
  );
  assert.equal(
    parseLayers('locations, heat-maps  area-set:Gemeenten catchment').words.map((w) => [w.kind, w.set]),
    [
      ['locations', null],
      ['heatMaps', null],
      ['areaSets', 'Gemeenten'],
      ['catchment', null],
    ],
  );
  assert.equal(parseLayers('locations roads locations:3 heat-map: rails'), {
    words: [{ kind: 'locations', set: null, word: 'locations' }],
    unknown: ['roads', 'locations:3', 'heat-map:', 'rails'],
  });
  const m = model(1, {
    areaSets: [{ id: 5, name: 'Gemeenten', title: 'G', hover: false, isWhiteSpot: false, mapTilesZoomLevelsAvailable: [8], tileSlug: 'g', colorRamp: null }],
    heatMapSets: [
      { id: 6, name: 'Inwoners', title: 'I', rendering: 'density' },
      { id: 7, name: 'Banen', title: 'B', rendering: 'density' },
    ],
    poiSets: [{ id: 9, name: 'Stations', title: 'S' }],
  });
  assert.equal(chooseLayers('heat-maps area-set:gemeenten poi-set:9 catchment', m), {
    choice: { locations: false, areaSetIds: [5], heatMapSetIds: [6, 7], poiSetIds: [9], catchmentAreaId: 11 },
    unknown: [],
  });
  assert.equal(chooseLayers('locations catchment:ca2 heat-map:Banen', m).choice, {
    locations: true,
    areaSetIds: [],
    heatMapSetIds: [7],
    poiSetIds: [],
    catchmentAreaId: 12,
  });
  // Every word that names nothing, in the order written; the known words still choose their layers.
  assert.equal(chooseLayers('roads heat-map:Wegen locations catchment:ca9 poi-set:Stations', m), {
    choice: { locations: true, areaSetIds: [], heatMapSetIds: [], poiSetIds: [9], catchmentAreaId: null },
    unknown: ['roads', 'heat-map:Wegen', 'catchment:ca9'],
  });
});

test('the map element takes layers and submodel as attributes', () => {
  const element = document.createElement('locus-location-map') as InstanceType<typeof LocusLocationMap>;
  element.setAttribute('layers', 'locations pois');
  element.setAttribute('submodel', '8');
  assert.is(element.layers, 'locations pois');
  assert.is(element.submodel, 8);
});

test('React wrappers: props reach the elements, events reach the callbacks', async () => {
  serve();
  adoptSession(SERVER, defaultRedirectUri(SERVER), fakeSession(true));
  const host = document.createElement('div');
  document.body.appendChild(host);
  const heard: string[] = [];
  const root = createRoot(host as unknown as Element);
  await act(async () => {
    root.render([
      createElement(LocusLocationReportReact, {
        key: 'r',
        server: SERVER,
        model: 1,
        scenario: 12,
        location: 40,
        layout: 'default',
        language: 'en',
        onLocusError: (e: CustomEvent<ErrorEvent>) => heard.push(`report ${e.detail.code}`),
        onLocusReady: () => heard.push('report ready'),
      }),
      createElement(LocusLocationMapReact, {
        key: 'm',
        server: SERVER,
        model: 5,
        scenario: 11,
        location: 41,
        layers: 'locations heat-maps',
        submodel: 8,
        interactive: true,
        onLocusSelect: (e: CustomEvent<{ id: number; name: string }>) => heard.push(`select ${e.detail.id} ${e.detail.name}`),
        onLocusError: (e: CustomEvent<ErrorEvent>) => heard.push(`map ${e.detail.code}`),
      }),
    ]);
  });
  await settle();
  const reportElement = host.querySelector('locus-location-report') as InstanceType<typeof LocusLocationReport>;
  const mapElement = host.querySelector('locus-location-map') as InstanceType<typeof LocusLocationMap>;
  assert.is(reportElement.location, 40);
  assert.is(reportElement.scenario, 12);
  assert.is(reportElement.layoutName, 'default');
  assert.is(mapElement.layers, 'locations heat-maps');
  assert.is(mapElement.submodel, 8);
  assert.is(mapElement.interactive, true);
  assert.ok(heard.includes('report notCalculated'), heard.join(', '));
  assert.ok(heard.includes('map unknownModel'), heard.join(', '));
  mapElement.dispatchEvent(new CustomEvent('locus-select', { detail: { id: 41, name: 'Store 41' }, bubbles: true, composed: true }));
  reportElement.dispatchEvent(new CustomEvent('locus-ready', { detail: { location: 40 }, bubbles: true, composed: true }));
  assert.ok(heard.includes('select 41 Store 41'));
  assert.ok(heard.includes('report ready'));
  await act(async () => root.unmount());
  host.remove();
});

test.run();
