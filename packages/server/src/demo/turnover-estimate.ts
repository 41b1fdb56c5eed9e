// The synthetic "actual" turnover of the demo stores, for matching and the
// drivers: a simple gravity estimate over the 1 km cells (each cell's grocery
// spending shared by the stores within 8 km by size over squared distance),
// times the brand's sales performance, times noise. It is deliberately not
// the model's own calculation, so model and "actual" differ as they would.
import type { DemoArea } from './areas.js';
import type { Brand, DemoLocation } from './networks.js';
import type { Random } from './random.js';
import { PointIndex } from './spatial.js';

/** Share of grocery spending that goes to supermarkets (the rest: markets, specialists, online). */
const SUPERMARKET_SHARE = 0.88;
const REACH_KM = 8;

export function estimateActualTurnover(stores: DemoLocation[], cells: DemoArea[], brands: Brand[], random: Random): number[] {
  const index = new PointIndex(stores, 2);
  const appeal = stores.map((s) => Math.pow(Number(s.properties.salesFloorArea), 0.9) * (1 + Math.min(Number(s.properties.parkingSpaces), 200) / 400));
  const sales = new Float64Array(stores.length);
  const near: number[] = [];
  const utility: number[] = [];
  for (const cell of cells) {
    near.length = 0;
    utility.length = 0;
    let total = 0;
    index.within(cell.longitude, cell.latitude, REACH_KM, (j, d) => {
      const u = appeal[j]! / (d + 0.7) ** 2;
      near.push(j);
      utility.push(u);
      total += u;
    });
    if (total === 0) continue;
    const spend = Number(cell.properties.purchasingPower) * SUPERMARKET_SHARE;
    for (let k = 0; k < near.length; k++) sales[near[k]!]! += (spend * utility[k]!) / total;
  }
  const performance = new Map(brands.map((b) => [b.code, b.performance]));
  return stores.map((s, j) => {
    const noise = Math.exp(0.15 * random.normal());
    // Rounded to thousands of euros, as a store would report it.
    return Math.max(100_000, Math.round((sales[j]! * (performance.get(s.groupCode ?? '') ?? 1) * noise) / 1000) * 1000);
  });
}
