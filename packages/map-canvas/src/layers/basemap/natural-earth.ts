// Builds basemap data from a world-atlas topology (Natural Earth countries at 1:10m, 1:50m or 1:110m).
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LineGeometry, PolygonGeometry } from '../../layer-base/geometry.js';
import type { BasemapData, BasemapPlace } from './basemap-data.js';

export type NaturalEarthResolution = '10m' | '50m' | '110m';

/** Land polygons and land borders (arcs shared by two countries) of a world-atlas countries topology. */
export function naturalEarthBasemap(topology: Topology, places: BasemapPlace[] = []): BasemapData {
  const countries = topology.objects.countries as GeometryCollection;
  if (!countries) throw new Error('The topology has no "countries" object (expected world-atlas countries-*.json)');
  const collection = feature(topology, countries);
  const land: PolygonGeometry[] = [];
  for (const f of collection.features) {
    const g = f.geometry as PolygonGeometry | null;
    if (g && (g.type === 'Polygon' || g.type === 'MultiPolygon')) land.push(g);
  }
  const borders = mesh(topology, countries, (a, b) => a !== b) as LineGeometry;
  return { land, borders: [borders], places };
}

/**
 * Loads the Natural Earth countries bundled with the package (world-atlas) and builds basemap data.
 * The topology is a separate chunk when bundled with code splitting, so the map library stays small.
 */
export async function loadNaturalEarth(resolution: NaturalEarthResolution = '10m', places: BasemapPlace[] = []): Promise<BasemapData> {
  const module =
    resolution === '110m'
      ? await import('world-atlas/countries-110m.json', { with: { type: 'json' } })
      : resolution === '50m'
        ? await import('world-atlas/countries-50m.json', { with: { type: 'json' } })
        : await import('world-atlas/countries-10m.json', { with: { type: 'json' } });
  return naturalEarthBasemap((module as { default: unknown }).default as Topology, places);
}
