// Column headers of the exports in both cultures. Property columns carry the
// property's own title, which the model defines in its language.
import type { Culture } from './csv.js';

const HEADERS = {
  scenarioId: { nl: 'Scenario-id', en: 'Scenario id' },
  scenario: { nl: 'Scenario', en: 'Scenario' },
  locationId: { nl: 'Locatie-id', en: 'Location id' },
  location: { nl: 'Locatie', en: 'Location' },
  latitude: { nl: 'Breedtegraad', en: 'Latitude' },
  longitude: { nl: 'Lengtegraad', en: 'Longitude' },
  group: { nl: 'Groep', en: 'Group' },
  cluster: { nl: 'Cluster', en: 'Cluster' },
  changeType: { nl: 'Wijziging', en: 'Change' },
  excluded: { nl: 'Uitgesloten', en: 'Excluded' },
  outsideRange: { nl: 'Buiten toegestaan bereik', en: 'Outside allowed range' },
  output: { nl: 'Uitkomst', en: 'Output' },
  catchmentArea: { nl: 'Verzorgingsgebied', en: 'Catchment area' },
  areaCode: { nl: 'Gebiedscode', en: 'Area code' },
  rank: { nl: 'Rang', en: 'Rank' },
  value: { nl: 'Waarde', en: 'Value' },
  fraction: { nl: 'Aandeel in gebied', en: 'Share of area' },
  valueDefault: { nl: 'Waarde basisscenario', en: 'Value base scenario' },
  fractionDefault: { nl: 'Aandeel in gebied basisscenario', en: 'Share of area base scenario' },
  share: { nl: 'Aandeel in uitkomst', en: 'Share of output' },
  cumulativeShare: { nl: 'Cumulatief aandeel', en: 'Cumulative share' },
  zone: { nl: 'Zone', en: 'Zone' },
  minutesCar: { nl: 'Minuten met de auto', en: 'Minutes by car' },
  minutesPedestrian: { nl: 'Minuten te voet', en: 'Minutes on foot' },
  score: { nl: 'Score', en: 'Score' },
  areaShare: { nl: 'Aandeel van het gebied', en: 'Share of the area' },
} as const;

export type HeaderKey = keyof typeof HEADERS;

export const header = (key: HeaderKey, culture: Culture): string => HEADERS[key][culture];

const CHANGE_TYPES = {
  nl: ['ongewijzigd', 'geopend', 'gesloten', 'gewijzigd'],
  en: ['unchanged', 'opened', 'closed', 'edited'],
} as const;

export const changeTypeLabel = (changeType: number, culture: Culture): string => CHANGE_TYPES[culture][changeType] ?? CHANGE_TYPES[culture][3];

const ZONES = {
  nl: { primary: 'primair', secondary: 'secundair', outside: 'buiten' },
  en: { primary: 'primary', secondary: 'secondary', outside: 'outside' },
} as const;

export const zoneLabel = (zone: 'primary' | 'secondary' | 'outside', culture: Culture): string => ZONES[culture][zone];

const YES_NO = { nl: ['nee', 'ja'], en: ['no', 'yes'] } as const;
export const yesNo = (value: boolean, culture: Culture): string => YES_NO[culture][value ? 1 : 0];
