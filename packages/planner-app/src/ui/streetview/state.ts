// Street view state: the key (absent key, absent figure), the adapter, the
// availability checks and the open image.
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { bearing, DEFAULT_STREET_VIEW_BASE, mapsStreetView, STREET_VIEW_RADIUS_METRES, STREET_VIEW_SIZE, type StreetViewAdapter } from './adapter';

declare global {
  interface Window {
    /** The maps service's address for street view; a test sets it to its local fake before the app starts. */
    locusStreetViewBase?: string;
  }
}

/** The adapter when a key is configured; null hides the figure. */
export const streetView = signal<StreetViewAdapter | null>(null);
/** The image dialog: where it looks from and along which bearing. */
export const streetViewImage = signal<{ url: string; heading: number; lat: number; lon: number } | null>(null);
/** The figure shows 'unavailable' after a drop where no panorama is near. */
export const streetViewUnavailable = signal(false);
export const streetViewChecking = signal(false);

/** Reads the key once signed in and builds the real adapter (unless a test set one). */
export async function loadStreetView(api: ApiClient): Promise<void> {
  if (streetView.peek()) return;
  const answer = await api.call('systemStreetViewKey', { expected: () => true }).catch(() => null);
  if (!answer?.key) return;
  const base = typeof window !== 'undefined' && window.locusStreetViewBase ? window.locusStreetViewBase : DEFAULT_STREET_VIEW_BASE;
  streetView.value = mapsStreetView(answer.key, base);
}

/** Whether a panorama is near a point (context menu). */
export async function streetViewAvailableAt(lat: number, lon: number): Promise<boolean> {
  const adapter = streetView.peek();
  if (!adapter) return false;
  const found = await adapter.nearest(lat, lon, STREET_VIEW_RADIUS_METRES).catch(() => ({ available: false as const }));
  return found.available;
}

/**
 * Opens the image of the nearest panorama looking towards the dropped point;
 * marks the figure unavailable when there is none. Answers whether it opened.
 */
export async function openStreetView(lat: number, lon: number): Promise<boolean> {
  const adapter = streetView.peek();
  if (!adapter) return false;
  streetViewChecking.value = true;
  try {
    const found = await adapter.nearest(lat, lon, STREET_VIEW_RADIUS_METRES).catch(() => ({ available: false as const }));
    if (!found.available) {
      streetViewUnavailable.value = true;
      streetViewImage.value = null;
      return false;
    }
    streetViewUnavailable.value = false;
    // Looking from the panorama towards the dropped point; straight ahead when they coincide.
    const near = Math.abs(found.lat - lat) < 1e-7 && Math.abs(found.lon - lon) < 1e-7;
    const heading = near ? 0 : bearing(found.lat, found.lon, lat, lon);
    streetViewImage.value = { url: adapter.imageUrl(found, heading, STREET_VIEW_SIZE), heading, lat: found.lat, lon: found.lon };
    return true;
  } finally {
    streetViewChecking.value = false;
  }
}

export function closeStreetView(): void {
  streetViewImage.value = null;
}
