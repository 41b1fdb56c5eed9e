// Framing in the free map area: fits and selections centre what they show in
// the part of the map that no drawer or toolbar covers, so a store and its
// catchment never end up under a drawer.
import type { Padding } from '@locus/map-canvas';

/** Margin kept inside the free area around what a fit shows. */
export const FIT_MARGIN = 40;
/** Narrowest free area a fit keeps: with less, the drawers are left out of the padding. */
export const MIN_FREE = 160;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The padding of a fit for a map box and the boxes covering it (client px):
 * the open drawers at the sides, the toolbar at the top left, plus FIT_MARGIN.
 */
export function freePadding(map: Box, cover: { left?: Box | null; right?: Box | null; toolbar?: Box | null }, margin = FIT_MARGIN): Padding {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  let left = cover.left ? Math.max(0, cover.left.right - map.left) : 0;
  let right = cover.right ? Math.max(0, map.right - cover.right.left) : 0;
  // The toolbar sits at the top left, above the left drawer: it narrows the free area from the top.
  let top = cover.toolbar ? Math.max(0, cover.toolbar.bottom - map.top) : 0;
  if (width - left - right - 2 * margin < MIN_FREE) left = right = 0;
  if (height - top - 2 * margin < MIN_FREE) top = 0;
  return { left: left + margin, right: right + margin, top: top + margin, bottom: margin };
}

/** The free area of the map (CSS px within the map) for a padding without its margin. */
export function freeArea(width: number, height: number, padding: Padding, margin = FIT_MARGIN): Box {
  return { left: padding.left - margin, top: padding.top - margin, right: width - padding.right + margin, bottom: height - padding.bottom + margin };
}

/** Whether every point lies inside the box. */
export function inside(points: readonly [number, number][], box: Box): boolean {
  return points.every(([x, y]) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
}

/** The padding for the main map from the page: its element, the open drawers and the toolbar. */
export function pagePadding(element: HTMLElement): Padding {
  const rect = (selector: string) => document.querySelector<HTMLElement>(selector)?.getBoundingClientRect() ?? null;
  return freePadding(element.getBoundingClientRect(), { left: rect('.drawer-left'), right: rect('.drawer-right'), toolbar: rect('.toolbar') });
}
