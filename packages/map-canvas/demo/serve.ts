// `npm run demo`: builds the demo page with esbuild and serves it on 127.0.0.1 (PORT, default 5174).
import { BENELUX_BBOX, geoNamesPlaces } from './places.js';
import { bundle, packageDir, pageHtml, serve } from './dev-server.js';

const files = new Map<string, Uint8Array | string>(await bundle({ main: `${packageDir}demo/main.ts` }));
files.set('/places.json', JSON.stringify(geoNamesPlaces(BENELUX_BBOX)));
const body = `<div id="map"></div>
<aside id="side"><strong>Locus map demo</strong><div id="panel"></div><div id="legend"></div>
<button id="fit">Fit to stores</button> <button id="export">PNG at 300 dpi</button>
<p id="status"></p><p id="hover"></p>
<p class="help">Drag to pan, wheel or pinch to zoom, double click to zoom in, Ctrl-drag to turn and tilt, arrows and +/- from the keyboard, Tab to reach the icons.</p></aside>`;
const css = `#side{position:absolute;top:10px;right:10px;width:250px;background:#fffe;padding:10px;font-size:13px;border-radius:6px;box-shadow:0 1px 4px #0003}
#panel label{display:block}#legend div{padding:2px 6px;margin:2px 0;border-radius:3px}.help{color:#555}`;
files.set('/index.html', pageHtml('Locus map demo', '/main.js', body, css));
const server = await serve(files, { port: Number(process.env.PORT ?? 5174) });
console.log(`Locus map demo: ${server.url}/  (Ctrl+C to stop)`);
