// The map search's ranking: match, then distance to the view, then natural
// name order; the scenario's own locations; where each result is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LocationSummary, SearchResult } from '@locus/contract';
import { locationHits, matchRank, naturalCollator, PlaceFinder, rankHits } from '../src/map/search-rank';

const r = (title: string, lon: number, lat: number, category: SearchResult['category'] = 'place'): SearchResult => ({
  title,
  longitude: lon,
  latitude: lat,
  category,
  icon: '/i',
});

test('names sort naturally: "Utrecht 2" before "Utrecht 10", case aside', () => {
  const names = ['Utrecht 10', 'utrecht 2', 'Utrecht 1', 'Utrecht 21'];
  assert.equal([...names].sort(naturalCollator.compare), ['Utrecht 1', 'utrecht 2', 'Utrecht 10', 'Utrecht 21']);
});

test('match ranks: exact, prefix, word start, inside', () => {
  assert.equal(
    ['Utrecht', 'Utrechtseweg', 'Nieuw Utrecht', 'Oudutrecht'].map((n) => matchRank(n, ' utrecht ')),
    [0, 1, 2, 3],
  );
});

test('hits rank by match, then distance to the view centre, then natural name order', () => {
  const far = r('Utrecht 2', 6.5, 53.2, 'location');
  const near = r('Utrecht 10', 5.1, 52.1, 'location');
  const tieA = r('Utrecht 3', 5.1, 52.1, 'location');
  const exact = r('Utrecht', 7, 53.5);
  const inside = r('Oudutrecht', 5.1, 52.1);
  const ranked = rankHits([inside, far, near, tieA, exact], 'utrecht', [5.1, 52.1]);
  assert.equal(
    ranked.map((h) => h.title),
    ['Utrecht', 'Utrecht 3', 'Utrecht 10', 'Utrecht 2', 'Oudutrecht'],
  );
  // Without a view only match and name count.
  assert.equal(
    rankHits([near, far, tieA], 'utrecht', null).map((h) => h.title),
    ['Utrecht 2', 'Utrecht 3', 'Utrecht 10'],
  );
});

test("the scenario's own locations match anywhere, with their id and group icon", () => {
  const list = [
    { id: 1, name: 'Dagvers Utrecht 10', latitude: 52.1, longitude: 5.1, locationGroupId: 3, type: 4 },
    { id: 2, name: 'Groenteman', latitude: 53.2, longitude: 6.5, locationGroupId: null, type: 2 },
    { id: 3, name: 'Dagvers Groningen', latitude: 53.2, longitude: 6.5, locationGroupId: 3, type: 2 },
  ] as unknown as LocationSummary[];
  const hits = locationHits(list, 'dagvers');
  assert.equal(
    hits.map((h) => h.locationId),
    [1, 3],
  );
  assert.is(hits[0]!.icon, '/api/models/location-groups/3/logo/round/false/0');
  assert.is(hits[1]!.icon, '/api/models/location-groups/3/logo/square/false/0');
  assert.equal(locationHits(list, '  '), []);
});

test('each result says where it is: the nearest place; a place the nearest larger one', () => {
  const finder = new PlaceFinder([
    { name: 'Utrecht', lon: 5.12, lat: 52.09, population: 290000 },
    { name: 'Maarssen', lon: 5.03, lat: 52.14, population: 39000 },
    { name: 'Groningen', lon: 6.57, lat: 53.22, population: 200000 },
  ]);
  assert.is(finder.whereOf(r('Dagvers', 5.04, 52.135, 'location')), 'Maarssen');
  assert.is(finder.whereOf(r('Station', 5.11, 52.09, 'poi')), 'Utrecht');
  assert.is(finder.whereOf(r('Maarssen', 5.03, 52.14)), 'Utrecht', 'a place: the nearest larger one');
  assert.is(finder.whereOf(r('Utrecht', 5.12, 52.09)), null, 'the largest around: nothing to add');
  const withCapital = new PlaceFinder([
    { name: 'Utrecht', lon: 5.12, lat: 52.09, population: 290000 },
    { name: 'Amsterdam', lon: 4.89, lat: 52.37, population: 870000 },
  ]);
  assert.is(withCapital.whereOf(r('Utrecht', 5.12, 52.09)), null, 'a city is not "near" a larger one');
  assert.is(finder.whereOf(r('Far away', 20, 40, 'location')), null, 'no place near');
});

test.run();
