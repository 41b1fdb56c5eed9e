// Server-drawn images and documents: location icons, logos, area tiles, the
// tile cache and the help PDF. Pixel checks use Web Mercator maths written
// out here, independent of the renderer's own projection.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { locationIconPng, locationIconSvg } from '../src/render/location-icon.js';
import { categoryLogoSvg, modelLogoSvg, poiLogoPng, poiLogoSvg, POI_CATEGORIES } from '../src/render/poi-logo.js';
import { colorScale, renderAreaTile, type TileArea } from '../src/render/area-tile.js';
import { tileBounds } from '../src/render/tile-math.js';
import { createTileCache } from '../src/render/tile-cache.js';
import { helpPdf, parseGuide, userGuideDir } from '../src/render/help-pdf.js';
import { RgbaCanvas } from '../src/render/raster.js';
import type { Rgba } from '../src/render/color.js';

const decode = (png: Buffer) => PNG.sync.read(png);
const pixel = (image: PNG, x: number, y: number) => {
  const i = (image.width * Math.floor(y) + Math.floor(x)) * 4;
  return [...image.data.subarray(i, i + 4)];
};
const alphaAt = (image: PNG, x: number, y: number) => pixel(image, x, y)[3];

// ---------------------------------------------------------------- location icons

const icon = { color: '#1565c0', shape: 0, selected: false, changeType: 0 };

test('the location icon SVG carries the group colour and differs by selected state, change and shape', () => {
  const base = locationIconSvg(icon);
  assert.ok(base.startsWith('<svg') && base.includes('viewBox="0 0 32 32"'));
  assert.ok(base.includes('#1565c0'), 'brand colour as fill');
  const variants = [
    locationIconSvg({ ...icon, selected: true }),
    locationIconSvg({ ...icon, changeType: 1 }),
    locationIconSvg({ ...icon, changeType: 2 }),
    locationIconSvg({ ...icon, changeType: 3 }),
    locationIconSvg({ ...icon, shape: 1 }),
    locationIconSvg({ ...icon, shape: 2 }),
  ];
  assert.is(new Set([base, ...variants]).size, 7, 'every variant is drawn differently');
  assert.not.ok(variants[2].includes('#1565c0'), 'a closed location is greyed, not in brand colour');
  assert.ok(variants[1].includes('#2e7d32'), 'opened: green badge');
  assert.ok(variants[2].includes('#c62828'), 'closed: red badge');
  assert.is(locationIconSvg({ ...icon, changeType: 7 }), variants[3], 'unknown change types are drawn as edited');
});

test('the location icon SVG names its group and escapes the code', () => {
  const svg = locationIconSvg({ ...icon, code: 'A&B <x>' });
  assert.ok(svg.includes('<title>A&amp;B &lt;x&gt;</title>'));
  assert.throws(() => locationIconSvg({ ...icon, shape: 5 }), /shape/);
  assert.throws(() => locationIconSvg({ ...icon, color: 'blue' }), /colour/);
});

test('the location icon PNG is 32 x 32, opaque in the middle and transparent in the corners when round', () => {
  const image = decode(locationIconPng(icon));
  assert.is(image.width, 32);
  assert.is(image.height, 32);
  const [r, g, b, a] = pixel(image, 16, 16);
  assert.is(a, 255);
  assert.equal([r, g, b], [0x15, 0x65, 0xc0], 'the centre has the brand colour');
  for (const [x, y] of [
    [0, 0],
    [31, 0],
    [0, 31],
    [31, 31],
    [7, 7],
  ])
    assert.is(alphaAt(image, x, y), 0, `corner pixel ${x},${y}`);
  // The white border sits between the fill and the outside.
  const edge = pixel(image, 16, 26);
  assert.ok(edge[0] > 200 && edge[1] > 200 && edge[2] > 200, 'white border below the fill');
});

test('the square icon fills its corners, the selected icon is larger, the closed icon grey', () => {
  const square = decode(locationIconPng({ ...icon, shape: 1 }));
  const normal = decode(locationIconPng(icon));
  assert.is(alphaAt(square, 8, 7), 255, 'the square reaches where the circle does not');
  assert.ok(alphaAt(normal, 8, 7) < 64);
  const selected = decode(locationIconPng({ ...icon, selected: true }));
  assert.is(alphaAt(normal, 16, 3), 0);
  assert.ok(alphaAt(selected, 16, 3) > 200, 'the selected marker reaches further');
  const [r, g, b] = pixel(decode(locationIconPng({ ...icon, changeType: 2 })), 14, 18);
  assert.ok(Math.max(r, g, b) - Math.min(r, g, b) < 10, `closed marker is grey, got ${r},${g},${b}`);
  const badge = pixel(decode(locationIconPng({ ...icon, changeType: 1 })), 22, 5);
  assert.ok(badge[1] > badge[0] + 40 && badge[3] === 255, 'opened: a green badge at the top right');
});

test('the location icon PNG can be drawn at another size', () => {
  const image = decode(locationIconPng({ ...icon, shape: 2 }, 64));
  assert.is(image.width, 64);
  assert.is(alphaAt(image, 32, 32), 255);
  assert.is(alphaAt(image, 2, 2), 0);
});

// ---------------------------------------------------------------- logos

test('each POI category has its own pictogram; unknown categories get the default', () => {
  const svgs = POI_CATEGORIES.map((c) => poiLogoSvg(c));
  assert.is(new Set(svgs).size, POI_CATEGORIES.length);
  assert.is(poiLogoSvg('volcano').replace('volcano', 'default'), poiLogoSvg('default'));
  const png = decode(poiLogoPng('pharmacy'));
  assert.equal(pixel(png, 16, 16).slice(0, 3), [255, 255, 255], 'white cross in the middle');
  assert.is(alphaAt(png, 0, 0), 0);
});

test('search categories have icons and an unknown category is refused', () => {
  const svgs = ['location', 'place', 'poi', 'area'].map((c) => categoryLogoSvg(c));
  assert.is(new Set(svgs).size, 4);
  assert.throws(() => categoryLogoSvg('shoe'), /category/);
});

test('a model wordmark shows the escaped name in the brand colour and grows with the name', () => {
  const short = modelLogoSvg('Fresh & Co', '#0f766e');
  assert.ok(short.includes('Fresh &amp; Co'));
  assert.ok(short.includes('#0f766e'));
  const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
  assert.ok(width(modelLogoSvg('A much longer supermarket name', '#0f766e')) > width(short));
});

test("a wordmark carries the app's font, so it looks the same whatever fonts a machine has", () => {
  const svg = modelLogoSvg('Locus', '#0f766e');
  const face = /@font-face\{font-family:'([^']+)';[^}]*src:url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\)/.exec(svg);
  assert.ok(face, 'an inline @font-face');
  assert.is(face![1], 'Inter Variable');
  assert.is(Buffer.from(face![2], 'base64').subarray(0, 4).toString('latin1'), 'wOF2');
  for (const m of svg.matchAll(/font-family="([^"]+)"/g)) assert.ok(m[1].startsWith("'Inter Variable'"), m[1]);
});

// ---------------------------------------------------------------- tiles

/** Pixel of a longitude/latitude in tile z/x/y, by the textbook Web Mercator formulas. */
function mercatorPixel(z: number, x: number, y: number, lng: number, lat: number): [number, number] {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  const tx = ((lng + 180) / 360) * n;
  const ty = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  return [(tx - x) * 256, (ty - y) * 256];
}

const ring = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

// Tile 10/525/336 holds Amsterdam; the polygon lies inside it with a hole in the middle.
const AMSTERDAM_TILE = { z: 10, x: 525, y: 336 };
const block: TileArea = {
  geometry: { type: 'Polygon', coordinates: [ring(4.75, 52.33, 4.9, 52.41), ring(4.81, 52.36, 4.84, 52.38).reverse()] },
  value: 10,
};
const red: Rgba = [200, 30, 30, 255];

test('a tile over Amsterdam is coloured where the polygon is and transparent elsewhere', () => {
  const image = decode(renderAreaTile({ ...AMSTERDAM_TILE, areas: [block], colorFor: () => red, outline: null }));
  assert.is(image.width, 256);
  assert.is(image.height, 256);
  const { z, x, y } = AMSTERDAM_TILE;
  const [left, top] = mercatorPixel(z, x, y, 4.75, 52.41);
  const [right, bottom] = mercatorPixel(z, x, y, 4.9, 52.33);
  const [holeLeft, holeTop] = mercatorPixel(z, x, y, 4.81, 52.38);
  const [holeRight, holeBottom] = mercatorPixel(z, x, y, 4.84, 52.36);
  assert.equal(pixel(image, left + 3, top + 3), [...red], 'inside, near the top-left corner');
  assert.equal(pixel(image, right - 3, bottom - 3), [...red], 'inside, near the bottom-right corner');
  assert.is(alphaAt(image, left - 2, (top + bottom) / 2), 0, 'just left of the polygon');
  assert.is(alphaAt(image, right + 2, (top + bottom) / 2), 0, 'just right of the polygon');
  assert.is(alphaAt(image, (left + right) / 2, top - 2), 0, 'just above');
  assert.is(alphaAt(image, (left + right) / 2, bottom + 2), 0, 'just below');
  assert.is(alphaAt(image, (holeLeft + holeRight) / 2, (holeTop + holeBottom) / 2), 0, 'the hole stays transparent');
  assert.is(alphaAt(image, 5, 5), 0);
  assert.is(alphaAt(image, 250, 250), 0);
  // Antialiasing: the pixel the left edge passes through is partly covered, in proportion.
  const edgeColumn = Math.floor(left);
  const covered = edgeColumn + 1 - left;
  const alpha = alphaAt(image, edgeColumn, (top + bottom) / 2) / 255;
  assert.ok(Math.abs(alpha - covered) < 0.05, `edge pixel alpha ${alpha.toFixed(3)} matches coverage ${covered.toFixed(3)}`);
});

test('the same polygon as a MultiPolygon part and with an outline draws the outline on its edge', () => {
  const multi: TileArea = { geometry: { type: 'MultiPolygon', coordinates: [block.geometry.coordinates as number[][][]] }, value: null };
  const white: Rgba = [255, 255, 255, 255];
  const image = decode(renderAreaTile({ ...AMSTERDAM_TILE, areas: [multi], colorFor: () => [0, 0, 0, 0], outline: white, outlineWidth: 2 }));
  const [left, top] = mercatorPixel(10, 525, 336, 4.75, 52.41);
  const [right, bottom] = mercatorPixel(10, 525, 336, 4.9, 52.33);
  assert.ok(alphaAt(image, left, (top + bottom) / 2) > 200, 'outline on the left edge');
  assert.is(alphaAt(image, (left + right) / 2 - 20, (top + bottom) / 2), 0, 'a null value leaves the inside transparent');
});

test('a tile over the North Sea is fully transparent', () => {
  // 10/520/328 lies off the coast of Noord-Holland; the Amsterdam polygon is given but misses it.
  for (const areas of [[], [block]]) {
    const image = decode(renderAreaTile({ z: 10, x: 520, y: 328, areas, colorFor: () => red }));
    assert.is(image.width, 256);
    let opaque = 0;
    for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 0) opaque++;
    assert.is(opaque, 0);
  }
});

test('tile bounds match the Web Mercator grid', () => {
  const close = (actual: number[], expected: number[]) => actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) < 1e-9, `${i}: ${v} vs ${expected[i]}`));
  close(tileBounds(0, 0, 0), [-180, -85.0511287798066, 180, 85.0511287798066]);
  close(tileBounds(10, 525, 336), [4.5703125, 52.26815737376817, 4.921875, 52.48278022207821]);
  close(tileBounds(1, 1, 1), [0, -85.0511287798066, 180, 0]);
});

test('the colour scale maps min and max to the ramp ends, clamps, and leaves null transparent', () => {
  const scale = colorScale(100, 200, ['#000000', '#ff8000'], { opacity: 1, curve: 'linear' });
  assert.equal(scale(100), [0, 0, 0, 255]);
  assert.equal(scale(200), [255, 128, 0, 255]);
  assert.equal(scale(150), [128, 64, 0, 255]);
  assert.equal(scale(50), scale(100));
  assert.equal(scale(900), scale(200));
  assert.equal(scale(null), [0, 0, 0, 0]);
  assert.equal(scale(Number.NaN), [0, 0, 0, 0]);
  const sqrt = colorScale(0, 100, ['#000000', '#ffffff'], { opacity: 0.5 });
  assert.equal(sqrt(25), [128, 128, 128, 128], 'the default square-root curve puts a quarter halfway');
  assert.equal(colorScale(5, 5, ['#102030', '#ffffff'])(5).slice(0, 3), [16, 32, 48], 'an empty range gives the first colour');
});

test('the rasteriser covers a pixel in proportion to the area inside the path', () => {
  const canvas = new RgbaCanvas(4, 4);
  canvas.fillPath([[1.5, 0, 4, 0, 4, 4, 1.5, 4]], [0, 0, 255, 255]);
  const data = canvas.toRgba8();
  assert.is(data[(0 * 4 + 0) * 4 + 3], 0);
  assert.ok(Math.abs(data[(0 * 4 + 1) * 4 + 3] - 128) <= 1, 'half covered');
  assert.is(data[(0 * 4 + 2) * 4 + 3], 255);
  // Even-odd makes a hole of an inner ring wound either way; non-zero fills one wound the same way.
  const ringA = [0, 0, 4, 0, 4, 4, 0, 4];
  const ringB = [1, 1, 3, 1, 3, 3, 1, 3];
  const evenodd = new RgbaCanvas(4, 4);
  evenodd.fillPath([ringA, ringB], [0, 0, 0, 255], 'evenodd');
  assert.is(evenodd.toRgba8()[(1 * 4 + 1) * 4 + 3], 0);
  const nonzero = new RgbaCanvas(4, 4);
  nonzero.fillPath([ringA, ringB], [0, 0, 0, 255], 'nonzero');
  assert.is(nonzero.toRgba8()[(1 * 4 + 1) * 4 + 3], 255);
});

// ---------------------------------------------------------------- tile cache

test('the tile cache evicts the least recently used entry and counts bytes', () => {
  const cache = createTileCache(2);
  cache.set('a', Buffer.alloc(10));
  cache.set('b', Buffer.alloc(20));
  assert.ok(cache.get('a'), 'touching a makes b the oldest');
  cache.set('c', Buffer.alloc(5));
  assert.is(cache.get('b'), undefined);
  assert.ok(cache.has('a') && cache.has('c'));
  assert.is(cache.size, 2);
  assert.is(cache.bytes, 15);
  cache.set('a', Buffer.alloc(1));
  assert.is(cache.bytes, 6, 'replacing an entry replaces its bytes');
  assert.is(cache.deletePrefix('c'), 1);
  assert.is(cache.bytes, 1);
});

test('the tile cache also evicts by bytes', () => {
  const cache = createTileCache(100, 100);
  cache.set('a', Buffer.alloc(60));
  cache.set('b', Buffer.alloc(30));
  cache.set('c', Buffer.alloc(30));
  assert.not.ok(cache.has('a'));
  assert.is(cache.bytes, 60);
  cache.set('huge', Buffer.alloc(101));
  assert.not.ok(cache.has('huge'), 'an entry over the whole budget is not kept');
  assert.is(cache.size, 2);
});

// ---------------------------------------------------------------- help PDF

/** The text shown by an uncompressed pdfkit PDF: each TJ array's hex strings, one line per TJ, per page stream. */
function pdfPages(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const pages: string[] = [];
  for (const stream of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const lines = [...stream[1].matchAll(/\[(.*?)\] TJ/g)].map((tj) =>
      [...tj[1].matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''),
    );
    if (lines.length) pages.push(lines.join('\n'));
  }
  return pages;
}

const SECTIONS = {
  en: [
    'Locus user guide',
    'Signing in',
    'Choosing a model and sub-model',
    'The map',
    'Scenarios',
    'Calculating',
    'Reading the results',
    'Reports and printing',
    'Exports',
    'Administration',
  ],
  nl: [
    'Handleiding Locus',
    'Inloggen',
    'Een model en deelmodel kiezen',
    'De kaart',
    "Scenario's",
    'Doorrekenen',
    'Resultaten lezen',
    'Rapporten en afdrukken',
    'Exporteren',
    'Beheer',
  ],
};

for (const locale of ['en', 'nl'] as const) {
  test(`the ${locale} help PDF is a multi-page guide with its sections and page numbers`, async () => {
    const pdf = await helpPdf(locale, { compress: false });
    assert.is(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const pages = pdfPages(pdf);
    assert.ok(pages.length >= 2 && pages.length <= 6, `2 to 6 pages (a short guide), got ${pages.length}`);
    const text = pages.join('\n');
    for (const title of SECTIONS[locale]) assert.ok(text.includes(title), `section '${title}'`);
    assert.ok(text.includes('50 %') && text.includes('80 %'), 'primary and secondary catchment shares');
    pages.forEach((page, i) => assert.ok(page.includes(`${i + 1} / ${pages.length}`), `page number on page ${i + 1}`));
    assert.ok(pdf.toString('latin1').includes(`/Lang (${locale})`));
  });
}

test('the help PDF is the same file every time (dates come from the guide)', async () => {
  const [a, b] = await Promise.all([helpPdf('nl'), helpPdf('nl')]);
  assert.ok(a.equals(b));
  assert.ok(a.toString('latin1').includes('D:20261129'), 'the revised date of the guide');
});

test('every locale has a guide, and every character can be set in the built-in Helvetica', () => {
  const dir = userGuideDir();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  assert.equal(files, ['de.md', 'en.md', 'es.md', 'fr.md', 'nl.md']);
  // WinAnsi: printable Latin-1 plus the Windows-1252 additions.
  const extra = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const guide = parseGuide(text);
    assert.ok(guide.revised, `${file} carries a revised date`);
    assert.ok(guide.blocks.filter((b) => b.kind === 'heading').length >= 9, `${file} has the sections`);
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      const ok = ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extra.has(ch);
      assert.ok(ok, `${file}: '${ch}' (U+${code.toString(16)}) is not in WinAnsi`);
    }
  }
});

test('a locale without its own guide gets the English one, and the metadata says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'guide-'));
  try {
    writeFileSync(join(dir, 'en.md'), '# Guide\n\n## One\n\nText with **bold** words.\n\n- a bullet\n');
    const pdf = (await helpPdf('de', { guideDir: dir, compress: false })).toString('latin1');
    assert.ok(pdf.includes("requested locale 'de'"), 'the subject names the missing locale');
    assert.ok(pdf.includes('/Lang (en)'));
    assert.ok(pdf.includes('(D:19700101'), 'no revised date: the epoch, not the time of the request');
    const own = (await helpPdf('en', { guideDir: dir, compress: false })).toString('latin1');
    assert.not.ok(own.includes('requested locale'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unknown locale or a folder without guides is a rejected promise', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'guide-'));
  try {
    await helpPdf('xx' as 'en').then(
      () => assert.unreachable('accepted xx'),
      (e: Error) => assert.match(e.message, /locale/),
    );
    await helpPdf('nl', { guideDir: empty }).then(
      () => assert.unreachable('rendered nothing'),
      (e: Error) => assert.match(e.message, /no user guide/),
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('the guide parser reads title, headings, paragraphs, bullets and bold runs', () => {
  const guide = parseGuide('# Title\n<!-- revised: 2024-02-01 -->\nFirst line\nsecond line.\n\n## Part\n- **Bold** start\n- plain\n');
  assert.is(guide.title, 'Title');
  assert.is(guide.revised?.toISOString(), '2024-02-01T00:00:00.000Z');
  assert.equal(
    guide.blocks.map((b) => b.kind),
    ['paragraph', 'heading', 'bullet', 'bullet'],
  );
  assert.equal(guide.blocks[0].runs, [{ text: 'First line second line.', bold: false }]);
  assert.equal(guide.blocks[2].runs, [
    { text: 'Bold', bold: true },
    { text: ' start', bold: false },
  ]);
});

test.run();
