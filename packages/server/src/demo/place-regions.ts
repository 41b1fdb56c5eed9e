// The coarser demand area set: a Voronoi region around every place, clipped to
// the land (the border without the lakes), holding the totals of the grid
// cells nearest to that place.
import { Delaunay } from 'd3-delaunay';
import { difference, featureCollection, intersect, multiPolygon as turfMultiPolygon, polygon as turfPolygon } from '@turf/turf';
import { round5, type DemoArea } from './areas.js';
import { insidePolygons, type Geography, type Rings } from './geography.js';

/** Longitudes are scaled by cos(52.2°) so the Voronoi cells are drawn in (nearly) equal-distance space. */
const K = Math.cos((52.2 * Math.PI) / 180);

type Polygonal = GeoJSON.Polygon | GeoJSON.MultiPolygon;

/** A border minus the lakes, as polygons. */
function landPolygons(border: Rings[], geo: Geography): Rings[] {
  const land = difference(featureCollection<Polygonal>([turfMultiPolygon(border), turfMultiPolygon(geo.lakes)]));
  if (!land) throw new Error('the lakes cover the whole border');
  return (land.geometry.type === 'Polygon' ? [land.geometry.coordinates] : land.geometry.coordinates) as Rings[];
}

/** Whether any vertex of the land lies strictly inside the convex ring (the border enters the cell). */
function landVertexInside(land: Rings[], ring: [number, number][], bbox: [number, number, number, number]): boolean {
  for (const polygon of land) {
    for (const r of polygon) {
      for (const [x, y] of r) {
        if (x <= bbox[0] || x >= bbox[2] || y <= bbox[1] || y >= bbox[3]) continue;
        if (insidePolygons([[ring]], x, y)) return true;
      }
    }
  }
  return false;
}

export function placeRegions(geo: Geography, cells: DemoArea[]): DemoArea[] {
  const points = geo.places.map((p) => [p.longitude * K, p.latitude] as [number, number]);
  const delaunay = Delaunay.from(points);
  const [w, s, e, n] = geo.bbox;
  const voronoi = delaunay.voronoi([(w - 0.1) * K, s - 0.1, (e + 0.1) * K, n + 0.1]);
  const totals = geo.places.map(() => ({ population: 0, households: 0, purchasingPower: 0, elderly: 0 }));
  let hint = 0;
  for (const cell of cells) {
    hint = delaunay.find(cell.longitude * K, cell.latitude, hint);
    const t = totals[hint]!;
    const people = Number(cell.properties.population);
    t.population += people;
    t.households += Number(cell.properties.households);
    t.purchasingPower += Number(cell.properties.purchasingPower);
    t.elderly += people * Number(cell.properties.share65plus);
  }
  const land = landPolygons(geo.coarseBorder, geo);
  const landFeature = turfMultiPolygon(land);
  // The detailed border, for the few regions on a spit of land the 1:50m border leaves out.
  let fineLand: GeoJSON.Feature<GeoJSON.MultiPolygon> | undefined;
  const out: DemoArea[] = [];
  geo.places.forEach((place, i) => {
    const t = totals[i]!;
    const cell = voronoi.cellPolygon(i);
    if (!cell || t.population === 0) return;
    const ring = cell.map(([x, y]) => [x / K, y] as [number, number]);
    let geometry: Polygonal = { type: 'Polygon', coordinates: [ring] };
    const cellBbox = bboxOf(geometry);
    // Most regions lie wholly on land; only those the coast or a lake shore cuts are clipped (the slow part).
    if (!ring.every(([x, y]) => insidePolygons(land, x, y)) || landVertexInside(land, ring, cellBbox)) {
      let clipped = intersect(featureCollection<Polygonal>([turfPolygon([ring]), landFeature]));
      if (!clipped) {
        fineLand ??= turfMultiPolygon(landPolygons(geo.border, geo));
        clipped = intersect(featureCollection<Polygonal>([turfPolygon([ring]), fineLand]));
      }
      if (!clipped) return;
      geometry = clipped.geometry;
    }
    geometry = roundGeometry(geometry);
    out.push({
      code: `${slug(place.name)}-${place.id}`,
      latitude: round5(place.latitude),
      longitude: round5(place.longitude),
      bbox: bboxOf(geometry),
      geometry,
      properties: {
        placeName: place.name,
        population: t.population,
        households: t.households,
        share65plus: Math.round((t.elderly / t.population) * 1000) / 1000,
        purchasingPower: Math.round(t.purchasingPower),
      },
    });
  });
  return out;
}

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function roundGeometry<G extends Polygonal>(g: G): G {
  const ring = (r: GeoJSON.Position[]) => r.map(([x, y]) => [round5(x!), round5(y!)]);
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(ring) } as G;
  return { type: 'MultiPolygon', coordinates: (g as GeoJSON.MultiPolygon).coordinates.map((p) => p.map(ring)) } as G;
}

function bboxOf(g: Polygonal): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (const p of polygons)
    for (const [x, y] of p[0]!) {
      w = Math.min(w, x!);
      s = Math.min(s, y!);
      e = Math.max(e, x!);
      n = Math.max(n, y!);
    }
  return [w, s, e, n];
}
