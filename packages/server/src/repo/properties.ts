// Location property definitions and their values as the contract's
// LocationProperty: a value is a string for dataType 0, else a number
// (a percentage is stored as a fraction and also sent x100 as percentageValue).
import type { LocationProperty, NewLocationProperty } from '@locus/contract';
import type { Queryable } from '../db/database.js';

export interface PropertyRow {
  id: number;
  model_id: number;
  sub_model_id: number | null;
  name: string;
  title: string | null;
  description: string | null;
  label: string | null;
  property_type: number;
  data_type: number;
  auto_calculate_type: number;
  poi_set_id: number | null;
  poi_set_name: string | null;
  poi_range_meters: number | null;
  visible: boolean;
  view_location: number | null;
  section_name: string | null;
  section_title: string | null;
  section_label: string | null;
  section_view_order: number;
  section_view_size: number;
  section_secondary: boolean;
  default_value: string | null;
  minimum_value: number | null;
  maximum_value: number | null;
  rounding_digits: number;
  title_short: string | null;
  choices: { key: string; value: string }[] | null;
  range_color: LocationProperty['rangeColor'];
  dependency_expression: string | null;
  hidden_in_export: boolean;
  sort_order: number;
  value_step: number | null;
  whole_numbers: boolean;
}

/** Property definitions of a model, for one sub-model (its own plus those of every sub-model). */
export async function propertyDefinitions(db: Queryable, modelId: number, subModelId?: number): Promise<PropertyRow[]> {
  const { rows } = await db.query<PropertyRow>(
    `SELECT p.*, ps.name AS poi_set_name FROM location_property p LEFT JOIN poi_set ps ON ps.id = p.poi_set_id
      WHERE p.model_id = $1 AND (p.sub_model_id IS NULL OR $2::int IS NULL OR p.sub_model_id = $2)
      ORDER BY p.section_view_order, p.sort_order, p.id`,
    [modelId, subModelId ?? null],
  );
  return rows;
}

export type PropertyValue = string | number | null | undefined;

const isNumeric = (p: PropertyRow) => p.data_type > 0;

function asNumber(value: PropertyValue): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function defaultOf(p: PropertyRow): string | number | null {
  if (p.default_value === null) return null;
  return isNumeric(p) ? asNumber(p.default_value) : p.default_value;
}

export function definitionEntity(p: PropertyRow): NewLocationProperty {
  return {
    id: p.id,
    name: p.name,
    title: p.title,
    description: p.description,
    label: p.label,
    propertyType: p.property_type,
    dataType: p.data_type as LocationProperty['dataType'],
    autoCalculateType: p.auto_calculate_type || null,
    poiSetName: p.poi_set_name,
    visible: p.visible,
    viewLocation: p.view_location,
    subModelId: p.sub_model_id,
    sectionName: p.section_name,
    sectionTitle: p.section_title,
    sectionLabel: p.section_label,
    sectionViewOrder: p.section_view_order,
    sectionViewSize: p.section_view_size,
    sectionSecondary: p.section_secondary,
    stringValue: null,
    numberValue: null,
    percentageValue: null,
    defaultValue: defaultOf(p),
    minimumValue: p.minimum_value,
    maximumValue: p.maximum_value,
    step: p.value_step ?? null,
    wholeNumbers: p.whole_numbers ?? false,
    roundingDigits: p.rounding_digits,
    titleShort: p.title_short,
    choices: p.choices ?? [],
    rangeColor: p.range_color,
    dependencyExpression: p.dependency_expression,
  };
}

/** A property with the location's value (and the parent scenario's value when it differs). */
export function propertyEntity(p: PropertyRow, value: PropertyValue, oldValue?: PropertyValue): LocationProperty {
  const base = definitionEntity(p);
  const numeric = isNumeric(p);
  const numberValue = numeric ? asNumber(value) : null;
  return {
    ...base,
    stringValue: numeric ? null : value === null || value === undefined ? null : String(value),
    numberValue,
    percentageValue: p.data_type === 2 && numberValue !== null ? numberValue * 100 : null,
    oldStringValue: oldValue === undefined || numeric ? null : oldValue === null ? null : String(oldValue),
    oldNumberValue: oldValue === undefined || !numeric ? null : asNumber(oldValue),
  };
}

/** A new location's properties: the defaults copied to the string or number value. */
export function newLocationPropertyEntity(p: PropertyRow): NewLocationProperty {
  const base = definitionEntity(p);
  const value = base.defaultValue;
  const numeric = isNumeric(p);
  const numberValue = numeric ? asNumber(value) : null;
  return {
    ...base,
    stringValue: numeric || value === null ? null : String(value),
    numberValue,
    percentageValue: p.data_type === 2 && numberValue !== null ? numberValue * 100 : null,
  };
}

/** What a range save compares and checks of a property. */
export type PropertyRangeRow = Pick<
  PropertyRow,
  'id' | 'data_type' | 'property_type' | 'auto_calculate_type' | 'minimum_value' | 'maximum_value' | 'value_step' | 'whole_numbers'
>;

/** A model's properties with their ranges, locked until the transaction ends (a range save). */
export async function lockPropertyRanges(tx: Queryable, modelId: number): Promise<PropertyRangeRow[]> {
  const { rows } = await tx.query<PropertyRangeRow>(
    `SELECT id, data_type, property_type, auto_calculate_type, minimum_value, maximum_value, value_step, whole_numbers
       FROM location_property WHERE model_id = $1 ORDER BY id FOR UPDATE`,
    [modelId],
  );
  return rows;
}

export async function updatePropertyRange(
  tx: Queryable,
  range: { id: number; minimumValue: number | null; maximumValue: number | null; step: number | null; wholeNumbers: boolean },
): Promise<void> {
  await tx.query('UPDATE location_property SET minimum_value = $2, maximum_value = $3, value_step = $4, whole_numbers = $5 WHERE id = $1', [
    range.id,
    range.minimumValue,
    range.maximumValue,
    range.step,
    range.wholeNumbers,
  ]);
}

/** A property of a model by id: its name and data type; undefined when the model has no such property. */
export async function propertyOfModel(db: Queryable, modelId: number, propertyId: number): Promise<{ name: string; data_type: number } | undefined> {
  return (
    await db.query<{ name: string; data_type: number }>('SELECT name, data_type FROM location_property WHERE id = $1 AND model_id = $2', [propertyId, modelId])
  ).rows[0];
}

export interface OutputProperty {
  id: number;
  name: string;
  title: string | null;
}

/** The output property of a sub-model: its own propertyType 4 property, else the model's output property. */
export async function outputPropertyOf(db: Queryable, modelId: number, subModelId: number): Promise<OutputProperty | undefined> {
  const { rows } = await db.query<OutputProperty>(
    `SELECT p.id, p.name, p.title FROM location_property p
      WHERE p.model_id = $1 AND ((p.property_type = 4 AND p.sub_model_id = $2) OR p.id = (SELECT output_location_property_id FROM model WHERE id = $1))
      ORDER BY (p.sub_model_id = $2) DESC NULLS LAST, p.id LIMIT 1`,
    [modelId, subModelId],
  );
  return rows[0];
}

/** A property's name and title; undefined when there is no such property. */
export async function propertyNameAndTitle(db: Queryable, propertyId: number): Promise<{ name: string; title: string | null } | undefined> {
  return (await db.query<{ name: string; title: string | null }>('SELECT name, title FROM location_property WHERE id = $1', [propertyId])).rows[0];
}

/** Those of the properties that belong to the model, with name and data type. */
export async function propertiesOfModel(db: Queryable, modelId: number, propertyIds: number[]): Promise<{ id: number; name: string; data_type: number }[]> {
  return (
    await db.query<{ id: number; name: string; data_type: number }>('SELECT id, name, data_type FROM location_property WHERE model_id = $1 AND id = ANY($2)', [
      modelId,
      propertyIds,
    ])
  ).rows;
}

/** The names of a model's location properties. */
export async function propertyNames(db: Queryable, modelId: number): Promise<string[]> {
  return (await db.query<{ name: string }>('SELECT name FROM location_property WHERE model_id = $1', [modelId])).rows.map((r) => r.name);
}

/** What making a location's record needs of a model's properties. */
export interface RecordPropertyDefinition {
  name: string;
  data_type: number;
  auto_calculate_type: number;
  poi_set_id: number | null;
  poi_range_meters: number | null;
  property_type: number;
}

export async function recordPropertyDefinitions(db: Queryable, modelId: number): Promise<RecordPropertyDefinition[]> {
  return (
    await db.query<RecordPropertyDefinition>(
      'SELECT name, data_type, auto_calculate_type, poi_set_id, poi_range_meters, property_type FROM location_property WHERE model_id = $1',
      [modelId],
    )
  ).rows;
}
