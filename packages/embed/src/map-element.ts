// <locus-location-map>: the locations of a scenario on the app's map, for an
// intranet page. Attributes (each also a property): server, model, submodel,
// scenario, location, zoom, center ("lon,lat"), layers, interactive,
// language, redirect-uri. Events: locus-ready, locus-select ({ id, name }),
// locus-error ({ code, message }). The map follows the element's box. The
// drawing code (map-canvas) is a lazy chunk loaded with the first map.
import type { LocationSummary, Model } from '@locus/contract';
import type { LocusMap } from '@locus/map-canvas';
import { embedFontReady } from './font';
import { css, html, type PropertyValues } from 'lit';
import { EmbedElement, type EmbedContext } from './base';
import { chooseLayers, parseLayers, type LayerChoice } from './layers';
import type { MapDrawing } from './map-draw';

export { type EmbedErrorCode, type LocusErrorDetail } from './base';

export interface LocusSelectDetail {
  id: number;
  name: string;
}

/** "lon,lat" → [lon, lat], or null. */
export function parseCenter(value: string | null | undefined): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lon, lat] = parts as [number, number];
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : null;
}

export class LocusLocationMap extends EmbedElement {
  static override properties = {
    ...EmbedElement.properties,
    zoom: { type: Number },
    center: { type: String },
    layers: { type: String },
    interactive: { type: Boolean },
  };

  static override styles = [
    EmbedElement.baseStyles,
    css`
      :host {
        width: 100%;
        height: 400px;
        contain: content;
        overflow: hidden;
      }
      .map {
        position: absolute;
        inset: 0;
      }
      .overlay {
        position: absolute;
        inset: 0;
      }
    `,
  ];

  protected readonly signInKey = 'embedSignInNeeded' as const;

  zoom: number | undefined;
  center: string | undefined;
  layers: string | undefined;
  interactive = false;

  private drawing: MapDrawing | null = null;
  private locations: LocationSummary[] = [];
  private context: EmbedContext | null = null;
  private readied = false;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.drawing?.dispose();
    this.drawing = null;
    this.readied = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.contextChanged(changed)) {
      void this.load();
      return;
    }
    if (changed.has('location')) {
      this.showSelection(true);
    }
    if (changed.has('layers') || changed.has('location')) void this.applyLayers();
    if ((changed.has('zoom') || changed.has('center')) && this.drawing && !changed.has('location')) this.applyView();
    if (changed.has('language')) this.languageChanged();
  }

  protected override languageChanged(): void {
    super.languageChanged();
    this.drawing?.map.setLabels({ label: this.text('embedMap'), itemsLabel: this.text('embedMapLocations') });
  }

  /** The layers the attribute chooses for the current model; each word that names nothing fires locus-error and is shown. */
  private choice(): LayerChoice | null {
    if (!this.context) return null;
    const { choice, unknown } = chooseLayers(this.layers, this.context.model);
    for (const word of unknown) this.warn('unknownLayer', this.text('embedUnknownLayer', { layer: word }), 'layers');
    return choice;
  }

  /** Loads the model's scenario's locations and draws them. */
  async load(): Promise<void> {
    if (!this.session || !this.api || !this.isConnected) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    try {
      const wantsCatchment = parseLayers(this.layers).words.some((w) => w.kind === 'catchment');
      this.clearNotices();
      const context = await this.resolveContext(current, { submodel: wantsCatchment });
      if (!context || !current()) return;
      const list = await this.api.call('scenarioLocations', { params: { scenarioId: context.scenario.id }, expected: () => true });
      if (!current()) return;
      this.context = context;
      this.locations = list;
      this.state = 'ready';
      this.message = '';
      await this.updateComplete;
      await this.draw(context.model);
      if (!current()) return;
      this.showSelection(this.zoom === undefined && !this.center);
      const layers = this.applyLayers();
      if (!this.readied) {
        this.readied = true;
        const map = this.drawing!.map;
        void layers.then(() => {
          const off = map.on('render', () => {
            off();
            performance.mark('locus:embed-first-map-frame');
            this.emit('locus-ready', { locations: list.length });
          });
          map.render();
        });
      }
    } catch (error) {
      if (!current()) return;
      const [code, message] = this.failureOf(error);
      this.fail(code, message);
    }
  }

  private async draw(model: Model): Promise<void> {
    const container = this.renderRoot.querySelector<HTMLElement>('.map');
    if (!container) return;
    if (!this.drawing) {
      // The map's labels are drawn in the app's font: its first frame waits for it (at most 3 s).
      const [{ MapDrawing }] = await Promise.all([import('./map-draw'), embedFontReady()]);
      if (this.drawing) return this.draw(model);
      this.drawing = new MapDrawing(container, {
        api: this.api!,
        server: this.serverUrl,
        view: { zoom: this.zoom ?? 7, center: parseCenter(this.center) ?? [5.3, 52.1] },
        interactive: this.interactive,
        label: this.text('embedMap'),
        itemsLabel: this.text('embedMapLocations'),
        selected: () => (EmbedElement.isId(this.location) ? [this.location] : []),
        onChoose: (id) => {
          const found = this.locations.find((l) => l.id === id);
          if (found) this.emit<LocusSelectDetail>('locus-select', { id: found.id, name: found.name });
        },
      });
    }
    // Drawn; the layers attribute may hide them (applyLayers).
    this.drawing.setLocations(model, this.locations, true);
    if (this.zoom === undefined && !this.center && !EmbedElement.isId(this.location)) {
      this.drawing.fit(this.locations.map((l) => [l.longitude, l.latitude]));
    }
  }

  /** Draws the layers of the `layers` attribute; a layer that cannot be drawn fires locus-error. */
  private async applyLayers(): Promise<void> {
    const drawing = this.drawing;
    const context = this.context;
    if (!drawing || !context || this.state !== 'ready') return;
    this.clearNotices('layers');
    const choice = this.choice();
    if (!choice) return;
    if (choice.catchmentAreaId !== null && !context.submodel) {
      // The catchment layer asked for after the first load: its sub-model is read now (a load with it).
      void this.load();
      return;
    }
    drawing.setLocations(context.model, this.locations, choice.locations);
    let catchment = null;
    if (choice.catchmentAreaId !== null && EmbedElement.isId(this.location) && context.submodel) {
      if (context.scenario.status !== 9) {
        this.warn('notCalculated', this.text('embedNotCalculated', { scenario: context.scenario.name }), 'layers');
      } else if (this.locations.some((l) => l.id === this.location)) {
        catchment = { model: context.model, submodelId: context.submodel.id, scenarioId: context.scenario.id, locationId: this.location };
      }
    }
    try {
      await drawing.setLayers(context.model, choice, catchment);
    } catch (error) {
      const [code, message] = this.failureOf(error);
      this.warn(code, message, 'layers');
    }
  }

  /** The element's map object (project, getView, whenIdle), for diagnostics and tests. */
  get locusMap(): LocusMap | null {
    return this.drawing?.map ?? null;
  }

  /** The ids of the layers on the map, bottom first ("locations", "area-set-…", "heat-map-…", "pois", "catchment"). */
  get drawnLayers(): string[] {
    return this.drawing?.layerIds() ?? [];
  }

  /** The scenario's locations (id, name, position): for a page's location picker. */
  get locationList(): readonly { id: number; name: string; longitude: number; latitude: number }[] {
    return this.locations.map((l) => ({ id: l.id, name: l.name, longitude: l.longitude, latitude: l.latitude }));
  }

  /** Marks the location attribute's location and centres on it; an unknown id fires locus-error. */
  private showSelection(move: boolean): void {
    const drawing = this.drawing;
    if (!drawing || this.state !== 'ready') return;
    this.clearNotices('location');
    if (!EmbedElement.isId(this.location)) {
      drawing.setSelected([]);
      return;
    }
    const found = this.locations.find((l) => l.id === this.location);
    if (!found) {
      drawing.setSelected([]);
      this.warn('unknownLocation', this.text('embedUnknownLocation', { location: String(this.location) }), 'location');
      return;
    }
    drawing.setSelected([found.id]);
    if (move) void drawing.map.setView({ center: [found.longitude, found.latitude], zoom: this.zoom ?? Math.max(drawing.map.getView().zoom, 11) });
  }

  private applyView(): void {
    const center = parseCenter(this.center);
    void this.drawing?.map.setView({ ...(center ? { center } : {}), ...(this.zoom !== undefined ? { zoom: this.zoom } : {}) });
  }

  protected override render() {
    return html`<div class="map" part="map"></div>
      ${this.renderNotices()}${this.renderOverlay()}`;
  }
}
