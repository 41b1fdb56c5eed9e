// The differences of a scenario against the default scenario.
import * as z from 'zod';
import { Id } from '../primitives';

const Figures = {
  outputDefault: z.number(),
  output: z.number(),
  outputDifference: z.number(),
};

export const LocationDifference = z.object({ locationID: Id, locationName: z.string(), ...Figures });
export type LocationDifference = z.infer<typeof LocationDifference>;

export const LocationGroupDifference = z.object({ locationGroupName: z.string(), ...Figures });
export type LocationGroupDifference = z.infer<typeof LocationGroupDifference>;

export const LocationClusterDifference = z.object({ locationClusterName: z.string(), ...Figures });
export type LocationClusterDifference = z.infer<typeof LocationClusterDifference>;

export const ScenarioDifferences = z.object({
  impactOutputLocationPropertyTitle: z.string(),
  /** Locations whose output changed by more than the threshold, by descending absolute difference. */
  locations: z.array(LocationDifference),
  locationGroups: z.array(LocationGroupDifference),
  locationClusters: z.array(LocationClusterDifference),
});
export type ScenarioDifferences = z.infer<typeof ScenarioDifferences>;
