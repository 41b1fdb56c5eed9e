// Location icons from the server's icon route: one image per
// location group, shape, selected state and change, fetched with the bearer
// token, decoded once and shared by every icon of that look.
import { ChangeType, RoundIconLocationTypes } from '@locus/contract';
import type { LocationChange } from '@locus/map-canvas';
import type { ApiClient } from '@locus/contract/client';

/** Below this zoom overlapping icons are drawn as dots (the map's aggregated rendering at national zoom). */
export const ICON_THIN_BELOW_ZOOM = 11;

/** A location's changeType as the map's change (a new store gets a halo; the server's icon carries the badge). */
export function iconChangeOf(changeType: number): LocationChange | null {
  if (changeType === ChangeType.added) return 'new';
  if (changeType === ChangeType.closed) return 'closed';
  if (changeType === ChangeType.unchanged) return null;
  return 'edited';
}

export type IconShapeParam = 'round' | 'square';

export function iconShapeOf(type: number): IconShapeParam {
  return RoundIconLocationTypes.includes(type) ? 'round' : 'square';
}

export function iconKey(groupId: number | null, shape: IconShapeParam, selected: boolean, change: number): string {
  return `${groupId ?? -1}/${shape}/${selected ? 1 : 0}/${change}`;
}

/** One icon look: what the server's icon route draws. */
export interface IconLook {
  groupId: number | null;
  shape: IconShapeParam;
  selected: boolean;
  change: number;
}

export class LocationIconImages {
  private readonly images = new Map<string, ImageBitmap | HTMLImageElement>();
  private readonly loading = new Map<string, Promise<void>>();
  private revision = '';

  constructor(
    private readonly api: ApiClient,
    private readonly onLoaded: () => void,
  ) {}

  /** The model's modified stamp: a new one fetches the icons again. */
  setRevision(revision: string): void {
    if (revision !== this.revision) {
      this.revision = revision;
      this.images.clear();
      this.loading.clear();
    }
  }

  /** The image of a look, or null while it loads (the map draws a plain shape meanwhile). */
  get(groupId: number | null, shape: IconShapeParam, selected: boolean, change: number): CanvasImageSource | null {
    const key = iconKey(groupId, shape, selected, change);
    const image = this.images.get(key);
    if (image) return image;
    if (!this.loading.has(key)) this.loading.set(key, this.load(key, groupId, shape, selected, change));
    return null;
  }

  /**
   * Loads every given look and resolves when each has arrived or failed: a map drawn once (a report map)
   * waits for its icons, so it shows the group's own icon as the main map and the legend do.
   */
  async preload(looks: Iterable<IconLook>): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const look of looks) {
      if (this.get(look.groupId, look.shape, look.selected, look.change)) continue;
      const loading = this.loading.get(iconKey(look.groupId, look.shape, look.selected, look.change));
      if (loading) pending.push(loading);
    }
    await Promise.all(pending);
  }

  private async load(key: string, groupId: number | null, shape: IconShapeParam, selected: boolean, change: number): Promise<void> {
    const revision = this.revision;
    try {
      const blob = await this.api.blob('locationGroupLogo', {
        params: { locationGroupId: groupId ?? -1, shape, selected, change: Math.min(3, Math.max(0, change)) },
        query: { r: revision },
        expected: () => true,
      });
      // createImageBitmap does not take SVG (the route's default answer): decode those through an <img>.
      const image = typeof createImageBitmap === 'function' ? await createImageBitmap(blob).catch(() => loadImage(blob)) : await loadImage(blob);
      if (revision !== this.revision) return;
      this.images.set(key, image);
      this.onLoaded();
    } catch {
      // The plain shape stays; the next revision tries again.
    }
  }
}

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('icon image could not be decoded'));
    image.src = URL.createObjectURL(blob);
  });
}
