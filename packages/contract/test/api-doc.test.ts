// docs/api.md carries the route listing generated from the table: a route
// added, removed or changed without regenerating it fails here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routeList } from '../src/index';
import { ErrorStatuses } from '../src/errors';
import {
  bracePath,
  ErrorsEnd,
  ErrorsStart,
  ListingEnd,
  ListingStart,
  renderErrorTable,
  renderRouteListing,
  withCurrentDocs,
  withCurrentListing,
} from '../src/route-listing';

const apiDoc = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

test('the committed docs/api.md equals the one generated from the route table and the error statuses', () => {
  const committed = readFileSync(apiDoc, 'utf8');
  assert.ok(withCurrentDocs(committed) === committed, 'docs/api.md is out of date: run `npm run api-doc -w packages/contract`');
});

test('the listing names every route with its method, path and role', () => {
  const listing = renderRouteListing();
  assert.ok(listing.startsWith(ListingStart) && listing.endsWith(ListingEnd));
  for (const route of routeList) {
    assert.ok(listing.includes(`| \`${route.name}\` | ${route.method} | \`${bracePath(route.path)}\` |`), route.name);
  }
  assert.ok(listing.includes(`${routeList.length} routes.`));
});

test('the handwritten part documents the paths the spec leaves unshown', () => {
  const committed = readFileSync(apiDoc, 'utf8');
  for (const path of [
    'PUT /api/models/{submodelId}/model-parameters',
    'PUT /api/models/{submodelId}/normalized-scores-functions',
    'PUT /api/models/{modelId}/drivers',
    'PUT /api/admin/users/sync',
  ])
    assert.ok(committed.includes(path), path);
});

test('the error section lists every status the server answers with, from one table', () => {
  const table = renderErrorTable();
  assert.ok(table.startsWith(ErrorsStart) && table.endsWith(ErrorsEnd));
  for (const e of ErrorStatuses) assert.ok(table.includes(`| ${e.status} | ${e.error} |`), String(e.status));
  for (const status of [400, 401, 403, 404, 409, 413, 429, 500, 503])
    assert.ok(
      ErrorStatuses.some((e) => e.status === status),
      String(status),
    );
});

test('a document without the listing markers is refused', () => {
  assert.throws(() => withCurrentListing('# API\n'), /no route listing markers/);
});

test.run();
