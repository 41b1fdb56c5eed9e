// The definitions of the two demo models: location properties, model
// parameters and functions, normalized scores, drivers, isoline
// post-processing, area property titles and the custom report layout. Plain
// data; store.ts writes it.
import type { LocationReportFormat, ModelFunction, ModelParameters, ScenarioReportFormat } from '@locus/contract';

/** Sub-model parameters as stored: the property lists are derived from the definitions when read. */
export type StoredModelParameters = Omit<ModelParameters, 'locationProperties' | 'locationGroupProperties' | 'locationClusterProperties'>;

export interface PropertyDefinition {
  name: string;
  title: string;
  titleShort?: string;
  description?: string;
  propertyType?: number;
  dataType: number;
  autoCalculateType?: number;
  poiSet?: string;
  poiRangeMeters?: number;
  viewLocation?: 0 | 1 | null;
  section: [name: string, title: string, order: number];
  defaultValue?: string;
  minimumValue?: number;
  maximumValue?: number;
  step?: number;
  wholeNumbers?: boolean;
  roundingDigits?: number;
  choices?: { key: string; value: string }[];
  rangeColor?: object;
  dependencyExpression?: string;
  hiddenInExport?: boolean;
}

export const SUPERMARKET_PROPERTIES: PropertyDefinition[] = [
  {
    name: 'turnover',
    title: 'Omzet (model)',
    titleShort: 'Omzet',
    propertyType: 4,
    dataType: 3,
    viewLocation: 0,
    section: ['output', 'Modeluitkomst', 0],
    roundingDigits: 0,
    description: 'Jaaromzet volgens het model',
  },
  {
    name: 'salesFloorArea',
    title: 'Verkoopvloeroppervlak (m²)',
    titleShort: 'VVO',
    dataType: 4,
    viewLocation: 0,
    section: ['store', 'Winkel', 1],
    defaultValue: '800',
    minimumValue: 100,
    maximumValue: 4000,
    wholeNumbers: true,
    roundingDigits: 0,
    rangeColor: { minimumValue: 300, maximumValue: 2000, minimumColor: '#dbeafe', maximumColor: '#1e3a8a' },
  },
  {
    name: 'parkingSpaces',
    title: 'Parkeerplaatsen',
    titleShort: 'Park.',
    dataType: 4,
    viewLocation: 0,
    section: ['store', 'Winkel', 1],
    defaultValue: '30',
    minimumValue: 0,
    maximumValue: 400,
    wholeNumbers: true,
    roundingDigits: 0,
  },
  {
    name: 'parkingPaid',
    title: 'Betaald parkeren',
    dataType: 5,
    viewLocation: 0,
    section: ['store', 'Winkel', 1],
    defaultValue: '0',
    dependencyExpression: 'parkingSpaces > 0',
  },
  {
    name: 'checkouts',
    title: "Kassa's",
    titleShort: 'Kassa',
    dataType: 4,
    viewLocation: 0,
    section: ['store', 'Winkel', 1],
    defaultValue: '5',
    minimumValue: 1,
    maximumValue: 40,
    wholeNumbers: true,
    roundingDigits: 0,
  },
  { name: 'brand', title: 'Merk', titleShort: 'Merk', dataType: 0, viewLocation: 1, section: ['general', 'Algemeen', 2], defaultValue: '' },
  {
    name: 'format',
    title: 'Formule',
    dataType: 0,
    viewLocation: 1,
    section: ['general', 'Algemeen', 2],
    defaultValue: 'full',
    choices: [
      { key: 'full', value: 'Full service' },
      { key: 'discount', value: 'Discount' },
      { key: 'convenience', value: 'Gemak' },
    ],
  },
  {
    name: 'openingYear',
    title: 'Openingsjaar',
    dataType: 4,
    viewLocation: 1,
    section: ['general', 'Algemeen', 2],
    defaultValue: '2027',
    minimumValue: 1900,
    maximumValue: 2035,
    wholeNumbers: true,
    roundingDigits: 0,
  },
  {
    name: 'shareFresh',
    title: 'Aandeel vers',
    titleShort: 'Vers',
    dataType: 2,
    viewLocation: 1,
    section: ['general', 'Algemeen', 2],
    defaultValue: '0.35',
    minimumValue: 0.05,
    maximumValue: 0.8,
    roundingDigits: 1,
  },
  {
    name: 'stationsInRange',
    title: 'Stations binnen 500 m',
    titleShort: 'Stations',
    dataType: 4,
    autoCalculateType: 6,
    poiSet: 'stations',
    poiRangeMeters: 500,
    viewLocation: 1,
    section: ['surroundings', 'Omgeving', 3],
    roundingDigits: 0,
  },
  {
    name: 'schoolsInRange',
    title: 'Scholen binnen 500 m',
    titleShort: 'Scholen',
    dataType: 4,
    autoCalculateType: 6,
    poiSet: 'schools',
    poiRangeMeters: 500,
    viewLocation: 1,
    section: ['surroundings', 'Omgeving', 3],
    roundingDigits: 0,
  },
  {
    name: 'actualTurnover',
    title: 'Werkelijke omzet',
    titleShort: 'Werkelijk',
    dataType: 3,
    viewLocation: 1,
    section: ['output', 'Modeluitkomst', 0],
    minimumValue: 0,
    roundingDigits: 0,
    hiddenInExport: true,
    description: 'Gerapporteerde jaaromzet (vertrouwelijk)',
  },
];

export const PHARMACY_PROPERTIES: PropertyDefinition[] = [
  {
    name: 'score',
    title: 'Location score',
    titleShort: 'Score',
    propertyType: 4,
    dataType: 1,
    viewLocation: 0,
    section: ['output', 'Model output', 0],
    roundingDigits: 2,
  },
  {
    name: 'floorArea',
    title: 'Floor area (m²)',
    titleShort: 'Area',
    dataType: 4,
    viewLocation: 0,
    section: ['store', 'Branch', 1],
    defaultValue: '150',
    minimumValue: 40,
    maximumValue: 600,
    wholeNumbers: true,
    roundingDigits: 0,
  },
  {
    name: 'openingHoursPerWeek',
    title: 'Opening hours per week',
    titleShort: 'Hours',
    dataType: 4,
    viewLocation: 0,
    section: ['store', 'Branch', 1],
    defaultValue: '50',
    minimumValue: 20,
    maximumValue: 168,
    step: 0.5,
    roundingDigits: 0,
  },
  {
    name: 'staff',
    title: 'Staff',
    dataType: 4,
    viewLocation: 1,
    section: ['store', 'Branch', 1],
    defaultValue: '6',
    minimumValue: 1,
    maximumValue: 60,
    wholeNumbers: true,
    roundingDigits: 0,
  },
  { name: 'parking', title: 'Parking', dataType: 5, viewLocation: 1, section: ['surroundings', 'Surroundings', 2], defaultValue: '0' },
  {
    name: 'footfallIndex',
    title: 'Footfall index',
    titleShort: 'Footfall',
    dataType: 1,
    viewLocation: 1,
    section: ['surroundings', 'Surroundings', 2],
    defaultValue: '1',
    minimumValue: 0.1,
    maximumValue: 5,
    roundingDigits: 2,
  },
  {
    name: 'gpPracticesInRange',
    title: 'GP practices within 500 m',
    titleShort: 'GPs',
    dataType: 4,
    autoCalculateType: 6,
    poiSet: 'gp-practices',
    poiRangeMeters: 500,
    viewLocation: 1,
    section: ['surroundings', 'Surroundings', 2],
    roundingDigits: 0,
  },
];

const supermarketFunctions: ModelFunction[] = [
  { id: 1, description: 'Verkoopvloeroppervlak', function: 'pow(salesFloorArea, 0.9)', defaultValue: 450, type: 1 },
  { id: 2, description: 'Parkeren', function: '1 + min(parkingSpaces, 200) / 400', defaultValue: 1, type: 1 },
  { id: 3, description: 'Versaandeel', function: 'if shareFresh > 0.4 then 1.05 else 1', defaultValue: 1, type: 1 },
  { id: 4, description: 'Bestedingen aan dagelijkse boodschappen', function: 'purchasingPower', defaultValue: 0, type: 2 },
];

export const SUPERMARKET_SUBMODELS: { name: string; parameters: StoredModelParameters }[] = [
  {
    name: 'Default',
    parameters: {
      fractionCutOffThreshold: 0.01,
      car: { maximumMinutes: 12, scale: 1, constant: 2, power: 2 },
      pedestrian: { maximumMinutes: 12, scale: 1.5, constant: 1, power: 2.5 },
      functions: supermarketFunctions,
    },
  },
  {
    name: 'Weekend',
    parameters: {
      fractionCutOffThreshold: 0.01,
      car: { maximumMinutes: 15, scale: 1.2, constant: 2, power: 1.8 },
      pedestrian: { maximumMinutes: 10, scale: 1, constant: 1, power: 2.5 },
      functions: supermarketFunctions.map((f) => (f.id === 2 ? { ...f, function: '1 + min(parkingSpaces, 200) / 250' } : f)),
    },
  },
];

export const PHARMACY_SUBMODELS: { name: string; parameters: StoredModelParameters }[] = [
  {
    name: 'Default',
    parameters: {
      fractionCutOffThreshold: 0.01,
      car: { maximumMinutes: 10, scale: 1, constant: 2, power: 2 },
      pedestrian: { maximumMinutes: 10, scale: 1, constant: 1, power: 2 },
      functions: [
        { id: 1, description: 'Floor area', function: 'min(floorArea / 150, 2)', defaultValue: 1, type: 1 },
        { id: 2, description: 'Opening hours', function: 'openingHoursPerWeek / 50', defaultValue: 1, type: 1 },
        { id: 3, description: 'Parking', function: '1 + parking * 0.15', defaultValue: 1, type: 1 },
        { id: 4, description: 'Footfall', function: 'footfallIndex', defaultValue: 1, type: 1 },
        { id: 5, description: 'GP practices nearby', function: '1 + min(gpPracticesInRange, 4) * 0.05', defaultValue: 1, type: 1 },
        // Not part of the score: the demand of the catchments (who a pharmacy serves).
        { id: 6, description: 'Inhabitants', function: 'population', defaultValue: 0, type: 2 },
      ],
    },
  },
];

export const SUPERMARKET_NORMALIZED_SCORES = [
  { title: 'Verkoopvloer', function: 'salesFloorArea', weight: 3 },
  { title: 'Parkeerplaatsen', function: 'parkingSpaces', weight: 1 },
  { title: "Kassa's", function: 'checkouts', weight: 1 },
  { title: 'Werkelijke omzet', function: 'actualTurnover', weight: 2 },
  { title: 'Stations', function: 'stationsInRange', weight: 1 },
];

export const PHARMACY_NORMALIZED_SCORES = [
  { title: 'Floor area', function: 'floorArea', weight: 2 },
  { title: 'Opening hours', function: 'openingHoursPerWeek', weight: 1 },
  { title: 'Footfall', function: 'footfallIndex', weight: 2 },
];

export const SUPERMARKET_DRIVERS = [
  {
    title: 'Grote supermarkten',
    function: 'salesFloorArea >= 1000',
    drivers: [
      { title: 'Verkoopvloer (m²)', function: 'salesFloorArea', weight: 100, roundingDigits: 0, inverse: false },
      { title: 'Omzet per m²', function: 'actualTurnover / salesFloorArea', weight: 90, roundingDigits: 0, inverse: false },
      { title: 'Parkeerplaatsen', function: 'parkingSpaces', weight: 70, roundingDigits: 0, inverse: false },
      { title: 'Leeftijd (jaren)', function: '2026 - openingYear', weight: 50, roundingDigits: 0, inverse: true },
    ],
  },
  {
    title: 'Kleine supermarkten',
    function: 'salesFloorArea < 1000',
    drivers: [
      { title: 'Verkoopvloer (m²)', function: 'salesFloorArea', weight: 100, roundingDigits: 0, inverse: false },
      { title: "Kassa's", function: 'checkouts', weight: 60, roundingDigits: 0, inverse: false },
      { title: 'Aandeel vers (%)', function: 'shareFresh * 100', weight: 80, roundingDigits: 1, inverse: false },
    ],
  },
];

export const PHARMACY_DRIVERS = [
  {
    title: 'All branches',
    function: 'floorArea > 0',
    drivers: [
      { title: 'Floor area (m²)', function: 'floorArea', weight: 100, roundingDigits: 0, inverse: false },
      { title: 'Opening hours', function: 'openingHoursPerWeek', weight: 80, roundingDigits: 0, inverse: false },
      { title: 'Staff', function: 'staff', weight: 50, roundingDigits: 0, inverse: false },
    ],
  },
];

export const SMOOTH_AND_BUFFER = [
  { type: 'smoothing', iterations: 2 },
  { type: 'buffering', distance: 0.0025 },
];

export interface AreaPropertyDefinition {
  name: string;
  title: string;
  titleShort?: string;
  dataType: number;
  roundingDigits: number;
}

/** Titles of the demand areas' properties, per model language; the place regions add the place's name. */
export function areaProperties(language: 'nl' | 'en', set: 'grid' | 'places'): AreaPropertyDefinition[] {
  const nl = language === 'nl';
  const grid: AreaPropertyDefinition[] = [
    { name: 'population', title: nl ? 'Inwoners' : 'Inhabitants', titleShort: nl ? 'Inw.' : 'Inh.', dataType: 4, roundingDigits: 0 },
    { name: 'households', title: nl ? 'Huishoudens' : 'Households', titleShort: nl ? 'Hh.' : 'Hh.', dataType: 4, roundingDigits: 0 },
    { name: 'averageHouseholdSize', title: nl ? 'Gemiddelde huishoudgrootte' : 'Average household size', dataType: 1, roundingDigits: 2 },
    { name: 'share65plus', title: nl ? 'Aandeel 65-plussers' : 'Share aged 65+', titleShort: '65+', dataType: 2, roundingDigits: 1 },
    {
      name: 'purchasingPower',
      title: nl ? 'Bestedingen dagelijkse boodschappen (EUR)' : 'Spending on daily groceries (EUR)',
      titleShort: nl ? 'Bested.' : 'Spending',
      dataType: 3,
      roundingDigits: 0,
    },
  ];
  if (set === 'grid') return grid;
  return [
    { name: 'placeName', title: nl ? 'Woonplaats' : 'Place', titleShort: nl ? 'Plaats' : 'Place', dataType: 0, roundingDigits: 0 },
    ...grid.filter((p) => p.name !== 'averageHouseholdSize'),
  ];
}

/** The turnover model's own location report layout (the score model uses the default layout). */
export const SUPERMARKET_REPORT_FORMAT: LocationReportFormat = {
  components: [
    { name: 'properties2Columns', left: 'store', right: 'general' },
    { name: 'mapLocations' },
    { name: 'mapCatchmentArea' },
    { name: 'topAreas', numberOfAreas: 25 },
    { name: 'matchingLocations' },
    { name: 'matchingScores' },
    { name: 'drivers' },
    {
      name: 'textSection',
      title: 'Toelichting',
      paragraphs: ['De omzet is berekend met een ruimtelijk interactiemodel (Huff) op basis van bestedingen per vierkant van 1 km.'],
    },
    { name: 'disclaimer' },
  ],
};

/** The turnover model's own scenario report layout (the score model uses the default layout). */
export const SUPERMARKET_SCENARIO_REPORT_FORMAT: ScenarioReportFormat = {
  components: [
    { name: 'changedlocations' },
    { name: 'mapImpact' },
    { name: 'locationDifferences' },
    { name: 'locationGroupDifferences' },
    { name: 'locationClusterDifferences' },
    { name: 'textSection', title: 'Toelichting', paragraphs: ['De impact is het verschil in berekende omzet tussen dit scenario en het basisscenario.'] },
    { name: 'disclaimer' },
  ],
};
