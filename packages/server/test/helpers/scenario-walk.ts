// The walk of the property-based tests: random scenario actions run through
// a driver (the rule functions directly, or the HTTP API), each answer
// compared with the one the documented rules predict, the stored state
// compared before and after a refusal, the structural invariants checked
// after every action, and what an accepted action must leave behind.
import * as assert from 'uvu/assert';
import type { LocationPropertyValue, LocationWriteBody, LocationWriteResult, ScenarioCreateBody } from '@locus/contract';
import type { Queryable } from '../../src/db/database.js';
import type { CopyChangesRequest } from '../../src/scenarios/copy-changes.js';
import type { ScenarioFixture } from './scenario-fixture.js';
import { predictCopy, type ActionCommand } from './scenario-actions.js';
import { actionChangeType, brokenInvariants, descendants, effective, predictLocationAction, readTree, storedState, type Tree } from './scenario-invariants.js';

export interface DriverTarget {
  modelId: number;
  scenarioId: number;
  createScenario: boolean;
}

/** 'ok' with the answer, or the refusal: 'notFound', the 409 message key, or '400 <field>'. */
export type DriverAnswer = { ok: true; result: unknown } | { ok: false; outcome: string };

/** The scenario writes, done one way or another. */
export interface ScenarioDriver {
  open(target: DriverTarget, body: LocationWriteBody): Promise<DriverAnswer>;
  /** Saves the location as the scenario shows it with these property values, renamed ('*' appended) when asked. */
  edit(target: DriverTarget, locationId: number, change: { rename: boolean; properties: LocationPropertyValue[] }): Promise<DriverAnswer>;
  act(kind: 'close' | 'undoClose' | 'undoEdit' | 'delete', target: DriverTarget, locationId: number): Promise<DriverAnswer>;
  createScenario(modelId: number, body: ScenarioCreateBody): Promise<DriverAnswer>;
  deleteScenario(modelId: number, scenarioId: number): Promise<DriverAnswer>;
  copy(modelId: number, request: CopyChangesRequest): Promise<DriverAnswer>;
  /** Extra checks after every action, on the tree as stored (the HTTP driver compares what the API reads). */
  check?(modelId: number, tree: Tree, describe: string): Promise<void>;
}

/** Runs one command against the rules; answers 'ok' with the result, or the refusal as 'notFound' / the message key / '400 field'. */
async function run(
  driver: ScenarioDriver,
  db: Queryable,
  fixture: ScenarioFixture,
  tree: Tree,
  command: ActionCommand,
  counter: number,
  focus: number | undefined,
): Promise<{ outcome: string; expected: string; result?: unknown; describe: string; scenarioId: number; request?: CopyChangesRequest }> {
  const scenarios = tree.scenarios;
  // A planner mostly goes on in the scenario he just changed: 'own' keeps to it.
  const scenario = (command.own && scenarios.find((x) => x.id === focus)) || scenarios[command.s % scenarios.length]!;
  const target: DriverTarget = { modelId: fixture.modelId, scenarioId: scenario.id, createScenario: command.createScenario };
  const visible = [...new Set(tree.versions.map((v) => v.location))].filter((id) => effective(tree, scenario.id, id));
  // With 'own', the location is one the action fits (its own change of the right kind), when there is one.
  const fits: Record<string, number[]> = { undoClose: [2], undoEdit: [3], delete: [1], edit: [1, 3] };
  const own = tree.versions
    .filter((v) => v.scenario === scenario.id && scenario.parent !== null && (fits[command.kind] ?? []).includes(v.changeType))
    .map((v) => v.location);
  const locationId = command.own && own.length ? own[command.l % own.length]! : [...visible, 999_999][command.l % (visible.length + 1)]!;
  let expected: string;
  let action: () => Promise<DriverAnswer>;
  let request: CopyChangesRequest | undefined;
  const describe = `${command.kind} s=${scenario.id} l=${locationId} create=${command.createScenario} flag=${command.flag}`;
  switch (command.kind) {
    case 'open': {
      expected = predictLocationAction(tree, scenario.id, null, 'open', command.createScenario);
      const body: LocationWriteBody = {
        name: `Store ${counter}`,
        latitude: 52.36 + counter * 0.001,
        longitude: 4.9,
        type: 1,
        visibility: 0,
        excluded: false,
        locationGroupId: fixture.groups.albert,
        locationClusterId: null,
        locationProperties: [],
        scenarioCreation: null,
      };
      action = () => driver.open(target, body);
      break;
    }
    case 'edit': {
      expected = predictLocationAction(tree, scenario.id, locationId, 'edit', command.createScenario, command.flag);
      const properties = [{ id: fixture.properties.surface, stringValue: null, numberValue: 1000 + counter }];
      action = () => driver.edit(target, locationId, { rename: command.flag, properties });
      break;
    }
    case 'close':
    case 'undoClose':
    case 'undoEdit':
    case 'delete': {
      expected = predictLocationAction(tree, scenario.id, locationId, command.kind, command.createScenario);
      const kind = command.kind;
      action = () => driver.act(kind, target, locationId);
      break;
    }
    case 'newScenario':
      expected = 'ok';
      action = () =>
        driver.createScenario(fixture.modelId, { name: `Scenario ${counter}`, parentScenarioId: scenario.id, isTop: command.flag, competition: false });
      break;
    case 'deleteScenario': {
      const hasChildren = scenarios.some((x) => x.parent === scenario.id);
      expected =
        scenario.parent === null
          ? 'scenarioHasNoParent'
          : hasChildren
            ? 'scenarioHasChildren'
            : [0, 9, 10].includes(scenario.status)
              ? 'ok'
              : 'scenarioIsReadOnly';
      action = () => driver.deleteScenario(fixture.modelId, scenario.id);
      break;
    }
    case 'copy': {
      // Sources with changes, destinations among the top scenarios first: most copies get past the first checks.
      const sources = scenarios.filter((x) => x.parent !== null && tree.versions.some((v) => v.scenario === x.id));
      if (!sources.length) return { outcome: 'skipped', expected: 'skipped', describe, scenarioId: scenario.id };
      const source = sources[command.s % sources.length]!;
      const candidates = [...scenarios.filter((x) => x.isTop), ...scenarios];
      const destination = candidates[command.s2 % candidates.length]!;
      const changed = tree.versions.filter((v) => v.scenario === source.id).map((v) => v.location);
      if (destination.id === source.id) return { outcome: 'skipped', expected: 'skipped', describe, scenarioId: scenario.id };
      const selected = command.flag ? changed : changed.slice(0, Math.ceil(changed.length / 2));
      const deleteSourceScenario = command.createScenario;
      expected = predictCopy(tree, source.id, destination.id, selected.length === changed.length, deleteSourceScenario);
      request = {
        sourceScenarioId: source.id,
        destinationScenarioId: destination.id,
        changedLocations: changed,
        selectedLocations: selected,
        deleteSourceScenario,
      };
      const copy = request;
      action = () => driver.copy(fixture.modelId, copy);
      break;
    }
    case 'status':
      // The calculation moves statuses; the rules only read them.
      await db.query('UPDATE scenario SET status = $2 WHERE id = $1', [scenario.id, command.status]);
      return { outcome: 'skipped', expected: 'skipped', describe, scenarioId: scenario.id };
  }
  const answer = await action();
  return answer.ok
    ? { outcome: 'ok', expected, result: answer.result, describe, scenarioId: scenario.id, request }
    : { outcome: answer.outcome, expected, describe, scenarioId: scenario.id };
}

/** What an accepted location action must leave behind. */
function checkAccepted(before: Tree, after: Tree, command: ActionCommand, result: LocationWriteResult, scenarioId: number, describe: string): void {
  const scenarioGone = !after.scenarios.some((s) => s.id === scenarioId);
  if (result.scenarioDeleted) {
    assert.ok(scenarioGone, `${describe}: scenarioDeleted but the scenario is still there`);
    return;
  }
  const receiving = after.scenarios.find((s) => s.id === result.scenarioId);
  assert.ok(receiving, `${describe}: the receiving scenario exists`);
  assert.is(receiving!.status, 0, `${describe}: the receiving scenario is in status 0`);
  if (command.createScenario) {
    assert.is(receiving!.parent, scenarioId, `${describe}: the new scenario is a child of the scenario of the call`);
  } else {
    for (const d of descendants(before, scenarioId)) {
      assert.is(after.scenarios.find((s) => s.id === d)?.status, 0, `${describe}: scenario ${d} below inherits the change and is in status 0`);
    }
  }
  const locationId = result.locationId;
  const shown = effective(after, result.scenarioId, locationId)?.changeType;
  const parentShown = (id: number) => {
    const parent = after.scenarios.find((s) => s.id === id)?.parent;
    return parent === null || parent === undefined ? undefined : effective(after, parent, locationId)?.changeType;
  };
  const ownBefore = command.createScenario ? undefined : actionChangeType(before, scenarioId, locationId, false);
  switch (command.kind) {
    case 'open':
      assert.is(shown, 1, `${describe}: a new location shows as opened`);
      break;
    case 'edit':
      assert.is(shown, ownBefore === 1 ? 1 : 3, `${describe}: an edited location shows as opened or edited`);
      break;
    case 'close':
      assert.is(shown, 2, `${describe}: a closed location shows as closed`);
      break;
    case 'undoClose':
      if (ownBefore === 2 && before.versions.some((v) => v.scenario === scenarioId && v.location === locationId)) {
        assert.is(shown, parentShown(result.scenarioId), `${describe}: after undo close the location is as the parent has it`);
      } else {
        assert.is(shown, 3, `${describe}: undo close of a parent's closure reopens the location here`);
      }
      break;
    case 'undoEdit':
      assert.is(shown, parentShown(result.scenarioId), `${describe}: after undo edit the location is as the parent has it`);
      break;
    case 'delete':
      for (const id of [scenarioId, ...descendants(before, scenarioId)]) {
        if (!after.scenarios.some((s) => s.id === id)) continue;
        assert.is(effective(after, id, locationId), undefined, `${describe}: a deleted location is gone from scenario ${id}`);
      }
      break;
    default:
      break;
  }
  if (['undoClose', 'undoEdit', 'delete'].includes(command.kind) && result.scenarioId === scenarioId && !scenarioGone) {
    const own = after.versions.filter((v) => v.scenario === scenarioId);
    if (
      own.length === 1 &&
      ownBefore !== undefined &&
      !(command.kind === 'undoClose' && !before.versions.some((v) => v.scenario === scenarioId && v.location === locationId))
    ) {
      assert.is(receiving!.name, own[0]!.name, `${describe}: a scenario left with one change is named after it`);
    }
    if (own.length === 0)
      assert.ok(
        after.scenarios.some((s) => s.parent === scenarioId),
        `${describe}: a scenario left without changes is removed unless it has children`,
      );
  }
}

/** What an accepted copy changes must leave behind: the destination has the source's changes, the source is gone or kept. */
function checkCopied(
  before: Tree,
  after: Tree,
  request: { sourceScenarioId: number; destinationScenarioId: number; selectedLocations: number[]; deleteSourceScenario: boolean },
  describe: string,
): void {
  const sourceAfter = after.scenarios.some((s) => s.id === request.sourceScenarioId);
  assert.is(sourceAfter, !request.deleteSourceScenario, `${describe}: the source is removed only with deleteSourceScenario`);
  assert.is(after.scenarios.find((s) => s.id === request.destinationScenarioId)?.status, 0, `${describe}: the destination is in status 0`);
  for (const locationId of request.selectedLocations) {
    const copied = before.versions.find((v) => v.scenario === request.sourceScenarioId && v.location === locationId)!;
    const inDestination = effective(after, request.destinationScenarioId, locationId);
    if (copied.changeType === 2) {
      assert.ok(!inDestination || inDestination.changeType === 2, `${describe}: a copied closure leaves location ${locationId} closed or absent`);
    } else {
      assert.ok(
        inDestination && inDestination.changeType !== 2 && inDestination.name === copied.name,
        `${describe}: a copied opening or edit makes location ${locationId} present as in the source`,
      );
    }
  }
}

/** Runs the commands on a fresh model and checks every action as the header says. */
export async function walk(driver: ScenarioDriver, db: Queryable, fixture: ScenarioFixture, commands: ActionCommand[]): Promise<void> {
  let counter = 0;
  let focus: number | undefined;
  for (const command of commands) {
    const before = await readTree(db, fixture.modelId);
    const stored = await storedState(db, fixture.modelId);
    const r = await run(driver, db, fixture, before, command, ++counter, focus);
    assert.is(r.outcome, r.expected, r.describe);
    if (r.outcome !== 'ok' && r.outcome !== 'skipped') {
      assert.is(await storedState(db, fixture.modelId), stored, `${r.describe}: a refused action changes nothing`);
    }
    const after = await readTree(db, fixture.modelId);
    assert.equal(brokenInvariants(after), [], `${r.describe}: invariants`);
    if (r.outcome === 'ok' && ['open', 'edit', 'close', 'undoClose', 'undoEdit', 'delete'].includes(command.kind)) {
      checkAccepted(before, after, command, r.result as LocationWriteResult, r.scenarioId, r.describe);
      focus = (r.result as LocationWriteResult).scenarioId;
    }
    if (r.outcome === 'ok' && command.kind === 'copy') checkCopied(before, after, r.request!, r.describe);
    await driver.check?.(fixture.modelId, after, r.describe);
  }
}
