// Location icons: image per group, shape, selected state and change; size factors.
import { scaleOrdinal } from 'd3-scale';
import { ICON_BASE_SIZE, ICON_DEFAULT_SIZE_FACTOR, ICON_SIZE_FACTORS, POI_ICON_SIZE_FACTOR } from '../../constants.js';

export type IconShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'pentagon';
/** How a scenario changed a location. */
export type LocationChange = 'new' | 'closed' | 'edited' | 'moved';

export interface IconFeature {
  id: string | number;
  lon: number;
  lat: number;
  /** Accessible name (read out by screen readers). */
  name: string;
  /** Location group; picks the colour or image. */
  group?: string | number;
  shape?: IconShape;
  /** Location type; sets the size factor. */
  type?: number;
  /** Points of interest are drawn smaller. */
  poi?: boolean;
  change?: LocationChange | null;
}

export interface IconGroupStyle {
  color: string;
  /** An image drawn instead of the shape (loaded by the app, same-origin or CORS). */
  image?: CanvasImageSource;
}

export interface IconStyle {
  fill: string;
  stroke: string;
  shape: IconShape;
  image: CanvasImageSource | null;
}

/** Icons of a thinned layer keep at least this share of their edge apart (0.9: a sliver may overlap). */
export const THIN_SPACING = 0.9;
/** Edge in CSS px of the dot that stands for a thinned-out icon. */
export const THIN_DOT_SIZE = 5;

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];
const groupColor = scaleOrdinal<string, string>(PALETTE);

/** The spec's size factor: type 1 is 0.5, type 4 is 0.75, type 5 and others 1; POIs 0.65. */
export function iconSizeFactor(feature: Pick<IconFeature, 'type' | 'poi'>): number {
  if (feature.poi) return POI_ICON_SIZE_FACTOR;
  return (feature.type !== undefined ? ICON_SIZE_FACTORS[feature.type] : undefined) ?? ICON_DEFAULT_SIZE_FACTOR;
}

/** Edge of the icon in CSS px. */
export function iconSize(feature: Pick<IconFeature, 'type' | 'poi'>, selected: boolean): number {
  return Math.round(ICON_BASE_SIZE * iconSizeFactor(feature) * (selected ? 1.25 : 1));
}

export function defaultIconStyle(feature: IconFeature, groups: Record<string, IconGroupStyle> | undefined): IconStyle {
  const key = String(feature.group ?? '');
  const group = groups?.[key];
  return {
    fill: group?.color ?? groupColor(key),
    stroke: '#ffffff',
    shape: feature.shape ?? (feature.poi ? 'diamond' : 'circle'),
    image: group?.image ?? null,
  };
}
