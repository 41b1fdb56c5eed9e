// The local server of the street basemap tests: the streets page, GeoNames places, the made-up
// town as vector tiles of each schema (/vt/<schema>/z/x/y.mvt) and as PMTiles archives answered with
// range requests (/town-<schema>.pmtiles), raster tiles with 2x variants (/tiles/z/x/y@2x.png), and a
// tile route whose connections are cut (/vt-fail/...), as an unreachable source.
import { bundle, packageDir, pageHtml, serve, type RunningServer } from '../../demo/dev-server.js';
import { BENELUX_BBOX, geoNamesPlaces } from '../../demo/places.js';
import { townArchive, townTile, type FixtureSchema } from './mvt-fixtures.js';
import { tilePng } from './test-server.js';

export interface StreetServer extends RunningServer {
  requests: string[];
}

export async function startStreetServer(size = { width: 480, height: 320 }): Promise<StreetServer> {
  const files = new Map<string, Uint8Array | string>(await bundle({ 'streets-page': `${packageDir}test/pages/streets-page.ts` }));
  files.set(
    '/index.html',
    pageHtml(
      'streets test',
      '/streets-page.js',
      '<div id="map"></div>',
      `#map{width:${size.width}px;height:${size.height}px;inset:auto;left:0;top:0}body{background:#fff}`,
    ),
  );
  files.set('/places.json', JSON.stringify(geoNamesPlaces(BENELUX_BBOX, 5000)));
  const archives = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = await serve(files, {
    routes: (url, req, res) => {
      const path = url.pathname;
      if (path.startsWith('/vt') || path.startsWith('/town-') || path.startsWith('/tiles/'))
        requests.push(path + (req.headers.range ? ` ${req.headers.range}` : ''));
      let m = /^\/vt\/(brt|openmaptiles|protomaps)\/(\d+)\/(\d+)\/(\d+)\.mvt$/.exec(path);
      if (m) {
        const data = townTile(m[1] as FixtureSchema, Number(m[2]), Number(m[3]), Number(m[4]));
        if (!data) res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
        else res.writeHead(200, { 'content-type': 'application/vnd.mapbox-vector-tile', 'access-control-allow-origin': '*' }).end(data);
        return true;
      }
      if (path.startsWith('/vt-fail/')) {
        req.socket.destroy();
        return true;
      }
      m = /^\/town-(brt|openmaptiles|protomaps)\.pmtiles$/.exec(path);
      if (m) {
        let archive = archives.get(m[1]);
        if (!archive) archives.set(m[1], (archive = townArchive(m[1] as FixtureSchema)));
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (!range) {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes', 'access-control-allow-origin': '*' }).end(archive);
          return true;
        }
        const start = Number(range[1]),
          end = Math.min(archive.length - 1, Number(range[2]));
        res.writeHead(206, {
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${end}/${archive.length}`,
          'access-control-allow-origin': '*',
        });
        res.end(archive.subarray(start, end + 1));
        return true;
      }
      m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)(@2x)?\.png$/.exec(path);
      if (m) {
        res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
        res.end(tilePng(Number(m[1]), Number(m[2]), Number(m[3])));
        return true;
      }
      return false;
    },
  });
  return { ...server, requests };
}
