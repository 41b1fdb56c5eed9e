// The five catalogues are complete: every key in every language, no empty
// text, the same placeholders; the interface-language rule of the decisions doc.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogue, interfaceLanguage, LANGS } from '../src/i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every language has every English key, non-empty, with the same placeholders', () => {
  const en = catalogue('en');
  assert.ok(Object.keys(en).length > 50);
  for (const lang of LANGS) {
    const texts = catalogue(lang);
    assert.equal(Object.keys(texts).sort(), Object.keys(en).sort(), `${lang} keys`);
    for (const [key, text] of Object.entries(texts)) {
      assert.ok(text.trim().length > 0, `${lang}.${key} is empty`);
      assert.equal(placeholders(text), placeholders(en[key]!), `${lang}.${key} placeholders`);
    }
  }
});

test("the spec's English texts word for word", () => {
  const en = catalogue('en');
  assert.is(en.notFoundTitle, 'We are sorry, the page you requested cannot be found.');
  assert.is(en.notFoundText, "The URL may be misspelled or the page you're looking for is no longer available.");
  assert.is(en.locationNotSelected, 'location not selected');
  assert.is(en.scenarioNotCalculated, 'scenario not calculated');
  assert.is(en.catchmentAreaNotSelected, 'catchment area not selected');
  assert.is(en.scenarioNotSelected, 'scenario not selected');
});

test('interface language: the model language, else a supported browser language, else English', () => {
  assert.is(interfaceLanguage('de', ['nl-NL']), 'de');
  assert.is(interfaceLanguage(null, ['nl-NL', 'en']), 'nl');
  assert.is(interfaceLanguage(null, ['pt-BR', 'fr-CA']), 'fr');
  assert.is(interfaceLanguage(null, ['pt-BR']), 'en');
  assert.is(interfaceLanguage('xx', ['es']), 'es');
});

test.run();
