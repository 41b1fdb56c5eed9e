// `import('locus:vector-tile-worker')`: the tile worker's script as text, bundled by the build's
// vector-tile-worker plugin (build.mjs; demo/dev-server.ts), so it lives in a lazy chunk of its own.
declare module 'locus:vector-tile-worker' {
  const source: string;
  export default source;
}
