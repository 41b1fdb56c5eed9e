// A deterministic synthetic "national" model over the Netherlands' bounding
// box: demand cells on a jittered grid, stores clustered around towns (as
// retail is), sized like supermarkets. Used by the equality test and the bench.

import type { AreaInput, LocationInput, ModelParameters } from '../src/index.js';

/** mulberry32: a small, fast, seedable generator, so every run builds the same world. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const NETHERLANDS = { west: 3.36, south: 50.75, east: 7.23, north: 53.55 };

export interface SyntheticWorld {
  areas: AreaInput;
  locations: LocationInput;
  parameters: ModelParameters;
}

export function syntheticWorld(cellCount: number, storeCount: number, seed = 20240601): SyntheticWorld {
  const rnd = random(seed);
  const box = NETHERLANDS;
  const towns = Array.from({ length: 120 }, () => ({
    lat: box.south + rnd() * (box.north - box.south),
    lon: box.west + rnd() * (box.east - box.west),
    size: 0.3 + rnd() * rnd() * 3,
  }));
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

  const side = Math.ceil(Math.sqrt(cellCount * ((box.east - box.west) / (box.north - box.south))));
  const rows = Math.ceil(cellCount / side);
  const cellLat = new Float64Array(cellCount);
  const cellLon = new Float64Array(cellCount);
  const cellProps: Array<{ population: number; income: number }> = [];
  for (let c = 0; c < cellCount; c++) {
    const x = c % side;
    const y = Math.floor(c / side);
    cellLon[c] = box.west + ((x + 0.2 + 0.6 * rnd()) / side) * (box.east - box.west);
    cellLat[c] = box.south + ((y + 0.2 + 0.6 * rnd()) / rows) * (box.north - box.south);
    cellProps.push({ population: Math.round(50 + rnd() * 2000), income: 20000 + Math.round(rnd() * 30000) });
  }

  const lat = new Float64Array(storeCount);
  const lon = new Float64Array(storeCount);
  const storeProps: Array<Record<string, number | string>> = [];
  for (let j = 0; j < storeCount; j++) {
    const t = towns[Math.floor(rnd() * towns.length)];
    const spread = 0.04 * t.size;
    lat[j] = Math.min(box.north, Math.max(box.south, t.lat + gaussian() * spread));
    lon[j] = Math.min(box.east, Math.max(box.west, t.lon + gaussian() * spread * 1.6));
    storeProps.push({
      salesArea: Math.round(300 + rnd() * 2700),
      parking: Math.round(rnd() * 200),
      formula: rnd() < 0.5 ? 'super' : 'discount',
    });
  }
  return {
    areas: { latitude: cellLat, longitude: cellLon, properties: cellProps },
    locations: { latitude: lat, longitude: lon, properties: storeProps },
    parameters: {
      fractionCutOffThreshold: 0.01,
      car: { maximumMinutes: 20, scale: 1, constant: 2, power: 2 },
      pedestrian: { maximumMinutes: 15, scale: 1.5, constant: 1, power: 2.5 },
      functions: [
        { description: 'sales area', function: 'pow(salesArea, 0.9)', defaultValue: 1, type: 1 },
        { description: 'formula', function: "if formula = 'super' then 1.1 else 1", defaultValue: 1, type: 1 },
        { description: 'spending', function: 'population * income / 10000', defaultValue: 0, type: 2 },
      ],
    },
  };
}
