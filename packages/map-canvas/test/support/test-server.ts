// The local server of the browser tests: the esbuild-built test page, GeoNames places, and generated
// PNG raster tiles (so the raster layer is tested without the internet).
import { PNG } from 'pngjs';
import { bundle, packageDir, pageHtml, serve, type RunningServer } from '../../demo/dev-server.js';
import { BENELUX_BBOX, geoNamesPlaces } from '../../demo/places.js';

/** A 256 px tile coloured by its coordinates, with a dark edge and a diagonal so placement shows. */
export function tilePng(z: number, x: number, y: number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  const r = 120 + ((x * 53 + z * 17) % 120),
    g = 140 + ((y * 29 + z * 11) % 100),
    b = 170 + ((x + y) % 2) * 50;
  for (let j = 0; j < 256; j++) {
    for (let i = 0; i < 256; i++) {
      const k = (j * 256 + i) * 4;
      const edge = i < 2 || j < 2;
      const diagonal = Math.abs(i - j) < 2;
      png.data[k] = edge ? 40 : diagonal ? 255 : r;
      png.data[k + 1] = edge ? 40 : diagonal ? 255 : g;
      png.data[k + 2] = edge ? 60 : diagonal ? 255 : b;
      png.data[k + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

export async function startTestServer(): Promise<RunningServer & { tileRequests: string[] }> {
  const files = new Map<string, Uint8Array | string>(await bundle({ 'scene-page': `${packageDir}test/pages/scene-page.ts` }));
  files.set(
    '/index.html',
    pageHtml('map test', '/scene-page.js', '<div id="map"></div>', '#map{width:480px;height:320px;inset:auto;left:0;top:0}body{background:#fff}'),
  );
  files.set('/places.json', JSON.stringify(geoNamesPlaces(BENELUX_BBOX, 5000)));
  const tileRequests: string[] = [];
  const server = await serve(files, {
    routes: (url, _req, res) => {
      const m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
      if (!m) return false;
      tileRequests.push(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      res.end(tilePng(Number(m[1]), Number(m[2]), Number(m[3])));
      return true;
    },
  });
  return { ...server, tileRequests };
}
