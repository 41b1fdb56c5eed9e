// The impact of the shown scenario against the base scenario, read from the
// API's differences: the symbols of the Impact map layer (and the scenario
// report's impact map), and the Impact section of the right drawer.
import type { LocationSummary, ScenarioDifferences } from '@locus/contract';
import type { ImpactFeature } from '@locus/map-canvas';
import { computed, createModel, effect, signal } from '@preact/signals-react';
import { latestWins, STALE } from './latest';
import { locations } from './locations';
import { model, submodelId } from './models';
import type { ResultsModel } from './results';
import { baseScenario, scenario } from './scenarios';

/**
 * One proportional symbol per store in the differences that is on the map,
 * at its position, with its change (the API's outputDifference, unrounded).
 * The scenario's own changes (a new, edited or closed store) are left out:
 * the layer answers what the change does to the other stores, and a new
 * store's whole turnover would shrink every other circle to a dot. The
 * changed store's own figure is in the drawers.
 */
export function impactFeatures(differences: ScenarioDifferences, locations: readonly LocationSummary[]): ImpactFeature[] {
  const at = new Map(locations.map((l) => [l.id, l]));
  const out: ImpactFeature[] = [];
  for (const d of differences.locations) {
    const l = at.get(d.locationID);
    if (!l || d.outputDifference === 0 || l.changeType !== 0) continue;
    out.push({ id: d.locationID, lon: l.longitude, lat: l.latitude, change: d.outputDifference, name: d.locationName });
  }
  return out;
}

// ---------------------------------------------------------------- the Impact section's figures

export interface ImpactFlow {
  /** The location group (its name), or null for demand not served before / no longer served. */
  group: string | null;
  /** The group's change against the base, the API's figure (own group: without the changed stores). */
  change: number;
}

export interface ImpactRow {
  locationId: number;
  name: string;
  change: number;
  output: number;
  outputDefault: number;
}

export interface ImpactSummary {
  outputTitle: string;
  /** The scenario's changed stores that are in the differences (new, edited, closed). */
  changed: ImpactRow[];
  /** Their change together; negative when the change closes stores. */
  change: number;
  /** Whether the change takes output away (a closed store): the section then says where it goes. */
  closes: boolean;
  /** The planner's own group: the group of the (first) changed store; null when the model has no groups. */
  ownGroup: string | null;
  /** The own group's other stores (cannibalisation when negative). */
  ownOthers: number | null;
  /** Each competing group's change, the largest change first. */
  competitors: ImpactFlow[];
  /** Demand not served before (positive) or no longer served (negative): the change of all stores together. */
  market: number;
  /** The own group's net change (the API's group figure). */
  ownNet: number | null;
  /** Other stores that lose most and gain most (at most `top` each). */
  losers: ImpactRow[];
  gainers: ImpactRow[];
}

export const IMPACT_TOP = 5;

/**
 * The what-if answer from the API's differences: the changed stores' output,
 * where it comes from (own group's other stores, each competing group, demand
 * not served before) or where it goes (closed), the own group's net effect
 * and the other stores that lose or gain most. Group figures are the API's
 * group rows; the own group's other stores are its row less the changed
 * stores in it; the market is the sum of the group rows (all stores), or of
 * the store rows when the model has no groups.
 */
export function impactSummary(
  differences: ScenarioDifferences,
  locations: readonly Pick<LocationSummary, 'id' | 'changeType' | 'locationGroupId'>[],
  groups: readonly { id: number; name: string }[],
  top = IMPACT_TOP,
): ImpactSummary {
  const info = new Map(locations.map((l) => [l.id, l]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const row = (d: ScenarioDifferences['locations'][number]): ImpactRow => ({
    locationId: d.locationID,
    name: d.locationName,
    change: d.outputDifference,
    output: d.output,
    outputDefault: d.outputDefault,
  });
  const changed = differences.locations.filter((d) => (info.get(d.locationID)?.changeType ?? 0) !== 0).map(row);
  const others = differences.locations.filter((d) => (info.get(d.locationID)?.changeType ?? 0) === 0).map(row);
  const change = changed.reduce((sum, r) => sum + r.change, 0);
  const firstGroupId = changed.map((r) => info.get(r.locationId)?.locationGroupId ?? null).find((g) => g !== null) ?? null;
  const ownGroup = firstGroupId === null ? null : (groupName.get(firstGroupId) ?? null);
  const groupRows = differences.locationGroups;
  const changedIn = (name: string) =>
    changed
      .filter((r) => {
        const g = info.get(r.locationId)?.locationGroupId;
        return g !== null && g !== undefined && groupName.get(g) === name;
      })
      .reduce((sum, r) => sum + r.change, 0);
  const ownRow = ownGroup === null ? undefined : groupRows.find((g) => g.locationGroupName === ownGroup);
  const ownNet = ownRow ? ownRow.outputDifference : null;
  const ownOthers = ownRow ? ownRow.outputDifference - changedIn(ownRow.locationGroupName) : null;
  const competitors = groupRows
    .filter((g) => g.locationGroupName !== ownGroup)
    .map((g) => ({ group: g.locationGroupName, change: g.outputDifference - changedIn(g.locationGroupName) }))
    .filter((g) => g.change !== 0)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
  const market = groupRows.length
    ? groupRows.reduce((sum, g) => sum + g.outputDifference, 0)
    : differences.locations.reduce((sum, d) => sum + d.outputDifference, 0);
  const losers = others
    .filter((r) => r.change < 0)
    .sort((a, b) => a.change - b.change)
    .slice(0, top);
  const gainers = others
    .filter((r) => r.change > 0)
    .sort((a, b) => b.change - a.change)
    .slice(0, top);
  return {
    outputTitle: differences.impactOutputLocationPropertyTitle,
    changed,
    change,
    closes: change < 0,
    ownGroup,
    ownOthers,
    competitors,
    market,
    ownNet,
    losers,
    gainers,
  };
}

// ---------------------------------------------------------------- state: the shown scenario's differences

/**
 * The impact of the shown scenario: its differences against the base, the
 * Impact section's figures and the Impact layer's symbols. Made with the
 * results model (its kept answers are shared with the reports); from then on
 * it reads the differences whenever the scenario or its base is (re)calculated, keeping the last answer while a new one is read (the
 * old figures stay until the new ones replace them), and turns the Impact
 * layer on when the shown scenario becomes calculated, until disposed.
 */
export const ImpactModel = createModel((results: ResultsModel) => {
  /** The differences of the shown scenario against the base, when both are calculated; null otherwise. */
  const scenarioImpact = signal<{ key: string; scenarioId: number; differences: ScenarioDifferences } | null>(null);
  /** The Impact map layer is drawn (it is turned on by every calculation of the shown scenario). */
  const impactLayerOn = signal(true);

  /** The Impact section's figures for the shown scenario; null when there is no impact to show. */
  const impactOfScenario = computed<ImpactSummary | null>(() => {
    const impact = scenarioImpact.value;
    const m = model.value;
    if (!impact || !m || impact.scenarioId !== scenario.value?.id) return null;
    return impactSummary(impact.differences, locations.value, m.locationGroups);
  });

  /** The Impact layer's symbols: the differences' stores at their place on the map. */
  const impactSymbols = computed<ImpactFeature[]>(() => {
    const impact = scenarioImpact.value;
    if (!impact || impact.scenarioId !== scenario.value?.id) return [];
    return impactFeatures(impact.differences, locations.value);
  });

  let lastStatus: { id: number; status: number } | null = null;
  /** The key of the differences being read; a newer key makes an older read's answer void. */
  let asked = '';
  const read = latestWins();
  effect(() => {
    const s = scenario.value;
    const base = baseScenario.value;
    const sub = submodelId.value;
    if (s && lastStatus && lastStatus.id === s.id && lastStatus.status !== 9 && s.status === 9) impactLayerOn.value = true;
    lastStatus = s ? { id: s.id, status: s.status } : null;
    if (!s || !base || sub === null || s.parentScenarioId === null || s.status !== 9 || base.status !== 9) {
      if (!s || s.parentScenarioId === null || scenarioImpact.peek()?.scenarioId !== s.id) scenarioImpact.value = null;
      asked = '';
      read.abort();
      return;
    }
    const key = `${sub}:${s.id}:${results.scenarioStamp(s.id)}:${results.baseStamp()}`;
    if (key === asked || scenarioImpact.peek()?.key === key) return;
    asked = key;
    const scenarioId = s.id;
    // The differences are kept (shared with the reports): the read is not aborted, its answer dropped.
    read
      .run(() => results.fetchScenarioDifferences(sub, scenarioId))
      .then(
        (differences) => {
          if (differences !== STALE) scenarioImpact.value = differences ? { key, scenarioId, differences } : null;
        },
        () => {
          asked = '';
        },
      );
  });

  return { scenarioImpact, impactLayerOn, impactOfScenario, impactSymbols };
});
export type ImpactModel = InstanceType<typeof ImpactModel>;
