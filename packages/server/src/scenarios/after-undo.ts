// After an undo close, an undo edit or a delete removed a change of the
// scenario itself: with one change left the scenario is named
// after that change's location; with none left it is removed, unless child
// scenarios still build on it. The answer says which, so the app can notify.
import type { LocationWriteResult } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { ownChanges } from '../repo/location-versions.js';
import { childCount, removeScenario, renameScenario } from '../repo/scenario-tree.js';

export type AfterUndo = Pick<LocationWriteResult, 'scenarioRenamedTo' | 'scenarioDeleted'>;

export async function afterChangeRemoved(q: Queryable, scenario: { id: number; name: string }): Promise<AfterUndo> {
  const changes = await ownChanges(q, scenario.id);
  if (changes.length === 1) {
    const name = changes[0]!.name;
    if (name === scenario.name) return {};
    await renameScenario(q, scenario.id, name);
    return { scenarioRenamedTo: name };
  }
  if (changes.length === 0 && (await childCount(q, scenario.id)) === 0) {
    await removeScenario(q, scenario.id);
    return { scenarioDeleted: true };
  }
  return {};
}
