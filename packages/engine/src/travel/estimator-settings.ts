// The built-in estimator's speeds and detours (see estimator.ts), on their own so that the app can say
// which speeds an estimated isoline assumes without loading the estimator.

export interface SpeedBand {
  /** Road kilometres up to which this speed applies (Infinity for the last band). */
  untilKm: number;
  kmPerHour: number;
}

export interface EstimatorSettings {
  car: { circuity: number; accessMinutes: number; bands: SpeedBand[] };
  pedestrian: { circuity: number; kmPerHour: number };
}

export const DEFAULT_ESTIMATOR_SETTINGS: EstimatorSettings = {
  car: {
    circuity: 1.3,
    accessMinutes: 2,
    bands: [
      { untilKm: 2, kmPerHour: 25 },
      { untilKm: 5, kmPerHour: 40 },
      { untilKm: 15, kmPerHour: 60 },
      { untilKm: Infinity, kmPerHour: 90 },
    ],
  },
  pedestrian: { circuity: 1.2, kmPerHour: 4.8 },
};
