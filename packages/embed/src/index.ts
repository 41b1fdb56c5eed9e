// The embed script (/embed/locus-embed.js): defines <locus-location-map> once
// per page; a page that loads the script twice keeps the first definition.
import { LocusLocationMap } from './map-element';

export { LocusLocationMap, parseCenter, type LocusErrorDetail, type LocusSelectDetail, type EmbedErrorCode } from './map-element';
export { sessionFor, defaultRedirectUri } from './session';

if (!customElements.get('locus-location-map')) customElements.define('locus-location-map', LocusLocationMap);

declare global {
  interface HTMLElementTagNameMap {
    'locus-location-map': LocusLocationMap;
  }
}
