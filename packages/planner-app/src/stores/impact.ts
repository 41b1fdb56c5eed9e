// The impact of the shown scenario against the base scenario, read from the
// API's differences: the symbols of the Impact map layer (and the scenario
// report's impact map), and the Impact section of the right drawer.
import type { LocationSummary, ScenarioDifferences } from '@locus/contract';
import type { ImpactFeature } from '@locus/map-canvas';

/**
 * One proportional symbol per store in the differences that is on the map,
 * at its position, with its change (the API's outputDifference, unrounded).
 */
export function impactFeatures(differences: ScenarioDifferences, locations: readonly LocationSummary[]): ImpactFeature[] {
  const at = new Map(locations.map((l) => [l.id, l]));
  const out: ImpactFeature[] = [];
  for (const d of differences.locations) {
    const l = at.get(d.locationID);
    if (!l || d.outputDifference === 0) continue;
    out.push({ id: d.locationID, lon: l.longitude, lat: l.latitude, change: d.outputDifference, name: d.locationName });
  }
  return out;
}
