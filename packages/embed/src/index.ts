// The embed script (/embed/locus-embed.js): defines <locus-location-map> and
// <locus-location-report> once per page; a page that loads the script twice
// keeps the first definitions. The map's drawing and the report's React code
// are lazy chunks, loaded by the first element that needs them.
import { LocusLocationMap } from './map-element';
import { LocusLocationReport } from './report-element';
import type { LocusLocationMapElement, LocusLocationReportElement } from '../types/index';

export { LocusLocationMap, parseCenter, type LocusSelectDetail } from './map-element';
export { LocusLocationReport, type LocusReportReadyDetail, type ReportLayout } from './report-element';
export { type EmbedErrorCode, type LocusErrorDetail } from './base';
export { adoptSession, defaultRedirectUri, sessionFor, type LocusSession, type SessionState } from './session';

if (!customElements.get('locus-location-map')) customElements.define('locus-location-map', LocusLocationMap);
if (!customElements.get('locus-location-report')) customElements.define('locus-location-report', LocusLocationReport);

// The tag names' types are the public interfaces (types/index.d.ts, which declares the same).
declare global {
  interface HTMLElementTagNameMap {
    'locus-location-map': LocusLocationMapElement;
    'locus-location-report': LocusLocationReportElement;
  }
}
