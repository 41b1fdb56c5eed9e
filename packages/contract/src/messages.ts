// Message keys the server answers with and the app translates. The
// validation messages are the spec's own words (its validation rules and error catalogue); the rule
// keys name the scenario rules (status, change type, ownership) that answer 409.

export const ValidationMessage = {
  scenarioNameIsRequired: 'scenarioNameIsRequired',
  nameRequired: 'nameRequired',
  displayNameIsRequired: 'Displayname is required',
  emailIsRequired: 'E-mail address is required',
  emailIsInvalid: 'E-mail address is invalid',
} as const;

/** 409 message keys: an action that a scenario rule forbids (status, change type, ownership), or an output not yet there. */
export const RuleMessage = {
  scenarioIsReadOnly: 'scenarioIsReadOnly',
  scenarioHasNoParent: 'scenarioHasNoParent',
  scenarioHasChildren: 'scenarioHasChildren',
  actionNotAllowedForChangeType: 'actionNotAllowedForChangeType',
  fieldIsReadOnly: 'fieldIsReadOnly',
  locationGroupIsMandatory: 'locationGroupIsMandatory',
  locationGroupIsNotSelectable: 'locationGroupIsNotSelectable',
  noTopScenariosFound: 'noTopScenariosFound',
  destinationIsNotATopScenario: 'destinationIsNotATopScenario',
  deleteSourceNeedsAllChangedLocations: 'deleteSourceNeedsAllChangedLocations',
  scenarioWasModified: 'scenarioWasModified',
  /** The location or scenario moved on since its version was read; `params`: modifiedBy (a name, or empty), modified (ISO time), version. */
  changedElsewhere: 'changedElsewhere',
  scenarioIsNotCalculated: 'scenarioIsNotCalculated',
  functionValidationFailed: 'functionValidationFailed',
} as const;
export type RuleMessage = (typeof RuleMessage)[keyof typeof RuleMessage];

/** Messages of the other error statuses (docs/api.md). */
export const ErrorMessage = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'notFound',
  notImplemented: 'notImplemented',
} as const;

/**
 * 400 message keys of a value outside its rule: a location property outside
 * its range (with `params`: minimum, maximum or step) and the model parameter
 * rules (ParameterLimits). The app shows each at its field.
 */
export const LimitMessage = {
  valueBelowMinimum: 'valueBelowMinimum',
  valueAboveMaximum: 'valueAboveMaximum',
  valueNotWhole: 'valueNotWhole',
  valueNotOnStep: 'valueNotOnStep',
  powerOutOfRange: 'powerOutOfRange',
  scaleOutOfRange: 'scaleOutOfRange',
  constantOutOfRange: 'constantOutOfRange',
  maximumMinutesOutOfRange: 'maximumMinutesOutOfRange',
  cutOffOutOfRange: 'cutOffOutOfRange',
  unknownFunctionType: 'unknownFunctionType',
  scoreWeightOutOfRange: 'scoreWeightOutOfRange',
  defaultValueOutOfRange: 'defaultValueOutOfRange',
  rangeMinimumAboveMaximum: 'rangeMinimumAboveMaximum',
  rangeStepNotPositive: 'rangeStepNotPositive',
  rangeBoundNotANumber: 'rangeBoundNotANumber',
  rangeOnlyForNumbers: 'rangeOnlyForNumbers',
} as const;

/** 404 keys of a location or scenario write whose location or scenario no longer exists (deleted by another user or tab); with `field`. */
export const GoneMessage = {
  locationNoLongerExists: 'locationNoLongerExists',
  scenarioNoLongerExists: 'scenarioNoLongerExists',
} as const;
export type GoneMessage = (typeof GoneMessage)[keyof typeof GoneMessage];

/** Other keys the server answers with on a refusal, with a field. */
export const FieldRefusalMessage = {
  loginExists: 'loginExists',
  rowNoLongerExists: 'rowNoLongerExists',
  ownLoginNotDeletable: 'ownLoginNotDeletable',
  lastGlobalAdministrator: 'lastGlobalAdministrator',
} as const;

/** 409 keys of a calibration that cannot start: the model lacks what it fits to. */
export const CalibrationMessage = {
  calibrationNeedsActualTurnover: 'calibrationNeedsActualTurnover',
  calibrationNeedsDemandAreas: 'calibrationNeedsDemandAreas',
} as const;
