// The basemap's GeoNames places, generated at build time by build.mjs.
declare module 'locus:places' {
  const places: { name: string; lon: number; lat: number; population: number }[];
  export default places;
}
