// Street view behind an adapter: the availability of a
// panorama near a point and the URL of its static image. The real default
// calls the maps service's metadata and static image endpoints with the key
// from GET /api/system/street-view-key; tests give a local fake of the same
// service (its base address) or an adapter of their own.

/** The panorama found near a point, or none. */
export type Panorama = { available: true; panoId: string | null; lat: number; lon: number } | { available: false };

export interface StreetViewAdapter {
  /** The nearest panorama within the radius (metres) of a point. */
  nearest(lat: number, lon: number, radiusMetres: number, signal?: AbortSignal): Promise<Panorama>;
  /** The URL of the static image of a panorama looking along a bearing (degrees from north). */
  imageUrl(panorama: Extract<Panorama, { available: true }>, heading: number, size: { width: number; height: number }): string;
}

/** The maps service's address; tests point it at a local fake. */
export const DEFAULT_STREET_VIEW_BASE = 'https://maps.googleapis.com';
/** How far from the dropped point a panorama may be. */
export const STREET_VIEW_RADIUS_METRES = 50;
/** The image is 600 by 300. */
export const STREET_VIEW_SIZE = { width: 600, height: 300 } as const;

interface MetadataAnswer {
  status: string;
  pano_id?: string;
  location?: { lat: number; lng: number };
}

/** The real adapter: the maps service's street-view metadata and static image calls. */
export function mapsStreetView(key: string, base = DEFAULT_STREET_VIEW_BASE, doFetch: typeof fetch = (input, init) => fetch(input, init)): StreetViewAdapter {
  const root = base.replace(/\/$/, '');
  return {
    async nearest(lat, lon, radiusMetres, signal) {
      const q = new URLSearchParams({ location: `${lat},${lon}`, radius: String(radiusMetres), source: 'outdoor', key });
      const response = await doFetch(`${root}/maps/api/streetview/metadata?${q}`, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
      if (!response.ok) return { available: false };
      const answer = (await response.json()) as MetadataAnswer;
      if (answer.status !== 'OK' || !answer.location) return { available: false };
      return { available: true, panoId: answer.pano_id ?? null, lat: answer.location.lat, lon: answer.location.lng };
    },
    imageUrl(panorama, heading, size) {
      const q = new URLSearchParams({ size: `${size.width}x${size.height}`, heading: heading.toFixed(1), pitch: '0', fov: '90', key });
      if (panorama.panoId) q.set('pano', panorama.panoId);
      else q.set('location', `${panorama.lat},${panorama.lon}`);
      return `${root}/maps/api/streetview?${q}`;
    },
  };
}

/** The initial bearing (degrees from north, 0 to 360) from one point to another on the sphere. */
export function bearing(fromLat: number, fromLon: number, toLat: number, toLon: number): number {
  const rad = Math.PI / 180;
  const φ1 = fromLat * rad;
  const φ2 = toLat * rad;
  const Δλ = (toLon - fromLon) * rad;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (Math.atan2(y, x) / rad + 360) % 360;
}
