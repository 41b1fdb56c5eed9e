// Street tile fixtures written by the tests themselves: a small Mapbox Vector Tile encoder (the
// MVT 2.1 protobuf through pbf's writer), a small made-up town around Amsterdam's centre (a canal,
// a lake, a park, a motorway, a main road, streets with names, a railway, blocks of buildings, two
// places) expressed in each tile schema the map has a style for, and a PMTiles (v3) archive writer.
// Nothing here reaches the internet; the browser tests and the bench serve these from 127.0.0.1.
import { PbfWriter } from 'pbf';
import { zxyToTileId } from 'pmtiles';

export type Props = Record<string, string | number | boolean>;
export interface FixtureFeature {
  type: 'point' | 'line' | 'polygon';
  /** Points, lines or rings in tile units (0..extent). */
  geometry: [number, number][][];
  properties: Props;
}
export interface FixtureLayer {
  name: string;
  extent?: number;
  features: FixtureFeature[];
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 7) | (count << 3);

function encodeGeometry(f: FixtureFeature): number[] {
  const out: number[] = [];
  let cx = 0,
    cy = 0;
  const to = (x: number, y: number) => {
    const dx = Math.round(x) - cx,
      dy = Math.round(y) - cy;
    cx += dx;
    cy += dy;
    out.push(zigzag(dx), zigzag(dy));
  };
  if (f.type === 'point') {
    const points = f.geometry.flat();
    out.push(command(1, points.length));
    for (const [x, y] of points) to(x, y);
    return out;
  }
  for (const part of f.geometry) {
    const pts =
      f.type === 'polygon' && part.length > 1 && part[0][0] === part[part.length - 1][0] && part[0][1] === part[part.length - 1][1] ? part.slice(0, -1) : part;
    out.push(command(1, 1));
    to(pts[0][0], pts[0][1]);
    out.push(command(2, pts.length - 1));
    for (let i = 1; i < pts.length; i++) to(pts[i][0], pts[i][1]);
    if (f.type === 'polygon') out.push(command(7, 1));
  }
  return out;
}

/** Encodes layers as one vector tile. */
export function encodeMvt(layers: FixtureLayer[]): Uint8Array {
  const pbf = new PbfWriter();
  for (const layer of layers) {
    pbf.writeMessage(
      3,
      (l: FixtureLayer, w: PbfWriter) => {
        w.writeVarintField(15, 2);
        w.writeStringField(1, l.name);
        const keys: string[] = [],
          values: (string | number | boolean)[] = [];
        const keyIndex = new Map<string, number>(),
          valueIndex = new Map<string, number>();
        for (const f of l.features) {
          w.writeMessage(
            2,
            (feature: FixtureFeature, fw: PbfWriter) => {
              const tags: number[] = [];
              for (const [k, v] of Object.entries(feature.properties)) {
                if (!keyIndex.has(k)) keyIndex.set(k, keys.push(k) - 1);
                const vk = `${typeof v}:${v}`;
                if (!valueIndex.has(vk)) valueIndex.set(vk, values.push(v) - 1);
                tags.push(keyIndex.get(k)!, valueIndex.get(vk)!);
              }
              fw.writePackedVarint(2, tags);
              fw.writeVarintField(3, feature.type === 'point' ? 1 : feature.type === 'line' ? 2 : 3);
              fw.writePackedVarint(4, encodeGeometry(feature));
            },
            f,
          );
        }
        for (const k of keys) w.writeStringField(3, k);
        for (const v of values) {
          w.writeMessage(
            4,
            (value: string | number | boolean, vw: PbfWriter) => {
              if (typeof value === 'string') vw.writeStringField(1, value);
              else if (typeof value === 'boolean') vw.writeBooleanField(7, value);
              else vw.writeDoubleField(3, value);
            },
            v,
          );
        }
        w.writeVarintField(5, l.extent ?? 4096);
      },
      layer,
    );
  }
  return pbf.finish();
}

// --- The made-up town, in longitude and latitude. ---

type Kind = 'water' | 'park' | 'residential' | 'building' | 'motorway' | 'major' | 'minor' | 'rail' | 'city' | 'village';
interface TownFeature {
  kind: Kind;
  type: FixtureFeature['type'];
  coords: [number, number][][];
  name?: string;
}

const box = (w: number, s: number, e: number, n: number): [number, number][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

function town(): TownFeature[] {
  const f: TownFeature[] = [
    { kind: 'residential', type: 'polygon', coords: [box(4.875, 52.358, 4.925, 52.386)] },
    { kind: 'park', type: 'polygon', coords: [box(4.905, 52.3595, 4.918, 52.364)], name: 'Stadspark' },
    { kind: 'water', type: 'polygon', coords: [box(4.86, 52.3694, 4.945, 52.3712)], name: 'Stadsgracht' },
    { kind: 'water', type: 'polygon', coords: [box(4.922, 52.376, 4.94, 52.386)], name: 'Het Meer' },
    {
      kind: 'motorway',
      type: 'line',
      coords: [
        [
          [4.84, 52.352],
          [4.9, 52.3535],
          [4.96, 52.352],
        ],
      ],
      name: 'A10',
    },
    {
      kind: 'major',
      type: 'line',
      coords: [
        [
          [4.9, 52.34],
          [4.9, 52.4],
        ],
      ],
      name: 'Hoofdweg',
    },
    {
      kind: 'rail',
      type: 'line',
      coords: [
        [
          [4.84, 52.392],
          [4.96, 52.358],
        ],
      ],
    },
    { kind: 'city', type: 'point', coords: [[[4.8975, 52.3785]]], name: 'Amsterdam' },
    { kind: 'village', type: 'point', coords: [[[4.935, 52.3625]]], name: 'Oostdorp' },
  ];
  const streetsNS: [number, string][] = [
    [4.885, 'Kerkstraat'],
    [4.893, 'Molenstraat'],
    [4.912, 'Dorpsstraat'],
  ];
  const streetsEW: [number, string][] = [
    [52.3655, 'Marktstraat'],
    [52.3745, 'Havenstraat'],
    [52.3815, 'Schoolstraat'],
  ];
  for (const [lon, name] of streetsNS)
    f.push({
      kind: 'minor',
      type: 'line',
      coords: [
        [
          [lon, 52.356],
          [lon, 52.388],
        ],
      ],
      name,
    });
  for (const [lat, name] of streetsEW)
    f.push({
      kind: 'minor',
      type: 'line',
      coords: [
        [
          [4.87, lat],
          [4.93, lat],
        ],
      ],
      name,
    });
  for (let lon = 4.886; lon < 4.8925; lon += 0.0011) {
    for (let lat = 52.3662; lat < 52.369; lat += 0.0007) f.push({ kind: 'building', type: 'polygon', coords: [box(lon, lat, lon + 0.0007, lat + 0.0004)] });
  }
  for (let lon = 4.9015; lon < 4.9105; lon += 0.0011) {
    for (let lat = 52.3752; lat < 52.3805; lat += 0.0007) f.push({ kind: 'building', type: 'polygon', coords: [box(lon, lat, lon + 0.0007, lat + 0.0004)] });
  }
  return f;
}
const TOWN = town();
/** Where the town lies: [west, south, east, north]. */
export const TOWN_BOUNDS: [number, number, number, number] = [4.84, 52.34, 4.96, 52.4];

export type FixtureSchema = 'brt' | 'openmaptiles' | 'protomaps';

/** A town feature's layer and properties in a schema. */
function inSchema(schema: FixtureSchema, t: TownFeature): { layer: string; properties: Props; names?: string } {
  const name = t.name;
  const named = (p: Props, key = 'name'): Props => (name ? { ...p, [key]: name } : p);
  if (schema === 'openmaptiles') {
    switch (t.kind) {
      case 'water':
        return { layer: 'water', properties: { class: 'lake' } };
      case 'park':
        return { layer: 'park', properties: named({ class: 'park' }) };
      case 'residential':
        return { layer: 'landuse', properties: { class: 'residential' } };
      case 'building':
        return { layer: 'building', properties: {} };
      case 'motorway':
        return { layer: 'transportation', properties: { class: 'motorway' }, names: 'transportation_name' };
      case 'major':
        return { layer: 'transportation', properties: { class: 'primary' }, names: 'transportation_name' };
      case 'minor':
        return { layer: 'transportation', properties: { class: 'minor' }, names: 'transportation_name' };
      case 'rail':
        return { layer: 'transportation', properties: { class: 'rail' } };
      default:
        return { layer: 'place', properties: named({ class: t.kind === 'city' ? 'city' : 'village', rank: t.kind === 'city' ? 1 : 10 }) };
    }
  }
  if (schema === 'protomaps') {
    switch (t.kind) {
      case 'water':
        return { layer: 'water', properties: named({ kind: 'water' }) };
      case 'park':
        return { layer: 'landuse', properties: named({ kind: 'park' }) };
      case 'residential':
        return { layer: 'landuse', properties: { kind: 'residential' } };
      case 'building':
        return { layer: 'buildings', properties: { kind: 'building' } };
      case 'motorway':
        return { layer: 'roads', properties: named({ kind: 'highway' }) };
      case 'major':
        return { layer: 'roads', properties: named({ kind: 'major_road' }) };
      case 'minor':
        return { layer: 'roads', properties: named({ kind: 'minor_road' }) };
      case 'rail':
        return { layer: 'roads', properties: { kind: 'rail' } };
      default:
        return { layer: 'places', properties: named({ kind: 'locality', population_rank: t.kind === 'city' ? 14 : 6 }) };
    }
  }
  switch (t.kind) {
    case 'water':
      return { layer: 'waterdeel_vlak', properties: named({ typewater: 'meer, plas' }, 'naam') };
    case 'park':
      return { layer: 'terrein_vlak', properties: { typelandgebruik: 'grasland' } };
    case 'residential':
      return { layer: 'terrein_vlak', properties: { typelandgebruik: 'bebouwd gebied' } };
    case 'building':
      return { layer: 'gebouw_vlak', properties: { typegebouw: 'overig' } };
    case 'motorway':
      return { layer: 'wegdeel_lijn', properties: { typeweg: 'autosnelweg' } };
    case 'major':
      return { layer: 'wegdeel_lijn', properties: named({ typeweg: 'hoofdweg' }, 'straatnaam') };
    case 'minor':
      return { layer: 'wegdeel_lijn', properties: named({ typeweg: 'straat' }, 'straatnaam') };
    case 'rail':
      return { layer: 'spoorbaandeel_lijn', properties: { typespoorbaan: 'trein' } };
    default:
      return { layer: 'plaats_punt', properties: named({ aantalinwoners: t.kind === 'city' ? 900000 : 2000 }, 'naam') };
  }
}

function project(lon: number, lat: number): [number, number] {
  const x = (lon + 180) / 360;
  const s = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  return [x, y];
}

/** The town's tile z/x/y in a schema, as MVT bytes; null when the town does not reach the tile. */
export function townTile(schema: FixtureSchema, z: number, x: number, y: number, extent = 4096): Uint8Array | null {
  const n = 2 ** z;
  const buffer = 0.125;
  const layers = new Map<string, FixtureFeature[]>();
  if (schema === 'protomaps') layers.set('earth', [{ type: 'polygon', geometry: [box(0, 0, extent, extent)], properties: { kind: 'earth' } }]);
  let any = false;
  for (const t of TOWN) {
    const rings = t.coords.map((ring) =>
      ring.map(([lon, lat]) => {
        const [wx, wy] = project(lon, lat);
        return [(wx * n - x) * extent, (wy * n - y) * extent] as [number, number];
      }),
    );
    const xs = rings.flat().map((p) => p[0]),
      ys = rings.flat().map((p) => p[1]);
    if (
      Math.max(...xs) < -buffer * extent ||
      Math.min(...xs) > (1 + buffer) * extent ||
      Math.max(...ys) < -buffer * extent ||
      Math.min(...ys) > (1 + buffer) * extent
    )
      continue;
    const { layer, properties, names } = inSchema(schema, t);
    if (!layers.has(layer)) layers.set(layer, []);
    layers.get(layer)!.push({ type: t.type, geometry: rings, properties });
    // OpenMapTiles keeps road names in a layer of their own.
    if (names && t.name) {
      if (!layers.has(names)) layers.set(names, []);
      layers.get(names)!.push({ type: t.type, geometry: rings, properties: { ...properties, name: t.name } });
    }
    any = true;
  }
  if (!any) return null;
  return encodeMvt([...layers].map(([name, features]) => ({ name, extent, features })));
}

/** The tiles of zoom z that the town reaches. */
export function townTiles(z: number): { x: number; y: number }[] {
  const n = 2 ** z;
  const [w, s, e, nn] = TOWN_BOUNDS;
  const [x0, y0] = project(w, nn),
    [x1, y1] = project(e, s);
  const out: { x: number; y: number }[] = [];
  for (let y = Math.floor(y0 * n); y <= Math.floor(y1 * n); y++) for (let x = Math.floor(x0 * n); x <= Math.floor(x1 * n); x++) out.push({ x, y });
  return out;
}

// --- PMTiles v3 ---

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/** A PMTiles v3 archive (no compression, one root directory) of the given tiles. */
export function writePmtiles(tiles: { z: number; x: number; y: number; data: Uint8Array }[], bounds = TOWN_BOUNDS): Buffer {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const p = { id: e.id, offset, length: e.data.length };
    offset += e.data.length;
    return p;
  });
  const dir: number[] = varints([placed.length]);
  let last = 0;
  for (const e of placed) {
    dir.push(...varints([e.id - last]));
    last = e.id;
  }
  for (let i = 0; i < placed.length; i++) dir.push(...varints([1]));
  for (const e of placed) dir.push(...varints([e.length]));
  for (let i = 0; i < placed.length; i++) {
    const e = placed[i];
    const contiguous = i > 0 && e.offset === placed[i - 1].offset + placed[i - 1].length;
    dir.push(...varints([contiguous ? 0 : e.offset + 1]));
  }
  const metadata = Buffer.from('{}');
  const header = Buffer.alloc(127);
  const rootOffset = 127,
    rootLength = dir.length;
  const metaOffset = rootOffset + rootLength,
    dataOffset = metaOffset + metadata.length;
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(rootLength, 16);
  u64(metaOffset, 24);
  u64(metadata.length, 32);
  u64(0, 40);
  u64(0, 48);
  u64(dataOffset, 56);
  u64(offset, 64);
  u64(entries.length, 72);
  u64(entries.length, 80);
  u64(entries.length, 88);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: MVT
  const zooms = tiles.map((t) => t.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(Math.round(bounds[0] * 1e7), 102);
  header.writeInt32LE(Math.round(bounds[1] * 1e7), 106);
  header.writeInt32LE(Math.round(bounds[2] * 1e7), 110);
  header.writeInt32LE(Math.round(bounds[3] * 1e7), 114);
  header.writeUInt8(Math.max(...zooms), 118);
  header.writeInt32LE(Math.round(((bounds[0] + bounds[2]) / 2) * 1e7), 119);
  header.writeInt32LE(Math.round(((bounds[1] + bounds[3]) / 2) * 1e7), 123);
  return Buffer.concat([header, Buffer.from(dir), metadata, ...entries.map((e) => Buffer.from(e.data))]);
}

/** The town as a PMTiles archive of a schema, zooms minZoom to maxZoom. */
export function townArchive(schema: FixtureSchema, minZoom = 5, maxZoom = 15): Buffer {
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const { x, y } of townTiles(z)) {
      const data = townTile(schema, z, x, y);
      if (data) tiles.push({ z, x, y, data });
    }
  }
  return writePmtiles(tiles);
}
