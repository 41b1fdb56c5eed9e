// Test runs import the app's components, which import their stylesheets the
// way esbuild bundles them; in Node a stylesheet is an empty module, and a
// font file (the embed's font faces) is its file URL, as the bundle's path.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default "";', shortCircuit: true };
  if (url.endsWith('.woff2')) return { format: 'module', source: 'export default ' + JSON.stringify(url) + ';', shortCircuit: true };
  return next(url, context);
}`),
);
