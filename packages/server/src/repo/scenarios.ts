// Scenarios of a model as the contract's Scenario entity: changes, parents and
// changeCount, in the spec's order (top scenarios first, then by name
// descending, nested by parent: each scenario is followed by its children).
// Names compare with the collation of the model's language (so 'apple' and
// 'Apple' sit together, 'é' next to 'e'), not by code point.
import type { Scenario, ScenarioChange, ScenarioOnlyStatus, ScenarioStatusEntry } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { SCENARIO_PATH_CTE } from './scenario-locations.js';

interface ScenarioRow {
  id: number;
  name: string;
  status: number;
  parent_scenario_id: number | null;
  is_top: boolean;
  competition: boolean;
  created: Date;
  modified: Date;
  version: number;
}

/** One scenario's identity and state; undefined when there is no such scenario. */
export async function scenarioById(
  db: Queryable,
  scenarioId: number,
): Promise<{ id: number; modelId: number; name: string; status: number; parentScenarioId: number | null; modified: Date } | undefined> {
  const { rows } = await db.query<{ id: number; model_id: number; name: string; status: number; parent_scenario_id: number | null; modified: Date }>(
    'SELECT id, model_id, name, status, parent_scenario_id, modified FROM scenario WHERE id = $1',
    [scenarioId],
  );
  const row = rows[0];
  return row && { id: row.id, modelId: row.model_id, name: row.name, status: row.status, parentScenarioId: row.parent_scenario_id, modified: row.modified };
}

/** Per model, how many scenarios are in each state (the administrator's overview). */
export async function scenarioStatusCounts(db: Queryable): Promise<ScenarioStatusEntry[]> {
  const { rows } = await db.query<ScenarioStatusEntry>(
    `SELECT m.id AS "modelId", m.name,
            count(s.id)::int AS total,
            count(s.id) FILTER (WHERE s.status = 0)::int AS unprocessed,
            count(s.id) FILTER (WHERE s.status BETWEEN 1 AND 8)::int AS processing,
            count(s.id) FILTER (WHERE s.status = 9)::int AS completed,
            count(s.id) FILTER (WHERE s.status = 10 OR s.status < 0 OR s.status > 10)::int AS failed
       FROM model m LEFT JOIN scenario s ON s.model_id = m.id GROUP BY m.id, m.name ORDER BY m.name`,
  );
  return rows;
}

/** The status of every scenario of a model (the app polls it). */
export async function scenarioStatuses(db: Queryable, modelId: number): Promise<ScenarioOnlyStatus[]> {
  const { rows } = await db.query<{ id: number; status: number; modified: Date }>('SELECT id, status, modified FROM scenario WHERE model_id = $1 ORDER BY id', [
    modelId,
  ]);
  return rows.map((r) => ({ id: r.id, status: r.status, modified: r.modified.toISOString() }));
}

/** The location changes of a scenario (none for a scenario without a parent), by location name. */
export async function scenarioChanges(db: Queryable, scenarioId: number): Promise<ScenarioChange[]> {
  const { rows } = await db.query<{ location_id: number; name: string; change_type: ScenarioChange['changeType'] }>(
    `SELECT v.location_id, v.name, v.change_type FROM location_version v JOIN scenario s ON s.id = v.scenario_id
      WHERE v.scenario_id = $1 AND s.parent_scenario_id IS NOT NULL ORDER BY v.name, v.location_id`,
    [scenarioId],
  );
  return rows.map((r) => ({ locationId: r.location_id, locationName: r.name, changeType: r.change_type }));
}

/** The scenarios above a scenario, from its direct parent up to the base, in one query. */
export async function scenarioParents(db: Queryable, scenarioId: number): Promise<Scenario['parents']> {
  const { rows } = await db.query<{ id: number; name: string; parent_scenario_id: number | null }>(
    `${SCENARIO_PATH_CTE} SELECT s.id, s.name, s.parent_scenario_id FROM path p JOIN scenario s ON s.id = p.id WHERE p.depth > 0 ORDER BY p.depth`,
    [scenarioId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, parentScenarioId: r.parent_scenario_id }));
}

/** A scenario's status; undefined when there is no such scenario. */
export async function scenarioStatus(db: Queryable, scenarioId: number): Promise<number | undefined> {
  return (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenarioId])).rows[0]?.status;
}

/** The base scenario of a model: its oldest scenario without a parent (undefined when it has none). */
export async function baseScenario(db: Queryable, modelId: number): Promise<{ id: number; status: number } | undefined> {
  return (
    await db.query<{ id: number; status: number }>('SELECT id, status FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [
      modelId,
    ])
  ).rows[0];
}

export async function scenariosOfModel(db: Queryable, modelId: number): Promise<Scenario[]> {
  const language = (await db.query<{ language: string | null }>('SELECT language FROM model WHERE id = $1', [modelId])).rows[0]?.language;
  const scenarios = (
    await db.query<ScenarioRow>(
      'SELECT id, name, status, parent_scenario_id, is_top, competition, created, modified, version::float8 AS version FROM scenario WHERE model_id = $1',
      [modelId],
    )
  ).rows;
  const changes = (
    await db.query<{ scenario_id: number; location_id: number; name: string; change_type: number }>(
      `SELECT v.scenario_id, v.location_id, v.name, v.change_type
       FROM location_version v JOIN scenario s ON s.id = v.scenario_id
      WHERE s.model_id = $1 AND s.parent_scenario_id IS NOT NULL
      ORDER BY v.scenario_id, v.name, v.location_id`,
      [modelId],
    )
  ).rows;
  const changesOf = new Map<number, Scenario['changes']>();
  for (const c of changes) {
    const list = changesOf.get(c.scenario_id) ?? [];
    list.push({ locationId: c.location_id, locationName: c.name, changeType: c.change_type as Scenario['changes'][number]['changeType'] });
    changesOf.set(c.scenario_id, list);
  }
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const parentsOf = (s: ScenarioRow): Scenario['parents'] => {
    const parents: Scenario['parents'] = [];
    const seen = new Set<number>([s.id]);
    for (let p = s.parent_scenario_id; p !== null;) {
      const parent = byId.get(p);
      if (!parent || seen.has(p)) break;
      seen.add(p);
      parents.push({ id: parent.id, name: parent.name, parentScenarioId: parent.parent_scenario_id });
      p = parent.parent_scenario_id;
    }
    return parents;
  };
  const toEntity = (s: ScenarioRow): Scenario => {
    const list = changesOf.get(s.id) ?? [];
    return {
      id: s.id,
      name: s.name,
      status: s.status,
      parentScenarioId: s.parent_scenario_id,
      isTop: s.is_top,
      competition: s.competition,
      changeCount: list.length,
      created: s.created.toISOString(),
      modified: s.modified.toISOString(),
      changes: list,
      parents: parentsOf(s),
      version: s.version,
    };
  };
  return orderScenarios(scenarios, nameCollator(language)).map(toEntity);
}

const collators = new Map<string, Intl.Collator>();

/** The collation of a model language (nl, en, de, es, fr); English when the model sets none. */
export function nameCollator(language: string | null | undefined): Intl.Collator {
  const locale = language || 'en';
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'variant' });
    collators.set(locale, collator);
  }
  return collator;
}

/** Spec order: roots (the base first), each followed by its children; siblings top first, then name descending. */
export function orderScenarios<T extends { id: number; name: string; parent_scenario_id: number | null; is_top: boolean }>(
  rows: T[],
  collator: Intl.Collator = nameCollator(null),
): T[] {
  const children = new Map<number | null, T[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const key = row.parent_scenario_id !== null && ids.has(row.parent_scenario_id) ? row.parent_scenario_id : null;
    const list = children.get(key) ?? [];
    list.push(row);
    children.set(key, list);
  }
  const siblingOrder = (a: T, b: T) => Number(b.is_top) - Number(a.is_top) || collator.compare(b.name, a.name) || b.id - a.id;
  const rootOrder = (a: T, b: T) =>
    // The base scenario (the first scenario without parent) stays first.
    Number(a.parent_scenario_id !== null) - Number(b.parent_scenario_id !== null) || a.id - b.id;
  const out: T[] = [];
  const visit = (row: T) => {
    out.push(row);
    for (const child of (children.get(row.id) ?? []).sort(siblingOrder)) visit(child);
  };
  for (const root of (children.get(null) ?? []).sort(rootOrder)) visit(root);
  return out;
}
