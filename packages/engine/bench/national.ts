// Bench: the national-sized synthetic model (deterministic seed). Prints the
// full calculation time, the plain dense all-pairs time in the same run and
// the speed-up, an incremental one-store change, and peak memory.

import { performance } from 'node:perf_hooks';
import { calculateScenario, estimatorProvider, recalculateChangedLocations } from '../src/index.js';
import { denseHuff } from '../test/dense-huff.js';
import { syntheticWorld } from '../test/synthetic-world.js';

const cells = Number(process.env.BENCH_CELLS ?? 40_000);
const stores = Number(process.env.BENCH_STORES ?? 5_000);
const world = syntheticWorld(cells, stores);
const provider = estimatorProvider();

const ms = (t0: number) => performance.now() - t0;
const fmt = (v: number) => `${v.toFixed(0)} ms`;

// One warm-up so the JIT has seen the code paths (a worker calculates many scenarios).
await calculateScenario(syntheticWorld(2_000, 300, 7), provider);

let t0 = performance.now();
const full = await calculateScenario(world, provider);
const fullMs = ms(t0);

t0 = performance.now();
const dense = denseHuff(world.areas, world.locations, world.parameters);
const denseMs = ms(t0);

let worst = 0;
for (let j = 0; j < dense.length; j++) worst = Math.max(worst, Math.abs(full.output[j] - dense[j]) / Math.max(Math.abs(dense[j]), 1e-300));

// One-store change: store 123 grows to 2,800 m2 (the typical "what if we extend" scenario).
const properties = Array.from(world.locations.properties).map((p, j) => (j === 123 ? { ...p, salesArea: 2800 } : p));
const locations = { ...world.locations, properties };
t0 = performance.now();
const inc = await recalculateChangedLocations(full, world.areas, { locations, changed: [123] }, provider);
const incMs = ms(t0);

// One-store closure.
const active = new Uint8Array(stores).fill(1);
active[321] = 0;
t0 = performance.now();
await recalculateChangedLocations(full, world.areas, { locations: { ...world.locations, active }, changed: [321] }, provider);
const closeMs = ms(t0);

const memory = process.memoryUsage();
const maxRss = process.resourceUsage().maxRSS / 1024;

console.log(`engine bench: ${cells.toLocaleString('en')} demand cells x ${stores.toLocaleString('en')} stores (${full.pairs.location.length.toLocaleString('en')} candidate pairs of ${(cells * stores).toLocaleString('en')})`);
console.log(`  full calculation (sparse engine):    ${fmt(fullMs)}`);
console.log(`  plain dense all-pairs (same run):    ${fmt(denseMs)}`);
console.log(`  speed-up:                            ${(denseMs / fullMs).toFixed(1)}x   (largest relative difference of outputs ${worst.toExponential(1)})`);
console.log(`  incremental one-store edit:          ${fmt(incMs)}   (${inc.affectedAreas.length.toLocaleString('en')} areas recomputed)`);
console.log(`  incremental one-store closure:       ${fmt(closeMs)}`);
console.log(`  peak memory (maxRSS):                ${maxRss.toFixed(0)} MB   (heap used now ${(memory.heapUsed / 1048576).toFixed(0)} MB, array buffers ${(memory.arrayBuffers / 1048576).toFixed(0)} MB)`);
