// Keyboard and screen-reader access to icons: a visually hidden list of buttons, one per icon on
// screen (nearest the centre first, capped), kept in step with the view when the map comes to rest.
// Focusing a button outlines its icon; Enter or Space selects it. The list is one tab stop (a roving
// tabindex: only the current button is in the tab order): the arrow keys go to the nearest icon in
// their direction on screen, Home and End to the first and last of the list.
import type { AccessibleItem, Layer } from '../layer-base/layer.js';
import type { FrameState } from '../view/frame-state.js';
import type { LocusMap } from './map.js';

/** More buttons than this make tabbing through the list useless; the nearest ones are offered. */
export const MAX_ACCESSIBLE_ITEMS = 100;

interface Entry {
  button: HTMLButtonElement;
  layer: Layer;
  item: AccessibleItem;
}

export class AccessibleItems {
  private readonly list: HTMLElement;
  private entries = new Map<string, Entry>();
  /** The button in the tab order (the last one focused while it is offered, else the first). */
  private current: HTMLButtonElement | null = null;

  constructor(
    private readonly map: LocusMap,
    label = 'Locations on the map',
  ) {
    const doc = map.container.ownerDocument;
    this.list = doc.createElement('div');
    this.list.setAttribute('role', 'list');
    this.list.setAttribute('aria-label', label);
    this.list.className = 'locus-map-accessible-items';
    // Visually hidden but reachable, the usual clip pattern.
    Object.assign(this.list.style, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
      margin: '-1px',
      padding: '0',
      border: '0',
    });
    map.container.appendChild(this.list);
    this.list.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Arrow keys between the icons (and not on to the map, which would pan). */
  private onKey(event: KeyboardEvent): void {
    const entries = [...this.entries.values()];
    const at = entries.findIndex((e) => e.button === event.target);
    if (at < 0) return;
    let next: Entry | undefined;
    if (event.key === 'Home') next = entries[0];
    else if (event.key === 'End') next = entries[entries.length - 1];
    else {
      const dir = ({ ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] } as Record<string, [number, number]>)[event.key];
      if (!dir) return;
      next = nearestInDirection(entries, at, dir);
    }
    event.preventDefault();
    event.stopPropagation();
    if (next) next.button.focus();
  }

  private setCurrent(button: HTMLButtonElement | null): void {
    if (this.current === button) return;
    if (this.current) this.current.tabIndex = -1;
    this.current = button;
    if (button) button.tabIndex = 0;
  }

  /** The accessible name of the list (in the app's interface language). */
  setLabel(label: string): void {
    this.list.setAttribute('aria-label', label);
  }

  update(frame: FrameState, layers: Layer[]): void {
    const items: { layer: Layer; item: AccessibleItem; d: number }[] = [];
    const { width, height } = frame.size;
    for (const layer of layers) {
      if (!layer.visible) continue;
      for (const item of layer.accessibleItems(frame)) {
        if (item.x < 0 || item.y < 0 || item.x > width || item.y > height) continue;
        items.push({ layer, item, d: (item.x - width / 2) ** 2 + (item.y - height / 2) ** 2 });
      }
    }
    items.sort((a, b) => a.d - b.d);
    const chosen = items.slice(0, MAX_ACCESSIBLE_ITEMS);
    const next = new Map<string, Entry>();
    const doc = this.list.ownerDocument;
    chosen.forEach(({ layer, item }, index) => {
      const key = `${layer.id}\u0000${item.id}`;
      let entry = this.entries.get(key);
      if (entry) {
        entry.item = item;
      } else {
        const button = doc.createElement('button');
        button.type = 'button';
        button.tabIndex = -1;
        button.dataset.featureId = String(item.id);
        const wrapper = doc.createElement('div');
        wrapper.setAttribute('role', 'listitem');
        wrapper.appendChild(button);
        entry = { button, layer, item };
        const e = entry;
        button.addEventListener('click', () => this.map.emit('select', { hit: { layerId: e.layer.id, kind: 'icon', id: e.item.id, feature: e.item.feature } }));
        button.addEventListener('focus', () => {
          this.setCurrent(button);
          e.layer.setFocused(e.item.id);
        });
        button.addEventListener('blur', () => e.layer.setFocused(null));
      }
      entry.button.textContent = item.name;
      entry.button.setAttribute('aria-label', item.name);
      next.set(key, entry);
      const wrapper = entry.button.parentElement!;
      if (this.list.children[index] !== wrapper) this.list.insertBefore(wrapper, this.list.children[index] ?? null);
    });
    for (const [key, entry] of this.entries) {
      if (!next.has(key)) {
        if (doc.activeElement === entry.button) entry.layer.setFocused(null);
        entry.button.parentElement?.remove();
      }
    }
    this.entries = next;
    const kept = this.current && [...next.values()].some((e) => e.button === this.current) ? this.current : null;
    this.current = kept;
    this.setCurrent(kept ?? next.values().next().value?.button ?? null);
  }

  /** The buttons currently offered, in tab order. */
  buttons(): HTMLButtonElement[] {
    return [...this.entries.values()].map((e) => e.button);
  }

  dispose(): void {
    this.current = null;
    this.list.remove();
    this.entries.clear();
  }
}

/**
 * The entry nearest the one at `from` in a direction on screen: among those
 * ahead of it (within 60 degrees either side), the one nearest by the distance
 * ahead plus twice the distance across, so that a roughly straight line is
 * followed; undefined when none lies ahead.
 */
export function nearestInDirection<T extends { item: { x: number; y: number } }>(
  entries: readonly T[],
  from: number,
  [dx, dy]: [number, number],
): T | undefined {
  const origin = entries[from]!.item;
  let best: T | undefined;
  let bestScore = Infinity;
  entries.forEach((e, i) => {
    if (i === from) return;
    const vx = e.item.x - origin.x,
      vy = e.item.y - origin.y;
    const ahead = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (ahead <= 0 || across > ahead * Math.tan(Math.PI / 3)) return;
    const score = ahead + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = e;
    }
  });
  return best;
}
