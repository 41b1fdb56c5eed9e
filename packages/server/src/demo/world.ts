// Everything the demo data set holds, generated in memory from one seed before
// anything is written. Each part draws from its own random stream, so
// changing how one part is generated leaves the others as they were.
import { gridCells, spreadPopulation, type DemoArea, type Grid } from './areas.js';
import { loadGeography, type Geography } from './geography.js';
import { pharmacies, regionalClusters, shoppingCentres, SUPERMARKET_BRANDS, supermarkets, type Cluster, type DemoLocation } from './networks.js';
import { placeRegions } from './place-regions.js';
import { createPlacer } from './placement.js';
import { pointsOfInterest, type DemoPois } from './pois.js';
import { createRandom } from './random.js';
import { PointIndex } from './spatial.js';
import { estimateActualTurnover } from './turnover-estimate.js';

export interface DemoWorld {
  geo: Geography;
  grid: Grid;
  /** About 1 km cells with people. */
  cells: DemoArea[];
  /** 2 km cells with people (the score model's demand). */
  coarseCells: DemoArea[];
  /** Voronoi regions around places. */
  regions: DemoArea[];
  clusters: Cluster[];
  stores: DemoLocation[];
  centres: DemoLocation[];
  pois: DemoPois;
  branches: DemoLocation[];
}

/** Streams per part: the seed and a fixed label give each its own sequence. */
const stream = (seed: number, part: number) => createRandom((Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(part, 0x85ebca77)) >>> 0);

export function buildDemoWorld(seed: number, progress: (message: string) => void = () => {}): DemoWorld {
  const geo = loadGeography();
  progress(`${geo.places.length} Dutch places, ${geo.places.reduce((a, p) => a + p.population, 0).toLocaleString('en-US')} inhabitants (GeoNames)`);
  const grid = spreadPopulation(geo, stream(seed, 1));
  const cells = gridCells(geo, grid, stream(seed, 2));
  const coarseCells = gridCells(geo, grid, stream(seed, 3), 2);
  const regions = placeRegions(geo, cells);
  progress(
    `${cells.length.toLocaleString('en-US')} grid cells of 1 km, ${coarseCells.length.toLocaleString('en-US')} of 2 km, ${regions.length.toLocaleString('en-US')} place regions`,
  );

  const placer = createPlacer(geo, grid, stream(seed, 4));
  const clusters = regionalClusters(geo);
  const stores = supermarkets(geo, placer, clusters, stream(seed, 5));
  const centres = shoppingCentres(geo, placer, clusters);
  const pois = pointsOfInterest(geo, createPlacer(geo, grid, stream(seed, 6)), stream(seed, 7));
  const branches = pharmacies(geo, createPlacer(geo, grid, stream(seed, 8)), stream(seed, 9));

  // Properties that follow from the surroundings: POIs in range and the "actual" turnover.
  const stations = new PointIndex(pois.stations),
    schools = new PointIndex(pois.schools),
    practices = new PointIndex(pois.gpPractices);
  const turnover = estimateActualTurnover(stores, cells, SUPERMARKET_BRANDS, stream(seed, 10));
  stores.forEach((s, i) => {
    s.properties.stationsInRange = stations.count(s.longitude, s.latitude, 0.5);
    s.properties.schoolsInRange = schools.count(s.longitude, s.latitude, 0.5);
    s.properties.actualTurnover = turnover[i]!;
  });
  for (const b of branches) b.properties.gpPracticesInRange = practices.count(b.longitude, b.latitude, 0.5);
  progress(
    `${stores.length.toLocaleString('en-US')} supermarkets in ${SUPERMARKET_BRANDS.length} brands, ${centres.length} shopping centres, ${branches.length} pharmacies, ${clusters.length} regional clusters`,
  );
  return { geo, grid, cells, coarseCells, regions, clusters, stores, centres, pois, branches };
}
