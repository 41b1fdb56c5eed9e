// The ranges of numeric location properties (issue 24, "Location values
// within bounds"): the model administrator's save, in one transaction. Rows
// are checked against the stored properties while they are locked, so a
// property removed meanwhile is told as such.
import { DataType, LimitMessage, type PropertyRangesSaveBody } from '@locus/contract';
import type { Database } from '../db/database.js';
import { DomainError } from '../domain/errors.js';
import { lockPropertyRanges, updatePropertyRange, type PropertyRow } from '../repo/properties.js';

/** A property whose values a planner types as numbers: numeric, not yes/no, not calculated, not an output. */
export function isRangedProperty(p: Pick<PropertyRow, 'data_type' | 'property_type' | 'auto_calculate_type'>): boolean {
  return p.data_type !== DataType.text && p.data_type !== DataType.yesNo && p.property_type !== 4 && !p.auto_calculate_type;
}

// Bounds travel as JSON numbers and are stored as double precision, which keeps every double exactly.
const sameNumber = (a: number | null, b: number | null) => a === b;
const stored = (value: number | null) => (value === null ? null : Number(value));

/**
 * Saves the ranges; a row naming a property the model does not have is
 * refused (409 rowNoLongerExists), one naming a text, yes/no, calculated or
 * output property 400 rangeOnlyForNumbers; nothing is written then. Rows
 * equal to what is stored write nothing. Answers whether anything changed.
 */
export async function savePropertyRanges(db: Database, modelId: number, body: PropertyRangesSaveBody): Promise<boolean> {
  return db.transaction(async (tx) => {
    const byId = new Map((await lockPropertyRanges(tx, modelId)).map((r) => [r.id, r]));
    const changed = body.filter((row, index) => {
      const property = byId.get(row.id);
      if (!property) {
        throw new DomainError('conflict', 'rowNoLongerExists', {
          field: `${index}.id`,
          reason: `location property ${row.id} no longer exists in model ${modelId}; reload the editor`,
        });
      }
      if (!isRangedProperty(property)) {
        throw new DomainError('invalid', LimitMessage.rangeOnlyForNumbers, {
          field: `${index}.id`,
          reason: `location property ${row.id} is not a number a planner types`,
        });
      }
      return !(
        sameNumber(row.minimumValue, stored(property.minimum_value)) &&
        sameNumber(row.maximumValue, stored(property.maximum_value)) &&
        sameNumber(row.step, stored(property.value_step)) &&
        row.wholeNumbers === property.whole_numbers
      );
    });
    for (const row of changed) await updatePropertyRange(tx, row);
    return changed.length > 0;
  });
}
