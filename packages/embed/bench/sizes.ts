// The embed script's sizes from the build's metafile (dist/meta.json), gzip
// level 9 as the server sends them: what a page with only a map loads (the
// entry and its static imports, then the map's lazy chunks) and what the
// report's lazy chunk adds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Output {
  imports: { path: string; kind: string; external?: boolean }[];
  entryPoint?: string;
}
interface Meta {
  outputs: Record<string, Output>;
}

export interface ChunkSet {
  files: string[];
  gzipped: number;
}

export interface EmbedSizes {
  /** locus-embed.js and the chunks it imports statically: what the script tag loads. */
  script: ChunkSet;
  /** What the first map adds: its drawing code (map-canvas), msal for the sign-in (not the basemap's data files). */
  map: ChunkSet;
  /** What the first report adds: React and the app's report components. */
  report: ChunkSet;
  /** The basemap's data (Natural Earth, places), loaded by either element's map. */
  basemapData: ChunkSet;
}

/** Sizes of the embed build in `dist`. */
export function embedSizes(dist: string): EmbedSizes {
  const meta = JSON.parse(readFileSync(join(dist, 'meta.json'), 'utf8')) as Meta;
  const byFile = new Map(
    Object.entries(meta.outputs)
      .filter(([f]) => f.endsWith('.js'))
      .map(([f, o]) => [f.split('/').pop()!, o]),
  );
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  /** A file and everything it imports statically. */
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const i of byFile.get(file)?.imports ?? []) if (i.kind === 'import-statement' && !i.external) closure(i.path.split('/').pop()!, into);
    return into;
  };
  const lazyEntry = (source: RegExp) => {
    const found = [...byFile].find(([, o]) => o.entryPoint && source.test(o.entryPoint));
    if (!found) throw new Error(`no lazy chunk for ${source}`);
    return found[0];
  };
  const set = (files: Set<string>, minus: Set<string>): ChunkSet => {
    const list = [...files].filter((f) => !minus.has(f)).sort();
    return { files: list, gzipped: list.reduce((sum, f) => sum + size(f), 0) };
  };
  const script = closure('locus-embed.js');
  const map = new Set([...closure(lazyEntry(/embed\/src\/map-draw\.ts$/)), ...closure(lazyEntry(/msal-browser\/dist\/index\.mjs$/))]);
  const report = closure(lazyEntry(/embed\/src\/report-view\.tsx$/));
  const data = new Set([...byFile].filter(([, o]) => o.entryPoint && /world-atlas|locus-places|places/.test(o.entryPoint)).map(([f]) => f));
  return {
    script: set(script, new Set()),
    map: set(map, script),
    report: set(report, new Set([...script, ...map])),
    basemapData: set(data, script),
  };
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
