// Maps of the reports: a static map-canvas map at a fixed
// centre and zoom (reports are never fitted), drawn off screen and returned as
// an image at the print pixel ratio so the paper copy stays sharp. The map is
// a plain function of its options, so the reports (and the report web
// component) can be given another renderer, for example in tests.
import type { IconFeature, ImpactFeature, PolygonFeature } from '@locus/map-canvas';
import { FONT_FAMILY } from '../../fonts';
import { basemapReady, streetLayer } from '../../map/basemap';
import { ICON_THIN_BELOW_ZOOM, iconShapeOf, type IconLook, type LocationIconImages } from '../../map/location-icons';
import { measure, MEASURES, now } from '../../perf';
import { Report, ReportZoom } from '@locus/contract';

/** 300 dpi paper over the 96 dpi CSS pixel. */
export const PRINT_PIXEL_RATIO = 300 / 96;
/** The report's content width in CSS px: 21 cm less 1.5 cm margins either side. */
export const REPORT_MAP_WIDTH = Math.round(((Report.widthCm - 3) / 2.54) * 96);
export const REPORT_MAP_HEIGHT = Report.mapHeightPx;

/** Metres per CSS pixel at zoom 0 on the equator: map-canvas's world is 512 pixels wide at zoom 0 (its WORLD_SIZE). */
const METRES_PER_PIXEL_Z0 = 40_075_016.686 / 512;

/**
 * The zoom of the location report's local-situation map. The spec's zoom
 * (ReportZoom.localSituation, 16) is a street-level view: with a basemap that
 * draws streets it is used as it is. The built-in basemap draws land,
 * borders and place names only, so at 16 the picture (about 1 km by 600 m)
 * is one flat colour under the range circles' fills, every circle wider than
 * the picture: a blank grey square. With it the map zooms out until the
 * model's largest range circle fits the picture's height with a margin, so
 * the circles and their labels, the stores around and the places nearby are
 * in the picture; without ranges it shows about 5 km around the location.
 */
export function localSituationZoom(latitude: number, ranges: readonly number[], options: { height?: number; streets?: boolean } = {}): number {
  if (options.streets) return ReportZoom.localSituation;
  const height = options.height ?? REPORT_MAP_HEIGHT;
  const radius = ranges.length ? Math.max(...ranges) : 2_500;
  // The circle's diameter and a tenth either side across the picture's height.
  const metresPerPixel = (2 * radius * 1.2) / height;
  const zoom = Math.floor(2 * Math.log2((METRES_PER_PIXEL_Z0 * Math.cos((latitude * Math.PI) / 180)) / metresPerPixel)) / 2;
  return Math.max(ReportZoom.catchmentArea - 2, Math.min(ReportZoom.localSituation, zoom));
}

export interface ReportMapOptions {
  center: [number, number];
  zoom: number;
  width?: number;
  height?: number;
  pixelRatio?: number;
  /** Location icons; the selected ones drawn larger and on top. */
  icons?: IconFeature[];
  selectedIds?: (string | number)[];
  /** Fill colour per icon id (impact map); the group's own icon otherwise. */
  iconColors?: Map<string | number, string>;
  /**
   * The server's location icons (as on the main map and in the legend): each icon's look is read from its
   * feature (group, type) and `changes` (its changeType in the scenario), and the map waits for them.
   */
  iconImages?: LocationIconImages;
  changes?: ReadonlyMap<string | number, number>;
  /** Proportional impact symbols under the icons (scenario report), as on the main map's Impact layer. */
  impact?: ImpactFeature[];
  polygons?: PolygonFeature[];
  /** Range circles around the centre, metres. */
  ranges?: number[];
  label: string;
}

/** Renders a report map to an image. */
export type ReportMapRenderer = (options: ReportMapOptions) => Promise<Blob>;

/** The map-canvas renderer: an off-screen static map drawn once at the print pixel ratio. */
export const renderReportMap: ReportMapRenderer = async (o) => {
  const [mc, basemap] = await Promise.all([import('@locus/map-canvas'), basemapReady()]);
  const width = o.width ?? REPORT_MAP_WIDTH;
  const height = o.height ?? REPORT_MAP_HEIGHT;
  const container = document.createElement('div');
  container.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px;pointer-events:none;`;
  container.setAttribute('aria-hidden', 'true');
  document.body.append(container);
  const colors = o.iconColors;
  // Only the icons on (or just beyond) the static view are handed to the map.
  const spanLon = ((width * 1.5) / (256 * 2 ** o.zoom)) * 360;
  const spanLat = spanLon * ((height + 64) / width);
  const icons = (o.icons ?? []).filter((f) => Math.abs(f.lon - o.center[0]) <= spanLon / 2 && Math.abs(f.lat - o.center[1]) <= spanLat);
  // The street basemap of the main map, when it is shown, at the print pixel ratio (its tiles are
  // drawn for that ratio; toCanvas waits for them up to its timeout, then draws what arrived).
  const selected = new Set(o.selectedIds ?? []);
  const lookOf = (f: IconFeature): IconLook => ({
    groupId: f.group === undefined || f.group === -1 ? null : Number(f.group),
    shape: iconShapeOf(f.type ?? 1),
    selected: selected.has(f.id),
    change: o.changes?.get(f.id) ?? 0,
  });
  const images = colors ? undefined : o.iconImages;
  if (images) await images.preload(icons.map(lookOf));
  const streets = streetLayer();
  const layers = [
    basemap,
    ...(streets ? [streets] : []),
    new mc.PolygonLayer({ zIndex: 30, features: o.polygons ?? [], pickable: false }),
    new mc.RangeCircleLayer({ zIndex: 50, radii: o.ranges ?? [], center: o.ranges?.length ? o.center : null }),
    new mc.ImpactLayer({ zIndex: 55, features: o.impact ?? [] }),
    new mc.IconLayer({
      zIndex: 60,
      zoomScale: mc.iconZoomScale,
      thinBelowZoom: ICON_THIN_BELOW_ZOOM,
      features: icons,
      selectedIds: o.selectedIds ?? [],
      style: colors
        ? (f: IconFeature) => (colors.has(f.id) ? { fill: colors.get(f.id)! } : {})
        : images
          ? (f: IconFeature) => {
              const look = lookOf(f);
              const image = images.get(look.groupId, look.shape, look.selected, look.change);
              return image ? { image } : {};
            }
          : undefined,
    }),
    new mc.PlaceLabelLayer({ basemap, zIndex: 70 }),
    new mc.ScaleBarLayer({ zIndex: 100 }),
  ];
  const map = mc.createMap(container, {
    view: { center: o.center, zoom: o.zoom, bearing: 0, pitch: 0 },
    size: { width, height },
    pixelRatio: 1,
    interactive: false,
    motionPictures: false,
    label: o.label,
    fontFamily: FONT_FAMILY,
    layers,
  });
  try {
    const started = now();
    const canvas = await map.toCanvas({ pixelRatio: o.pixelRatio ?? PRINT_PIXEL_RATIO, timeout: 10000 });
    measure(MEASURES.reportMapDraw, started, { width: canvas.width, height: canvas.height });
    const encoding = now();
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The map image could not be encoded'))), 'image/png'),
    );
    measure(MEASURES.reportMapEncode, encoding, { bytes: blob.size });
    return blob;
  } finally {
    map.dispose();
    container.remove();
  }
};
