// Random scenario actions for the property-based tests, and the documented
// answer of copy changes for a given tree.
import fc from 'fast-check';
import { descendants, type Tree } from './scenario-invariants.js';

export type ActionKind = 'open' | 'edit' | 'close' | 'undoClose' | 'undoEdit' | 'delete' | 'newScenario' | 'deleteScenario' | 'copy' | 'status';

export interface ActionCommand {
  kind: ActionKind;
  /** Picks the scenario (modulo the scenarios there are). */
  s: number;
  /** Picks the second scenario of copy changes. */
  s2: number;
  /** Picks the location among those the scenario has, plus one that does not exist. */
  l: number;
  /** Pick the location among the scenario's own changes when it has any (undo and delete need one). */
  own: boolean;
  createScenario: boolean;
  /** edit: rename; newScenario: isTop; copy: select every change. */
  flag: boolean;
  /** status: the status the calculation leaves behind. */
  status: number;
}

/** Location actions weigh most; a few scenario actions and status changes keep the tree moving. */
export function actionCommands(maxLength: number) {
  const kind = fc.oneof(
    { arbitrary: fc.constantFrom<ActionKind>('open', 'edit', 'close', 'undoClose', 'undoEdit', 'delete'), weight: 6 },
    { arbitrary: fc.constantFrom<ActionKind>('newScenario', 'copy'), weight: 2 },
    { arbitrary: fc.constantFrom<ActionKind>('deleteScenario', 'status'), weight: 1 },
  );
  return fc.array(
    fc.record({
      kind,
      s: fc.nat(30),
      s2: fc.nat(30),
      l: fc.nat(30),
      own: fc.boolean(),
      // Mostly into the scenario itself: undo and delete need the scenario's own changes.
      createScenario: fc.constantFrom(false, false, false, true),
      flag: fc.boolean(),
      status: fc.constantFrom(0, 1, 4, 9, 10, 12),
    }),
    { minLength: Math.min(3, maxLength), maxLength },
  );
}

const editable = (status: number) => [0, 9, 10].includes(status);
const processing = (status: number) => status >= 1 && status <= 8;

/** The answer the rules predict for copy changes, checked in the documented order. */
export function predictCopy(tree: Tree, sourceId: number, destinationId: number, allSelected: boolean, deleteSource: boolean): string {
  const source = tree.scenarios.find((s) => s.id === sourceId)!;
  if (tree.scenarios.some((s) => s.parent === sourceId)) return 'scenarioHasChildren';
  const destination = tree.scenarios.find((s) => s.id === destinationId);
  if (!destination || !destination.isTop || destination.parent === null || destination.id === sourceId) {
    const anyTop = tree.scenarios.some((s) => s.isTop && s.parent !== null && s.id !== sourceId);
    return anyTop ? 'destinationIsNotATopScenario' : 'noTopScenariosFound';
  }
  if (!editable(destination.status)) return 'scenarioIsReadOnly';
  const below = descendants(tree, destinationId);
  if (below.some((id) => processing(tree.scenarios.find((s) => s.id === id)!.status))) return 'scenarioIsReadOnly';
  if ((deleteSource || below.includes(sourceId)) && !editable(source.status)) return 'scenarioIsReadOnly';
  if (deleteSource && !allSelected) return 'deleteSourceNeedsAllChangedLocations';
  return 'ok';
}
