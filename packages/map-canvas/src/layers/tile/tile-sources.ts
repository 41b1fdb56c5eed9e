// URL templates of the raster providers the spec names: 1 a map vendor style, 2 and 3 other
// tile providers, a satellite provider, and the server's area-set tiles. All need the internet except
// the area-set tiles; the built-in vector basemap is the offline default.
import type { TileLayerOptions } from './tile-layer.js';

export type TileSource = Pick<TileLayerOptions, 'url' | 'subdomains' | 'retina' | 'tileSize' | 'maxZoom' | 'attribution'>;

/** Provider 1: a vendor style served as raster tiles (Mapbox Static Tiles API). */
export function mapVendorStyleSource(styleId: string, accessToken: string): TileSource {
  return {
    url: `https://api.mapbox.com/styles/v1/${styleId}/tiles/256/{z}/{x}/{y}{r}?access_token=${encodeURIComponent(accessToken)}`,
    retina: true,
    maxZoom: 22,
    attribution: '© Mapbox © OpenStreetMap contributors',
  };
}

/** Provider 2: OpenStreetMap's standard tiles. */
export const openStreetMapSource: TileSource = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  maxZoom: 19,
  attribution: '© OpenStreetMap contributors',
};

/** Provider 3: CARTO's light basemap (with 2x tiles). */
export const cartoLightSource: TileSource = {
  url: 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png',
  subdomains: ['a', 'b', 'c', 'd'],
  retina: true,
  maxZoom: 20,
  attribution: '© OpenStreetMap contributors © CARTO',
};

/** The satellite toggle: Esri World Imagery. */
export const satelliteSource: TileSource = {
  url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  maxZoom: 19,
  attribution: 'Imagery © Esri',
};

/** Raster tiles of a visible area set, served by the Locus server under the given URL template. */
export function areaSetSource(urlTemplate: string): TileSource {
  return { url: urlTemplate, maxZoom: 18 };
}

/** Map providers by the spec's number. */
export function mapProviderSource(provider: 1 | 2 | 3, vendor?: { styleId: string; accessToken: string }): TileSource {
  if (provider === 1) {
    if (!vendor) throw new Error('Map provider 1 needs a style id and an access token');
    return mapVendorStyleSource(vendor.styleId, vendor.accessToken);
  }
  return provider === 2 ? openStreetMapSource : cartoLightSource;
}
