// A dense made-up city in the OpenMapTiles schema, written by the bench itself as a PMTiles archive
// (the street basemap's frame bench and the app's first-street-frame bench serve it locally): about
// 10 km by 7.5 km around Amsterdam's centre, laid out as a jittered street grid of 75 m blocks with
// roads of every class (motorway ring, primary, secondary, tertiary, minor, service, paths, railways)
// and their names, canal rings, a river, ponds, land use and land cover by district, parks, and rows of
// buildings along every block. Levels follow OpenMapTiles: few classes when zoomed out, minor roads
// from 13, buildings, service roads and paths at 14, the archive's deepest level (15 and deeper draw
// the z14 tile overzoomed). A z14 tile holds some 15,000 buildings and 3,000 road segments, a few
// hundred kB, as a real z14 tile of a Dutch city centre does.
import { encodeMvt, writePmtiles, type FixtureFeature, type Props } from '../test/support/mvt-fixtures.js';

export const CITY_CENTER: [number, number] = [4.895, 52.372];
/** Metres from the centre to the city's edge, east–west and north–south. */
const HALF_W = 4875;
const HALF_H = 3750;
/** Block side in metres (the street grid's spacing). */
const BLOCK = 75;
const I_MAX = Math.round(HALF_W / BLOCK);
const J_MAX = Math.round(HALF_H / BLOCK);
export const CITY_MIN_ZOOM = 5;
export const CITY_MAX_ZOOM = 14;
const EXTENT = 4096;

const RAD = Math.PI / 180;
const [CX, CY] = worldOf(CITY_CENTER[0], CITY_CENTER[1]);
/** World units (0..1 across the Mercator square) per metre at the centre. */
const PER_METRE = 1 / (40075016.686 * Math.cos(CITY_CENTER[1] * RAD));

function worldOf(lon: number, lat: number): [number, number] {
  const s = Math.sin(lat * RAD);
  return [(lon + 180) / 360, 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)];
}

/** West, south, east, north of the city in degrees. */
export function cityBounds(): [number, number, number, number] {
  const lonOf = (wx: number) => wx * 360 - 180;
  const latOf = (wy: number) => Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) / RAD;
  const w = CX - (HALF_W + 200) * PER_METRE,
    e = CX + (HALF_W + 200) * PER_METRE;
  const n = CY - (HALF_H + 200) * PER_METRE,
    s = CY + (HALF_H + 200) * PER_METRE;
  return [lonOf(w), latOf(s), lonOf(e), latOf(n)];
}

/** A repeatable number in [0, 1) for integers a, b, c. */
function hash(a: number, b: number, c = 0): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

type Pt = [number, number];

/** A street grid node (metres east and north of the centre), jittered up to 6 m. */
function node(i: number, j: number): Pt {
  return [i * BLOCK + (hash(i, j, 1) - 0.5) * 12, j * BLOCK + (hash(i, j, 2) - 0.5) * 12];
}

const ROAD_RANK = { motorway: 0, primary: 1, secondary: 2, tertiary: 3, minor: 4, service: 5, path: 6, rail: 1 } as const;
type RoadClass = keyof typeof ROAD_RANK;

function lineClass(k: number): RoadClass {
  const a = Math.abs(k);
  return a % 16 === 0 ? 'primary' : a % 8 === 0 ? 'secondary' : a % 4 === 0 ? 'tertiary' : 'minor';
}

const PREFIXES = [
  'Keizers',
  'Heren',
  'Prinsen',
  'Singel',
  'Brouwers',
  'Lijnbaans',
  'Bloem',
  'Rozen',
  'Egelantiers',
  'Laurier',
  'Molen',
  'Kerk',
  'Markt',
  'Haven',
  'School',
  'Dorps',
  'Linden',
  'Eiken',
  'Beuken',
  'Wilgen',
  'Vondel',
  'Rembrandt',
  'Spinoza',
  'Huygens',
  'Erasmus',
  'Rijn',
  'Maas',
  'Amstel',
  'Vecht',
  'Schelde',
  'Tulp',
  'Narcis',
  'Jasmijn',
  'Zeeman',
  'Visser',
  'Bakkers',
  'Smids',
  'Wevers',
  'Kuipers',
  'Touw',
];
const SUFFIXES = ['straat', 'gracht', 'laan', 'weg', 'kade', 'dijk', 'plein', 'steeg'];
/** The name of grid line k (vertical lines even, horizontal odd). */
function lineName(k: number, vertical: boolean): string {
  const idx = (k + 200) * 2 + (vertical ? 0 : 1);
  return `${PREFIXES[idx % PREFIXES.length]}${SUFFIXES[Math.floor(idx / PREFIXES.length) % SUFFIXES.length]}`;
}

/** Canal rings: squares (in the maximum norm) around the centre at these half-sides, 24 m wide. */
const CANALS: [number, string][] = [
  [450, 'Singel'],
  [650, 'Herengracht'],
  [850, 'Keizersgracht'],
  [1050, 'Prinsengracht'],
];
const CANAL_HALF = 12;
const nearCanal = (x: number, y: number, margin: number) => CANALS.some(([r]) => Math.abs(Math.max(Math.abs(x), Math.abs(y)) - r) < CANAL_HALF + margin);
/** The river: a band across the north of the city. */
const riverTop = (x: number) => 2600 + 60 * Math.sin(x / 700);
const riverBottom = (x: number) => 2300 + 60 * Math.sin(x / 900 + 1);
const inRiver = (x: number, y: number, margin = 0) => y > riverBottom(x) - margin && y < riverTop(x) + margin;

type District = 'park' | 'wood' | 'industrial' | 'commercial' | 'retail' | 'residential';
/** Districts are 4 by 4 blocks. */
function districtOf(di: number, dj: number): District {
  const h = hash(di, dj, 7);
  const outskirts = Math.abs(di) > 11 || Math.abs(dj) > 8;
  if (h < 0.09) return 'park';
  if (outskirts && h < 0.15) return 'wood';
  if (h < 0.25) return 'industrial';
  if (h < 0.32) return 'commercial';
  if (h < 0.36) return 'retail';
  return 'residential';
}

interface Feature {
  layer: string;
  type: FixtureFeature['type'];
  /** Parts in metres from the centre. */
  parts: Pt[][];
  properties: Props;
}

/** The tile's box in metres from the centre (with a buffer of an eighth of the tile). */
function tileBox(z: number, x: number, y: number): { x0: number; x1: number; y0: number; y1: number } {
  const n = 2 ** z;
  const b = 0.125;
  const mx = (wx: number) => (wx - CX) / PER_METRE;
  const my = (wy: number) => (CY - wy) / PER_METRE;
  return { x0: mx((x - b) / n), x1: mx((x + 1 + b) / n), y0: my((y + 1 + b) / n), y1: my((y - b) / n) };
}

const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

function circle(cx: number, cy: number, r: number, n: number, seed: number): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k <= n; k++) {
    const a = (2 * Math.PI * (k % n)) / n;
    const rr = r * (0.8 + 0.4 * hash(seed, k % n, 3));
    out.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return out;
}

/** The city's features that meet tile z/x/y, at the detail of level z. */
function cityFeatures(z: number, tx: number, ty: number): Feature[] {
  const box = tileBox(z, tx, ty);
  const meets = (parts: Pt[][]) => {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const part of parts)
      for (const [x, y] of part) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    return x1 >= box.x0 && x0 <= box.x1 && y1 >= box.y0 && y0 <= box.y1;
  };
  const out: Feature[] = [];
  const add = (f: Feature) => {
    if (meets(f.parts)) out.push(f);
  };
  const i0 = Math.max(-I_MAX, Math.floor(box.x0 / BLOCK) - 1),
    i1 = Math.min(I_MAX, Math.ceil(box.x1 / BLOCK) + 1);
  const j0 = Math.max(-J_MAX, Math.floor(box.y0 / BLOCK) - 1),
    j1 = Math.min(J_MAX, Math.ceil(box.y1 / BLOCK) + 1);
  const roadMinRank = z >= 14 ? 6 : z >= 13 ? 4 : z >= 12 ? 3 : z >= 11 ? 2 : 1;

  // Water: the river, the canal rings (from 11), ponds in parks (from 13).
  const top: Pt[] = [],
    bottom: Pt[] = [];
  for (let k = 0; k <= 60; k++) {
    const x = -HALF_W - 300 + ((2 * HALF_W + 600) * k) / 60;
    top.push([x, riverTop(x)]);
    bottom.push([x, riverBottom(x)]);
  }
  add({ layer: 'water', type: 'polygon', parts: [[...bottom, ...top.reverse(), bottom[0]]], properties: { class: 'river', intermittent: 0 } });
  if (z >= 11)
    for (const [r, name] of CANALS) {
      const o = r + CANAL_HALF,
        i = r - CANAL_HALF;
      add({ layer: 'water', type: 'polygon', parts: [rect(-o, -o, o, o), rect(-i, -i, i, i).reverse()], properties: { class: 'canal', intermittent: 0 } });
      add({ layer: 'water_name', type: 'point', parts: [[[0, r]]], properties: { class: 'canal', name, 'name:nl': name, intermittent: 0 } });
    }
  add({
    layer: 'water_name',
    type: 'point',
    parts: [[[-1200, 2450]], [[1800, 2450]]],
    properties: { class: 'river', name: 'Het IJ', 'name:nl': 'Het IJ', intermittent: 0 },
  });

  // Places.
  add({ layer: 'place', type: 'point', parts: [[[0, 0]]], properties: { class: 'city', name: 'Amsterdam', 'name:nl': 'Amsterdam', rank: 1, capital: 2 } });
  if (z >= 11)
    for (let di = -3; di <= 3; di++)
      for (let dj = -2; dj <= 2; dj++) {
        if (di === 0 && dj === 0) continue;
        const name = `${PREFIXES[(di + 3) * 5 + dj + 2]}buurt`;
        add({
          layer: 'place',
          type: 'point',
          parts: [[[di * 1400, dj * 1400]]],
          properties: { class: z >= 13 ? 'neighbourhood' : 'suburb', name, 'name:nl': name, rank: 10 + Math.abs(di) + Math.abs(dj) },
        });
      }

  // The motorway ring and the railways, in short segments as a tile source holds them.
  const ring = 160;
  for (let k = 0; k < ring; k++) {
    const a0 = (2 * Math.PI * k) / ring,
      a1 = (2 * Math.PI * (k + 1)) / ring;
    const parts: Pt[][] = [
      [
        [4300 * Math.cos(a0), 3300 * Math.sin(a0)],
        [4300 * Math.cos(a1), 3300 * Math.sin(a1)],
      ],
    ];
    add({
      layer: 'transportation',
      type: 'line',
      parts,
      properties: { class: 'motorway', oneway: 0, ramp: 0, brunnel: k % 40 === 5 ? 'bridge' : '', surface: 'paved' },
    });
    if (z >= 12)
      add({
        layer: 'transportation_name',
        type: 'line',
        parts,
        properties: { class: 'motorway', ref: 'A10', name: 'Ring A10', 'name:nl': 'Ring A10', ref_length: 3 },
      });
  }
  for (const [[ax, ay], [bx, by]] of [
    [
      [-HALF_W, -3000],
      [HALF_W, 1800],
    ],
    [
      [-HALF_W, 1000],
      [HALF_W, -2000],
    ],
  ] as [Pt, Pt][]) {
    const n = Math.ceil(Math.hypot(bx - ax, by - ay) / 150);
    for (let k = 0; k < n; k++)
      add({
        layer: 'transportation',
        type: 'line',
        parts: [
          [
            [ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n],
            [ax + ((bx - ax) * (k + 1)) / n, ay + ((by - ay) * (k + 1)) / n],
          ],
        ],
        properties: { class: 'rail', subclass: 'rail', brunnel: '', service: '' },
      });
  }

  // Land use and land cover by district (from 12), parks (from 11).
  if (z >= 11) {
    for (let di = Math.floor(i0 / 4); di <= Math.floor(i1 / 4); di++)
      for (let dj = Math.floor(j0 / 4); dj <= Math.floor(j1 / 4); dj++) {
        const kind = districtOf(di, dj);
        const box4 = rect(di * 4 * BLOCK, dj * 4 * BLOCK, (di + 1) * 4 * BLOCK, (dj + 1) * 4 * BLOCK);
        if (kind === 'park') {
          const name = `${PREFIXES[Math.floor(hash(di, dj, 8) * PREFIXES.length)]}park`;
          add({ layer: 'park', type: 'polygon', parts: [box4], properties: { class: 'park', name, 'name:nl': name } });
          if (z >= 12) add({ layer: 'landcover', type: 'polygon', parts: [box4], properties: { class: 'grass', subclass: 'park' } });
          if (z >= 13)
            add({
              layer: 'water',
              type: 'polygon',
              parts: [circle((di * 4 + 2) * BLOCK, (dj * 4 + 2) * BLOCK, 60, 14, di * 31 + dj)],
              properties: { class: 'pond', intermittent: 0 },
            });
        } else if (z >= 12) {
          if (kind === 'wood') add({ layer: 'landcover', type: 'polygon', parts: [box4], properties: { class: 'wood', subclass: 'forest' } });
          else add({ layer: 'landuse', type: 'polygon', parts: [box4], properties: { class: kind } });
        }
      }
  }

  // Roads of the grid, block side by block side, with their names.
  for (let i = i0; i <= i1; i++)
    for (let j = j0; j <= j1; j++) {
      const a = node(i, j);
      for (const [di, dj, vertical] of [
        [1, 0, false],
        [0, 1, true],
      ] as [number, number, boolean][]) {
        if (i + di > I_MAX || j + dj > J_MAX) continue;
        const cls = lineClass(vertical ? i : j);
        if (ROAD_RANK[cls] > roadMinRank) continue;
        const b = node(i + di, j + dj);
        const mid: Pt = [(a[0] + b[0]) / 2 + (hash(i, j, 4) - 0.5) * 4, (a[1] + b[1]) / 2 + (hash(i, j, 5) - 0.5) * 4];
        if (cls !== 'primary' && cls !== 'secondary' && inRiver(mid[0], mid[1], 10)) continue;
        const bridge = nearCanal(mid[0], mid[1], 4) || inRiver(mid[0], mid[1], 10);
        add({
          layer: 'transportation',
          type: 'line',
          parts: [[a, mid, b]],
          properties: { class: cls, oneway: hash(i, j, 6) < 0.3 ? 1 : 0, brunnel: bridge ? 'bridge' : '', surface: 'paved', layer: bridge ? 1 : 0 },
        });
      }
    }
  // Street names: one line per street across the tile (OpenMapTiles merges a street's parts).
  if (z >= 12) {
    for (let i = i0; i <= i1; i++) {
      const cls = lineClass(i);
      if (ROAD_RANK[cls] > Math.min(roadMinRank, 4)) continue;
      const name = lineName(i, true);
      const parts: Pt[] = [];
      for (let j = j0; j <= j1; j++) parts.push(node(i, j));
      add({ layer: 'transportation_name', type: 'line', parts: [parts], properties: { class: cls, name, 'name:nl': name, name_int: name, ref_length: 0 } });
    }
    for (let j = j0; j <= j1; j++) {
      const cls = lineClass(j);
      if (ROAD_RANK[cls] > Math.min(roadMinRank, 4)) continue;
      const name = lineName(j, false);
      const parts: Pt[] = [];
      for (let i = i0; i <= i1; i++) parts.push(node(i, j));
      add({ layer: 'transportation_name', type: 'line', parts: [parts], properties: { class: cls, name, 'name:nl': name, name_int: name, ref_length: 0 } });
    }
  }

  // Inside the blocks (14): service lanes, footpaths and buildings.
  if (z >= 14) {
    for (let i = i0; i < i1; i++)
      for (let j = j0; j < j1; j++) {
        if (i >= I_MAX || j >= J_MAX) continue;
        const kind = districtOf(Math.floor(i / 4), Math.floor(j / 4));
        const x0 = i * BLOCK + 10,
          x1 = (i + 1) * BLOCK - 10,
          y0 = j * BLOCK + 10,
          y1 = (j + 1) * BLOCK - 10;
        const cx = (x0 + x1) / 2,
          cy = (y0 + y1) / 2;
        if (kind === 'park' || kind === 'wood') {
          add({
            layer: 'transportation',
            type: 'line',
            parts: [
              [
                [x0 - 6, y0 - 6],
                [cx + 5, cy - 4],
                [x1 + 6, y1 + 6],
              ],
            ],
            properties: { class: 'path', subclass: 'footway', surface: 'unpaved' },
          });
          continue;
        }
        if (inRiver(cx, cy, 40)) continue;
        if (hash(i, j, 9) < 0.5)
          add({
            layer: 'transportation',
            type: 'line',
            parts: [
              [
                [cx, y0 - 8],
                [cx, cy],
              ],
            ],
            properties: { class: 'service', service: 'alley', surface: 'paved' },
          });
        if (hash(i, j, 10) < 0.3)
          add({
            layer: 'transportation',
            type: 'line',
            parts: [
              [
                [x0 + 15, cy + 8],
                [x1 - 15, cy + 8],
              ],
            ],
            properties: { class: 'path', subclass: 'footway', surface: 'paved' },
          });
        const building = (bx0: number, by0: number, bx1: number, by1: number, seed: number) => {
          const mx = (bx0 + bx1) / 2,
            my = (by0 + by1) / 2;
          if (nearCanal(mx, my, 6) || inRiver(mx, my, 10)) return;
          const h = hash(i * 97 + seed, j, 11);
          // Some buildings are L-shaped (six corners), as real footprints often are.
          const ring: Pt[] =
            h < 0.2
              ? [
                  [bx0, by0],
                  [bx1, by0],
                  [bx1, (by0 + by1) / 2],
                  [(bx0 + bx1) / 2, (by0 + by1) / 2],
                  [(bx0 + bx1) / 2, by1],
                  [bx0, by1],
                  [bx0, by0],
                ]
              : rect(bx0, by0, bx1, by1);
          add({
            layer: 'building',
            type: 'polygon',
            parts: [ring],
            properties: { render_height: 6 + Math.round(h * 20), render_min_height: 0, colour: '#d9d0c9' },
          });
        };
        if (kind === 'industrial') {
          building(x0 + 2, y0 + 2, cx - 2, y1 - 2, 1);
          building(cx + 2, y0 + 2, x1 - 2, cy - 2, 2);
          continue;
        }
        // Rows of narrow houses along the four sides of the block.
        let seed = 0;
        for (const [sx0, sx1, fy, depth] of [
          [x0, x1, y0, 1],
          [x0, x1, y1, -1],
        ] as [number, number, number, number][]) {
          for (let px = sx0; px < sx1 - 5; seed++) {
            const w = 6 + hash(i, j, 20 + seed) * 6,
              d = 10 + hash(i, j, 60 + seed) * 6;
            const e = Math.min(sx1, px + w);
            building(px, depth > 0 ? fy : fy - d, e - 0.5, depth > 0 ? fy + d : fy, seed);
            px = e;
          }
        }
        for (const [fx, depth] of [
          [x0, 1],
          [x1, -1],
        ] as [number, number][]) {
          for (let py = y0 + 17; py < y1 - 22; seed++) {
            const w = 6 + hash(i, j, 20 + seed) * 6,
              d = 10 + hash(i, j, 60 + seed) * 6;
            const e = Math.min(y1 - 17, py + w);
            building(depth > 0 ? fx : fx - d, py, depth > 0 ? fx + d : fx, e - 0.5, seed);
            py = e;
          }
        }
      }
  }
  return out;
}

/** Tile z/x/y of the city as MVT bytes; null when the city does not reach it. */
export function cityTile(z: number, x: number, y: number): Uint8Array | null {
  const n = 2 ** z;
  const features = cityFeatures(z, x, y);
  if (features.length === 0) return null;
  const layers = new Map<string, FixtureFeature[]>();
  for (const f of features) {
    const geometry = f.parts.map((part) =>
      part.map(([mx, my]) => [((CX + mx * PER_METRE) * n - x) * EXTENT, ((CY - my * PER_METRE) * n - y) * EXTENT] as [number, number]),
    );
    let list = layers.get(f.layer);
    if (!list) layers.set(f.layer, (list = []));
    list.push({ type: f.type, geometry, properties: f.properties });
  }
  return encodeMvt([...layers].map(([name, list]) => ({ name, extent: EXTENT, features: list })));
}

/** The tiles of level z that the city reaches. */
export function cityTileRange(z: number): { x0: number; x1: number; y0: number; y1: number } {
  const n = 2 ** z;
  const [w, s, e, nn] = cityBounds();
  const [ax, ay] = worldOf(w, nn),
    [bx, by] = worldOf(e, s);
  return { x0: Math.floor(ax * n), x1: Math.floor(bx * n), y0: Math.floor(ay * n), y1: Math.floor(by * n) };
}

export interface CityArchive {
  archive: Buffer;
  /** Per level: tiles, and their bytes in all and at most. */
  levels: { z: number; tiles: number; bytes: number; maxBytes: number }[];
  /** Features of the densest z14 tile by source layer. */
  densest: Record<string, number>;
  ms: number;
}

/** The city as a PMTiles archive (no compression), levels CITY_MIN_ZOOM to CITY_MAX_ZOOM. */
export function cityArchive(): CityArchive {
  const t0 = performance.now();
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  const levels: CityArchive['levels'] = [];
  let densest: { bytes: number; z: number; x: number; y: number } = { bytes: 0, z: 0, x: 0, y: 0 };
  for (let z = CITY_MIN_ZOOM; z <= CITY_MAX_ZOOM; z++) {
    const r = cityTileRange(z);
    const level = { z, tiles: 0, bytes: 0, maxBytes: 0 };
    for (let y = r.y0; y <= r.y1; y++)
      for (let x = r.x0; x <= r.x1; x++) {
        const data = cityTile(z, x, y);
        if (!data) continue;
        tiles.push({ z, x, y, data });
        level.tiles++;
        level.bytes += data.length;
        level.maxBytes = Math.max(level.maxBytes, data.length);
        if (z === CITY_MAX_ZOOM && data.length > densest.bytes) densest = { bytes: data.length, z, x, y };
      }
    levels.push(level);
  }
  const counts: Record<string, number> = {};
  for (const f of cityFeatures(densest.z, densest.x, densest.y)) counts[f.layer] = (counts[f.layer] ?? 0) + 1;
  return { archive: writePmtiles(tiles, cityBounds()), levels, densest: counts, ms: performance.now() - t0 };
}
