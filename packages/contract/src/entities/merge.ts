// Copy changes (merge) of one scenario into a top scenario.
import * as z from 'zod';
import { Id, MAX_LIST_ITEMS } from '../primitives';

export const MergeRequest = z
  .object({
    scenarioId: Id,
    /** Every changed location of the source scenario. */
    changedLocations: z.array(Id).max(MAX_LIST_ITEMS),
    /** The changed locations to copy. */
    selectedLocations: z.array(Id).max(MAX_LIST_ITEMS).min(1, { error: 'selectedLocations must hold at least one location' }),
    deleteSourceScenario: z.boolean(),
    destinationScenarioId: Id,
  })
  .superRefine((request, ctx) => {
    const changed = new Set(request.changedLocations);
    request.selectedLocations.forEach((id, index) => {
      if (!changed.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['selectedLocations', index], message: `location ${id} is not a changed location of the scenario` });
      }
    });
    if (request.destinationScenarioId === request.scenarioId) {
      ctx.addIssue({ code: 'custom', path: ['destinationScenarioId'], message: 'destinationScenarioId must differ from scenarioId' });
    }
  });
export type MergeRequest = z.infer<typeof MergeRequest>;

export const MergeResult = z.object({
  destinationScenarioId: Id,
  /** Copied location changes. */
  copiedLocations: z.array(Id),
  sourceScenarioDeleted: z.boolean(),
});
export type MergeResult = z.infer<typeof MergeResult>;

/**
 * Copy changes carries the merge both in the path and query and in the body;
 * they must agree. Answers the first field that does not, or null.
 */
export function mergeRequestMismatch(
  params: { sourceScenarioId: number; destinationScenarioId: number },
  query: { deleteSourceScenario: boolean; locations: number[] },
  body: MergeRequest,
): { field: string; message: string } | null {
  if (body.scenarioId !== params.sourceScenarioId) {
    return { field: 'scenarioId', message: 'scenarioId must equal the source scenario of the path' };
  }
  if (body.destinationScenarioId !== params.destinationScenarioId) {
    return { field: 'destinationScenarioId', message: 'destinationScenarioId must equal the destination scenario of the path' };
  }
  if (body.deleteSourceScenario !== query.deleteSourceScenario) {
    return { field: 'deleteSourceScenario', message: 'deleteSourceScenario of the body and the query differ' };
  }
  const selected = new Set(body.selectedLocations);
  if (query.locations.length !== selected.size || query.locations.some((id) => !selected.has(id))) {
    return { field: 'locations', message: 'locations of the query must be the selectedLocations of the body' };
  }
  return null;
}
