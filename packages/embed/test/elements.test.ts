// The elements' contract in happy-dom (no canvas needed): attributes become
// properties, the page's language chooses the texts, one session per server
// is shared by every element, and a server that cannot be reached fires
// locus-error with a sentence a page author understands.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerFetch, fetched, settle } from './dom';

const { LocusLocationMap, parseCenter, defaultRedirectUri } = await import('../src/index');
const { elementLanguage, embedTexts } = await import('../src/texts');
const { sessionCount } = await import('../src/session');
const { LANGS } = await import('@locus/planner-app/i18n/define');

test('the element is defined once and attributes become properties', async () => {
  assert.is(customElements.get('locus-location-map'), LocusLocationMap);
  const element = document.createElement('locus-location-map') as InstanceType<typeof LocusLocationMap>;
  element.setAttribute('server', 'https://locus.example.com');
  element.setAttribute('model', '3');
  element.setAttribute('scenario', '12');
  element.setAttribute('location', '40');
  element.setAttribute('zoom', '9.5');
  element.setAttribute('center', '5.1, 52.1');
  element.setAttribute('interactive', '');
  element.setAttribute('language', 'de');
  element.setAttribute('redirect-uri', 'https://intranet.test/bridge.html');
  assert.is(element.server, 'https://locus.example.com');
  assert.is(element.model, 3);
  assert.is(element.scenario, 12);
  assert.is(element.location, 40);
  assert.is(element.zoom, 9.5);
  assert.equal(parseCenter(element.center), [5.1, 52.1]);
  assert.is(element.interactive, true);
  assert.is(element.language, 'de');
  assert.is(element.redirectUri, 'https://intranet.test/bridge.html');
  element.removeAttribute('interactive');
  assert.is(element.interactive, false);
});

test('center: "lon,lat" within the world, anything else is no centre', () => {
  assert.equal(parseCenter('4.9,52.37'), [4.9, 52.37]);
  assert.is(parseCenter('52.37'), null);
  assert.is(parseCenter('200,10'), null);
  assert.is(parseCenter('a,b'), null);
  assert.is(parseCenter(null), null);
});

test("the sign-in bridge: the server's redirect.html on its own origin, else the intranet's locus-redirect.html", () => {
  assert.is(defaultRedirectUri('https://locus.example.com', 'https://locus.example.com/embed/example.html'), 'https://locus.example.com/redirect.html');
  assert.is(defaultRedirectUri('https://locus.example.com', 'https://intranet.example.com/a/b.html?x=1'), 'https://intranet.example.com/locus-redirect.html');
});

test('language: the attribute, else the nearest lang of the page, else the browser, else English', () => {
  const section = document.createElement('section');
  section.setAttribute('lang', 'fr-BE');
  const element = document.createElement('div');
  section.appendChild(element);
  document.body.appendChild(section);
  assert.is(elementLanguage(element, 'nl', ['de']), 'nl');
  assert.is(elementLanguage(element, null, ['de']), 'fr');
  section.removeAttribute('lang');
  document.documentElement.removeAttribute('lang');
  assert.is(elementLanguage(element, 'xx', ['es-ES']), 'es');
  assert.is(elementLanguage(element, undefined, ['pt-BR']), 'en');
  section.remove();
});

test('every language has every text of the elements', () => {
  const keys = Object.keys(embedTexts.en).sort();
  for (const lang of LANGS) {
    assert.equal(Object.keys(embedTexts[lang]).sort(), keys, lang);
    for (const key of keys) assert.ok((embedTexts[lang] as Record<string, string>)[key]!.length > 0, `${lang} ${key}`);
  }
});

test("two elements of one server share one session; a server that cannot be reached fires locus-error in the page's language", async () => {
  fetched.length = 0;
  answerFetch(async () => {
    throw new TypeError('network down');
  });
  document.documentElement.setAttribute('lang', 'nl');
  const before = sessionCount();
  const errors: { id: string; code: string; message: string }[] = [];
  document.addEventListener('locus-error', (e) => {
    const detail = (e as CustomEvent<{ code: string; message: string }>).detail;
    errors.push({ id: (e.target as Element).id, ...detail });
  });
  for (const id of ['a', 'b']) {
    const element = document.createElement('locus-location-map');
    element.id = id;
    element.setAttribute('server', 'https://unreachable.example.com/');
    document.body.appendChild(element);
  }
  await settle();
  assert.is(sessionCount(), before + 1, 'one session for both elements');
  assert.is(fetched.filter((u) => u.endsWith('/api/system/msal-configuration')).length, 1, 'the sign-in configuration is read once');
  assert.equal(errors.map((e) => e.id).sort(), ['a', 'b']);
  for (const error of errors) {
    assert.is(error.code, 'unavailable');
    assert.is(error.message, 'Locus is niet bereikbaar op https://unreachable.example.com.');
  }
  const shadow = document.getElementById('a')!.shadowRoot!;
  assert.match(shadow.textContent ?? '', 'Locus is niet bereikbaar');
  // No sign-in button when the server cannot be reached; nothing of the element's styles in the page.
  assert.is(shadow.querySelector('button'), null);
  assert.is(document.head.querySelectorAll('style').length, 0);
});

test.run();
