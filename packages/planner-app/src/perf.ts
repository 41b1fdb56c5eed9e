// The app's own timing marks (User Timing API): cheap entries in the
// browser's performance timeline that benchmarks and the browser suite read
// (`npm run bench -- app`), and that show in a browser's performance panel.
// Each figure is a `performance.measure` named 'locus:…' whose detail says
// what it measured; nothing here changes what the app does.

/** The measures the app records, by name. */
export const MEASURES = {
  /** A location's selection to the frame that shows its catchment area on the map. */
  selectionToCatchment: 'locus:selection-to-catchment',
  /** The read of a location's catchment area (detail.cached: answered from the app's cache). */
  catchmentFetch: 'locus:catchment-fetch',
  /** Turning a catchment area's answer into map features. */
  catchmentFeatures: 'locus:catchment-features',
  /** The location report opened to the frame with every map of it drawn. */
  locationReport: 'locus:location-report',
  /** The location report opened to the frame with it complete: maps drawn, charts' data in. */
  locationReportComplete: 'locus:location-report-complete',
  /** One report map drawn to its image (detail.map). */
  reportMap: 'locus:report-map',
  /** A report map's drawing on its canvas at the print pixel ratio. */
  reportMapDraw: 'locus:report-map-draw',
  /** A report map's canvas encoded to its image. */
  reportMapEncode: 'locus:report-map-encode',
  /** A chart's data read (detail.kind). */
  chartFetch: 'locus:chart-fetch',
  /** A chart's first render to its commit in the page (detail.kind). */
  chartRender: 'locus:chart-render',
  /** A chart's first render to the frame after it was painted (detail.kind). */
  chartPaint: 'locus:chart-paint',
} as const;

/** Marks made when something starts, read back by the measures above. */
export const MARKS = {
  locationSelected: 'locus:location-selected',
  locationReportOpened: 'locus:location-report-opened',
} as const;

type Detail = Record<string, string | number | boolean | null>;

const timeline = typeof performance !== 'undefined' && typeof performance.mark === 'function' ? performance : null;

/** Marks a moment; answers its time (0 without a timeline). */
export function mark(name: string, detail?: Detail): number {
  if (!timeline) return 0;
  return timeline.mark(name, { detail }).startTime;
}

/** The latest mark of a name, or null. */
export function lastMark(name: string): PerformanceMark | null {
  const list = timeline?.getEntriesByName(name, 'mark') ?? [];
  return (list[list.length - 1] as PerformanceMark | undefined) ?? null;
}

/** Records a measure from `start` (a time in ms of the page's clock) to now. */
export function measure(name: string, start: number, detail?: Detail): void {
  if (!timeline) return;
  timeline.measure(name, { start, end: timeline.now(), detail });
}

/** Now, on the page's clock (0 without a timeline). */
export function now(): number {
  return timeline ? timeline.now() : 0;
}

/**
 * Records a measure from `start` to the frame after the next paint: a task
 * queued from an animation frame callback runs once that frame is on screen.
 */
export function measureAfterPaint(name: string, start: number, detail?: Detail): void {
  if (!timeline || typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => setTimeout(() => measure(name, start, detail), 0));
}
