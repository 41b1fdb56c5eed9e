// Raster tiles of an area set, drawn by the server.
import * as z from 'zod';
import { intParam, textParam } from '../primitives';
import { defineRoute } from './define';

export const areaSetTile = defineRoute({
  name: 'areaSetTile',
  method: 'GET',
  path: '/api/tile-proxy/:areaSetNameSlug/:z/:x/:y',
  specPath: 'GET /api/tile-proxy/{areaSetNameSlug}/{z}/{x}/{y}',
  params: z
    .object({
      areaSetNameSlug: textParam('areaSetNameSlug').regex(/^[a-z0-9-]+$/, { error: 'areaSetNameSlug must be lower-case letters, digits and hyphens' }),
      z: intParam('z', 0, 22),
      x: intParam('x', 0, 2 ** 22 - 1),
      y: intParam('y', 0, 2 ** 22 - 1),
    })
    .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { error: 'x and y must be below 2^z', path: ['x'] }),
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'A 256 px PNG tile of an area set, areas coloured by a property, transparent outside; cached.',
});
