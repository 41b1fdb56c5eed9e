// The report element's lazy chunk: the planner app's LocationReport rendered
// by React into the element's shadow root, with the app's report and chart
// style sheets (as text) and the element's own rules for the page and paper.
import { LocationReport, language, type LocationReportProps } from '@locus/planner-app/reports';
import type { Lang } from '@locus/planner-app/i18n/define';
import { createRoot } from 'react-dom/client';
import chartsCss from '@locus/planner-app/charts.css';
import reportsCss from '@locus/planner-app/reports.css';

/**
 * The element's own rules: the app's colour variables the sheets use (a page
 * may set them on the element), the screen-reader-only text of the charts,
 * and on paper the sheet alone: no frame, no panel, no map or table cut
 * across pages.
 */
const ownCss = `
:host {
  --locus-font: var(--locus-font-family, "Inter Variable", "DejaVu Sans", sans-serif);
  --locus-text: #1b1f24;
  --locus-text-2: #4f5663;
  --locus-surface-2: #f4f5f7;
  --locus-up: #16703a;
  --locus-down: #b42318;
  --locus-warning: #8a5a00;
}
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.report-paper:focus-visible { outline: 3px solid var(--locus-focus, #f2b705); outline-offset: -3px; }
@media print {
  :host { border: 0 !important; background: #ffffff !important; border-radius: 0 !important; max-width: none !important; }
  .overlay { display: none !important; }
  .report-paper { padding: 0; width: 100%; }
  .report-map, .chart, .report-columns, .report-table thead, .report-table tfoot { break-inside: avoid; page-break-inside: avoid; }
  .report-section h3, .report-table caption { break-after: avoid; page-break-after: avoid; }
}
`;

/** Every style sheet of the report, in the order the app applies them. */
export const REPORT_STYLES = `${chartsCss}\n${reportsCss}\n${ownCss}`;

export interface ReportView {
  render(props: LocationReportProps, lang: Lang): void;
  unmount(): void;
}

/**
 * Mounts the report into the container (inside the element's shadow root).
 * The style sheets are adopted by the shadow root as constructed sheets, not
 * put in a <style> element: a page whose Content-Security-Policy allows no
 * inline style (Locus's own pages, many intranets) would block that one.
 */
export function mountReport(container: HTMLElement): ReportView {
  const root = container.getRootNode();
  let unstyle: () => void;
  if (root instanceof ShadowRoot && 'adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(REPORT_STYLES);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    unstyle = () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  } else {
    const style = document.createElement('style');
    style.textContent = REPORT_STYLES;
    container.append(style);
    unstyle = () => style.remove();
  }
  const host = document.createElement('div');
  container.append(host);
  const reactRoot = createRoot(host);
  return {
    render(props, lang) {
      // The app's texts follow one language signal: the report's language is the element's.
      language.value = lang;
      reactRoot.render(<LocationReport {...props} />);
    },
    unmount() {
      reactRoot.unmount();
      unstyle();
      host.remove();
    },
  };
}
