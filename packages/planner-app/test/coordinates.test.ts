// Typed positions for a new location: decimal degrees with points or commas,
// the app's own DMS form (so a copied position can be pasted back), hemisphere
// letters in either order; anything else is not a position.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatLatLonDms } from '../src/i18n/format';
import { nearPoints, parseLatLon } from '../src/map/coordinates';

const close = (actual: { lat: number; lon: number } | null, lat: number, lon: number) => {
  assert.ok(actual, 'a position');
  assert.ok(Math.abs(actual.lat - lat) < 1e-4 && Math.abs(actual.lon - lon) < 1e-4, `${JSON.stringify(actual)} is ${lat}, ${lon}`);
};

test('decimal degrees, latitude first, with points or decimal commas', () => {
  for (const text of ['52.1561, 5.3875', '52.1561,5.3875', ' 52.1561 5.3875 ', '52,1561; 5,3875', '52,1561 5,3875', '52,1561, 5,3875', '52.1561 / 5.3875']) {
    close(parseLatLon(text), 52.1561, 5.3875);
  }
  close(parseLatLon('-33.9, 18.42'), -33.9, 18.42);
});

test('the DMS the app shows and copies reads back to the same position', () => {
  const text = formatLatLonDms(52.1561, 5.3875);
  close(parseLatLon(text), 52.1561, 5.3875);
  close(parseLatLon(formatLatLonDms(-12.5, -77.03)), -12.5, -77.03);
  close(parseLatLon(`52°09'22"N 5°23'15"E`), 52 + 9 / 60 + 22 / 3600, 5 + 23 / 60 + 15 / 3600);
  close(parseLatLon(`52°09'22"N, 5°23'15"E`), 52 + 9 / 60 + 22 / 3600, 5 + 23 / 60 + 15 / 3600);
});

test('hemisphere letters fix the order: longitude first is read as such', () => {
  close(parseLatLon('5.3875 E, 52.1561 N'), 52.1561, 5.3875);
  close(parseLatLon('52.1561N, 5.3875W'), 52.1561, -5.3875);
});

test('not a position: one number, words, two latitudes, out of range, bad minutes', () => {
  for (const text of ['', '52.1561', 'Amersfoort', '52 N, 5 S', '95, 5', '52, 190', '52° 75′ N, 5° E', '-52 N, 5 E', '52.5° 10′ N, 5 E', '1, 2, 3']) {
    assert.is(parseLatLon(text), null, text);
  }
});

test('near the points: inside their box widened by the margin', () => {
  const points = [
    { latitude: 51.5, longitude: 4.0 },
    { latitude: 53.2, longitude: 6.9 },
  ];
  assert.ok(nearPoints({ lat: 52.1, lon: 5.4 }, points));
  assert.ok(nearPoints({ lat: 53.6, lon: 7.3 }, points), 'within the margin');
  assert.not.ok(nearPoints({ lat: 5.3875, lon: 52.1561 }, points), 'latitude and longitude swapped');
  assert.ok(nearPoints({ lat: 0, lon: 0 }, []), 'no points: anywhere');
});

test.run();
