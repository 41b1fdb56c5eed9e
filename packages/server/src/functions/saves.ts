// The saves of the three model editors. Each validates every expression first
// and stores nothing when there is any message. Every save marks the model's
// scenarios for recalculation (status 0): the outputs a planner reads next are
// then all from one version of the model's definitions.
import type { DriversSaveBody, ModelParametersSaveBody, NormalizedScoresFunctionsSaveBody } from '@locus/contract';
import type { Database } from '../db/database.js';
import { markModelForRecalculation } from '../processing/queue.js';
import { areaNames, locationNames } from './known-names.js';
import { messagesOf, refuseWhenInvalid } from './validate.js';

export async function saveModelParameters(db: Database, modelId: number, subModelId: number, body: ModelParametersSaveBody): Promise<void> {
  const [location, area] = await Promise.all([locationNames(db, modelId), areaNames(db, modelId)]);
  refuseWhenInvalid(
    messagesOf(body.functions.map((f) => ({ source: f.function, known: f.type === 2 ? area : location }))),
    (i) => `function ${i + 1} (${body.functions[i]!.description})`);
  await db.transaction(async (tx) => {
    const stored = (await tx.query<{ parameters: { functions?: Array<{ id?: number }> } }>('SELECT parameters FROM sub_model WHERE id = $1 FOR UPDATE', [subModelId])).rows[0];
    // New rows get ids after the largest one the sub-model ever had in this list.
    let next = Math.max(0, ...(stored?.parameters.functions ?? []).map((f) => Number(f.id) || 0), ...body.functions.map((f) => f.id ?? 0)) + 1;
    const functions = body.functions.map((f) => ({ id: f.id ?? next++, description: f.description, function: f.function, defaultValue: f.defaultValue, type: f.type }));
    const parameters = { fractionCutOffThreshold: body.fractionCutOffThreshold, car: body.car, pedestrian: body.pedestrian, functions };
    await tx.query('UPDATE sub_model SET parameters = $2, modified = now() WHERE id = $1', [subModelId, JSON.stringify(parameters)]);
    await markModelForRecalculation(tx, modelId);
  });
}

export async function saveNormalizedScoresFunctions(db: Database, modelId: number, body: NormalizedScoresFunctionsSaveBody): Promise<void> {
  const known = await locationNames(db, modelId);
  refuseWhenInvalid(messagesOf(body.map((f) => ({ source: f.function, known }))), (i) => `function ${i + 1} (${body[i]!.title})`);
  await db.transaction(async (tx) => {
    const kept = body.flatMap((f) => (f.id ? [f.id] : []));
    await tx.query('DELETE FROM normalized_scores_function WHERE model_id = $1 AND NOT (id = ANY($2))', [modelId, kept]);
    for (const [order, f] of body.entries()) {
      const updated = f.id
        ? await tx.query('UPDATE normalized_scores_function SET title = $3, function = $4, weight = $5, default_value = $6, type = $7, sort_order = $8 WHERE id = $1 AND model_id = $2',
          [f.id, modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order])
        : { rowCount: 0 };
      if (updated.rowCount === 0) {
        await tx.query('INSERT INTO normalized_scores_function (model_id, title, function, weight, default_value, type, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [modelId, f.title, f.function, f.weight, f.defaultValue, f.type, order]);
      }
    }
    await markModelForRecalculation(tx, modelId);
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
    const keptFilters = body.flatMap((f) => (f.id ? [f.id] : []));
    await tx.query('DELETE FROM driver_filter WHERE model_id = $1 AND NOT (id = ANY($2))', [modelId, keptFilters]);
    for (const [order, filter] of body.entries()) {
      let filterId = filter.id;
      const updated = filterId
        ? await tx.query('UPDATE driver_filter SET title = $3, function = $4, sort_order = $5 WHERE id = $1 AND model_id = $2', [filterId, modelId, filter.title, filter.function, order])
        : { rowCount: 0 };
      if (updated.rowCount === 0) {
        filterId = (await tx.query<{ id: number }>('INSERT INTO driver_filter (model_id, title, function, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
          [modelId, filter.title, filter.function, order])).rows[0]!.id;
      }
      const keptDrivers = filter.drivers.flatMap((d) => (d.id ? [d.id] : []));
      await tx.query('DELETE FROM driver WHERE driver_filter_id = $1 AND NOT (id = ANY($2))', [filterId, keptDrivers]);
      for (const [k, d] of filter.drivers.entries()) {
        const changed = d.id
          ? await tx.query('UPDATE driver SET title = $3, function = $4, weight = $5, rounding_digits = $6, inverse = $7, sort_order = $8 WHERE id = $1 AND driver_filter_id = $2',
            [d.id, filterId, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k])
          : { rowCount: 0 };
        if (changed.rowCount === 0) {
          await tx.query('INSERT INTO driver (driver_filter_id, title, function, weight, rounding_digits, inverse, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)',
            [filterId, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k]);
        }
      }
    }
    await markModelForRecalculation(tx, modelId);
  });
}
