// The map marker of a location (its group's image, shape, selected state and change badge): its look
// follows the location group's colour, the shape, the selected state and the
// change of the location in the scenario. The map applies the spec's size
// factors (type 1: 0.5, type 4: 0.75, others 1); the icon itself is drawn in
// a fixed 32-unit box.
import { ChangeType } from '@locus/contract/constants';
import { darken, greyedOut, parseHexColor, type Rgba } from './color.js';
import { shapesToPng, shapesToSvg, type IconShape } from './icon-shapes.js';

/** Marker shapes: location types 1, 4 and 5 are round; retail areas and other types square. */
export const LocationIconShape = { round: 0, square: 1, diamond: 2 } as const;

/** The colour of a location without a location group (group id -1). */
export const NO_GROUP_COLOR = '#9e9e9e';

export const LOCATION_ICON_VIEWBOX = 32;

export interface LocationIconOptions {
  /** Brand colour of the location group as hex. */
  color: string;
  /** 0 round, 1 square, 2 diamond (LocationIconShape). */
  shape: number;
  selected: boolean;
  /** 0 unchanged, 1 opened, 2 closed, 3 edited; other values count as edited. */
  changeType: number;
  /** Group code: the icon's title (tooltip and accessible name). */
  code?: string;
}

const WHITE: Rgba = [255, 255, 255, 255];
const BADGE_COLORS: Record<number, Rgba> = {
  [ChangeType.added]: [46, 125, 50, 255],
  [ChangeType.closed]: [198, 40, 40, 255],
  [ChangeType.edited]: [245, 166, 35, 255],
};

/** Extent from the centre to the outer edge, in viewBox units. */
const EXTENT = { normal: 11, selected: 15.5 };
const BORDER_WIDTH = 2;
const RING_WIDTH = 2.5;
const BADGE = { cx: 24.5, cy: 7.5, r: 5.75, border: 1.5 };

export function locationIconShapes(options: LocationIconOptions): IconShape[] {
  const { shape, selected } = options;
  if (!Object.values(LocationIconShape).includes(shape as 0 | 1 | 2)) {
    throw new RangeError(`location icon shape must be 0 (round), 1 (square) or 2 (diamond), got ${shape}`);
  }
  const change = normalizedChange(options.changeType);
  const brand = parseHexColor(options.color);
  const fill = change === ChangeType.closed ? greyedOut(brand) : brand;
  const ring = darken(fill, 0.45);
  const extent = selected ? EXTENT.selected : EXTENT.normal;
  const ringWidth = selected ? RING_WIDTH : 0;
  const c = LOCATION_ICON_VIEWBOX / 2;
  const shapes: IconShape[] = [];

  if (shape === LocationIconShape.round) {
    const r = extent - ringWidth - BORDER_WIDTH / 2;
    if (selected) shapes.push({ kind: 'circle', cx: c, cy: c, r: r + BORDER_WIDTH / 2 + ringWidth / 2, stroke: ring, strokeWidth: ringWidth });
    shapes.push({ kind: 'circle', cx: c, cy: c, r, fill, stroke: WHITE, strokeWidth: BORDER_WIDTH });
  } else {
    const diamond = shape === LocationIconShape.diamond;
    // A diamond reaches its extent at the tips, √2 times its half side; a square looks larger than a circle of the same extent.
    const reach = diamond ? Math.SQRT1_2 * Math.min(extent * 1.15, 15.75) : extent * 0.9;
    const half = reach - ringWidth - BORDER_WIDTH / 2;
    const radius = diamond ? 1.5 : 3;
    const common = { kind: 'square' as const, cx: c, cy: c, rotate45: diamond };
    if (selected) {
      const ringHalf = half + BORDER_WIDTH / 2 + ringWidth / 2;
      shapes.push({ ...common, half: ringHalf, radius: radius + BORDER_WIDTH / 2 + ringWidth / 2, stroke: ring, strokeWidth: ringWidth });
    }
    shapes.push({ ...common, half, radius, fill, stroke: WHITE, strokeWidth: BORDER_WIDTH });
  }

  if (change !== ChangeType.unchanged) shapes.push(...changeBadge(change));
  return shapes;
}

/** The marker as an SVG document. */
export function locationIconSvg(options: LocationIconOptions): string {
  return shapesToSvg(locationIconShapes(options), LOCATION_ICON_VIEWBOX, options.code);
}

/** The same marker as a PNG of size x size pixels (32 by default, 64 for high-density screens). */
export function locationIconPng(options: LocationIconOptions, size = LOCATION_ICON_VIEWBOX): Buffer {
  return shapesToPng(locationIconShapes(options), LOCATION_ICON_VIEWBOX, size);
}

function normalizedChange(changeType: number): number {
  if (changeType === ChangeType.unchanged || changeType === ChangeType.added || changeType === ChangeType.closed) return changeType;
  return ChangeType.edited;
}

/** A small disc at the top right: '+' opened, '×' closed, a pencil edited. */
function changeBadge(change: number): IconShape[] {
  const { cx, cy, r, border } = BADGE;
  const shapes: IconShape[] = [{ kind: 'circle', cx, cy, r, fill: BADGE_COLORS[change], stroke: WHITE, strokeWidth: border }];
  const arm = 2.9;
  if (change === ChangeType.added) {
    shapes.push({ kind: 'lines', segments: [cx - arm, cy, cx + arm, cy, cx, cy - arm, cx, cy + arm], stroke: WHITE, strokeWidth: 1.8 });
  } else if (change === ChangeType.closed) {
    const d = arm * 0.8;
    shapes.push({ kind: 'lines', segments: [cx - d, cy - d, cx + d, cy + d, cx - d, cy + d, cx + d, cy - d], stroke: WHITE, strokeWidth: 1.8 });
  } else {
    // Pencil: a slanted shaft with a pointed tip towards the bottom left.
    shapes.push({ kind: 'lines', segments: [cx - 0.6, cy + 0.6, cx + 2.4, cy - 2.4], stroke: WHITE, strokeWidth: 2.2 });
    shapes.push({ kind: 'polygon', points: [cx - 1.6, cy - 0.4, cx + 0.4, cy + 1.6, cx - 2.6, cy + 2.6], fill: WHITE });
  }
  return shapes;
}
