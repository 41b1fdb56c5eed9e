// The app's typeface (Inter, SIL Open Font Licence 1.1) for the elements: the
// font files are served beside the embed script and added to the page's fonts
// (a font face declared inside a shadow root is not used), so the map's labels
// and the report look as they do in the app, whatever fonts the machine has.
// A page may still choose its own with --locus-font-family.
import latin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
import latinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2';
import { FONT_FAMILY, FONT_NAME, fontsReady } from '@locus/planner-app/fonts';

export { FONT_FAMILY };

/** The unicode ranges of Fontsource's Latin and Latin Extended subsets. */
const FACES: [string, string][] = [
  [
    latin,
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  ],
  [
    latinExt,
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  ],
];

let ready: Promise<boolean> | null = null;

/** Adds the font's faces to the page once; resolves when they can be drawn (at most 3 s). */
export function embedFontReady(): Promise<boolean> {
  if (!ready) {
    if (typeof FontFace === 'undefined' || !document.fonts) return Promise.resolve(false);
    for (const [file, unicodeRange] of FACES) {
      const url = new URL(file, import.meta.url).href;
      document.fonts.add(new FontFace(FONT_NAME, `url(${url}) format('woff2')`, { weight: '100 900', style: 'normal', display: 'swap', unicodeRange }));
    }
    ready = fontsReady();
  }
  return ready;
}
