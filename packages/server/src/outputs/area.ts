// One area in a scenario: its properties and, when the scenario is
// calculated, the locations drawing from it with value, minutes by car and on
// foot and score (U_ij = A_j x decay). An area of another set than the demand
// areas gathers its demand areas by surface overlap: values add up weighted by
// the overlap; minutes and score are those of the demand area that covers most of it.
import type { Area, AreaLocation } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { loadOverlap } from '../processing/overlaps.js';
import type { ResultSummary } from '../repo/results.js';
import { areaEntity, type AreaRow } from '../repo/areas.js';
import type { ResultReader } from './results.js';
import { locationNames } from '../repo/scenario-locations.js';

interface Entry {
  location: number;
  value: number;
  minutesCar: number | null;
  minutesPedestrian: number | null;
  score: number;
}

async function entriesOf(db: Queryable, reader: ResultReader, summary: ResultSummary, area: AreaRow): Promise<Entry[] | undefined> {
  const areaId = Number(area.id);
  if (area.area_set_id === summary.areaSetId) {
    // One demand area: only its block is read and decoded.
    const i = summary.areaIds.indexOf(areaId);
    if (i < 0) return undefined;
    return (await reader.areaLocations(summary, i)).filter((l) => l.value > 0);
  }
  if (summary.areaSetId === null) return undefined;
  const overlap = await loadOverlap(db, summary.areaSetId, area.area_set_id);
  if (!overlap) return undefined;
  const t = overlap.targetIds.indexOf(areaId);
  if (t < 0) return undefined;
  const byLocation = new Map<number, Entry & { weight: number }>();
  for (let i = 0; i < overlap.sourceCount; i++) {
    for (let k = overlap.offsets[i]; k < overlap.offsets[i + 1]; k++) {
      if (overlap.target[k] !== t) continue;
      const w = overlap.weight[k];
      for (const l of await reader.areaLocations(summary, i)) {
        if (!(l.value > 0)) continue;
        const e = byLocation.get(l.location);
        if (!e) byLocation.set(l.location, { ...l, value: l.value * w, weight: w });
        else {
          e.value += l.value * w;
          if (w > e.weight) Object.assign(e, { minutesCar: l.minutesCar, minutesPedestrian: l.minutesPedestrian, score: l.score, weight: w });
        }
      }
    }
  }
  return [...byLocation.values()].sort((a, b) => b.value - a.value || a.location - b.location);
}

/** The Area entity in a scenario; locations only when the scenario is calculated (status 9). */
export async function areaInScenario(
  db: Queryable,
  reader: ResultReader,
  scenario: { id: number; status: number },
  subModelId: number,
  area: AreaRow,
  personType: string | null,
): Promise<Area> {
  const entity = await areaEntity(db, area, personType);
  if (scenario.status !== 9) return entity;
  const summary = await reader.summary(scenario.id, subModelId);
  if (!summary || summary.outputType === 4) return entity;
  const entries = await entriesOf(db, reader, summary, area);
  if (!entries) return entity;
  const names = await locationNames(
    db,
    scenario.id,
    entries.flatMap((e) => (summary.locationIds[e.location] > 0 ? [summary.locationIds[e.location]] : [])),
  );
  const locations: AreaLocation[] = entries.flatMap((e) => {
    const id = summary.locationIds[e.location];
    if (!(id > 0)) return [];
    return [{ location: { id, name: names.get(id) ?? '' }, value: e.value, minutesCar: e.minutesCar, minutesPedestrian: e.minutesPedestrian, score: e.score }];
  });
  return { ...entity, locations, totalValue: locations.reduce((s, l) => s + l.value, 0) };
}
