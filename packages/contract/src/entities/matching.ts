// A matching (similar) location.
import * as z from 'zod';
import { Id } from '../primitives';

export const NormalizedScore = z.object({ title: z.string(), score: z.number() });
export type NormalizedScore = z.infer<typeof NormalizedScore>;

/** The first entry of a matching list is the reference location itself. */
export const MatchingLocation = z.object({
  /** Lets the list select and zoom to the location. */
  locationId: Id,
  name: z.string(),
  /** Similarity, 0 to 1 (shown as a percentage). */
  score: z.number(),
  outputLocationPropertyValue: z.number().nullable(),
  outputLocationPropertyTitle: z.string().nullable(),
  actualOutputLocationPropertyValue: z.number().nullable(),
  actualOutputLocationPropertyTitle: z.string().nullable(),
  normalizedScores: z.array(NormalizedScore),
});
export type MatchingLocation = z.infer<typeof MatchingLocation>;
