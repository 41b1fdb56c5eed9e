// Reading stored results for the output calls. Every output read needs the
// scenario calculated (status 9), else 409 scenarioIsNotCalculated. Decoded
// results are kept by version (a new calculation stores a new version), so a
// burst of reads on one scenario decodes its pairs once.
import { RuleMessage } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { resolveModel, resolveScenario, type ScenarioRef } from '../http/access.js';
import type { CurrentUser } from '../http/current-user.js';
import { conflict, notFound } from '../http/errors.js';
import { loadModelInfo, type ModelInfo } from '../processing/inputs.js';
import { loadAreaPart, loadResult, loadSummary, type ResultSummary } from '../processing/results-store.js';
import type { StoredResult } from '../processing/result-codec.js';
import { scenarioLocations, type LocationRow } from '../repo/scenario-locations.js';

export const notCalculated = (reason = 'the scenario is not calculated') => conflict(RuleMessage.scenarioIsNotCalculated, reason);

export interface CalculatedScenario {
  scenario: ScenarioRef;
  model: ModelInfo;
  subModelId: number;
  summary: ResultSummary;
}

class Lru<T> {
  private entries = new Map<string, T>();
  constructor(private readonly capacity: number) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: T) {
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export class ResultReader {
  private summaries = new Lru<ResultSummary>(32);
  private results = new Lru<Promise<StoredResult>>(4);

  constructor(private readonly db: Queryable) {}

  /** The stored summary of a scenario's result for a sub-model (the current version), if any. */
  async summary(scenarioId: number, subModelId: number): Promise<ResultSummary | undefined> {
    const row = (await this.db.query<{ version: string }>('SELECT version FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [scenarioId, subModelId])).rows[0];
    if (!row) return undefined;
    const hit = this.summaries.get(row.version);
    if (hit) return hit;
    const summary = await loadSummary(this.db, scenarioId, subModelId);
    if (summary) this.summaries.set(summary.version, summary);
    return summary;
  }

  /** The full result (pairs, probabilities, flows) behind a summary. */
  result(summary: ResultSummary): Promise<StoredResult> {
    let hit = this.results.get(summary.version);
    if (!hit) {
      hit = loadResult(this.db, summary);
      hit.catch(() => undefined);
      this.results.set(summary.version, hit);
    }
    return hit;
  }

  /**
   * The part of a result an area read needs: the whole result when it is
   * decoded already, else only the block of that demand area.
   */
  async areaPart(summary: ResultSummary, areaId: number): Promise<{ result: StoredResult; index: number } | undefined> {
    const whole = this.results.get(summary.version);
    if (!whole) {
      const part = await loadAreaPart(this.db, summary, areaId);
      if (part) return part;
    }
    const result = await this.result(summary);
    const index = result.areaIds.indexOf(areaId);
    return index < 0 ? undefined : { result, index };
  }

  /**
   * A scenario read under a model or sub-model id, calculated: 409 when its
   * status is not 9 (or its result is missing for the sub-model).
   */
  async calculated(user: CurrentUser, modelOrSubModelId: number | undefined, scenarioId: number): Promise<CalculatedScenario> {
    const scenario = await resolveScenario(this.db, user, scenarioId);
    const ref = await resolveModel(this.db, user, modelOrSubModelId ?? scenario.modelId);
    if (ref.modelId !== scenario.modelId) throw notFound(`scenario ${scenarioId} in model ${modelOrSubModelId}`);
    if (scenario.status !== 9) throw notCalculated();
    const summary = await this.summary(scenario.id, ref.subModelId);
    if (!summary) throw notCalculated();
    return { scenario, model: await loadModelInfo(this.db, scenario.modelId), subModelId: ref.subModelId, summary };
  }

  /** The default (base) scenario's summary for the sub-model, when the base scenario is calculated. */
  async defaultSummary(modelId: number, subModelId: number): Promise<{ scenarioId: number; summary?: ResultSummary }> {
    const base = (await this.db.query<{ id: number; status: number }>(
      'SELECT id, status FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [modelId])).rows[0];
    if (!base) throw notFound(`base scenario of model ${modelId}`);
    return { scenarioId: base.id, summary: base.status === 9 ? await this.summary(base.id, subModelId) : undefined };
  }
}

/** Location id -> position in a result. */
export function positions(summary: ResultSummary): Map<number, number> {
  const map = new Map<number, number>();
  summary.locationIds.forEach((id, j) => { if (id > 0) map.set(id, j); });
  return map;
}

/** The output of a location in a result, or null when it is not in it. */
export function outputOf(summary: ResultSummary, index: Map<number, number>, locationId: number): number | null {
  const j = index.get(locationId);
  return j === undefined ? null : summary.arrays.output[j];
}

/** A location of the scenario (retail areas included), or 404. */
export async function locationIn(db: Queryable, scenarioId: number, locationId: number): Promise<LocationRow> {
  const row = (await scenarioLocations(db, scenarioId, { locationId }))[0];
  if (!row) throw notFound(`location ${locationId} in scenario ${scenarioId}`);
  return row;
}

const readers = new WeakMap<object, ResultReader>();

/** One reader (and its cache) per server context. */
export function readerFor(ctx: { db: Queryable }): ResultReader {
  let reader = readers.get(ctx);
  if (!reader) {
    reader = new ResultReader(ctx.db);
    readers.set(ctx, reader);
  }
  return reader;
}
