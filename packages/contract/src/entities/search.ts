// A map search result.
import * as z from 'zod';

/** Categories of search results; each has an icon at /api/search/category-logo. */
export const SearchCategories = ['location', 'place', 'poi'] as const;
export const SearchCategory = z.enum(SearchCategories);
export type SearchCategory = z.infer<typeof SearchCategory>;

export const SearchResult = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  category: SearchCategory,
  title: z.string(),
  /** The icon's address (a category logo, a location-group logo or a POI-set logo). */
  icon: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;
