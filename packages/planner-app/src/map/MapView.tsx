// The map of the main screen through @locus/map-canvas: the app turns store
// state into layers and map events into actions (ui-design.md).
import {
  boundsOf,
  createMap,
  IconLayer,
  iconZoomScale,
  ImpactLayer,
  PlaceLabelLayer,
  RangeCircleLayer,
  ScaleBarLayer,
  type IconFeature,
  type LocusMap,
  type PointerMapEvent,
} from '@locus/map-canvas';
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { FONT_FAMILY } from '../fonts';
import { t } from '../i18n';
import { api } from '../stores/api';
import { locations, selectedLocationId, visibleLocations } from '../stores/locations';
import { model } from '../stores/models';
import { selectLocation } from '../stores/planner';
import { useAppModel } from '../ui/app-model';
import { fitRequest, extent, view } from '../stores/view';
import { ContextMenu, type ContextMenuState } from './ContextMenu';
import { freeArea, inside, pagePadding } from './framing';
import { HOVER_CARD_DELAY_MS, HoverCard, type HoverCardState } from './HoverCard';
import { ICON_THIN_BELOW_ZOOM, iconChangeOf, iconShapeOf, LocationIconImages } from './location-icons';
import { bindNewLocationPin } from './new-location-pin';
import { bindOverlays, Z } from './overlays';
import { basemapLayer, startBasemaps, streetAttribution, streetMinZoom } from './basemap';
import { bindCatchmentLayers } from './catchment-layers';

declare global {
  interface Window {
    /** The main screen's map object, for diagnostics, tests and benchmarks (project, fitBounds, whenIdle). */
    locusMap?: LocusMap;
  }
}

/** How long the pointer rests on an icon before its catchment area is read ahead (a pass over the map reads nothing). */
export const PREFETCH_REST_MS = 120;

/**
 * Fit with maximum zoom 12 in 1000 ms. The spec's padding (30 plus 60 either side) kept
 * what was shown clear of the drawers and the toolbar; the padding is now measured from them
 * (framing.ts: the free map area plus a margin of 40 px).
 */
const FIT = { maxZoom: 12, duration: 1000 };
/** A selection's catchment is shown whole, at most this close. */
const SELECTION_MAX_ZOOM = 15;

export function MapView() {
  useSignals();
  const app = useAppModel();
  const { impactLayerOn, impactSymbols } = app.impact;
  const { results, tools } = app;
  const container = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const [card, setCard] = useState<HoverCardState | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const basemap = basemapLayer();
    let iconRestyle = 0;
    const images = new LocationIconImages(api, () => {
      cancelAnimationFrame(iconRestyle);
      iconRestyle = requestAnimationFrame(() => icons.setSelected(selectedLocationId.value === null ? [] : [selectedLocationId.value]));
    });
    const byId = new Map<number, { group: number | null; type: number; change: number }>();
    const icons = new IconLayer({
      zIndex: Z.locations,
      zoomScale: iconZoomScale,
      thinBelowZoom: ICON_THIN_BELOW_ZOOM,
      style: (feature: IconFeature) => {
        const info = byId.get(Number(feature.id));
        if (!info) return {};
        const image = images.get(info.group, iconShapeOf(info.type), icons.isSelected(feature.id), info.change);
        return image ? { image } : {};
      },
    });
    const ranges = new RangeCircleLayer({ radii: [], zIndex: Z.ranges });
    // The shown scenario's impact against the base: proportional symbols under the icons (stores/impact.ts).
    const impact = new ImpactLayer({ id: 'impact', zIndex: Z.impact });
    const map = createMap(element, {
      view: view.peek(),
      layers: [basemap, ranges, impact, icons, new PlaceLabelLayer({ basemap, zIndex: Z.placeLabels }), new ScaleBarLayer({ zIndex: Z.scaleBar })],
      label: t('map'),
      fontFamily: FONT_FAMILY,
    });
    window.locusMap = map;
    const stops: (() => void)[] = [startBasemaps(api, map)];
    let firstFrameMarked = false;

    // Locations → icons.
    stops.push(
      effect(() => {
        const list = visibleLocations.value;
        const m = model.value;
        images.setRevision(m?.modified ?? '');
        byId.clear();
        for (const l of list) byId.set(l.id, { group: l.locationGroupId, type: l.type, change: l.changeType });
        icons.setFeatures(
          list.map((l) => ({
            id: l.id,
            lon: l.longitude,
            lat: l.latitude,
            name: l.name,
            group: l.locationGroupId ?? -1,
            type: l.type,
            change: iconChangeOf(l.changeType),
          })),
        );
        if (!firstFrameMarked && list.length) {
          firstFrameMarked = true;
          const off = map.on('render', () => {
            off();
            performance.mark('locus:first-map-frame');
          });
        }
      }),
    );
    // Selection → selected icon and range circles (the model's mapRanges, metres).
    stops.push(
      effect(() => {
        const id = selectedLocationId.value;
        const selected = id === null ? null : (locations.value.find((l) => l.id === id) ?? null);
        icons.setSelected(id === null ? [] : [id]);
        ranges.setCircles(selected ? [selected.longitude, selected.latitude] : null, selected ? (model.value?.mapRanges ?? []) : []);
        if (id !== null) performance.mark('locus:selection-drawn');
      }),
    );
    // Moves asked for by the stores: fits to all visible locations on model change, to the changed ones
    // after a change, to a point or a box (a selection's catchment), each in the free map area beside
    // the drawers; the address's view. The map owns its view and reports it on moveend.
    stops.push(
      effect(() => {
        const request = fitRequest.value;
        if (!request) return;
        const r = request.request;
        const padding = pagePadding(element);
        if (r.kind === 'point') {
          const d = 1e-7;
          map.fitBounds(
            [
              [r.lon - d, r.lat - d],
              [r.lon + d, r.lat + d],
            ],
            { ...FIT, maxZoom: r.zoom, padding },
          );
          return;
        }
        if (r.kind === 'bounds') {
          const size = map.getSize();
          const [[w, s], [e, n]] = r.bounds;
          const corners = (
            [
              [w, s],
              [e, s],
              [w, n],
              [e, n],
            ] as [number, number][]
          ).map((c) => map.project(c));
          if (r.ensure && inside(corners, freeArea(size.width, size.height, padding))) return;
          map.fitBounds(r.bounds, { ...FIT, maxZoom: SELECTION_MAX_ZOOM, padding });
          return;
        }
        if (r.kind === 'view') {
          void map.setView(r.view);
          return;
        }
        const list = r.kind === 'all' ? visibleLocations.peek() : locations.peek().filter((l) => r.ids.includes(l.id));
        if (!list.length) return;
        const bounds = boundsOf(list.map((l) => [l.longitude, l.latitude] as [number, number]));
        if (bounds) map.fitBounds(bounds, { ...FIT, padding });
      }),
    );
    stops.push(bindOverlays(map, api, tools));
    stops.push(
      effect(() => {
        impact.setFeatures(impactSymbols.value);
        impact.setVisible(impactLayerOn.value);
      }),
    );
    // The map's accessible names follow the interface language.
    stops.push(effect(() => map.setLabels({ label: t('map'), itemsLabel: t('mapLocations') })));
    stops.push(bindCatchmentLayers(map, results));
    stops.push(bindNewLocationPin(map, element));
    const updateExtent = () => {
      const size = { width: element.clientWidth, height: element.clientHeight };
      const nw = map.unproject([0, 0]);
      const se = map.unproject([size.width, size.height]);
      extent.value = [Math.min(nw[0], se[0]), Math.min(nw[1], se[1]), Math.max(nw[0], se[0]), Math.max(nw[1], se[1])];
    };
    stops.push(
      map.on('moveend', (e) => {
        view.value = { zoom: e.view.zoom, center: [e.view.center[0], e.view.center[1]], bearing: e.view.bearing, pitch: e.view.pitch };
        updateExtent();
        setMenu(null);
      }),
    );
    updateExtent();
    const choose = (hit: PointerMapEvent['hit'] | { kind: string; id: string | number; layerId: string } | null) => {
      if (hit && hit.kind === 'icon' && hit.layerId === icons.id) void selectLocation(Number(hit.id));
    };
    stops.push(
      map.on('click', (e) => {
        setMenu(null);
        choose(e.hit);
      }),
    );
    stops.push(map.on('select', (e) => choose(e.hit)));
    // A pointer resting on a store's icon starts reading its catchment area, so a click finds it read or on its way.
    let restTimer: ReturnType<typeof setTimeout> | undefined;
    // The hover card: name, group and output of the icon the pointer rests on.
    let cardTimer: ReturnType<typeof setTimeout> | undefined;
    const hideCard = () => {
      clearTimeout(cardTimer);
      setCard(null);
    };
    stops.push(
      map.on('hover', (e) => {
        clearTimeout(restTimer);
        hideCard();
        const hit = e.hit;
        if (hit && hit.kind === 'icon' && hit.layerId === icons.id) {
          restTimer = setTimeout(() => results.prefetchCatchmentArea(Number(hit.id)), PREFETCH_REST_MS);
          const [x, y] = e.point;
          cardTimer = setTimeout(() => setCard({ id: Number(hit.id), x, y }), HOVER_CARD_DELAY_MS);
        }
      }),
    );
    stops.push(map.on('move', hideCard));
    stops.push(map.on('click', hideCard));
    const leave = () => hideCard();
    element.addEventListener('pointerleave', leave);
    stops.push(() => element.removeEventListener('pointerleave', leave));
    stops.push(() => clearTimeout(restTimer));
    stops.push(() => clearTimeout(cardTimer));
    stops.push(
      map.on('contextmenu', (e) => {
        e.originalEvent.preventDefault();
        const hit = e.hit && e.hit.kind === 'icon' && e.hit.layerId === icons.id ? Number(e.hit.id) : null;
        setMenu({ x: e.point[0], y: e.point[1], lon: e.lngLat[0], lat: e.lngLat[1], locationId: hit });
      }),
    );

    return () => {
      for (const stop of stops) stop();
      cancelAnimationFrame(iconRestyle);
      map.dispose();
      if (window.locusMap === map) delete window.locusMap;
    };
    // The app model is made once for the page: the map is made once too.
  }, [impactLayerOn, impactSymbols, results, tools]);

  return (
    <div className="map-area">
      <div ref={container} className="map" />
      {card && !menu && <HoverCard state={card} width={container.current?.clientWidth ?? 0} />}
      {menu && <ContextMenu state={menu} onClose={() => setMenu(null)} />}
      <StreetCredit />
    </div>
  );
}

/** The street basemap's credit line, while its tiles can be drawn (not below its first level). */
function StreetCredit() {
  useSignals();
  const credit = streetAttribution.value;
  if (!credit || view.value.zoom < streetMinZoom.value - 0.5) return null;
  return <div className="map-attribution">{credit}</div>;
}
