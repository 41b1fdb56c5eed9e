// The street styles by tile schema.
import type { VectorStyle } from '../vector-style.js';
import { brtStyle } from './brt.js';
import { openMapTilesStyle } from './openmaptiles.js';
import { protomapsStyle } from './protomaps.js';

export type VectorSchema = 'brt' | 'openmaptiles' | 'protomaps';

export const VECTOR_STYLES: Readonly<Record<VectorSchema, VectorStyle>> = {
  brt: brtStyle,
  openmaptiles: openMapTilesStyle,
  protomaps: protomapsStyle,
};
