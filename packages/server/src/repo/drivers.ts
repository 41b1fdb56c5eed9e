// Drivers of a model: the driver filters, each with its drivers, in their order.
import type { DriverFilter, DriversSaveBody } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { replaceOrderedRows } from './ordered-rows.js';

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

/** The ids of a model's driver filters (locked until the transaction ends: a save) and of their drivers. */
export async function lockDriverIds(
  tx: Queryable,
  modelId: number,
): Promise<{ filters: { id: number }[]; drivers: { id: number; driver_filter_id: number }[] }> {
  const filters = (await tx.query<{ id: number }>('SELECT id FROM driver_filter WHERE model_id = $1 FOR UPDATE', [modelId])).rows;
  const drivers = (
    await tx.query<{ id: number; driver_filter_id: number }>(
      'SELECT d.id, d.driver_filter_id FROM driver d JOIN driver_filter f ON f.id = d.driver_filter_id WHERE f.model_id = $1',
      [modelId],
    )
  ).rows;
  return { filters, drivers };
}

/** The stored driver filters and drivers equal the body, in order. */
export async function sameDrivers(tx: Queryable, modelId: number, body: DriversSaveBody): Promise<boolean> {
  const filters = (
    await tx.query<{ id: number; title: string; function: string }>(
      'SELECT id, title, function FROM driver_filter WHERE model_id = $1 ORDER BY sort_order, id',
      [modelId],
    )
  ).rows;
  if (filters.length !== body.length) return false;
  for (const [k, filter] of body.entries()) {
    const stored = filters[k]!;
    if (filter.id !== stored.id || filter.title !== stored.title || filter.function !== stored.function) return false;
    const drivers = (
      await tx.query<{ id: number; title: string; function: string; weight: number; rounding_digits: number; inverse: boolean }>(
        'SELECT id, title, function, weight, rounding_digits, inverse FROM driver WHERE driver_filter_id = $1 ORDER BY sort_order, id',
        [stored.id],
      )
    ).rows;
    if (drivers.length !== filter.drivers.length) return false;
    const same = filter.drivers.every((d, i) => {
      const r = drivers[i]!;
      return (
        d.id === r.id &&
        d.title === r.title &&
        d.function === r.function &&
        d.weight === Number(r.weight) &&
        d.roundingDigits === r.rounding_digits &&
        d.inverse === r.inverse
      );
    });
    if (!same) return false;
  }
  return true;
}

/** Stores the filters and drivers as they are sent: those left out are removed, those with an id updated, new ones inserted, in order. */
export async function replaceDrivers(tx: Queryable, modelId: number, body: DriversSaveBody): Promise<void> {
  const filterIds = await replaceOrderedRows(
    tx,
    { table: 'driver_filter', parentColumn: 'model_id', columns: ['title', 'function'] },
    modelId,
    body.map((f) => ({ id: f.id, values: [f.title, f.function] })),
  );
  for (const [k, filter] of body.entries()) {
    await replaceOrderedRows(
      tx,
      { table: 'driver', parentColumn: 'driver_filter_id', columns: ['title', 'function', 'weight', 'rounding_digits', 'inverse'] },
      filterIds[k]!,
      filter.drivers.map((d) => ({ id: d.id, values: [d.title, d.function, d.weight, d.roundingDigits, d.inverse] })),
    );
  }
}
