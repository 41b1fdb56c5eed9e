// Scenario and location reads: the scenario list, status polling, changes and
// parents, a scenario's locations (served from a cache with ETag / 304), one
// location with its properties, photos, isolines and POIs in range.
import type { Location, LocationSummary } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAccess, resolveLocationModel, resolveModel, resolveScenario } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { createJsonCache, sendCached } from '../http/cached.js';
import { scenarioChanges, scenarioParents, scenarioStatuses, scenariosOfModel } from '../repo/scenarios.js';
import { scenarioLocation, scenarioLocations, scenarioWithStamp, type LocationRow } from '../repo/scenario-locations.js';
import { groupAndClusterNames, locationClustersOf, outputPropertyId } from '../repo/models.js';
import { createdPosition, locationPhoto } from '../repo/locations.js';
import { locationIsolines } from '../repo/isolines.js';
import { propertyDefinitions, propertyEntity } from '../repo/properties.js';
import { poisInRange } from '../repo/pois.js';
import { ensureIsolines } from '../processing/isolines.js';
import { locationListOf, summaryOf } from '../scenarios/location-list.js';

export function scenarioHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const locationLists = createJsonCache(32);
  // The stamp of a scenario's path, remembered until anything is written (Database.generation):
  // an unchanged list is then answered without a query.
  const stamps = new Map<number, { generation: number; row: NonNullable<Awaited<ReturnType<typeof scenarioWithStamp>>> }>();
  const stampOf = async (scenarioId: number) => {
    const generation = db.generation();
    const hit = stamps.get(scenarioId);
    if (hit && hit.generation === generation) return hit.row;
    const row = await scenarioWithStamp(db, scenarioId);
    // Kept only when nothing was written meanwhile, so a stamp read before a commit is never trusted after it.
    if (row && db.generation() === generation) {
      if (stamps.size > 1000) stamps.clear();
      stamps.set(scenarioId, { generation, row });
    }
    return row;
  };

  const names = (modelId: number) => groupAndClusterNames(db, modelId);

  const locationList = locationListOf(db);
  /** The calculated output per location of a completed scenario (default sub-model), else nothing; kept by result version. */
  const scores = (scenarioId: number, status: number): Promise<Map<number, number>> => locationList.scores(db, scenarioId, status);

  const summary = (row: LocationRow, n: Awaited<ReturnType<typeof names>>, score: number | null = null): LocationSummary => ({
    ...summaryOf(
      row,
      row.model_id,
      row.location_group_id ? (n.group.get(row.location_group_id) ?? null) : null,
      row.location_cluster_id ? (n.cluster.get(row.location_cluster_id) ?? null) : null,
    ),
    score,
    hasPhoto: row.has_photo,
  });

  return {
    scenarios: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return scenariosOfModel(db, modelId);
    },

    scenariosOnlyStatus: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return scenarioStatuses(db, modelId);
    },

    findScenarios: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const text = String(params.text).toLowerCase();
      return (await scenariosOfModel(db, modelId)).filter((s) => s.name.toLowerCase().includes(text));
    },

    locationsOfScenarios: async ({ user, params }) => {
      await resolveScenario(db, user, params.scenarioId);
      return (await scenarioLocations(db, params.scenarioId))
        .filter((r) => r.type !== 2)
        .map((r) => ({ scenarioId: r.version_scenario_id, locationId: r.location_id }));
    },

    scenarioChanges: async ({ user, params }) => {
      await resolveScenario(db, user, params.scenarioId);
      return scenarioChanges(db, params.scenarioId);
    },

    scenarioParents: async ({ user, params }) => {
      await resolveScenario(db, user, params.scenarioId);
      return scenarioParents(db, params.scenarioId);
    },

    scenarioLocations: async ({ user, params, request, reply }) => {
      // One query for the scenario and the stamp of its path: unchanged lists are answered from the cache.
      const row = await stampOf(params.scenarioId);
      if (!row) throw notFound(`scenario ${params.scenarioId}`);
      requireModelAccess(user, row.model_id);
      const scenario = { id: params.scenarioId as number, modelId: row.model_id, status: row.status };
      // Retail areas (type 2) and hidden locations (visibility 2) are not in the scenario's list.
      const item = await locationLists.text(`locations:${scenario.id}`, row.stamp, () => locationList.json(db, scenario));
      return sendCached(request, reply, item);
    },

    scenarioLocationProperties: async ({ user, params }) => {
      const scenario = await resolveScenario(db, user, params.scenarioId);
      const row = await scenarioLocation(db, scenario.id, params.locationId);
      if (!row) throw notFound(`location ${params.locationId} in scenario ${scenario.id}`);
      const [n, definitions, clusters, outputProperty] = await Promise.all([
        names(scenario.modelId),
        propertyDefinitions(db, scenario.modelId),
        locationClustersOf(db, scenario.modelId),
        outputPropertyId(db, scenario.modelId),
      ]);
      // For an edited location, the values it had before this scenario's change.
      const previous =
        row.change_type === 3 && scenario.parentScenarioId && row.version_scenario_id === scenario.id
          ? await scenarioLocation(db, scenario.parentScenarioId, row.location_id)
          : undefined;
      const score = (await scores(scenario.id, scenario.status)).get(row.location_id) ?? null;
      const location: Location = {
        ...summary(row, n, score),
        locationClusters: clusters,
        // The model's output property carries the calculated value once the scenario is calculated (status 9).
        locationProperties: definitions.map((p) =>
          propertyEntity(
            p,
            p.id === outputProperty && score !== null ? score : row.properties[p.name],
            previous ? (previous.properties[p.name] ?? null) : undefined,
          ),
        ),
      };
      return location;
    },

    locationPhoto: async ({ user, params, request, reply }) => {
      await resolveLocationModel(db, user, params.locationId);
      const photo = await locationPhoto(db, params.locationId);
      if (!photo) throw notFound(`photo of location ${params.locationId}`);
      return sendCached(request, reply, { contentType: photo.contentType, body: photo.image, maxAge: 3600 });
    },

    locationIsolines: async ({ user, params }) => {
      const modelId = await resolveLocationModel(db, user, params.locationId);
      await ensureIsolines(db, modelId, params.locationId);
      return locationIsolines(db, params.locationId);
    },

    poisInRange: async ({ user, params, query }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const locationModel = await resolveLocationModel(db, user, params.locationId);
      if (locationModel !== modelId) throw notFound(`location ${params.locationId} in model ${modelId}`);
      let { latitude, longitude } = query as { latitude?: number; longitude?: number };
      if (latitude === undefined || longitude === undefined) {
        const opened = await createdPosition(db, params.locationId);
        if (!opened) throw notFound(`location ${params.locationId}`);
        ({ latitude, longitude } = opened);
      }
      return poisInRange(db, modelId, latitude!, longitude!);
    },
  } satisfies Partial<RouteHandlers>;
}
