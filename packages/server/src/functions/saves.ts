// The saves of the three model editors. Each validates every expression first
// and stores nothing when there is any message. A row sent with an id the
// model no longer has is refused (409 rowNoLongerExists: another
// administrator removed it; reload the editor), never created anew.
//
// What a save sends back (docs/calculation-model.md section 14): saving model
// parameters that differ from the stored ones sets every scenario of the
// model to status 0, since the engine calculates with them (and, with
// AUTO_CALCULATE_BASE on, queues the base scenario again). Normalized scores
// functions and drivers are applied when outputs are read, so their saves
// never touch a scenario's status or results. A save that changes nothing
// writes nothing.
import type { DriversSaveBody, ModelParametersSaveBody, NormalizedScoresFunctionsSaveBody } from '@locus/contract';
import type { Database, Queryable } from '../db/database.js';
import { DomainError } from '../domain/errors.js';
import { markModelForRecalculation } from '../processing/queue.js';
import { areaNames, locationNames } from './known-names.js';
import { messagesOf, refuseWhenInvalid } from './validate.js';

export async function saveModelParameters(
  db: Database,
  modelId: number,
  subModelId: number,
  body: ModelParametersSaveBody,
  options: { calculateBase?: boolean } = {},
): Promise<void> {
  const [location, area] = await Promise.all([locationNames(db, modelId), areaNames(db, modelId)]);
  refuseWhenInvalid(
    messagesOf(body.functions.map((f) => ({ source: f.function, known: f.type === 2 ? area : location }))),
    (i) => `function ${i + 1} (${body.functions[i]!.description})`,
  );
  await db.transaction(async (tx) => {
    const stored = (await tx.query<{ parameters: StoredParameters | null }>('SELECT parameters FROM sub_model WHERE id = $1 FOR UPDATE', [subModelId])).rows[0];
    const storedFunctions = stored?.parameters?.functions ?? [];
    refuseUnknownIds(body.functions, new Set(storedFunctions.map((f) => Number(f.id))), 'functions');
    // New rows get ids after the largest one the sub-model ever had in this list.
    let next = Math.max(0, ...storedFunctions.map((f) => Number(f.id) || 0), ...body.functions.map((f) => f.id ?? 0)) + 1;
    const functions = body.functions.map((f) => ({
      id: f.id ?? next++,
      description: f.description,
      function: f.function,
      defaultValue: f.defaultValue,
      type: f.type,
    }));
    const parameters = { fractionCutOffThreshold: body.fractionCutOffThreshold, car: body.car, pedestrian: body.pedestrian, functions };
    if (stored?.parameters && sameParameters(stored.parameters, parameters)) return;
    await tx.query('UPDATE sub_model SET parameters = $2, modified = now() WHERE id = $1', [subModelId, JSON.stringify(parameters)]);
    await markModelForRecalculation(tx, modelId, options);
  });
}

export async function saveNormalizedScoresFunctions(db: Database, modelId: number, body: NormalizedScoresFunctionsSaveBody): Promise<void> {
  const known = await locationNames(db, modelId);
  refuseWhenInvalid(messagesOf(body.map((f) => ({ source: f.function, known }))), (i) => `function ${i + 1} (${body[i]!.title})`);
  await db.transaction(async (tx) => {
    const current = (
      await tx.query<{ id: number; title: string; function: string; weight: number; default_value: number; type: number }>(
        'SELECT id, title, function, weight, default_value, type FROM normalized_scores_function WHERE model_id = $1 ORDER BY sort_order, id FOR UPDATE',
        [modelId],
      )
    ).rows;
    refuseUnknownIds(body, new Set(current.map((r) => r.id)), '');
    const unchanged =
      current.length === body.length &&
      body.every((f, k) => {
        const r = current[k]!;
        return (
          f.id === r.id &&
          f.title === r.title &&
          f.function === r.function &&
          f.weight === Number(r.weight) &&
          f.defaultValue === Number(r.default_value) &&
          f.type === r.type
        );
      });
    if (unchanged) return;
    const kept = body.flatMap((f) => (f.id ? [f.id] : []));
    await tx.query('DELETE FROM normalized_scores_function WHERE model_id = $1 AND NOT (id = ANY($2))', [modelId, kept]);
    for (const [order, f] of body.entries()) {
      const updated = f.id
        ? await tx.query(
            'UPDATE normalized_scores_function SET title = $3, function = $4, weight = $5, default_value = $6, type = $7, sort_order = $8 WHERE id = $1 AND model_id = $2',
            [f.id, modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order],
          )
        : { rowCount: 0 };
      if (updated.rowCount === 0) {
        await tx.query(
          'INSERT INTO normalized_scores_function (model_id, title, function, weight, default_value, type, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order],
        );
      }
    }
  });
}

export async function saveDrivers(db: Database, modelId: number, body: DriversSaveBody): Promise<void> {
  const known = await locationNames(db, modelId);
  const expressions = body.flatMap((filter, f) => [
    { source: filter.function, known, label: `driver filter ${f + 1} (${filter.title})` },
    ...filter.drivers.map((d, k) => ({ source: d.function, known, label: `driver ${k + 1} (${d.title}) of filter ${f + 1}` })),
  ]);
  refuseWhenInvalid(messagesOf(expressions), (i) => expressions[i]!.label);
  await db.transaction(async (tx) => {
    const filters = (await tx.query<{ id: number }>('SELECT id FROM driver_filter WHERE model_id = $1 FOR UPDATE', [modelId])).rows;
    const drivers = (
      await tx.query<{ id: number; driver_filter_id: number }>(
        'SELECT d.id, d.driver_filter_id FROM driver d JOIN driver_filter f ON f.id = d.driver_filter_id WHERE f.model_id = $1',
        [modelId],
      )
    ).rows;
    refuseUnknownIds(body, new Set(filters.map((f) => f.id)), '');
    body.forEach((filter, f) => {
      // A driver keeps its filter: an id of another filter's driver is as unknown as a removed one.
      const own = new Set(drivers.filter((d) => d.driver_filter_id === filter.id).map((d) => d.id));
      refuseUnknownIds(filter.drivers, own, `${f}.drivers`);
    });
    if (await sameDrivers(tx, modelId, body)) return;
    const keptFilters = body.flatMap((f) => (f.id ? [f.id] : []));
    await tx.query('DELETE FROM driver_filter WHERE model_id = $1 AND NOT (id = ANY($2))', [modelId, keptFilters]);
    for (const [order, filter] of body.entries()) {
      let filterId = filter.id;
      const updated = filterId
        ? await tx.query('UPDATE driver_filter SET title = $3, function = $4, sort_order = $5 WHERE id = $1 AND model_id = $2', [
            filterId,
            modelId,
            filter.title,
            filter.function,
            order,
          ])
        : { rowCount: 0 };
      if (updated.rowCount === 0) {
        filterId = (
          await tx.query<{ id: number }>('INSERT INTO driver_filter (model_id, title, function, sort_order) VALUES ($1, $2, $3, $4) RETURNING id', [
            modelId,
            filter.title,
            filter.function,
            order,
          ])
        ).rows[0]!.id;
      }
      const keptDrivers = filter.drivers.flatMap((d) => (d.id ? [d.id] : []));
      await tx.query('DELETE FROM driver WHERE driver_filter_id = $1 AND NOT (id = ANY($2))', [filterId, keptDrivers]);
      for (const [k, d] of filter.drivers.entries()) {
        const changed = d.id
          ? await tx.query(
              'UPDATE driver SET title = $3, function = $4, weight = $5, rounding_digits = $6, inverse = $7, sort_order = $8 WHERE id = $1 AND driver_filter_id = $2',
              [d.id, filterId, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k],
            )
          : { rowCount: 0 };
        if (changed.rowCount === 0) {
          await tx.query(
            'INSERT INTO driver (driver_filter_id, title, function, weight, rounding_digits, inverse, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)',
            [filterId, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k],
          );
        }
      }
    }
  });
}

type StoredParameters = { functions?: Array<{ id?: number }> } & Record<string, unknown>;

/** 409 for the first row whose id the model does not have (any more). */
function refuseUnknownIds(rows: ReadonlyArray<{ id?: number }>, known: ReadonlySet<number>, path: string): void {
  rows.forEach((row, index) => {
    if (row.id !== undefined && !known.has(row.id)) {
      const field = path ? `${path}.${index}.id` : `${index}.id`;
      throw new DomainError('conflict', 'rowNoLongerExists', {
        field,
        reason: `row ${row.id} no longer exists: another administrator removed it; reload the editor`,
      });
    }
  });
}

/** Key order and number forms aside, the same parameters. */
function sameParameters(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(stored)) === JSON.stringify(canonical(next));
}

/** The stored driver filters and drivers equal the body, in order. */
async function sameDrivers(tx: Queryable, modelId: number, body: DriversSaveBody): Promise<boolean> {
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
