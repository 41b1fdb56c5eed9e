// Map search and the icons of its result categories.
import * as z from 'zod';
import { SearchCategories, SearchResult } from '../entities/search';
import { enumParam, latitudeParam, longitudeParam, textParam } from '../primitives';
import { defineRoute, NoParams } from './define';

export const search = defineRoute({
  name: 'search',
  method: 'GET',
  path: '/api/search/:north/:west/:south/:east/:text',
  specPath: 'GET /api/search/{north}/{west}/{south}/{east}/{text}',
  params: z
    .object({
      north: latitudeParam(),
      west: longitudeParam(),
      south: latitudeParam(),
      east: longitudeParam(),
      text: textParam('text'),
    })
    .refine((box) => box.north >= box.south, { error: 'north must not be south of south', path: ['north'] }),
  response: z.array(SearchResult),
  produces: 'json',
  role: 'user',
  description:
    "Locations, places and POIs of the user's models whose name matches the text, wherever they are: best match first, then nearest the centre of the box (the view searched from), then by name in natural order.",
});

export const searchCategoryLogo = defineRoute({
  name: 'searchCategoryLogo',
  method: 'GET',
  path: '/api/search/category-logo',
  specPath: 'GET /api/search/category-logo?category=',
  params: NoParams,
  query: z.object({ category: enumParam('category', SearchCategories) }),
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The icon of a search result category.',
});
