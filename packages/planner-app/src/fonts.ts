// The one typeface of Locus: Inter (SIL Open Font Licence 1.1), shipped with
// the app from @fontsource-variable/inter rather than taken from the machine,
// so that the interface, the map's canvas labels, the charts and the reports look
// the same wherever they run (and screenshots do not depend on which system
// fonts are installed). One variable font file per script covers every weight.
import '@fontsource-variable/inter/wght.css';

/** The family name the font files declare. */
export const FONT_NAME = 'Inter Variable';

/** The CSS font-family of every text the app draws (DOM, canvas, SVG). */
export const FONT_FAMILY = `"${FONT_NAME}", "DejaVu Sans", sans-serif`;

/** The weights the app sets text in: the map's labels use 400 and 600, headings 600, totals 700. */
const WEIGHTS = [400, 500, 600, 700] as const;

/**
 * Resolves when the Latin face of the font can be drawn (canvas text drawn
 * before then would silently use a fallback font for the whole frame), or
 * after `timeoutMs` so that a font that cannot load never keeps the app from
 * starting. Resolves `true` when the font is ready.
 */
export async function fontsReady(timeoutMs = 3000): Promise<boolean> {
  if (typeof document === 'undefined' || !document.fonts) return false;
  const loads = Promise.all(WEIGHTS.map((w) => document.fonts.load(`${w} 16px "${FONT_NAME}"`, 'Locus'))).then(
    (faces) => faces.every((f) => f.length > 0),
    () => false,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([loads, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
