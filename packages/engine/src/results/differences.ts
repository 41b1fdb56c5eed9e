// Differences of a scenario against the default scenario, per location,
// location group and location cluster. A location present in only one of the
// two counts as 0 in the other. Rows whose difference is smaller than
// thresholdPercentage percent of the default output are left out (a row with
// a default of 0 is kept whenever its difference is not 0). Rows are sorted by
// the size of the difference, largest first.

import { DIFFERENCE_THRESHOLD_PERCENTAGE } from '../constants.js';

export interface DifferenceLocation {
  locationId: string | number;
  locationName: string;
  locationGroupName?: string | null;
  locationClusterNames?: readonly string[];
  output: number;
}

export interface Difference {
  outputDefault: number;
  output: number;
  outputDifference: number;
}

export interface ScenarioDifferences {
  locations: Array<Difference & { locationID: string | number; locationName: string }>;
  locationGroups: Array<Difference & { locationGroupName: string }>;
  locationClusters: Array<Difference & { locationClusterName: string }>;
}

export function isSignificant(d: Difference, thresholdPercentage: number): boolean {
  if (d.outputDifference === 0) return false;
  return Math.abs(d.outputDifference) >= (thresholdPercentage / 100) * Math.abs(d.outputDefault);
}

function totals(rows: readonly DifferenceLocation[], keys: (r: DifferenceLocation) => readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) for (const k of keys(r)) m.set(k, (m.get(k) ?? 0) + r.output);
  return m;
}

function compare<K extends string, T extends Record<K, string>>(
  current: Map<string, number>,
  base: Map<string, number>,
  key: K,
  threshold: number,
): Array<Difference & T> {
  const names = new Set([...base.keys(), ...current.keys()]);
  const out: Array<Difference & T> = [];
  for (const name of names) {
    const outputDefault = base.get(name) ?? 0;
    const output = current.get(name) ?? 0;
    const d = { outputDefault, output, outputDifference: output - outputDefault };
    if (isSignificant(d, threshold)) out.push({ [key]: name, ...d } as Difference & T);
  }
  return out.sort((a, b) => Math.abs(b.outputDifference) - Math.abs(a.outputDifference));
}

export function scenarioDifferences(
  current: readonly DifferenceLocation[],
  base: readonly DifferenceLocation[],
  thresholdPercentage = DIFFERENCE_THRESHOLD_PERCENTAGE,
): ScenarioDifferences {
  const byId = (rows: readonly DifferenceLocation[]) => new Map(rows.map((r) => [String(r.locationId), r]));
  const cur = byId(current);
  const def = byId(base);
  const locations: ScenarioDifferences['locations'] = [];
  for (const id of new Set([...def.keys(), ...cur.keys()])) {
    const c = cur.get(id);
    const b = def.get(id);
    const outputDefault = b?.output ?? 0;
    const output = c?.output ?? 0;
    const d = { outputDefault, output, outputDifference: output - outputDefault };
    if (isSignificant(d, thresholdPercentage)) {
      locations.push({ locationID: (c ?? b)!.locationId, locationName: (c ?? b)!.locationName, ...d });
    }
  }
  locations.sort((a, b) => Math.abs(b.outputDifference) - Math.abs(a.outputDifference));
  const group = (r: DifferenceLocation) => (r.locationGroupName ? [r.locationGroupName] : []);
  const clusters = (r: DifferenceLocation) => r.locationClusterNames ?? [];
  return {
    locations,
    locationGroups: compare<'locationGroupName', { locationGroupName: string }>(
      totals(current, group),
      totals(base, group),
      'locationGroupName',
      thresholdPercentage,
    ),
    locationClusters: compare<'locationClusterName', { locationClusterName: string }>(
      totals(current, clusters),
      totals(base, clusters),
      'locationClusterName',
      thresholdPercentage,
    ),
  };
}
