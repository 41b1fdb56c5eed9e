// Entity and body schemas: what they accept and, above all, what they refuse
// and with which message and field.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import {
  CreatedLogin,
  LocationCatchmentArea,
  LocationReportFormatText,
  LocationWriteBody,
  LogEntry,
  MergeRequest,
  Model,
  mergeRequestMismatch,
  routes,
  ScenarioCreateBody,
  validationError,
  type RequestPart,
} from '../src/index';
import { exampleLocation, exampleModel } from './fixtures';

/** The 400 body a schema's failure becomes. */
function failure(schema: z.ZodType, value: unknown, part: RequestPart = 'body') {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return validationError(result.error, part);
}

test('a model with every field of the spec parses; each missing field is named', () => {
  const model = exampleModel();
  assert.equal(Model.parse(model), model);
  for (const field of Object.keys(model)) {
    const broken: Record<string, unknown> = { ...model };
    delete broken[field];
    assert.is(failure(Model, broken).field, field, `missing ${field}`);
  }
});

test('codes accept exactly the readings of the decisions doc', () => {
  const model = exampleModel();
  assert.is(failure(Model, { ...model, outputType: 5 }).field, 'outputType');
  assert.is(failure(Model, { ...model, catchmentAreaMode: 2 }).field, 'catchmentAreaMode');
  const location = exampleLocation();
  assert.is(routes.scenarioLocationProperties.response.parse(location).locationProperties[0].dataType, 4);
  assert.is(failure(routes.scenarioLocationProperties.response, { ...location, visibility: 3 }).message, 'visibility must be one of 0, 1, 2');
  assert.is(failure(routes.scenarioLocationProperties.response, { ...location, changeType: 4 }).message, 'changeType must be one of 0, 1, 2, 3');
  const property = { ...location.locationProperties[0], dataType: 6 };
  assert.is(failure(routes.scenarioLocationProperties.response, { ...location, locationProperties: [property] }).field, 'locationProperties.0.dataType');
  assert.ok(LogEntry.safeParse({ dateTimeUtc: '2025-09-03T10:00:00Z', user: 'a', source: 'backend', eventType: 4, message: 'm' }).success);
  assert.not.ok(LogEntry.safeParse({ dateTimeUtc: '2025-09-03T10:00:00Z', user: 'a', source: 'backend', eventType: 1, message: 'm' }).success);
});

test("a model's report format text reads as components, invalid JSON is refused", () => {
  const format = LocationReportFormatText.parse(exampleModel().locationReportFormat);
  assert.equal(
    format.components.map((component) => component.name),
    ['mapLocations', 'topAreas'],
  );
  assert.is(failure(Model, { ...exampleModel(), locationReportFormat: '{components' }).field, 'locationReportFormat');
});

test('path ids coerce from strings; a malformed id is refused naming the parameter', () => {
  const params = routes.locationUpdate.params;
  assert.equal(params.parse({ modelId: '1', scenarioId: '22', locationId: '333' }), { modelId: 1, scenarioId: 22, locationId: 333 });
  for (const bad of ['abc', '0', '-3', '1.5', '']) {
    const error = failure(params, { modelId: '1', scenarioId: bad, locationId: '3' }, 'params');
    assert.equal(error, { statusCode: 400, error: 'Bad Request', message: 'scenarioId must be a positive integer', field: 'scenarioId' }, bad);
  }
  assert.is(failure(routes.areaPropertiesByPosition.params, { modelId: '1', areaSetId: '2', longitude: '4.9', latitude: '95' }, 'params').field, 'latitude');
});

test('query booleans read true and false; lists take one value or many; defaults follow the business constants', () => {
  const copy = routes.scenarioCopyChanges.query;
  assert.equal(copy.parse({ deleteSourceScenario: 'false', locations: '5' }), { deleteSourceScenario: false, locations: [5] });
  assert.equal(copy.parse({ deleteSourceScenario: 'true', locations: ['5', '6'] }), { deleteSourceScenario: true, locations: [5, 6] });
  assert.is(failure(copy, { deleteSourceScenario: 'yes', locations: '5' }, 'query').message, 'deleteSourceScenario must be true or false');
  assert.is(failure(copy, { locations: ['5', 'x'] }, 'query').field, 'locations');
  assert.is(failure(copy, {}, 'query').field, 'locations');
  assert.equal(routes.matchingLocations.query.parse({}), { topN: 11 });
  assert.equal(routes.matchingScores.query.parse({}), { topN: 6 });
  assert.equal(routes.scenarioDifferences.query.parse({}), { thresholdPercentage: 0.001 });
  assert.equal(routes.adminLog.query.parse({ eventType: '6' }), { eventType: 6, source: '' });
  assert.equal(routes.locationClose.query.parse({}), { createScenario: false });
  assert.is(failure(routes.scenarioOutputExport.query, { culture: 'de' }, 'query').message, 'culture must be one of nl, en');
});

test('scenario name is required with the key scenarioNameIsRequired', () => {
  for (const body of [{ parentScenarioId: 1 }, { name: '', parentScenarioId: 1 }, { name: '   ', parentScenarioId: 1 }, { name: 4, parentScenarioId: 1 }]) {
    assert.equal(failure(ScenarioCreateBody, body).message, 'scenarioNameIsRequired', JSON.stringify(body));
    assert.is(failure(ScenarioCreateBody, body).field, 'name');
  }
  assert.equal(ScenarioCreateBody.parse({ name: ' Nieuw filiaal ', parentScenarioId: 1 }), {
    name: 'Nieuw filiaal',
    parentScenarioId: 1,
    isTop: false,
    competition: false,
  });
  assert.is(failure(routes.scenarioUpdate.body, { id: 3, name: '', isTop: false, competition: false }).message, 'scenarioNameIsRequired');
});

test('a location write needs a name (nameRequired) and names a bad property value by its path', () => {
  const body = { ...exampleLocation(), scenarioCreation: null };
  const parsed = LocationWriteBody.parse(body);
  assert.equal(parsed.locationProperties, [{ id: 40, stringValue: null, numberValue: 1200 }]);
  assert.is(failure(LocationWriteBody, { ...body, name: ' ' }).message, 'nameRequired');
  assert.is(failure(LocationWriteBody, { ...body, name: undefined }).message, 'nameRequired');
  const properties = [{ id: 40, stringValue: null, numberValue: 'many' }];
  assert.is(failure(LocationWriteBody, { ...body, locationProperties: properties }).field, 'locationProperties.0.numberValue');
  assert.is(failure(LocationWriteBody, { ...body, scenarioCreation: undefined }).field, 'scenarioCreation');
});

test('add login: the spec messages for display name and e-mail, the pattern local@domain.tld with 2 or 3 letters', () => {
  const body = routes.adminLoginCreate.body;
  assert.is(failure(body, { email: 'jan@example.nl' }).message, 'Displayname is required');
  assert.is(failure(body, { displayName: ' ', email: 'jan@example.nl' }).message, 'Displayname is required');
  assert.is(failure(body, { displayName: 'Jan' }).message, 'E-mail address is required');
  assert.is(failure(body, { displayName: 'Jan', email: '' }).message, 'E-mail address is required');
  for (const email of ['jan', 'jan@example', 'jan@example.n', 'jan@example.info', 'jan@exa mple.nl', '@example.nl', 'jan@example.n1']) {
    const error = failure(body, { displayName: 'Jan', email });
    assert.equal([error.message, error.field], ['E-mail address is invalid', 'email'], email);
  }
  for (const email of ['jan@example.nl', 'j.de.vries@mail.example.com']) assert.ok(body.safeParse({ displayName: 'Jan', email }).success, email);
});

test('the created-login JSON has the spec keys and IsAdmin false', () => {
  const created = { ID: 'a1b2', IsAdmin: false, DisplayName: 'Jan', Email: 'jan@example.nl', Password: 'x7!Qe' };
  assert.equal(CreatedLogin.parse(created), created);
  assert.not.ok(CreatedLogin.safeParse({ ...created, IsAdmin: true }).success);
  assert.not.ok(CreatedLogin.safeParse({ id: 'a1b2', isAdmin: false, displayName: 'Jan', email: 'jan@example.nl', password: 'x' }).success);
  const users = [{ id: 1, title: 'Jan', hasAccess: false, isAdmin: true, deletedFromAzureAd: 0 }];
  assert.is(failure(routes.adminModelUsersSave.body, { model: { id: 1, name: 'M' }, users }).field, 'users.0.isAdmin');
  assert.not.ok(routes.adminModelUsers.response.safeParse([{ ...users[0], isAdmin: false, deletedFromAzureAd: 2 }]).success);
});

test('merge request: the shape of the merge entity, selected locations among the changed ones, agreement with path and query', () => {
  const request = { scenarioId: 4, changedLocations: [7, 8, 9], selectedLocations: [7, 9], deleteSourceScenario: false, destinationScenarioId: 2 };
  assert.equal(MergeRequest.parse(request), request);
  for (const field of Object.keys(request)) {
    const broken: Record<string, unknown> = { ...request };
    delete broken[field];
    assert.is(failure(MergeRequest, broken).field, field);
  }
  assert.is(failure(MergeRequest, { ...request, selectedLocations: [7, 10] }).field, 'selectedLocations.1');
  assert.is(failure(MergeRequest, { ...request, selectedLocations: [] }).field, 'selectedLocations');
  assert.is(failure(MergeRequest, { ...request, destinationScenarioId: 4 }).field, 'destinationScenarioId');
  const params = { sourceScenarioId: 4, destinationScenarioId: 2 };
  assert.is(mergeRequestMismatch(params, { deleteSourceScenario: false, locations: [9, 7] }, request), null);
  assert.is(mergeRequestMismatch(params, { deleteSourceScenario: false, locations: [7] }, request)?.field, 'locations');
  assert.is(mergeRequestMismatch(params, { deleteSourceScenario: true, locations: [7, 9] }, request)?.field, 'deleteSourceScenario');
  assert.is(mergeRequestMismatch({ ...params, sourceScenarioId: 5 }, { deleteSourceScenario: false, locations: [7, 9] }, request)?.field, 'scenarioId');
});

test('a location catchment area carries a FeatureCollection whose features hold the spec properties', () => {
  const feature = {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [5, 52],
          [5.01, 52],
          [5.01, 52.01],
          [5, 52],
        ],
      ],
    },
    properties: { fraction: 0.4, fractionDefault: 0.5, value: 1200, valueDefault: 1500, valueSharePrevious: 0.2, areaCode: 'C123', locationPropertyId: 40 },
  };
  const catchment = { featureCollection: { type: 'FeatureCollection', features: [feature] }, areas: [], locationProperties: [], sameAsParent: false };
  assert.ok(LocationCatchmentArea.safeParse(catchment).success);
  for (const key of Object.keys(feature.properties)) {
    const properties: Record<string, unknown> = { ...feature.properties };
    delete properties[key];
    const broken = { ...catchment, featureCollection: { type: 'FeatureCollection', features: [{ ...feature, properties }] } };
    assert.is(failure(LocationCatchmentArea, broken).field, `featureCollection.features.0.properties.${key}`);
  }
});

test('isoline tool query: JSON text parameters are read, bad JSON names the field', () => {
  const query = routes.isoline.query;
  const parsed = query.parse({
    longitude: '4.9',
    latitude: '52.37',
    minutes: '10',
    profile: 'car',
    postProcessingActions: '[{"type":"smoothing","iterations":2},{"type":"buffering","distance":0.0025}]',
  });
  assert.equal(parsed.postProcessingActions, [
    { type: 'smoothing', iterations: 2 },
    { type: 'buffering', distance: 0.0025 },
  ]);
  assert.is(parsed.baseUrl, '');
  const bad = failure(query, { longitude: '4.9', latitude: '52.37', minutes: '10', profile: 'car', postProcessingActions: '[{' }, 'query');
  assert.equal([bad.field, bad.message], ['postProcessingActions', 'postProcessingActions must be valid JSON text']);
  assert.is(failure(query, { longitude: '4.9', latitude: '52.37', minutes: '0', profile: 'car' }, 'query').field, 'minutes');
});

test.run();
