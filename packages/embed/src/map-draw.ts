// The drawing of <locus-location-map>, loaded when the first map is drawn (a
// lazy chunk with map-canvas): the basemap, the scenario's locations with the
// app's icons, and the layers the `layers` attribute chooses (area sets as
// the server's tiles, heat maps, POI sets, the location's catchment area).
import type { LocationSummary, Model } from '@locus/contract';
import {
  areaSetSource,
  BasemapLayer,
  boundsOf,
  createMap,
  IconLayer,
  iconZoomScale,
  PlaceLabelLayer,
  loadNaturalEarth,
  PolygonLayer,
  ScaleBarLayer,
  TileLayer,
  type IconFeature,
  type Layer,
  type LocusMap,
} from '@locus/map-canvas';
import type { ApiClient } from '@locus/contract/client';
import { ICON_THIN_BELOW_ZOOM, iconChangeOf, iconShapeOf, LocationIconImages } from '@locus/planner-app/map/location-icons';
import { AREA_SET_OPACITY, areaSetTileTemplate, decodedImage, heatMapLayer, PoiLayer, Z } from '@locus/planner-app/map/overlays';
import { FONT_FAMILY } from './font';
import type { LayerChoice } from './layers';

export interface MapDrawingOptions {
  api: ApiClient;
  /** The Locus server's origin (the tiles' addresses). */
  server: string;
  view: { zoom: number; center: [number, number] };
  interactive: boolean;
  label: string;
  /** The accessible name of the list of the locations' entries. */
  itemsLabel: string;
  /** The ids to draw selected. */
  selected: () => number[];
  /** A location's icon was clicked or chosen by keyboard. */
  onChoose: (id: number) => void;
}

/** What the catchment layer draws: a calculated scenario's location in a sub-model. */
export interface CatchmentContext {
  model: Model;
  submodelId: number;
  scenarioId: number;
  locationId: number;
}

export class MapDrawing {
  readonly map: LocusMap;
  private readonly images: LocationIconImages;
  private readonly icons: IconLayer;
  private readonly byId = new Map<number, { group: number | null; type: number; change: number }>();
  private readonly overlays = new Map<string, Layer>();
  private readonly pois: PoiLayer;
  private readonly catchment: PolygonLayer;
  private readonly poiLogos = new Map<string, CanvasImageSource | null>();
  private readonly cache = new Map<string, Promise<unknown>>();
  private layerGeneration = 0;
  private readonly stops: (() => void)[] = [];
  /** The view still to fit once the map has a size (an element in a hidden tab). */
  private pendingFit: [number, number][] | null = null;

  constructor(
    container: HTMLElement,
    private readonly o: MapDrawingOptions,
  ) {
    const basemap = new BasemapLayer({ zIndex: Z.basemap });
    this.images = new LocationIconImages(o.api, () => this.icons.setSelected(o.selected()));
    this.icons = new IconLayer({
      zoomScale: iconZoomScale,
      thinBelowZoom: ICON_THIN_BELOW_ZOOM,
      id: 'locations',
      zIndex: Z.locations,
      style: (feature: IconFeature) => {
        const info = this.byId.get(Number(feature.id));
        if (!info) return {};
        const image = this.images.get(info.group, iconShapeOf(info.type), this.icons.isSelected(feature.id), info.change);
        return image ? { image } : {};
      },
    });
    this.pois = new PoiLayer({
      id: 'pois',
      zIndex: Z.pois,
      style: (feature) => {
        const logo = this.poiLogos.get(String(feature.group));
        return logo ? { image: logo } : {};
      },
    });
    this.catchment = new PolygonLayer({ id: 'catchment', zIndex: Z.catchments, pickable: false });
    this.map = createMap(container, {
      view: o.view,
      layers: [basemap, this.icons, new PlaceLabelLayer({ basemap, zIndex: Z.placeLabels }), new ScaleBarLayer({ zIndex: Z.scaleBar })],
      interactive: o.interactive,
      label: o.label,
      itemsLabel: o.itemsLabel,
      fontFamily: FONT_FAMILY,
    });
    const choose = (hit: { kind: string; id: string | number; layerId: string } | null | undefined) => {
      if (hit && hit.kind === 'icon' && hit.layerId === this.icons.id) o.onChoose(Number(hit.id));
    };
    this.map.on('click', (e) => choose(e.hit));
    this.map.on('select', (e) => choose(e.hit));
    // A map that had no size (a hidden tab) fits its locations when it gets one.
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(() => {
        if (!this.pendingFit || this.map.getSize().width === 0) return;
        const points = this.pendingFit;
        this.pendingFit = null;
        this.fit(points);
      });
      observer.observe(container);
      this.stops.push(() => observer.disconnect());
    }
    void import('locus:places').then(async ({ default: places }) => basemap.setData(await loadNaturalEarth('10m', places)));
  }

  /** The scenario's locations (drawn when `visible`). */
  setLocations(model: Model, locations: readonly LocationSummary[], visible: boolean): void {
    this.images.setRevision(model.modified ?? '');
    this.byId.clear();
    for (const l of locations) this.byId.set(l.id, { group: l.locationGroupId, type: l.type, change: l.changeType });
    this.icons.setFeatures(
      visible
        ? locations.map((l) => ({
            id: l.id,
            lon: l.longitude,
            lat: l.latitude,
            name: l.name,
            group: l.locationGroupId ?? -1,
            type: l.type,
            change: iconChangeOf(l.changeType),
          }))
        : [],
    );
  }

  /** Fits the view to the points (now, or once the map has a size). */
  fit(points: [number, number][]): void {
    const bounds = boundsOf(points);
    if (!bounds) return;
    if (this.map.getSize().width === 0 || this.map.getSize().height === 0) {
      this.pendingFit = points;
      return;
    }
    this.map.fitBounds(bounds, { maxZoom: 12, padding: 30 });
  }

  setSelected(ids: number[]): void {
    this.icons.setSelected(ids);
  }

  /** The ids of the layers on the map, bottom first (diagnostics and tests). */
  layerIds(): string[] {
    return this.map.getLayers().map((l) => l.id);
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let found = this.cache.get(key) as Promise<T> | undefined;
    if (!found) {
      found = load();
      found.catch(() => this.cache.delete(key));
      this.cache.set(key, found);
    }
    return found;
  }

  private place(key: string, make: () => Layer): void {
    if (this.overlays.has(key)) return;
    const layer = make();
    this.overlays.set(key, layer);
    this.map.addLayer(layer);
  }

  /**
   * Draws the chosen layers and removes the others. Resolves when every
   * chosen layer has its data; rejects with the first failure.
   */
  async setLayers(model: Model, choice: LayerChoice, catchment: CatchmentContext | null): Promise<void> {
    const generation = ++this.layerGeneration;
    const current = () => generation === this.layerGeneration;
    const api = this.o.api;
    const wanted = new Set<string>();
    const loads: Promise<unknown>[] = [];

    // Area sets: the server's raster tiles, with the signed-in user's token.
    for (const id of choice.areaSetIds) {
      const set = model.areaSets.find((s) => s.id === id)!;
      const key = `area-set-${model.id}-${set.id}`;
      wanted.add(key);
      const levels = set.mapTilesZoomLevelsAvailable;
      const zoomRange = levels.length ? { minZoom: Math.min(...levels), maxZoom: Math.max(...levels) } : {};
      this.place(
        key,
        () =>
          new TileLayer({
            id: key,
            ...areaSetSource(`${this.o.server}${areaSetTileTemplate(set)}`),
            ...zoomRange,
            opacity: AREA_SET_OPACITY,
            zIndex: Z.areaSets,
            headers: () => api.authHeaders(),
          }),
      );
    }

    // Heat maps: one layer per set, its points read once.
    for (const heatMapSetId of choice.heatMapSetIds) {
      const key = `heat-map-${model.id}-${heatMapSetId}`;
      wanted.add(key);
      if (this.overlays.has(key)) continue;
      const layer = heatMapLayer(key, model.heatMapSets.find((h) => h.id === heatMapSetId)?.rendering ?? 'density');
      this.place(key, () => layer);
      loads.push(
        this.once(key, () => api.call('heatMapPoints', { params: { modelId: model.id, heatMapSetId }, expected: () => true })).then((list) => {
          if (this.overlays.get(key) === layer) layer.setPoints(list.map((p) => ({ lon: p.longitude, lat: p.latitude, weight: p.weight })));
        }),
      );
    }

    // POIs: every chosen set's POIs in one layer, drawn with their set's logo.
    if (choice.poiSetIds.length) wanted.add('pois');
    const poiLoads = choice.poiSetIds.map((poiSetId) =>
      this.once(`pois-${model.id}-${poiSetId}`, async () => {
        const list = await api.call('pois', { params: { modelId: model.id, poiSetId }, expected: () => true });
        const logoKey = `${model.id}:${poiSetId}`;
        const hash = list[0]?.logoHash;
        const blob = await api
          .blob('poiSetLogo', { params: { modelId: model.id, poiSetId }, query: hash ? { r: hash } : {}, expected: () => true })
          .catch(() => null);
        this.poiLogos.set(logoKey, blob ? await decodedImage(blob) : null);
        return list.map((p, i): IconFeature => ({ id: `${poiSetId}-${i}`, lon: p.lng, lat: p.lat, name: p.name, group: logoKey, poi: true }));
      }),
    );
    loads.push(
      Promise.all(poiLoads).then((lists) => {
        if (current()) this.pois.setFeatures(lists.flat());
      }),
    );
    if (choice.poiSetIds.length && !this.overlays.has('pois')) this.place('pois', () => this.pois);

    // The catchment area of the location.
    if (choice.catchmentAreaId !== null && catchment) {
      wanted.add('catchment');
      const c = catchment;
      const id = choice.catchmentAreaId;
      this.place('catchment', () => this.catchment);
      loads.push(
        Promise.all([
          import('@locus/planner-app/map/catchment-layers'),
          this.once(`catchment-${c.submodelId}-${c.scenarioId}-${c.locationId}-${id}`, () =>
            api.call('locationCatchmentArea', {
              params: { submodelId: c.submodelId, scenarioId: c.scenarioId, locationId: c.locationId, catchmentAreaId: id },
              expected: () => true,
            }),
          ),
        ]).then(([{ catchmentFeatures }, area]) => {
          if (!current()) return;
          const zone =
            c.model.catchmentAreaMode === 1
              ? (c.model.catchmentAreaZones.find((z) => z.catchmentAreaName === c.model.catchmentAreas.find((d) => d.id === id)?.name) ?? null)
              : null;
          this.catchment.setFeatures(
            catchmentFeatures(area, {
              mode: c.model.catchmentAreaMode,
              coverage: 'all',
              compare: false,
              zoneColor: zone?.color ?? null,
              keyPrefix: String(id),
            }),
          );
        }),
      );
    } else {
      this.catchment.setFeatures([]);
    }

    for (const [key, layer] of this.overlays) {
      if (wanted.has(key)) continue;
      this.map.removeLayer(layer);
      this.overlays.delete(key);
    }
    await Promise.all(loads);
  }

  dispose(): void {
    for (const stop of this.stops) stop();
    this.map.dispose();
  }
}
