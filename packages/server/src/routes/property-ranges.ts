// The ranges of numeric location properties (issue 24, "Location values
// within bounds"): the model administrator's save, in one transaction, and
// the stored values of comparable locations that the location dialog's
// plausibility warning compares a new value with (calculated or not).
import { ChangeType, DataType, LimitMessage, type PropertyRangesSaveBody } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/database.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAdmin, resolveModel, resolveScenario } from '../domain/access.js';
import { DomainError, notFound } from '../domain/errors.js';
import { locationRowsFor } from '../processing/location-cache.js';
import { newLocationPropertyEntity, propertyDefinitions, type PropertyRow } from '../repo/properties.js';

/** A property whose values a planner types as numbers: numeric, not yes/no, not calculated, not an output. */
export function isRangedProperty(p: Pick<PropertyRow, 'data_type' | 'property_type' | 'auto_calculate_type'>): boolean {
  return p.data_type !== DataType.text && p.data_type !== DataType.yesNo && p.property_type !== 4 && !p.auto_calculate_type;
}

// Bounds travel as JSON numbers and are stored as double precision, which keeps every double exactly.
const sameNumber = (a: number | null, b: number | null) => a === b;

/**
 * Saves the ranges; a row naming a property the model does not have is
 * refused (409 rowNoLongerExists), one naming a text, yes/no, calculated or
 * output property 400 rangeOnlyForNumbers; nothing is written then. Rows
 * equal to what is stored write nothing. Answers whether anything changed.
 */
export async function savePropertyRanges(db: Database, modelId: number, body: PropertyRangesSaveBody): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<
      Pick<PropertyRow, 'id' | 'data_type' | 'property_type' | 'auto_calculate_type' | 'minimum_value' | 'maximum_value' | 'value_step' | 'whole_numbers'>
    >(
      `SELECT id, data_type, property_type, auto_calculate_type, minimum_value, maximum_value, value_step, whole_numbers
         FROM location_property WHERE model_id = $1 ORDER BY id FOR UPDATE`,
      [modelId],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const changed = body.filter((row, index) => {
      const stored = byId.get(row.id);
      if (!stored) {
        throw new DomainError('conflict', 'rowNoLongerExists', {
          field: `${index}.id`,
          reason: `location property ${row.id} no longer exists in model ${modelId}; reload the editor`,
        });
      }
      if (!isRangedProperty(stored)) {
        throw new DomainError('invalid', LimitMessage.rangeOnlyForNumbers, {
          field: `${index}.id`,
          reason: `location property ${row.id} is not a number a planner types`,
        });
      }
      return !(
        sameNumber(row.minimumValue, stored.minimum_value === null ? null : Number(stored.minimum_value)) &&
        sameNumber(row.maximumValue, stored.maximum_value === null ? null : Number(stored.maximum_value)) &&
        sameNumber(row.step, stored.value_step === null ? null : Number(stored.value_step)) &&
        row.wholeNumbers === stored.whole_numbers
      );
    });
    for (const row of changed) {
      await tx.query('UPDATE location_property SET minimum_value = $2, maximum_value = $3, value_step = $4, whole_numbers = $5 WHERE id = $1', [
        row.id,
        row.minimumValue,
        row.maximumValue,
        row.step,
        row.wholeNumbers,
      ]);
    }
    return changed.length > 0;
  });
}

export function propertyRangeHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const rowCache = locationRowsFor(ctx);
  return {
    propertyRangesSave: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      requireModelAdmin(user, modelId);
      if (await savePropertyRanges(db, modelId, body)) await ctx.log.info(`property ranges of model ${modelId} saved`, user.title);
      return (await propertyDefinitions(db, modelId)).filter((p) => p.property_type !== 4).map(newLocationPropertyEntity);
    },

    comparableValues: async ({ user, params, query }) => {
      const scenario = await resolveScenario(db, user, params.scenarioId);
      const { rows } = await db.query<{ name: string; data_type: number }>('SELECT name, data_type FROM location_property WHERE id = $1 AND model_id = $2', [
        params.propertyId,
        scenario.modelId,
      ]);
      const property = rows[0];
      if (!property) throw notFound(`location property ${params.propertyId} of model ${scenario.modelId}`);
      const values: number[] = [];
      if (property.data_type === DataType.text || property.data_type === DataType.yesNo) return { values };
      for (const row of await rowCache.rows(db, scenario.id)) {
        if (row.change_type === ChangeType.closed || row.visibility === 2) continue;
        if (query.locationGroupId !== undefined && row.location_group_id !== query.locationGroupId) continue;
        if (row.location_id === query.exceptLocationId) continue;
        const raw = row.properties[property.name];
        const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
        if (Number.isFinite(value)) values.push(value);
      }
      return { values };
    },
  } satisfies Partial<RouteHandlers>;
}
