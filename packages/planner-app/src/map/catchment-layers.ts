// Catchments on the map: the selected location's
// catchment area coloured by fraction (areas under 0.01 excluded: grey at
// 0.25), in mode 0 limited to the chosen coverage, in mode 1 every catchment
// area on the map in its zone colour at 0.8; the change against the default
// scenario when asked; the location's isolines and the isoline tool's result
// with the isoline style. Location point features are left out.
import type { CatchmentFeatureProperties, Geometry, LocationCatchmentArea } from '@locus/contract';
import {
  catchmentStyle,
  excludedAreaStyle,
  isolineStyle,
  LineLayer,
  PolygonLayer,
  zoneStyle,
  type LineFeature,
  type LocusMap,
  type PolygonFeature,
  type PolygonStyle,
} from '@locus/map-canvas';
import { effect } from '@preact/signals-react';
import { lastMark, MARKS, mark, measure, MEASURES, now } from '../perf';
import { layers } from '../stores/layers';
import { selectedLocationId } from '../stores/locations';
import { model } from '../stores/models';
import { requestFit } from '../stores/view';
import { EXCLUDED_FRACTION, inCoverage, type Coverage, type ResultsModel } from '../stores/results';
import { toolIsoline } from '../ui/isoline-tool/state';
import { Z } from './overlays';

/** The ramp of the catchment fraction: light at 0, the accent's dark end at 1. */
const RAMP_LOW = [253, 224, 71] as const;
const RAMP_HIGH = [185, 28, 28] as const;
/** Gain and loss against the default scenario. */
export const GAIN_COLOR = '#16703a';
export const LOSS_COLOR = '#b42318';
export const TOOL_ISOLINE_COLOR = '#0f766e';

/** The colour of a relative share 0..1 on the catchment ramp (square root, so small shares stay visible). */
export function fractionColor(fraction: number): string {
  const f = Math.sqrt(Math.min(1, Math.max(0, fraction)));
  const channel = (i: 0 | 1 | 2) =>
    Math.round(RAMP_LOW[i] + (RAMP_HIGH[i] - RAMP_LOW[i]) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

export interface CatchmentDrawOptions {
  mode: number;
  coverage: Coverage;
  compare: boolean;
  /** Mode 1: the zone colour of this catchment area; null draws by fraction. */
  zoneColor: string | null;
  keyPrefix: string;
}

function isPolygon(g: Geometry | null): g is Extract<Geometry, { type: 'Polygon' | 'MultiPolygon' }> {
  return !!g && (g.type === 'Polygon' || g.type === 'MultiPolygon');
}

/** The style of one catchment feature by the spec's rules. */
export function catchmentFeatureStyle(p: CatchmentFeatureProperties, o: Pick<CatchmentDrawOptions, 'compare' | 'zoneColor'>, maxFraction = 1): PolygonStyle {
  if (o.compare && p.fractionDefault !== null) {
    const change = p.fraction - p.fractionDefault;
    if (Math.abs(change) < EXCLUDED_FRACTION) return excludedAreaStyle();
    const strength = Math.min(1, Math.sqrt(Math.abs(change)));
    return {
      fill: change > 0 ? GAIN_COLOR : LOSS_COLOR,
      fillOpacity: 0.2 + 0.6 * strength,
      stroke: change > 0 ? GAIN_COLOR : LOSS_COLOR,
      strokeWidth: 1,
      strokeOpacity: 0.9,
    };
  }
  if (p.fraction < EXCLUDED_FRACTION) return excludedAreaStyle();
  if (o.zoneColor) return zoneStyle(o.zoneColor);
  return catchmentStyle(fractionColor(maxFraction > 0 ? p.fraction / maxFraction : 0), 'all');
}

/** The polygon features of a catchment area: point features out, in mode 0 only the chosen coverage. */
export function catchmentFeatures(area: LocationCatchmentArea, o: CatchmentDrawOptions): PolygonFeature[] {
  const out: PolygonFeature[] = [];
  // The ramp spans the location's own range of shares, so its strongest area is at the top.
  const maxFraction = area.featureCollection.features.reduce((max, f) => (isPolygon(f.geometry) ? Math.max(max, f.properties.fraction) : max), 0);
  area.featureCollection.features.forEach((f, i) => {
    if (!isPolygon(f.geometry)) return;
    if (o.mode === 0 && !inCoverage(f.properties.valueSharePrevious, o.coverage)) return;
    out.push({
      id: `${o.keyPrefix}:${f.properties.areaCode}:${i}`,
      geometry: f.geometry as PolygonFeature['geometry'],
      name: f.properties.areaCode,
      style: catchmentFeatureStyle(f.properties, o, maxFraction),
    });
  });
  return out;
}

/** The [[west, south], [east, north]] box of polygon features, or null when they have no points. */
export function featureBounds(features: readonly PolygonFeature[]): [[number, number], [number, number]] | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  const visit = (ring: readonly (readonly number[])[]) => {
    for (const [lon, lat] of ring) {
      if (lon! < w) w = lon!;
      if (lon! > e) e = lon!;
      if (lat! < s) s = lat!;
      if (lat! > n) n = lat!;
    }
  };
  for (const f of features) {
    const g = f.geometry;
    if (g.type === 'Polygon') g.coordinates.forEach(visit);
    else g.coordinates.forEach((p) => p.forEach(visit));
  }
  return w === Infinity
    ? null
    : [
        [w, s],
        [e, n],
      ];
}

/** Binds the results model's catchment areas and isolines to the map; returns the unbind. */
export function bindCatchmentLayers(map: LocusMap, results: ResultsModel): () => void {
  const { catchments, compareWithDefault, coverage, isolines, selectArea } = results;
  const stops: (() => void)[] = [];
  /** The selection whose catchment was last measured (a restyle of the same catchment is not a new figure). */
  let measuredSelection = -1;
  /** The catchment last framed: a restyle (coverage, compare) does not move the map again. */
  let framedKey = '';
  /** When the planner last moved the map by hand: a catchment that arrives after that does not move it back. */
  let userMovedAt = -Infinity;
  stops.push(
    map.on('moveend', (e) => {
      if (e.userInitiated) userMovedAt = performance.now();
    }),
  );
  const polygons = new PolygonLayer({ id: 'catchments', zIndex: Z.catchments });
  const lines = new LineLayer({ id: 'isolines', zIndex: Z.isolines });
  map.addLayer(polygons);
  map.addLayer(lines);

  stops.push(
    effect(() => {
      const m = model.value;
      const all = catchments.value;
      const chosen = layers.value.catchmentAreaId;
      const options = { coverage: coverage.value, compare: compareWithDefault.value };
      if (!m) {
        polygons.setFeatures([]);
        return;
      }
      const features: PolygonFeature[] = [];
      const started = now();
      let drawnChosen = false;
      for (const [id, state] of all) {
        if (state.state !== 'ready' || !state.value) continue;
        const definition = m.catchmentAreas.find((c) => c.id === id);
        if (!definition) continue;
        const onMap = m.catchmentAreaMode === 1 && m.catchmentAreasOnMap && definition.onMap;
        if (id !== chosen && !onMap) continue;
        const zone = m.catchmentAreaMode === 1 ? (m.catchmentAreaZones.find((z) => z.catchmentAreaName === definition.name) ?? null) : null;
        features.push(...catchmentFeatures(state.value, { mode: m.catchmentAreaMode, ...options, zoneColor: zone?.color ?? null, keyPrefix: String(id) }));
        if (id === chosen) drawnChosen = true;
      }
      polygons.setFeatures(features);
      if (drawnChosen) {
        measure(MEASURES.catchmentFeatures, started, { features: features.length });
        // The selection's figure: from the click (or any other selection) to the frame with its catchment.
        const selection = lastMark(MARKS.locationSelected);
        const detail = selection?.detail as { locationId?: number; frame?: boolean } | null;
        const locationId = detail?.locationId ?? null;
        const shown = all.get(chosen!);
        const ofSelection = shown?.state === 'ready' && shown.key.split(':')[2] === String(locationId);
        const measured = selection && ofSelection && selection.startTime !== measuredSelection ? selection : null;
        // A selection shows its whole catchment: the map moves when part of it lies outside the free map area.
        if (shown?.state === 'ready' && shown.key !== framedKey && selectedLocationId.peek() !== null) {
          framedKey = shown.key;
          // Only for a selection made on this page (a reload keeps the view of its address), and not when the
          // planner moved the map since: the view they chose stays.
          if (selection !== null && ofSelection && detail?.frame !== false && userMovedAt < selection.startTime) {
            const bounds = featureBounds(features.filter((f) => String(f.id).startsWith(`${chosen}:`)));
            if (bounds) requestFit({ kind: 'bounds', bounds, ensure: true });
          }
        }
        if (measured) measuredSelection = measured.startTime;
        const off = map.on('render', () => {
          off();
          mark('locus:catchment-drawn');
          if (measured) measure(MEASURES.selectionToCatchment, measured.startTime, { locationId });
        });
      }
    }),
  );

  stops.push(
    effect(() => {
      const own = isolines.value;
      const tool = toolIsoline.value;
      const features: LineFeature[] = [];
      own?.features.forEach((f, i) => {
        if (f.geometry && f.geometry.type !== 'Point' && f.geometry.type !== 'MultiPoint') {
          features.push({ id: `isoline-${i}`, geometry: f.geometry as LineFeature['geometry'], style: isolineStyle() });
        }
      });
      tool?.features.forEach((f, i) => {
        if (f.geometry && f.geometry.type !== 'Point' && f.geometry.type !== 'MultiPoint') {
          features.push({ id: `tool-isoline-${i}`, geometry: f.geometry as LineFeature['geometry'], style: isolineStyle(TOOL_ISOLINE_COLOR) });
        }
      });
      lines.setFeatures(features);
    }),
  );

  // A click on a catchment polygon selects its area (area information in the drawer).
  stops.push(
    map.on('click', (event) => {
      const hit = event.hit;
      if (!hit || hit.layerId !== polygons.id) return;
      const parts = String(hit.id).split(':');
      const areaCode = parts.slice(1, -1).join(':');
      if (parts.length >= 3 && areaCode) void selectArea({ catchmentAreaId: Number(parts[0]), areaCode });
    }),
  );

  return () => {
    for (const stop of stops) stop();
    map.removeLayer(polygons);
    map.removeLayer(lines);
  };
}
