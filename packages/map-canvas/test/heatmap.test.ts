// The heat map's grid and colouring without a browser: edges fade to transparent in small steps, a
// cell's value does not depend on the region its grid was computed for (so a reused grid draws the
// same pixels as a fresh one), and pans and small zooms reuse the grid while big moves recompute it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { colorRamp, OPAQUE_INTENSITY } from '../src/layers/heatmap/color-ramp.js';
import { colorizeHeat, computeHeatGrid, fixedWeights, heatLattice, unitScale, type CellRegion } from '../src/layers/heatmap/heat-grid.js';
import { HeatmapLayer } from '../src/layers/heatmap/heatmap-layer.js';
import { HeatmapRenderer } from '../src/layers/heatmap/heatmap-renderer.js';
import { createFrameState } from '../src/view/frame-state.js';
import { lonLatToWorld } from '../src/geo/mercator.js';
import { random } from '../demo/scene.js';
import { boxSum3x3, boxSumColumns, boxSumRows } from '../src/layers/heatmap/blur.js';

const SIZE = { width: 400, height: 300 };

function scatter(count: number, seed: number): { world: Float64Array; weights: Float32Array } {
  const rand = random(seed);
  const world = new Float64Array(2 * count),
    weights = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    world.set(lonLatToWorld(4.85 + rand() * 0.1, 52.33 + rand() * 0.08), 2 * i);
    weights[i] = Math.floor(rand() * 256) / 255;
  }
  return { world, weights };
}

/** 3,000 scattered points and the lattice of a 1 km kernel at zoom 11 over Amsterdam, with the lattice
 * cell (i, j) at the view's centre. */
function streetLattice(seed: number) {
  const { world, weights } = scatter(3000, seed);
  const frame = createFrameState({ center: [4.9, 52.37], zoom: 11, bearing: 0, pitch: 0 }, SIZE, 1);
  const lattice = heatLattice(1000 / (frame.metersPerPixel * frame.scale), frame.scale, SIZE);
  const i = Math.floor(frame.centerWorld[0] / lattice.cell),
    j = Math.floor(frame.centerWorld[1] / lattice.cell);
  return { world, fixed: fixedWeights(weights), lattice, i, j };
}

test('the ramp is transparent at zero and its alpha rises without a jump', () => {
  const ramp = colorRamp(undefined, 1024);
  assert.is(ramp[0] >>> 24, 0);
  let largestStep = 0;
  for (let i = 1; i < ramp.length; i++) largestStep = Math.max(largestStep, (ramp[i] >>> 24) - (ramp[i - 1] >>> 24));
  assert.ok(largestStep <= 1, `alpha rises by at most one level per entry (largest step ${largestStep})`);
  assert.is(ramp[Math.ceil(OPAQUE_INTENSITY * 1023)] >>> 24, 255);
});

test('one point at street zoom fades out to transparent in small steps, on coarse cells', () => {
  const center = lonLatToWorld(4.9, 52.37);
  const frame = createFrameState({ center: [4.9, 52.37], zoom: 14, bearing: 0, pitch: 0 }, SIZE, 1);
  const radiusWorld = 300 / (frame.metersPerPixel * frame.scale);
  const lattice = heatLattice(radiusWorld, frame.scale, SIZE);
  assert.ok(lattice.cell * frame.scale >= 8, `cells are coarse (${(lattice.cell * frame.scale).toFixed(1)} px)`);
  const e = frame.extent;
  const region: CellRegion = [
    Math.floor(e[0] / lattice.cell) - 1,
    Math.floor(e[1] / lattice.cell) - 1,
    Math.ceil(e[2] / lattice.cell) + 1,
    Math.ceil(e[3] / lattice.cell) + 1,
  ];
  const grid = computeHeatGrid(new Float64Array(center), new Uint16Array([1024]), lattice, region);
  const ramp = colorRamp(undefined, 1024);
  const pixels = new Uint32Array(SIZE.width * SIZE.height);
  colorizeHeat(grid, frame.toWorld, 1, 1023 * unitScale(lattice), SIZE.width, SIZE.height, ramp, pixels);
  // Along the row through the point, from the peak to the right edge of the screen.
  const row = SIZE.height / 2,
    alphas: number[] = [];
  for (let x = SIZE.width / 2; x < SIZE.width; x++) alphas.push(pixels[row * SIZE.width + x] >>> 24);
  assert.is(alphas[0], 255, 'opaque at the peak');
  assert.is(alphas[alphas.length - 1], 0, 'transparent far out');
  for (let i = 1; i < alphas.length; i++) {
    assert.ok(alphas[i] <= alphas[i - 1], `alpha never rises going out (pixel ${i})`);
    assert.ok(alphas[i - 1] - alphas[i] <= 12, `no hard step: ${alphas[i - 1]} to ${alphas[i]} at pixel ${i}`);
  }
  const lastPainted = alphas.findLastIndex((a) => a > 0);
  assert.ok(alphas[lastPainted] <= 4, `the last painted pixel is nearly transparent (alpha ${alphas[lastPainted]})`);
});

test('box sums equal a direct sum over the window, also on rows and columns shorter than the window', () => {
  const rand = random(5);
  for (const [w, h, r] of [
    [9, 7, 1],
    [12, 5, 3],
    [3, 4, 2],
    [2, 2, 3],
    [1, 6, 1],
    [17, 1, 4],
  ]) {
    const grid = Float64Array.from({ length: w * h }, () => Math.floor(rand() * 1000));
    const rows = new Float64Array(w * h),
      both = new Float64Array(w * h);
    boxSumRows(grid, rows, w, h, r);
    boxSumColumns(rows, both, w, h, r, new Float64Array(w));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let rowSum = 0,
          boxSum = 0;
        for (let dx = -r; dx <= r; dx++) if (x + dx >= 0 && x + dx < w) rowSum += grid[y * w + x + dx];
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h) boxSum += grid[(y + dy) * w + x + dx];
        assert.is(rows[y * w + x], rowSum, `row sum at ${x},${y} of ${w}x${h}, r ${r}`);
        assert.is(both[y * w + x], boxSum, `box sum at ${x},${y} of ${w}x${h}, r ${r}`);
      }
    }
  }
});

test('the 3 x 3 box sum in one sweep, in place, equals a direct sum over the window, on grids of any shape', () => {
  const rand = random(8);
  for (const [w, h] of [
    [9, 7],
    [1, 1],
    [1, 6],
    [6, 1],
    [2, 2],
    [2, 9],
    [40, 3],
    [33, 31],
  ]) {
    const grid = Float64Array.from({ length: w * h }, () => (rand() < 0.3 ? 0 : Math.floor(rand() * 1e9)));
    const swept = grid.slice();
    boxSum3x3(swept, w, h, new Float64Array(w).fill(7));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h) sum += grid[(y + dy) * w + x + dx];
        assert.is(swept[y * w + x], sum, `box sum at ${x},${y} of ${w}x${h}`);
      }
    }
  }
});

test('a slightly larger grid is computed in the memory of an evicted one, with the same values as in new memory', () => {
  const { world, fixed, lattice, i, j } = streetLattice(5);
  const old = computeHeatGrid(world, fixed, lattice, [i - 40, j - 30, i + 40, j + 30], undefined, 0);
  old.values.fill(777);
  // About 10 % more cells than the evicted grid held.
  const region: CellRegion = [i - 42, j - 31, i + 42, j + 32];
  const reused = computeHeatGrid(world, fixed, lattice, region, old.values, 0);
  assert.ok(reused.values.length > old.values.length, `${reused.values.length} cells, the evicted grid had ${old.values.length}`);
  assert.is(reused.values.buffer, old.values.buffer, "the evicted grid's memory was used");
  const fresh = computeHeatGrid(world, fixed, lattice, region, undefined, 0);
  assert.equal([...reused.values], [...fresh.values]);
  assert.ok(
    fresh.values.some((v) => v > 0),
    'the grid holds heat',
  );
});

/** A 1.2 km kernel's grid over the view at a zoom and pixel ratio, with what colouring it needs. */
function coloringCase(world: Float64Array, fixed: Uint16Array, zoom: number, pr: number) {
  const frame = createFrameState({ center: [4.9, 52.37], zoom, bearing: 0, pitch: 0 }, SIZE, pr);
  const lattice = heatLattice(1200 / (frame.metersPerPixel * frame.scale), frame.scale, SIZE);
  const e = frame.extent;
  const grid = computeHeatGrid(world, fixed, lattice, [
    Math.floor(e[0] / lattice.cell) - 1,
    Math.floor(e[1] / lattice.cell) - 1,
    Math.ceil(e[2] / lattice.cell) + 1,
    Math.ceil(e[3] / lattice.cell) + 1,
  ]);
  const w = Math.round(SIZE.width * pr),
    h = Math.round(SIZE.height * pr),
    ramp = colorRamp(undefined, 1024);
  return { frame, lattice, grid, w, h, ramp, scale: 1023 * unitScale(lattice) };
}

test('rows coloured in sweeps (up to three device rows between the same lattice rows at once) equal rows coloured one by one', () => {
  const { world, fixed } = streetLattice(9);
  let wide = 0;
  for (const [zoom, pr] of [
    [10.4, 1],
    [11.6, 2],
    [13.2, 1.5],
  ]) {
    const { frame, lattice, grid, w, h, ramp, scale } = coloringCase(world, fixed, zoom, pr);
    const whole = new Uint32Array(w * h),
      single = new Uint32Array(w * h);
    colorizeHeat(grid, frame.toWorld, pr, scale, w, h, ramp, whole);
    for (let y = 0; y < h; y++) colorizeHeat(grid, frame.toWorld, pr, scale, w, h, ramp, single, y, y + 1);
    assert.ok(lattice.cell * frame.scale * pr > 2, `zoom ${zoom}: device rows share lattice rows`);
    assert.ok(whole.filter((v) => v !== 0).length > (w * h) / 10, `zoom ${zoom}: the screen holds heat`);
    assert.equal(whole, single, `zoom ${zoom} at pixel ratio ${pr}`);
    // Four or more device rows between two lattice rows: sweeps of three, and of two and two.
    if (lattice.cell * frame.scale * pr > 4) wide++;
  }
  assert.ok(wide > 0, 'a case with four or more rows per lattice row');
});

test('columns under opaque pixels of layers above are left as they were; every other pixel is coloured as without them', () => {
  const { world, fixed } = streetLattice(4);
  for (const [zoom, pr] of [
    [10.4, 1],
    [11.6, 2],
  ]) {
    const { frame, grid, w, h, ramp, scale } = coloringCase(world, fixed, zoom, pr);
    // Covered pixels: runs of 3 to 40 columns here and there (icons), some whole words, some rows alone.
    const words = Math.ceil(w / 32),
      covered = new Int32Array(words * h),
      rand = random(11);
    const isCovered = (x: number, y: number) => (covered[y * words + (x >> 5)] >>> (x & 31)) & 1;
    for (let n = 0; n < 4000; n++) {
      const x0 = Math.floor(rand() * w),
        y0 = Math.floor(rand() * h),
        len = 3 + Math.floor(rand() * 38),
        rows = 1 + Math.floor(rand() * 12);
      for (let y = y0; y < Math.min(h, y0 + rows); y++) for (let x = x0; x < Math.min(w, x0 + len); x++) covered[y * words + (x >> 5)] |= 1 << (x & 31);
    }
    const all = new Uint32Array(w * h),
      some = new Uint32Array(w * h).fill(0x5a5a5a5a);
    const box = colorizeHeat(grid, frame.toWorld, pr, scale, w, h, ramp, all);
    assert.equal(colorizeHeat(grid, frame.toWorld, pr, scale, w, h, ramp, some, 0, h, covered), box, `zoom ${zoom}: the same box`);
    let left = 0,
      coveredHeat = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0, p = y * w; x < w; x++, p++) {
        if (isCovered(x, y) && all[p] !== 0) coveredHeat++;
        if (some[p] === all[p]) continue;
        assert.ok(isCovered(x, y) && some[p] === 0x5a5a5a5a, `zoom ${zoom}: pixel ${x}, ${y} is ${some[p]}, not ${all[p]}`);
        left++;
      }
    }
    // Within the heat's box nearly every covered pixel is left out (a row coloured in a pair with the
    // next is left out where both are covered).
    assert.ok(coveredHeat > 20000, `zoom ${zoom}: covered pixels with heat: ${coveredHeat}`);
    assert.ok(left > coveredHeat / 2, `zoom ${zoom}: ${left} pixels left out`);
  }
});

test('a cell has the same value whichever region its grid was computed for', () => {
  const { world, fixed, lattice, i, j } = streetLattice(3);
  const a = computeHeatGrid(world, fixed, lattice, [i - 40, j - 30, i + 40, j + 30]);
  // b is written over the values of an old grid (left-over numbers in it must not count).
  const spare = new Float64Array(a.values.length * 2).fill(12345);
  const b = computeHeatGrid(world, fixed, lattice, [i - 13, j - 71, i + 97, j + 9], spare);
  assert.is(b.values.buffer, spare.buffer, 'the spare array was used');
  let compared = 0,
    nonzero = 0;
  for (let y = j - 30; y <= j + 9; y++) {
    for (let x = i - 13; x <= i + 40; x++) {
      const va = a.values[(y - a.j0) * a.width + (x - a.i0)],
        vb = b.values[(y - b.j0) * b.width + (x - b.i0)];
      assert.is(va, vb, `cell ${x},${y}`);
      compared++;
      if (va > 0) nonzero++;
    }
  }
  assert.ok(compared > 2000 && nonzero > compared / 2, `${compared} cells compared, ${nonzero} with heat`);
});

test('pans and zooms reuse the grid while it covers the view; leaving it, a new lattice or new points compute anew', () => {
  const { world, weights } = scatter(2000, 9);
  const layer = new HeatmapLayer({ radius: 800 });
  layer.world = world;
  layer.weights = weights;
  const renderer = new HeatmapRenderer(layer);
  const at = (lon: number, lat: number, zoom: number) => createFrameState({ center: [lon, lat], zoom, bearing: 0, pitch: 0 }, SIZE, 1);
  const first = renderer.gridFor(at(4.9, 52.37, 11))!.grid;
  assert.is(renderer.gridsComputed, 1);
  assert.is(renderer.gridFor(at(4.905, 52.372, 11))!.grid, first, 'a pan of a few hundred metres reuses the grid');
  assert.is(renderer.gridFor(at(4.9, 52.37, 11.3))!.grid, first, 'zooming in reuses it (the lattice follows the radius, not the zoom)');
  assert.is(renderer.gridsComputed, 1);
  const wide = renderer.gridFor(at(4.9, 52.37, 9))!.grid;
  assert.is(renderer.gridsComputed, 2, 'zooming out two levels leaves the grid');
  assert.is(renderer.gridFor(at(4.9, 52.37, 11))!.grid, wide, 'the wider grid covers the way back');
  renderer.gridFor(at(4.9, 52.37, 14));
  assert.is(renderer.gridsComputed, 3, 'at street zoom the cells are capped at 8 px: a new lattice');
  layer.weights = new Float32Array(weights);
  renderer.gridFor(at(4.9, 52.37, 11));
  assert.is(renderer.gridsComputed, 4, 'new points are a new grid');
});

test('zooming in, a new grid is computed with a small margin: fewer cells, the same picture', () => {
  const { world, weights } = scatter(4000, 12);
  const layer = new HeatmapLayer({ radius: 1200 });
  layer.world = world;
  layer.weights = weights;
  const at = (zoom: number) => createFrameState({ center: [4.9, 52.3], zoom, bearing: 0, pitch: 0 }, SIZE, 1);
  const zooming = new HeatmapRenderer(layer),
    direct = new HeatmapRenderer(layer);
  zooming.gridFor(at(7.3));
  const small = zooming.gridFor(at(7.6))!.grid,
    full = direct.gridFor(at(7.6))!.grid;
  assert.is(zooming.gridsComputed, 2, 'a new lattice');
  assert.ok(small.width * small.height < 0.8 * full.width * full.height, `${small.width * small.height} cells against ${full.width * full.height}`);
  const ramp = colorRamp(undefined, 1024);
  const colour = (grid: typeof small) => {
    const pixels = new Uint32Array(SIZE.width * SIZE.height);
    colorizeHeat(grid, at(7.6).toWorld, 1, 1023 * layer.intensity * unitScale(grid.lattice), SIZE.width, SIZE.height, ramp, pixels);
    return pixels;
  };
  const a = colour(small),
    b = colour(full);
  let painted = 0;
  for (let i = 0; i < a.length; i++) {
    if (b[i] !== 0) painted++;
    if (a[i] !== b[i]) assert.unreachable(`pixel ${i} differs`);
  }
  assert.ok(painted > 1000, `${painted} pixels with heat`);
});

test.run();
