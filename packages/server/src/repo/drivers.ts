// Drivers of a model: the driver filters, each with its drivers.
import type { DriverFilter } from '@locus/contract';
import type { Queryable } from '../db/database.js';

export async function driverFiltersOf(db: Queryable, modelId: number): Promise<DriverFilter[]> {
  const filters = (
    await db.query<{ id: number; title: string; function: string }>(
      'SELECT id, title, function FROM driver_filter WHERE model_id = $1 ORDER BY sort_order, id',
      [modelId],
    )
  ).rows;
  const drivers = (
    await db.query<{ id: number; driver_filter_id: number; title: string; function: string; weight: number; rounding_digits: number; inverse: boolean }>(
      `SELECT d.* FROM driver d JOIN driver_filter f ON f.id = d.driver_filter_id WHERE f.model_id = $1 ORDER BY d.sort_order, d.id`,
      [modelId],
    )
  ).rows;
  return filters.map((f) => ({
    id: f.id,
    title: f.title,
    function: f.function,
    drivers: drivers
      .filter((d) => d.driver_filter_id === f.id)
      .map((d) => ({
        id: d.id,
        title: d.title,
        function: d.function,
        weight: d.weight,
        roundingDigits: d.rounding_digits,
        inverse: d.inverse,
      })),
  }));
}
