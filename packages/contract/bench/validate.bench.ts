// What checking with the contract costs, beside a baseline in the same run:
// validating a large location list answer against JSON.parse of the same
// payload, and reading one request's params and query.
import { performance } from 'node:perf_hooks';
import * as z from 'zod';
import { routes } from '../src/index';

const LocationCount = 5000;
const locations = Array.from({ length: LocationCount }, (_, i) => ({
  id: i + 1,
  name: `Supermarkt ${i + 1}`,
  latitude: 50.8 + (i % 100) * 0.02,
  longitude: 3.4 + Math.floor(i / 100) * 0.07,
  modelId: 1,
  type: 1,
  visibility: 0,
  changeType: i % 4,
  excluded: false,
  locationGroupId: (i % 6) + 1,
  locationGroup: `Brand ${(i % 6) + 1}`,
  locationClusterId: null,
  locationCluster: null,
  score: i % 3 === 0 ? null : i / LocationCount,
}));
const payload = JSON.stringify(locations);

function measure(label: string, rounds: number, run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) run();
  const each = (performance.now() - start) / rounds;
  console.log(`${label.padEnd(58)} ${each.toFixed(3).padStart(9)} ms`);
  return each;
}

const response = routes.scenarioLocations.response as z.ZodType;
console.log(`contract bench: ${LocationCount} locations, ${(payload.length / 1024).toFixed(0)} KiB of JSON`);
const baseline = measure('baseline: JSON.parse of the location list', 30, () => JSON.parse(payload));
const checked = measure('JSON.parse + scenarioLocations.response.parse', 30, () => response.parse(JSON.parse(payload)));
console.log(`parse with validation: ${(checked / baseline).toFixed(1)}x the bare JSON.parse`);

const params = { submodelId: '2', scenarioId: '17', locationId: '4711' };
const query = { topN: '11' };
const perRequest = measure('params + query of matchingLocations, 10,000 requests', 10, () => {
  for (let i = 0; i < 10_000; i++) {
    routes.matchingLocations.params.parse(params);
    routes.matchingLocations.query.parse(query);
  }
});
console.log(`per request: ${((perRequest * 1000) / 10_000).toFixed(2)} µs`);
