// Codes (entity fields, scenario states) and business constants of the
// spec and of the decisions doc, with the spec's names. Plain values only: the zod schemas
// for these codes live in codes.ts.

/** Scenario status codes: 1..8 is processing; outside 0..10 shows as 'Error'. */
export const ScenarioStatus = {
  edited: 0,
  waitingForProcessing: 1,
  processingFirstStep: 1,
  processingLastStep: 8,
  completed: 9,
  completedWithErrors: 10,
} as const;

/** Statuses in which a scenario may be changed; any other status is read-only. */
export const EditableScenarioStatuses: readonly number[] = [0, 9, 10];

/** Location changeType: other values are treated as edited. */
export const ChangeType = { unchanged: 0, added: 1, closed: 2, edited: 3 } as const;

/** Allowed actions per changeType: what a location of each change may still undergo. */
export const AllowedLocationActions = {
  0: ['edit', 'close'],
  1: ['edit', 'delete'],
  2: ['undoClose'],
  3: ['edit', 'undoEdit'],
} as const;

/** Property dataType, one scheme holding both of the spec's readings (decisions doc). Above 0 is numeric. */
export const DataType = { text: 0, number: 1, percentage: 2, currency: 3, plainNumber: 4, yesNo: 5 } as const;

/** Location visibility (decisions doc). */
export const LocationVisibility = { shown: 0, noInformation: 1, hidden: 2 } as const;

/** Location type: 1 shop, 2 retail area (not in the scenario's location list). */
export const LocationType = { shop: 1, retailArea: 2 } as const;
/** Location types drawn as round icons. */
export const RoundIconLocationTypes: readonly number[] = [1, 4, 5];

/** Location property propertyType: 4 is an output of the calculation. */
export const PropertyType = { output: 4 } as const;

/** Location property autoCalculateType: 6 is points of interest in range. */
export const AutoCalculateType = { pointsOfInterestInRange: 6 } as const;

/** Model outputType: turnover, counts, currency values or a score model. */
export const OutputType = { turnover: 1, counts: 2, currencyValues: 3, score: 4 } as const;

/** Model catchmentAreaMode. */
export const CatchmentAreaMode = { coverageChoices: 0, onMap: 1 } as const;

/** Model mapProvider: 0 the built-in vector basemap, 1 a map vendor style, 2 and 3 other tile providers. */
export const MapProvider = { builtInBasemap: 0, vendorStyle: 1, tileProviderA: 2, tileProviderB: 3 } as const;

/** Log eventType bits; selected types are OR-ed into a bitmask when fetching the log. */
export const LogEventType = { information: 8, warning: 4, error: 2 } as const;

/** Log sources; the empty source means all. */
export const LogSource = { backend: 'backend', scenarioProcessing: 'scenario-processing', isoLineProcessing: 'iso-line-processing' } as const;

/** Interface locales (decisions doc) and export cultures. */
export const Locales = ['nl', 'en', 'de', 'es', 'fr'] as const;
export const Cultures = ['nl', 'en'] as const;

// Business constants and limits.
export const ScenarioStatusPollMs = 10_000;
export const ScenarioStatusPollIdleMs = 5_000;
export const SystemStatusPollMs = 1_000;
/** The system status result meaning ready. */
export const SystemStatusReady = 1;
export const NotificationDurationMs = 10_000;
export const LanguageCookieDays = 3;
export const NearByLocationClusters = 5;
/** The matching list skips its first entry, the reference location itself. */
export const MatchingLocationsTopN = 11;
export const MatchingScoresTopN = 6;
export const ChartsTopN = 6;
export const DifferenceThresholdPercentage = 0.001;
export const LogDefaultEventType = 255;
export const LogRecordLimit = 100;
export const LogViewerDefaultEventTypes: readonly number[] = [2, 4, 8];
export const LogPageSize = 10;
export const ProcessingLogRecordLimit = 100;
export const DefaultMapView = { zoom: 8, longitude: 4.91, latitude: 52.35, bearing: 0, pitch: 0 } as const;
export const Fit = { maxZoom: 12, durationMs: 1000, padding: 30, sidePadding: 60 } as const;
export const IsolineStyle = { strokeWeight: 5, opacity: 0.5, fillOpacity: 0 } as const;
/** Catchment coverage choices in catchmentAreaMode 0. */
export const CatchmentCoverage = { all: 1, secondary: 0.8, primary: 0.5, none: 0 } as const;
export const PrimaryCatchmentShare = 0.5;
export const SecondaryCatchmentShare = 0.8;
/** Areas with a fraction under this are 'excluded' (grey, opacity 0.25). */
export const ExcludedAreaFraction = 0.01;
export const TopAreasInPanel = 10;
export const TopAreasInReport = 25;
export const TopLocationsInScenarioReport = 25;
export const ReportZoom = { localSituation: 16, catchmentArea: 11, impact: 11 } as const;
export const Report = { widthCm: 21, mapHeightPx: 400 } as const;
export const DriverWeight = { minimum: 50, maximum: 100 } as const;
export const NewFunctionRow = { defaultValue: 1, type: 1 } as const;

/**
 * The plausible model parameters (docs/calculation-model.md, "Parameter
 * rules"): a save outside them is refused with 400 naming the field. The
 * decay power and scale must be above 0 (a power of 0 or less makes the
 * pull grow or stay with travel time), the maximum minutes above 0 and at most
 * 240, the constant from 0 to 240 minutes; function types are 1
 * (attractiveness) and 2 (demand); score weights above 0.
 */
export const ParameterLimits = {
  power: { above: 0, maximum: 10 },
  scale: { above: 0, maximum: 1_000_000 },
  constant: { minimum: 0, maximum: 240 },
  maximumMinutes: { above: 0, maximum: 240 },
  fractionCutOffThreshold: { minimum: 0, below: 1 },
  functionTypes: [1, 2],
  scoreWeight: { above: 0, maximum: 1_000_000 },
  defaultValue: { minimum: -1e15, maximum: 1e15 },
} as const;
export const NewDriver = { roundingDigits: 2, inverse: false } as const;
export const ScoreDecimals = { total: 2, perArea: 4 } as const;
export const DefaultCurrency = 'EUR';
export const DefaultCurrencyDecimals = 0;
/** Progress shown per processing step (statuses 1 to 8). */
export const ProcessingProgressPerStepPercent = 11;
/** Isoline providers whose parameters link to external help. */
export const IsolineProvidersWithHelp: readonly number[] = [1, 4];
export const IsolinePostProcessingExample = { smoothingIterations: 2, bufferingDistance: 0.0025 } as const;
export const HeatMapWeight = { minimum: 0, maximum: 255 } as const;
