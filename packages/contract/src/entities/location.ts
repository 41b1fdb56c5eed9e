// A location (shop, retail area) and its properties, the
// body that writes one into a scenario and the answer of every location write.
import * as z from 'zod';
import { ChangeTypeCode, DataTypeCode, VisibilityCode } from '../codes';
import { ValidationMessage } from '../messages';
import { Color, DateTimeUtc, Id, MAX_LIST_ITEMS, RowVersion, TextLimit } from '../primitives';

export const LocationPropertyChoice = z.object({ key: z.string(), value: z.string() });
export type LocationPropertyChoice = z.infer<typeof LocationPropertyChoice>;

/** Colour scale of a numeric property between two values. */
export const RangeColor = z.object({
  minimumValue: z.number(),
  maximumValue: z.number(),
  minimumColor: Color,
  maximumColor: Color,
});
export type RangeColor = z.infer<typeof RangeColor>;

export const LocationProperty = z.object({
  /** Referenced by outputLocationPropertyId, locationPropertyId and property-values. */
  id: Id,
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  label: z.string().nullable(),
  /** 4 = output of the calculation. */
  propertyType: z.number().int(),
  dataType: DataTypeCode,
  /** 6 = points of interest in range; null when not auto-calculated. */
  autoCalculateType: z.number().int().nullable(),
  /** The POI set counted by an autoCalculateType 6 property. */
  poiSetName: z.string().nullable(),
  visible: z.boolean(),
  /** Drawer and report column: null not shown, 0 left, 1 right. */
  viewLocation: z.number().int().min(0).max(1).nullable(),
  /** Null for a property of every sub-model. */
  subModelId: Id.nullable(),
  sectionName: z.string().nullable(),
  sectionTitle: z.string().nullable(),
  sectionLabel: z.string().nullable(),
  sectionViewOrder: z.number().int().nullable(),
  sectionViewSize: z.number().int().nullable(),
  sectionSecondary: z.boolean(),
  /** The value of a dataType 0 property. */
  stringValue: z.string().nullable(),
  /** The value of a numeric property; a percentage as a fraction. */
  numberValue: z.number().nullable(),
  /** A percentage shown x100. */
  percentageValue: z.number().nullable(),
  /** The value in the parent scenario, for an edited location. */
  oldStringValue: z.string().nullable(),
  oldNumberValue: z.number().nullable(),
  /** Copied to stringValue or numberValue for a new location. */
  defaultValue: z.union([z.string(), z.number()]).nullable(),
  minimumValue: z.number().nullable(),
  maximumValue: z.number().nullable(),
  /** The step a value keeps to, counted from minimumValue (or 0); null or absent: any value. */
  step: z.number().positive().nullable().optional(),
  /** Only whole numbers. minimumValue, maximumValue, step and wholeNumbers bound every write (400 otherwise). */
  wholeNumbers: z.boolean().optional(),
  roundingDigits: z.number().int().min(0).max(10).nullable(),
  titleShort: z.string().nullable(),
  choices: z.array(LocationPropertyChoice),
  rangeColor: RangeColor.nullable(),
  /** Visibility rule over other property values and the group code; null means always visible. */
  dependencyExpression: z.string().nullable(),
});
export type LocationProperty = z.infer<typeof LocationProperty>;

/** A property definition offered for a new location: no values of a parent scenario. */
export const NewLocationProperty = LocationProperty.omit({ oldStringValue: true, oldNumberValue: true });
export type NewLocationProperty = z.infer<typeof NewLocationProperty>;

export const LocationCluster = z.object({ id: Id, name: z.string() });
export type LocationCluster = z.infer<typeof LocationCluster>;

export const Location = z.object({
  id: Id,
  name: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  modelId: Id,
  /** 1 shop, 2 retail area; 1, 4 and 5 are drawn round. */
  type: z.number().int().positive(),
  visibility: VisibilityCode,
  changeType: ChangeTypeCode,
  excluded: z.boolean(),
  locationGroupId: Id.nullable(),
  /** The group's name. */
  locationGroup: z.string().nullable(),
  locationClusterId: Id.nullable(),
  /** The cluster's name. */
  locationCluster: z.string().nullable(),
  /** The clusters the location may be put in. */
  locationClusters: z.array(LocationCluster),
  locationProperties: z.array(LocationProperty),
  /** The calculated score, null until the scenario is calculated. */
  score: z.number().nullable(),
  /**
   * The version of the location as the scenario sees it: it changes with every
   * write to it (also one made in a parent scenario the location is inherited
   * from). A write sends it back; a newer one answers 409 changedElsewhere.
   */
  version: RowVersion,
  /** A photo is stored for the location (GET .../photo answers it; no request for one that is not there). */
  hasPhoto: z.boolean(),
});
export type Location = z.infer<typeof Location>;

/** A location in a scenario's list (map and lists): everything but the property details. */
export const LocationSummary = Location.omit({ locationClusters: true, locationProperties: true });
export type LocationSummary = z.infer<typeof LocationSummary>;

/** A property value written with a location; other fields of a full LocationProperty are ignored. */
export const LocationPropertyValue = z.object({
  id: Id,
  stringValue: z
    .string()
    .max(TextLimit.value, { error: `stringValue must be at most ${TextLimit.value} characters` })
    .nullable(),
  numberValue: z.number().refine(Number.isFinite, { error: 'numberValue must be a finite number' }).nullable(),
});
export type LocationPropertyValue = z.infer<typeof LocationPropertyValue>;

/** The payload of a location write: the location as edited. */
export const LocationWriteBody = z.object({
  /** Absent for a new location. */
  id: Id.optional(),
  name: z
    .string({ error: ValidationMessage.nameRequired })
    .trim()
    .min(1, { error: ValidationMessage.nameRequired })
    .max(TextLimit.name, { error: `name must be at most ${TextLimit.name} characters` }),
  latitude: z.number().min(-90, { error: 'latitude must be from -90 to 90' }).max(90, { error: 'latitude must be from -90 to 90' }),
  longitude: z.number().min(-180, { error: 'longitude must be from -180 to 180' }).max(180, { error: 'longitude must be from -180 to 180' }),
  type: z.number().int().positive().max(32767, { error: 'type must be a location type code' }).default(1),
  visibility: VisibilityCode.default(0),
  excluded: z.boolean().default(false),
  locationGroupId: Id.nullable(),
  locationClusterId: Id.nullable(),
  locationProperties: z.array(LocationPropertyValue).max(MAX_LIST_ITEMS),
  /** Null: the change goes into the current scenario; an id: into that scenario. */
  scenarioCreation: Id.nullable(),
  /** The scenario's modified stamp the editor read: a newer one answers 409 scenarioWasModified. */
  scenarioModified: DateTimeUtc.optional(),
  /**
   * The location's version the editor read (Location.version) in the scenario of the path; the location
   * moved on since: 409 changedElsewhere; it is gone: 404 locationNoLongerExists. Absent for a new location
   * (and a write without it is not checked).
   */
  version: RowVersion.optional(),
});
export type LocationWriteBody = z.infer<typeof LocationWriteBody>;

/** The answer of every location write (create, edit, close, undo close, undo edit, delete). */
export const LocationWriteResult = z.object({
  /** The scenario that holds the change: a new child scenario when createScenario was asked. */
  scenarioId: Id,
  locationId: Id,
  /** Set when an undo or delete left one change and the scenario was renamed after it. */
  scenarioRenamedTo: z.string().optional(),
  /** Set when an undo or delete left no change and the scenario was removed. */
  scenarioDeleted: z.boolean().optional(),
});
export type LocationWriteResult = z.infer<typeof LocationWriteResult>;
