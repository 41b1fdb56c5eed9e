// Formatters: degrees-minutes-seconds, outputs per outputType and place,
// property values per dataType, range colours.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LocationProperty } from '@locus/contract';
import { drawerSections, formatPropertyValue, rangeColorOf } from '../src/format/property';
import { rangeText } from '../src/format/range';
import { language } from '../src/i18n';
import { formatDms, formatLatLonDms, formatOutput, formatSigned } from '../src/i18n/format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

test('DMS with hemisphere letters', () => {
  assert.is(formatDms(52.35, 'lat'), '52° 21′ 0.0″ N');
  assert.is(formatDms(-33.8568, 'lat'), '33° 51′ 24.5″ S');
  assert.is(formatDms(4.91, 'lon'), '4° 54′ 36.0″ E');
  assert.is(formatDms(-0.1276, 'lon'), '0° 7′ 39.4″ W');
  assert.is(formatDms(4.9999999, 'lon'), '5° 0′ 0.0″ E', 'seconds that round to 60 carry over');
  assert.is(formatLatLonDms(52.35, 4.91), '52° 21′ 0.0″ N, 4° 54′ 36.0″ E');
});

test('outputs in general: 1 and 3 currency, 2 and 4 whole numbers', () => {
  assert.is(nbsp(formatOutput('en', 8374536.4, 1)), '€8,374,536');
  assert.is(nbsp(formatOutput('nl', 8374536.4, 3)), '€ 8.374.536');
  assert.is(formatOutput('en', 1234.6, 2), '1,235');
  assert.is(formatOutput('en', 0.6, 4), '1');
  assert.is(nbsp(formatOutput('en', 1000, 1, 'GBP')), '£1,000');
});

test('outputs in the catchment panel: 1 number, 2 rounded whole, 3 currency, 4 whole', () => {
  assert.is(formatOutput('en', 1234.567, 1, 'EUR', 'catchment'), '1,234.57');
  assert.is(formatOutput('en', 1234.567, 2, 'EUR', 'catchment'), '1,235');
  assert.is(nbsp(formatOutput('de', 1234.567, 3, 'EUR', 'catchment')), '1.235 €');
  assert.is(formatOutput('en', 1234.4, 4, 'EUR', 'catchment'), '1,234');
});

test('signed differences', () => {
  assert.is(formatSigned('en', 12, String), '+12');
  assert.is(formatSigned('en', -12, String), '−12');
  assert.is(formatSigned('en', 0, String), '0');
});

const prop = (patch: Partial<LocationProperty>): LocationProperty => ({
  id: 1,
  name: 'p',
  title: 'P',
  description: null,
  label: null,
  propertyType: 1,
  dataType: 1,
  autoCalculateType: null,
  poiSetName: null,
  visible: true,
  viewLocation: 0,
  subModelId: null,
  sectionName: 'A',
  sectionTitle: 'Section A',
  sectionLabel: null,
  sectionViewOrder: 1,
  sectionViewSize: null,
  sectionSecondary: false,
  stringValue: null,
  numberValue: null,
  percentageValue: null,
  oldStringValue: null,
  oldNumberValue: null,
  defaultValue: null,
  minimumValue: null,
  maximumValue: null,
  roundingDigits: null,
  titleShort: null,
  choices: [],
  rangeColor: null,
  dependencyExpression: null,
  ...patch,
});
const ctx = { lang: 'en' as const, currency: 'EUR', yes: 'Yes', no: 'No' };

test('property values by dataType', () => {
  assert.is(formatPropertyValue(prop({ dataType: 0, stringValue: 'k2', choices: [{ key: 'k2', value: 'Two' }] }), ctx), 'Two');
  assert.is(formatPropertyValue(prop({ dataType: 0, stringValue: 'free text' }), ctx), 'free text');
  assert.is(formatPropertyValue(prop({ dataType: 1, numberValue: 1250.5, roundingDigits: 1 }), ctx), '1,250.5');
  assert.is(formatPropertyValue(prop({ dataType: 2, numberValue: 0.415, roundingDigits: 1 }), ctx), '41.5%');
  assert.is(formatPropertyValue(prop({ dataType: 3, numberValue: 3626000 }), ctx), '€3,626,000');
  assert.is(formatPropertyValue(prop({ dataType: 4, numberValue: 2005 }), ctx), '2005');
  assert.is(formatPropertyValue(prop({ dataType: 5, numberValue: 1 }), ctx), 'Yes');
  assert.is(formatPropertyValue(prop({ dataType: 5, numberValue: 0 }), ctx), 'No');
  assert.is(formatPropertyValue(prop({ dataType: 1, numberValue: null }), ctx), '');
});

test('a range is written as its values are: a plain number (a year) without thousands separators', () => {
  const before = language.value;
  language.value = 'nl';
  try {
    const year = { dataType: 4, minimumValue: 1900, maximumValue: 2035, wholeNumbers: true } as const;
    assert.is(rangeText(year, 'nl'), 'Toegestaan: 1900 tot 2035, gehele getallen');
    const area = { dataType: 1, minimumValue: 100, maximumValue: 4000, wholeNumbers: true } as const;
    assert.is(rangeText(area, 'nl'), 'Toegestaan: 100 tot 4.000, gehele getallen');
  } finally {
    language.value = before;
  }
});

test('range colour clamps to its ends', () => {
  const rangeColor = { minimumValue: 0, maximumValue: 100, minimumColor: '#000000', maximumColor: '#ffffff' };
  assert.is(rangeColorOf(prop({ rangeColor, numberValue: 50 })), 'rgb(128, 128, 128)');
  assert.is(rangeColorOf(prop({ rangeColor, numberValue: 500 })), 'rgb(255, 255, 255)');
  assert.is(rangeColorOf(prop({ numberValue: 5 })), null);
});

test('drawer sections: only viewLocation properties, in sectionViewOrder', () => {
  const sections = drawerSections([
    prop({ id: 1, sectionName: 'B', sectionTitle: 'B', sectionViewOrder: 2 }),
    prop({ id: 2, sectionName: 'A', sectionTitle: 'A', sectionViewOrder: 1 }),
    prop({ id: 3, sectionName: 'A', viewLocation: null }),
    prop({ id: 4, sectionName: 'B', sectionViewOrder: 2, viewLocation: 1 }),
  ]);
  assert.equal(
    sections.map((s) => [s.name, s.properties.map((p) => p.id)]),
    [
      ['A', [2]],
      ['B', [1, 4]],
    ],
  );
});

test.run();
