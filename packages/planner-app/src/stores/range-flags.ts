// Values stored outside their property's range (imported before the range was
// set) for the scenario report: the changed locations' properties are read
// and each location with such a value gets the titles of those properties.
import { ChangeType, type LocationSummary } from '@locus/contract';
import type { ApiClient } from '@locus/contract/client';
import { outsideRange } from '../format/range';

/** At most this many locations are read at once. */
const PARALLEL = 6;

/**
 * The titles of the properties outside their range, per location id (only
 * locations that have one). Closed locations are left out: their values take
 * no part in the scenario. A location that cannot be read is left out too.
 */
export async function outsideRangeByLocation(api: ApiClient, scenarioId: number, locations: readonly LocationSummary[]): Promise<Map<number, string[]>> {
  const wanted = locations.filter((l) => l.changeType !== ChangeType.closed);
  const flags = new Map<number, string[]>();
  for (let k = 0; k < wanted.length; k += PARALLEL) {
    const details = await Promise.all(
      wanted
        .slice(k, k + PARALLEL)
        .map((l) => api.call('scenarioLocationProperties', { params: { scenarioId, locationId: l.id }, expected: () => true }).catch(() => null)),
    );
    for (const detail of details) {
      if (!detail) continue;
      const titles = detail.locationProperties.filter((p) => p.propertyType !== 4 && outsideRange(p, p.numberValue)).map((p) => p.title ?? p.name);
      if (titles.length) flags.set(detail.id, titles);
    }
  }
  return flags;
}
