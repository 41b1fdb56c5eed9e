// Location reads: a scenario's locations, one location's detail and its
// calculated outputs ("Scenario and location reads").
import * as z from 'zod';
import { MatchingLocationsTopN, MatchingScoresTopN } from '../constants';
import { LocationCatchmentArea } from '../entities/catchment';
import { IsolineFeatureCollection } from '../entities/isolines';
import { Location, LocationSummary } from '../entities/location';
import { MatchingLocation } from '../entities/matching';
import { LocationScore } from '../entities/normalized-scores';
import { PoiSetInRange } from '../entities/pois';
import { ComparableValues } from '../entities/property-ranges';
import { idParam, intParam, latitudeParam, longitudeParam } from '../primitives';
import { defineRoute } from './define';
import { CacheKeyQuery, locationId, modelId, scenarioId, submodelId } from './params';

const OutputParams = z.object({ submodelId: submodelId(), scenarioId: scenarioId(), locationId: locationId() });
const topN = (fallback: number) => z.object({ topN: intParam('topN', 1, 100).optional().default(fallback) });

export const scenarioLocations = defineRoute({
  name: 'scenarioLocations',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/locations',
  specPath: 'GET /api/models/scenarios/{sid}/locations',
  params: z.object({ scenarioId: scenarioId() }),
  response: z.array(LocationSummary),
  produces: 'json',
  role: 'user',
  description: 'Every location of a scenario (its own and inherited), without property details; answered with an ETag.',
});

export const scenarioLocationProperties = defineRoute({
  name: 'scenarioLocationProperties',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId/properties',
  specPath: 'GET /api/models/scenarios/{sid}/locations/{lid}/properties',
  params: z.object({ scenarioId: scenarioId(), locationId: locationId() }),
  response: Location,
  produces: 'json',
  role: 'user',
  description: 'One location of a scenario with its clusters and properties (left drawer, location dialog).',
});

export const matchingLocations = defineRoute({
  name: 'matchingLocations',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/matching-locations',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/matching-locations',
  params: OutputParams,
  query: topN(MatchingLocationsTopN),
  response: z.array(MatchingLocation),
  produces: 'json',
  role: 'user',
  description: 'The topN most similar locations, the reference location first; 409 scenarioIsNotCalculated.',
});

export const matchingScores = defineRoute({
  name: 'matchingScores',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/matching-scores',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/matching-scores',
  params: OutputParams,
  query: topN(MatchingScoresTopN),
  response: z.array(MatchingLocation),
  produces: 'json',
  role: 'user',
  description: 'The topN matching locations with their normalized scores (radar chart); 409 scenarioIsNotCalculated.',
});

export const locationScores = defineRoute({
  name: 'locationScores',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/scores',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/scores',
  params: OutputParams,
  response: z.array(LocationScore),
  produces: 'json',
  role: 'user',
  description: 'The score table of a location; expression and calculation only for model administrators.',
});

export const locationCatchmentArea = defineRoute({
  name: 'locationCatchmentArea',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/catchment-areas/:catchmentAreaId',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/catchment-areas/{caId}',
  params: OutputParams.extend({ catchmentAreaId: idParam('catchmentAreaId') }),
  response: LocationCatchmentArea,
  produces: 'json',
  role: 'user',
  description: 'The catchment area of a location: GeoJSON, areas by output, properties, sameAsParent; 409 scenarioIsNotCalculated.',
});

export const locationPhoto = defineRoute({
  name: 'locationPhoto',
  method: 'GET',
  path: '/api/models/scenarios/locations/:locationId/photo',
  specPath: 'GET /api/models/scenarios/locations/{lid}/photo',
  params: z.object({ locationId: locationId() }),
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The photo of a location (models with displayLocationPhoto); 404 when none.',
});

export const locationIsolines = defineRoute({
  name: 'locationIsolines',
  method: 'GET',
  path: '/api/models/scenarios/locations/:locationId/isolines',
  specPath: 'GET /api/models/scenarios/locations/{lid}/isolines',
  params: z.object({ locationId: locationId() }),
  response: IsolineFeatureCollection,
  produces: 'json',
  role: 'user',
  description: 'The stored isolines of a location, one feature per isoline set and minutes.',
});

export const poisInRange = defineRoute({
  name: 'poisInRange',
  method: 'GET',
  path: '/api/models/:modelId/locations/:locationId/pois-in-range',
  specPath: 'GET /api/models/{id}/locations/{id}/pois-in-range',
  params: z.object({ modelId: modelId(), locationId: idParam('locationId') }),
  query: z.object({
    /** The position being edited; the stored position when absent. */
    latitude: latitudeParam().optional(),
    longitude: longitudeParam().optional(),
  }),
  response: z.array(PoiSetInRange),
  produces: 'json',
  role: 'user',
  description: 'The POIs within range of a location per POI set (autoCalculateType 6 properties).',
});

export const comparableValues = defineRoute({
  name: 'comparableValues',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/comparable-values/:propertyId',
  specPath: 'GET /api/models/scenarios/{sid}/comparable-values/{pid}',
  params: z.object({ scenarioId: scenarioId(), propertyId: idParam('propertyId') }),
  query: z.object({
    /** Only locations of this group (absent: every location). */
    locationGroupId: idParam('locationGroupId').optional(),
    /** Left out of the sample (the location being edited). */
    exceptLocationId: idParam('exceptLocationId').optional(),
  }),
  response: ComparableValues,
  produces: 'json',
  role: 'user',
  description:
    "The stored values of one numeric location property at the scenario's open shops (closed ones and retail areas left out), calculated or not: the sample of the location dialog's plausibility warning.",
});
