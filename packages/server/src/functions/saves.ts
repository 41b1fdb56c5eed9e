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
import type { Database } from '../db/database.js';
import { DomainError } from '../domain/errors.js';
import { lockDriverIds, replaceDrivers, sameDrivers } from '../repo/drivers.js';
import { lockSubModelParameters, setSubModelParameters } from '../repo/models.js';
import { lockNormalizedScoresFunctions, replaceNormalizedScoresFunctions } from '../repo/normalized-scores.js';
import { markModelForRecalculation } from '../repo/queue.js';
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
    const stored = await lockSubModelParameters<StoredParameters>(tx, subModelId);
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
    await setSubModelParameters(tx, subModelId, parameters);
    await markModelForRecalculation(tx, modelId, options);
  });
}

export async function saveNormalizedScoresFunctions(db: Database, modelId: number, body: NormalizedScoresFunctionsSaveBody): Promise<void> {
  const known = await locationNames(db, modelId);
  refuseWhenInvalid(messagesOf(body.map((f) => ({ source: f.function, known }))), (i) => `function ${i + 1} (${body[i]!.title})`);
  await db.transaction(async (tx) => {
    const current = await lockNormalizedScoresFunctions(tx, modelId);
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
    await replaceNormalizedScoresFunctions(tx, modelId, body);
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
    const { filters, drivers } = await lockDriverIds(tx, modelId);
    refuseUnknownIds(body, new Set(filters.map((f) => f.id)), '');
    body.forEach((filter, f) => {
      // A driver keeps its filter: an id of another filter's driver is as unknown as a removed one.
      const own = new Set(drivers.filter((d) => d.driver_filter_id === filter.id).map((d) => d.id));
      refuseUnknownIds(filter.drivers, own, `${f}.drivers`);
    });
    if (await sameDrivers(tx, modelId, body)) return;
    await replaceDrivers(tx, modelId, body);
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
