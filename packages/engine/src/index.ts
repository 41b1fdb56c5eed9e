// @locus/engine: the calculation model. Pure TypeScript, no I/O.

export * from './constants.js';
export * from './expression/index.js';

export type { ModePairs, ModesQuery, PairRowSink, PointSet, Profile, ReachQuery, SparseTravelTimes, TravelTimeProvider } from './travel/types.js';
export { estimateModePairs } from './travel/estimator-pairs.js';
export { PROFILES, sparseFromTriples } from './travel/types.js';
export { greatCircleKm } from './travel/geo.js';
export { DEFAULT_ESTIMATOR_SETTINGS, estimateMinutes, estimatorProvider, reachKm, type EstimatorSettings, type SpeedBand } from './travel/estimator.js';
export { matrixProvider, type TravelTimeMatrix } from './travel/matrix-provider.js';
export { osrmProvider, type OsrmSettings } from './travel/osrm.js';

export { FUNCTION_TYPE, modeIsOn, type DecayParameters, type ModeParameters, type ModelFunction, type ModelParameters } from './model/parameters.js';
export { decay, inversePower, pairDecay, pairDecayOf, MINIMUM_DECAY_BASE_MINUTES } from './model/decay.js';
export { findCandidatePairs, mergeModes, type CandidatePairQuery, type CandidatePairs } from './model/candidate-pairs.js';
export { BYTES_PER_PAIR, estimatePairs, type PairEstimate } from './model/pair-estimate.js';
export {
  compileFunctions,
  functionProducts,
  functionValue,
  ModelFunctionError,
  type CompiledModelFunction,
  type FunctionFallbacks,
  type FunctionProblem,
} from './model/functions.js';
export { flowsOf, huffRows, interact, interactRows, outputsOf, sumOutputs, type InteractionInput } from './model/interaction.js';
export {
  activeMask,
  calculateScenario,
  compileModel,
  demandInReach,
  HeldResult,
  scenarioResult,
  type ScenarioResultFields,
  type AreaInput,
  type LocationInput,
  type ScenarioInput,
  type ScenarioResult,
} from './model/scenario.js';
export { recalculateChangedLocations, type IncrementalResult, type LocationChange } from './model/incremental.js';
export { calibrateAttractiveness, fitMeasures, type CalibrationInput, type CalibrationPass, type FitMeasures } from './model/calibration.js';

export { locationPairIndex, type LocationPairIndex } from './results/location-pairs.js';
export {
  areasWithinCoverage,
  catchmentOf,
  rankCatchment,
  type Catchment,
  type CatchmentArea,
  type CatchmentOptions,
  type CatchmentZone,
} from './results/catchments.js';
export { areaOverlap, carryCatchment, type AreaFeature, type AreaOverlap } from './results/area-overlap.js';
export { isSignificant, scenarioDifferences, type Difference, type DifferenceLocation, type ScenarioDifferences } from './results/differences.js';
export {
  matchingLocations,
  matchingScores,
  normalizedScores,
  similarity,
  type MatchingLocation,
  type NormalizedScores,
  type NormalizedScoresFunction,
} from './results/matching.js';
export { comparableLocations, driverChart, type DriverChartEntry, type DriverDefinition, type DriverFilter } from './results/drivers.js';
export { locationScores, scoreFunctions, scoreModelOutputs, type LocationScore } from './results/location-scores.js';
export { areaLocations, type AreaLocation } from './results/area-locations.js';

export { isolines, type IsolineFeature, type IsolineRequest } from './isolines/isolines.js';
export { applyPostProcessing, type PostProcessingAction } from './isolines/post-processing.js';
