// A sub-model: a variant of a model's calculation functions.
import * as z from 'zod';
import { Count, Id } from '../primitives';

/** The default sub-model's name. */
export const DefaultSubmodelName = 'Default';

export const Submodel = z.object({
  id: Id,
  /** 'Default' for the default sub-model. */
  name: z.string(),
  functionCount: Count,
});
export type Submodel = z.infer<typeof Submodel>;
