// The embed build gives a font file's import as its path beside the script (build.mjs: loader '.woff2': 'file').
declare module '*.woff2' {
  const path: string;
  export default path;
}
