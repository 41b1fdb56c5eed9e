// The OSRM table adapter against a small local HTTP server that answers like
// OSRM's /table/v1/{profile}/{coords}?sources=..&destinations=..&annotations=duration
// (durations in seconds; here: 60 s per 0.01 degree of straight-line distance, null for one unroutable point).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calculateScenario, osrmProvider } from '../src/index.js';

interface Seen {
  profile: string;
  coordinates: number;
  sources: number[];
  destinations: number[];
  unroutable: boolean;
}
const seen: Seen[] = [];
const UNROUTABLE = '5.5,52.5';

function secondsBetween(a: number[], b: number[]): number {
  return (Math.hypot(a[0] - b[0], a[1] - b[1]) / 0.01) * 60;
}

let server: Server;
let baseUrl = '';

test.before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = url.pathname.match(/^\/table\/v1\/([^/]+)\/(.+)$/);
    if (!m || url.searchParams.get('annotations') !== 'duration') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'InvalidUrl', message: 'URL string malformed' }));
      return;
    }
    const coords = decodeURIComponent(m[2]).split(';');
    const points = coords.map((c) => c.split(',').map(Number));
    const sources = (url.searchParams.get('sources') ?? '').split(';').map(Number);
    const destinations = (url.searchParams.get('destinations') ?? '').split(';').map(Number);
    seen.push({ profile: m[1], coordinates: coords.length, sources, destinations, unroutable: coords.includes(UNROUTABLE) });
    if (m[1] === 'broken') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'InvalidQuery', message: 'profile not found' }));
      return;
    }
    const durations = sources.map((s) =>
      destinations.map((d) => (coords[s] === UNROUTABLE || coords[d] === UNROUTABLE ? null : secondsBetween(points[s], points[d]))),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'Ok', durations }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Origins on a line of longitudes 5.00, 5.01, ... at latitude 52; destinations likewise at 52.0.
const origins = { latitude: [52, 52, 52, 52, 52.5], longitude: [5.0, 5.01, 5.02, 5.2, 5.5] };
const destinations = { latitude: [52, 52, 52.5], longitude: [5.0, 5.03, 5.5] };

test('asks only for candidate pairs and converts seconds to minutes, dropping unroutable and too-far pairs', async () => {
  seen.length = 0;
  const provider = osrmProvider({ baseUrl, maximumTableSize: 4, maximumKmPerHour: { car: 60 } });
  // 60 km/h x 5 minutes = 5 km of straight line: origin 3 (about 13.6 km away) is no candidate.
  const r = await provider.reachable({ profile: 'car', origins, destinations, maximumMinutes: 5 });
  assert.equal(Array.from(r.offsets), [0, 2, 4, 6, 6, 6]);
  assert.equal(Array.from(r.destination), [0, 1, 0, 1, 0, 1]);
  const expected = [0, 3, 1, 2, 2, 1];
  Array.from(r.minutes).forEach((m, k) => assert.ok(Math.abs(m - expected[k]) < 1e-9, `pair ${k}: ${m}`));
  assert.ok(seen.length >= 2, 'split into several requests');
  for (const s of seen) {
    assert.is(s.profile, 'driving');
    assert.ok(s.coordinates <= 4, `a request had ${s.coordinates} coordinates`);
  }
  // The unroutable pair (origin 4 -> destination 2, both at the unroutable point) was asked, answered null and dropped.
  assert.ok(seen.some((s) => s.unroutable));
});

test('an unroutable point gives no pair, a limit of minutes drops slower pairs, pedestrian uses foot', async () => {
  seen.length = 0;
  const provider = osrmProvider({ baseUrl });
  const r = await provider.reachable({ profile: 'pedestrian', origins, destinations, maximumMinutes: 2.5 });
  // Pedestrian bound 7 km/h x 2.5 min = 0.29 km: only the pairs at the same point are candidates; the
  // unroutable one (origin 4, destination 2) is answered null and dropped.
  assert.equal(Array.from(r.destination), [0]);
  assert.equal(Array.from(r.offsets), [0, 1, 1, 1, 1, 1]);
  assert.ok(seen.every((s) => s.profile === 'foot'));
});

test('feeds a full calculation like any provider', async () => {
  const provider = osrmProvider({ baseUrl, maximumKmPerHour: { car: 60 } });
  const result = await calculateScenario(
    {
      areas: { ...origins, properties: origins.latitude.map(() => ({ demand: 100 })) },
      locations: { ...destinations, properties: destinations.latitude.map(() => ({})) },
      parameters: {
        fractionCutOffThreshold: 0,
        car: { maximumMinutes: 5, scale: 1, constant: 1, power: 2 },
        functions: [{ function: 'demand', defaultValue: 0, type: 2 }],
      },
    },
    provider,
  );
  // Origins 0..2 are in reach (300 of demand); 3 and 4 are not.
  assert.ok(Math.abs(result.output.reduce((s, v) => s + v, 0) - 300) < 1e-9);
});

test('an OSRM error answer becomes an error with its message', async () => {
  const provider = osrmProvider({ baseUrl, profiles: { car: 'broken' } });
  try {
    await provider.reachable({ profile: 'car', origins, destinations, maximumMinutes: 5 });
    assert.unreachable('should have failed');
  } catch (e) {
    assert.match(String(e), 'profile not found');
  }
});

test.run();
