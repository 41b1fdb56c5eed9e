// The rows of the areas one location reaches, calculated again exactly. The
// calculation workbook explains every pair of those areas, with the exact
// minutes and the pairs the cut-off dropped, which the stored form (only the
// pairs that carry demand, Float32 probabilities, minutes in hundredths) does
// not hold. The engine rebuilds just those rows from the same inputs: the
// demand areas' and locations' points, the same travel-time provider, the
// stored attractiveness and demand. Each area's row is normalised on its own,
// so the rows equal the calculation's to the bit.
import { estimatorProvider, findCandidatePairs, huffRows, osrmProvider, scenarioResult, type ScenarioResult } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import { areaSetKey, basisKey, loadSubModels } from '../processing/inputs.js';
import type { ResultSummary } from '../repo/results.js';
import { routingKey, type RoutingSettings } from '../processing/settings.js';
import { scenarioLocations } from '../repo/scenario-locations.js';
import { notCalculated } from './results.js';
import { areaPositions } from '../repo/areas.js';

export interface LocationRows {
  /** A result over the reached areas only (area index = position in areaIds). */
  result: ScenarioResult;
  areaIds: Float64Array;
}

export async function exactLocationRows(
  db: Queryable,
  summary: ResultSummary,
  scenarioId: number,
  model: { id: number; outputType: number },
  j: number,
  routing: RoutingSettings,
): Promise<LocationRows> {
  const again = 'the demand areas or the routing changed since the calculation; calculate the scenario again';
  if (summary.areaSetId === null) throw notCalculated(again);
  // The key the calculation stored, from the sub-model's parameters as the calculation read them.
  const subModel = (await loadSubModels(db, model.id)).find((s) => s.id === summary.subModelId);
  if (!subModel || basisKey(subModel.parameters, model.outputType, await areaSetKey(db, summary.areaSetId), routingKey(routing)) !== summary.basisKey)
    throw notCalculated(again);
  const areaRows = await areaPositions(db, summary.areaSetId);
  if (areaRows.length !== summary.areaCount) throw notCalculated(again);
  const areas = { latitude: Float64Array.from(areaRows, (r) => r.latitude), longitude: Float64Array.from(areaRows, (r) => r.longitude) };
  const rows = new Map((await scenarioLocations(db, scenarioId)).map((r) => [r.location_id, r]));
  const n = summary.locationCount;
  const locations = { latitude: new Float64Array(n), longitude: new Float64Array(n) };
  for (let q = 0; q < n; q++) {
    const row = summary.locationIds[q] > 0 ? rows.get(summary.locationIds[q]) : undefined;
    if (!row) continue;
    locations.latitude[q] = row.latitude;
    locations.longitude[q] = row.longitude;
  }
  const { parameters, arrays } = summary;
  const provider = routing.provider === 'osrm' ? osrmProvider({ baseUrl: routing.osrmUrl ?? '' }) : estimatorProvider();
  // The areas location j reaches, then every pair of those areas.
  const reached = await findCandidatePairs(provider, parameters, { areas, locations, active: arrays.active, locationSubset: Uint32Array.of(j) });
  const subset: number[] = [];
  for (let i = 0; i < summary.areaCount; i++) if (reached.offsets[i + 1] > reached.offsets[i]) subset.push(i);
  const origins = { latitude: Float64Array.from(subset, (i) => areas.latitude[i]), longitude: Float64Array.from(subset, (i) => areas.longitude[i]) };
  const pairs = await findCandidatePairs(provider, parameters, { areas: origins, locations, active: arrays.active });
  const probability = new Float64Array(pairs.location.length);
  huffRows(pairs, parameters, arrays.attractiveness, parameters.fractionCutOffThreshold, probability);
  const result = scenarioResult({
    parameters,
    pairs,
    probability,
    active: arrays.active,
    attractiveness: arrays.attractiveness,
    output: arrays.output,
    demand: Float64Array.from(subset, (i) => summary.demand[i]),
    fallbacks: summary.fallbacks,
  });
  return { result, areaIds: Float64Array.from(subset, (i) => summary.areaIds[i]) };
}
