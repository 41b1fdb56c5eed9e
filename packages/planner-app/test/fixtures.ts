// Small models, scenarios and locations for store and component tests.
import type { LocationSummary, Model, Scenario, Submodel } from '@locus/contract';

export function model(id: number, patch: Partial<Model> = {}): Model {
  return {
    id,
    name: `Model ${id}`,
    language: null,
    mainLogoUrl: null,
    hasMainLogo: false,
    secondaryLogoUrl: null,
    hasSecondaryLogo: false,
    mapProvider: 0,
    mapRanges: [500, 1000],
    locationsType: 'Stores',
    locationGroupsType: 1,
    locationClustersType: 2,
    areasType: 'Areas',
    locationGroups: [{ id: 1, code: 'A', name: 'Alpha', selectable: true }],
    locationGroupMandatory: false,
    currency: 'EUR',
    outputType: 1,
    outputLocationPropertyId: null,
    scenarioHierarchy: true,
    modified: '2026-11-01T00:00:00Z',
    userIsAdmin: false,
    userIsGlobalAdmin: false,
    hasCalculationModel: true,
    hasNormalizedScoresFunctions: false,
    hasDriverFilters: false,
    displayLocationPhoto: false,
    locationReportFormat: null,
    scenarioReportFormat: null,
    catchmentAreaMode: 0,
    catchmentAreas: [
      { id: 10 * id + 1, name: 'ca1', title: 'CA 1', areaSetId: 1, isoLineSetId: null, onMap: false },
      { id: 10 * id + 2, name: 'ca2', title: 'CA 2', areaSetId: 1, isoLineSetId: null, onMap: false },
    ],
    catchmentAreasOnMap: false,
    catchmentAreaZones: [],
    areaSets: [],
    heatMapSets: [],
    allowMultipleHeatMapSets: false,
    poiSets: [],
    allowMultiplePOISets: false,
    isoLineSets: [
      { id: 100 * id + 1, name: 'iso', title: 'Iso', maximumMinutes: 30 },
      { id: 100 * id + 2, name: 'iso2', title: 'Iso 2', maximumMinutes: 15 },
    ],
    ...patch,
  } as Model;
}

export function scenario(id: number, patch: Partial<Scenario> = {}): Scenario {
  return {
    id,
    name: `Scenario ${id}`,
    status: 0,
    parentScenarioId: null,
    isTop: false,
    competition: false,
    changeCount: 0,
    created: '2026-11-01T00:00:00Z',
    modified: '2026-11-01T00:00:00Z',
    changes: [],
    parents: [],
    version: 1000 + id,
    ...patch,
  };
}

export function location(id: number, patch: Partial<LocationSummary> = {}): LocationSummary {
  return {
    id,
    name: `Store ${id}`,
    latitude: 52 + id / 100,
    longitude: 5 + id / 100,
    modelId: 1,
    type: 1,
    visibility: 0,
    changeType: 0,
    excluded: false,
    locationGroupId: 1,
    locationGroup: 'Alpha',
    locationClusterId: null,
    locationCluster: null,
    score: null,
    version: 2000 + id,
    hasPhoto: false,
    ...patch,
  };
}

export const submodels: Submodel[] = [
  { id: 7, name: 'Default', functionCount: 3 },
  { id: 8, name: 'Weekend', functionCount: 3 },
] as Submodel[];
