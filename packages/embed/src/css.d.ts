// The embed build loads style sheets as text (build.mjs: loader '.css': 'text')
// to put the app's report styles into the report element's shadow root.
declare module '*.css' {
  const text: string;
  export default text;
}
