// Reading stored results for the output calls. Every output read needs the
// scenario calculated (status 9), else 409 scenarioIsNotCalculated. Summaries
// are kept by version (a new calculation stores a new version); a read of one
// location or one area fetches only the pair blocks it needs, and decoded
// blocks are kept by content (see blockCache), so a burst of reads on one
// scenario decodes each block once.
import type { AreaLocation } from '@locus/engine';
import { RuleMessage } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { resolveModel, resolveScenario, type ScenarioRef } from '../domain/access.js';
import type { CurrentUser } from '../domain/user.js';
import { conflict, notFound } from '../domain/errors.js';
import { loadModelInfo, type ModelInfo } from '../processing/inputs.js';
import { loadBlocks, loadSummary, resultVersion, type ResultSummary } from '../repo/results.js';
import { minutesOf, type DecodedBlock } from '../processing/result-codec.js';
import { perContext } from '../per-context.js';
import { scenarioLocations, type LocationRow } from '../repo/scenario-locations.js';
import { baseScenario } from '../repo/scenarios.js';

export const notCalculated = (reason = 'the scenario is not calculated') => conflict(RuleMessage.scenarioIsNotCalculated, reason);

export interface CalculatedScenario {
  scenario: ScenarioRef;
  model: ModelInfo;
  subModelId: number;
  summary: ResultSummary;
}

/** The last `capacity` values used, by key. */
export class Lru<T> {
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
  /** The value without counting it as used. */
  peek(key: string): T | undefined {
    return this.entries.get(key);
  }
  delete(key: string) {
    this.entries.delete(key);
  }
  set(key: string, value: T) {
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** One demand area's pair with a location, as an area read shows it (value V_ij, share P_ij, utility U_ij): the engine's own. */
export type StoredAreaLocation = AreaLocation;

/** A location's pairs that carry demand: per area (ascending) its index and P_ij. */
export interface StoredLocationPairs {
  area: Uint32Array;
  probability: Float64Array;
}

export class ResultReader {
  private summaries = new Lru<ResultSummary>(32);

  constructor(private readonly db: Queryable & { folder?: string }) {}

  /** Forgets the summaries it keeps (a bench measures reads that find nothing in memory). */
  forget() {
    this.summaries = new Lru<ResultSummary>(32);
  }

  /** The stored summary of a scenario's result for a sub-model (the current version), if any. */
  async summary(scenarioId: number, subModelId: number): Promise<ResultSummary | undefined> {
    const version = await resultVersion(this.db, scenarioId, subModelId);
    if (version === undefined) return undefined;
    const hit = this.summaries.get(version);
    if (hit) return hit;
    const summary = await loadSummary(this.db, scenarioId, subModelId);
    if (summary) this.summaries.set(summary.version, summary);
    return summary;
  }

  /** Blocks from..to of a result; 409 when the result was replaced while it was read. */
  private async blocks(summary: ResultSummary, from: number, to: number): Promise<DecodedBlock[]> {
    const blocks = await loadBlocks(this.db, summary, from, to);
    if (!blocks) throw notCalculated('the result was replaced while it was read; read again');
    return blocks;
  }

  /**
   * The locations a demand area (by its index in the result) draws on, with
   * value, share, utility and minutes, largest value first; only its block is read.
   */
  async areaLocations(summary: ResultSummary, area: number): Promise<StoredAreaLocation[]> {
    if (!(area >= 0 && area < summary.areaCount)) return [];
    const b = Math.floor(area / summary.blockAreas);
    const [block] = await this.blocks(summary, b, b);
    const local = area - b * summary.blockAreas;
    const d = summary.demand[area];
    const list: StoredAreaLocation[] = [];
    for (let q = block.offsets[local]; q < block.offsets[local + 1]; q++) {
      const p = block.probability[q];
      list.push({
        location: block.location[q],
        value: d * p,
        share: p,
        score: p * block.keptSum[local],
        minutesCar: minutesOf(block.minutesCar[q]),
        minutesPedestrian: minutesOf(block.minutesPedestrian[q]),
      });
    }
    return list.sort((x, y) => y.value - x.value || x.location - y.location);
  }

  /** The pairs of location j that carry demand; only the blocks of the areas it draws from are read. */
  async locationPairs(summary: ResultSummary, j: number): Promise<StoredLocationPairs> {
    const first = summary.reach[2 * j];
    const last = summary.reach[2 * j + 1];
    if (!(j >= 0 && j < summary.locationCount) || first > last) return { area: new Uint32Array(0), probability: new Float64Array(0) };
    const fromBlock = Math.floor(first / summary.blockAreas);
    const blocks = await this.blocks(summary, fromBlock, Math.floor(last / summary.blockAreas));
    const areas: number[] = [];
    const probabilities: number[] = [];
    blocks.forEach((block, k) => {
      const start = (fromBlock + k) * summary.blockAreas;
      const { offsets, location, probability } = block;
      for (let i = Math.max(0, first - start); i < block.areaCount && start + i <= last; i++) {
        for (let q = offsets[i]; q < offsets[i + 1]; q++) {
          if (location[q] !== j) continue;
          areas.push(start + i);
          probabilities.push(probability[q]);
          break;
        }
      }
    });
    return { area: Uint32Array.from(areas), probability: Float64Array.from(probabilities) };
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
    const base = await baseScenario(this.db, modelId);
    if (!base) throw notFound(`base scenario of model ${modelId}`);
    return { scenarioId: base.id, summary: base.status === 9 ? await this.summary(base.id, subModelId) : undefined };
  }
}

/** Location id -> position in a result. */
export function positions(summary: ResultSummary): Map<number, number> {
  const map = new Map<number, number>();
  summary.locationIds.forEach((id, j) => {
    if (id > 0) map.set(id, j);
  });
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

/** One reader (and its cache) per server context. */
export const readerFor = perContext((ctx: { db: Queryable }) => new ResultReader(ctx.db));
