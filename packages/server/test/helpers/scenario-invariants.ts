// What must hold for a model's scenarios whatever was done to them: the
// structural invariants of the change model, the documented rules as a
// prediction of which actions are refused and with which key, and a snapshot
// of the stored state to show that a refused action changed nothing.
import { AllowedLocationActions, EditableScenarioStatuses } from '@locus/contract';
import type { Queryable } from '../../src/db/database.js';

export interface TreeScenario {
  id: number;
  parent: number | null;
  status: number;
  name: string;
  isTop: boolean;
}
export interface TreeVersion {
  scenario: number;
  location: number;
  changeType: number;
  name: string;
}
export interface Tree {
  scenarios: TreeScenario[];
  versions: TreeVersion[];
  locations: { id: number; createdScenario: number }[];
}

export async function readTree(db: Queryable, modelId: number): Promise<Tree> {
  const scenarios = (
    await db.query<{ id: number; parent_scenario_id: number | null; status: number; name: string; is_top: boolean }>(
      'SELECT id, parent_scenario_id, status, name, is_top FROM scenario WHERE model_id = $1 ORDER BY id',
      [modelId],
    )
  ).rows.map((r) => ({ id: r.id, parent: r.parent_scenario_id, status: r.status, name: r.name, isTop: r.is_top }));
  const versions = (
    await db.query<{ scenario_id: number; location_id: number; change_type: number; name: string }>(
      `SELECT v.scenario_id, v.location_id, v.change_type, v.name FROM location_version v JOIN scenario s ON s.id = v.scenario_id
      WHERE s.model_id = $1 ORDER BY v.scenario_id, v.location_id`,
      [modelId],
    )
  ).rows.map((r) => ({ scenario: r.scenario_id, location: r.location_id, changeType: r.change_type, name: r.name }));
  const locations = (
    await db.query<{ id: number; created_scenario_id: number }>('SELECT id, created_scenario_id FROM location WHERE model_id = $1 ORDER BY id', [modelId])
  ).rows.map((r) => ({ id: r.id, createdScenario: r.created_scenario_id }));
  return { scenarios, versions, locations };
}

/** Everything stored about the model's scenarios, every column, for before/after comparisons. */
export async function storedState(db: Queryable, modelId: number): Promise<string> {
  const scenarios = (await db.query('SELECT * FROM scenario WHERE model_id = $1 ORDER BY id', [modelId])).rows;
  const versions = (
    await db.query(`SELECT v.* FROM location_version v JOIN scenario s ON s.id = v.scenario_id WHERE s.model_id = $1 ORDER BY v.scenario_id, v.location_id`, [
      modelId,
    ])
  ).rows;
  const locations = (await db.query('SELECT * FROM location WHERE model_id = $1 ORDER BY id', [modelId])).rows;
  return JSON.stringify({ scenarios, versions, locations });
}

export const parentOf = (tree: Tree, id: number) => tree.scenarios.find((s) => s.id === id)?.parent ?? null;

/** The scenario's ancestors, nearest first. */
export function ancestors(tree: Tree, id: number): number[] {
  const out: number[] = [];
  for (let p = parentOf(tree, id); p !== null; p = parentOf(tree, p)) out.push(p);
  return out;
}

export function descendants(tree: Tree, id: number): number[] {
  const out: number[] = [];
  const walk = (p: number) =>
    tree.scenarios
      .filter((s) => s.parent === p)
      .forEach((s) => {
        out.push(s.id);
        walk(s.id);
      });
  walk(id);
  return out;
}

const versionOf = (tree: Tree, scenario: number, location: number) => tree.versions.find((v) => v.scenario === scenario && v.location === location);

/** The version in effect for a location in a scenario: the nearest on its path to the base. */
export function effective(tree: Tree, scenario: number, location: number): TreeVersion | undefined {
  for (const id of [scenario, ...ancestors(tree, scenario)]) {
    const v = versionOf(tree, id, location);
    if (v) return v;
  }
  return undefined;
}

/** Every location of a scenario with its version in effect. */
export function effectiveLocations(tree: Tree, scenario: number): TreeVersion[] {
  const ids = new Set(tree.versions.map((v) => v.location));
  return [...ids]
    .map((id) => effective(tree, scenario, id))
    .filter((v): v is TreeVersion => v !== undefined)
    .sort((a, b) => a.location - b.location);
}

/** The structural invariants; answers the broken ones (empty when all hold). */
export function brokenInvariants(tree: Tree): string[] {
  const broken: string[] = [];
  const roots = tree.scenarios.filter((s) => s.parent === null);
  if (roots.length !== 1) broken.push(`${roots.length} scenarios without parent`);
  for (const v of tree.versions) {
    const isBase = parentOf(tree, v.scenario) === null;
    if (isBase && v.changeType !== 0) broken.push(`base holds changeType ${v.changeType} for location ${v.location}`);
    if (isBase) continue;
    if (![1, 2, 3].includes(v.changeType)) broken.push(`scenario ${v.scenario} holds changeType ${v.changeType} for location ${v.location}`);
    const parent = parentOf(tree, v.scenario)!;
    const known = effective(tree, parent, v.location) !== undefined;
    if (v.changeType === 1 && known) broken.push(`scenario ${v.scenario} opens location ${v.location} that its parent already has`);
    if (v.changeType !== 1 && !known) broken.push(`scenario ${v.scenario} changes (${v.changeType}) location ${v.location} that its parent does not have`);
  }
  for (const l of tree.locations) {
    const held = tree.versions.filter((v) => v.location === l.id);
    if (!held.length) broken.push(`location ${l.id} is held by no scenario`);
    const owner = versionOf(tree, l.createdScenario, l.id);
    if (!owner || (owner.changeType !== 0 && owner.changeType !== 1))
      broken.push(`location ${l.id} is not opened by its created scenario ${l.createdScenario}`);
  }
  return broken;
}

export type Action = 'edit' | 'close' | 'delete' | 'undoClose' | 'undoEdit';
const editable = (status: number) => EditableScenarioStatuses.includes(status);
const processing = (status: number) => status >= 1 && status <= 8;

/** The documented changeType that decides the actions (docs/scenarios.md): own change, else 0, or 2 when closed by a parent. */
export function actionChangeType(tree: Tree, scenario: number, location: number, asNewChild: boolean): 0 | 1 | 2 | 3 | undefined {
  const eff = effective(tree, scenario, location);
  if (!eff) return undefined;
  const own = asNewChild ? undefined : versionOf(tree, scenario, location);
  if (!own) return eff.changeType === 2 ? 2 : 0;
  return own.changeType === 0 || own.changeType === 1 || own.changeType === 2 ? own.changeType : 3;
}

/** The answer the rules predict for a location action: 'ok', a 409 key, or 'notFound'. */
export function predictLocationAction(
  tree: Tree,
  scenarioId: number,
  locationId: number | null,
  action: Action | 'open',
  createScenario: boolean,
  renames = false,
): string {
  const s = tree.scenarios.find((x) => x.id === scenarioId);
  if (!s) return 'notFound';
  if (!editable(s.status)) return 'scenarioIsReadOnly';
  if (!createScenario) {
    if (s.parent === null) return 'scenarioHasNoParent';
    if (descendants(tree, s.id).some((d) => processing(tree.scenarios.find((x) => x.id === d)!.status))) return 'scenarioIsReadOnly';
  }
  if (action === 'open') return 'ok';
  const inScenario = actionChangeType(tree, scenarioId, locationId!, false);
  if (inScenario === undefined) return 'notFound';
  if (action === 'edit' && createScenario && (inScenario === 1 || inScenario === 3)) return 'actionNotAllowedForChangeType';
  const changeType = actionChangeType(tree, scenarioId, locationId!, createScenario)!;
  if (!(AllowedLocationActions[changeType] as readonly string[]).includes(action)) return 'actionNotAllowedForChangeType';
  if (action === 'edit' && renames && (changeType === 1 || changeType === 3)) return 'fieldIsReadOnly';
  return 'ok';
}
