// <locus-location-map>: the locations of a scenario on the app's map, for an
// intranet page. Attributes (each also a property): server, model,
// scenario, location, zoom, center ("lon,lat"), interactive, language,
// redirect-uri. Events: locus-ready, locus-select ({ id, name }),
// locus-error ({ code, message }). The map follows the element's box.
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import type { IconFeature, LocusMap } from '@locus/map-canvas';
import { css, html, LitElement, type PropertyValues } from 'lit';
import { ApiFailure, createApiClient, type ApiClient } from '@locus/planner-app/api/client';
import { iconShapeOf, LocationIconImages } from '@locus/planner-app/map/location-icons';
import { Z } from '@locus/planner-app/map/overlays';
import { defaultRedirectUri, sessionFor, type EmbedSession } from './session';
import { elementLanguage, embedText, type EmbedTextKey } from './texts';

export type EmbedErrorCode = 'signInNeeded' | 'noAccess' | 'unknownLocation' | 'unknownModel' | 'unknownScenario' | 'unavailable' | 'failed';

export interface LocusSelectDetail { id: number; name: string }
export interface LocusErrorDetail { code: EmbedErrorCode; message: string }

/** The script's own origin: the default server. */
const scriptOrigin = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
})();

/** "lon,lat" → [lon, lat], or null. */
export function parseCenter(value: string | null | undefined): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lon, lat] = parts as [number, number];
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : null;
}

/** Every scenario of a nested list, depth first. */
function flatten(list: readonly Scenario[]): Scenario[] {
  return list.flatMap((s) => [s, ...flatten(((s as unknown as { children?: Scenario[] }).children) ?? [])]);
}

export class LocusLocationMap extends LitElement {
  static override properties = {
    server: { type: String },
    model: { type: Number },
    scenario: { type: Number },
    location: { type: Number },
    zoom: { type: Number },
    center: { type: String },
    interactive: { type: Boolean },
    language: { type: String },
    redirectUri: { type: String, attribute: 'redirect-uri' },
    state: { state: true },
    message: { state: true },
  };

  static override styles = css`
    :host {
      display: block;
      position: relative;
      width: 100%;
      height: 400px;
      contain: content;
      box-sizing: border-box;
      font-family: var(--locus-font-family, system-ui, sans-serif);
      font-size: var(--locus-font-size, 14px);
      color: var(--locus-text-color, #1f2933);
      background: var(--locus-background, #eef1f4);
      border: var(--locus-border, 1px solid #c9d1d9);
      border-radius: var(--locus-radius, 6px);
      overflow: hidden;
    }
    :host([hidden]) { display: none; }
    .map { position: absolute; inset: 0; }
    .overlay {
      position: absolute; inset: 0; display: flex; flex-direction: column; gap: 12px;
      align-items: center; justify-content: center; padding: 16px; text-align: center;
      background: var(--locus-overlay-background, rgba(255, 255, 255, 0.92));
    }
    button {
      font: inherit; cursor: pointer; padding: 8px 16px; border-radius: 4px; border: none;
      background: var(--locus-accent, #1d5fd1); color: var(--locus-accent-text, #fff);
    }
    button:focus-visible { outline: 3px solid var(--locus-focus, #f2b705); outline-offset: 2px; }
  `;

  server = '';
  model: number | undefined;
  scenario: number | undefined;
  location: number | undefined;
  zoom: number | undefined;
  center: string | undefined;
  interactive = false;
  language: string | undefined;
  redirectUri: string | undefined;
  protected state: 'loading' | 'signIn' | 'ready' | 'error' = 'loading';
  protected message = '';

  private map: LocusMap | null = null;
  private icons: import('@locus/map-canvas').IconLayer | null = null;
  private images: LocationIconImages | null = null;
  private locations: LocationSummary[] = [];
  private session: EmbedSession | null = null;
  private api: ApiClient | null = null;
  private stopSession: (() => void) | null = null;
  private generation = 0;
  private readied = false;
  private langObserver: MutationObserver | null = null;

  /** The server the element talks to: its attribute, else the script's origin. */
  get serverUrl(): string {
    return new URL(this.server || scriptOrigin || location.origin).origin;
  }

  get lang2() {
    return elementLanguage(this, this.language);
  }

  text(key: EmbedTextKey, vars?: Record<string, string | number>): string {
    return embedText(this.lang2, key, vars);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The page's lang changing (a language switch on the intranet) re-renders the texts.
    this.langObserver = new MutationObserver(() => this.requestUpdate());
    this.langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.langObserver?.disconnect();
    this.stopSession?.();
    this.stopSession = null;
    this.map?.dispose();
    this.map = null;
    this.icons = null;
    this.readied = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('server') || changed.has('redirectUri') || !this.session) this.connectSession();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((['server', 'model', 'scenario', 'redirectUri'] as const).some((k) => (changed as PropertyValues<LocusLocationMap>).has(k))) {
      void this.load();
    } else if (changed.has('location')) {
      this.showSelection(true);
    }
    if ((changed.has('zoom') || changed.has('center')) && this.map && !changed.has('location')) this.applyView();
    if (changed.has('language')) this.map?.container.querySelector('canvas')?.setAttribute('aria-label', this.text('embedMap'));
  }

  private connectSession(): void {
    this.stopSession?.();
    const server = this.serverUrl;
    this.session = sessionFor(server, this.redirectUri || defaultRedirectUri(server));
    const session = this.session;
    this.api = createApiClient({ baseUrl: server, token: () => session.token() });
    this.stopSession = session.subscribe(() => void this.load());
  }

  private fail(code: EmbedErrorCode, message: string): void {
    this.state = code === 'signInNeeded' ? 'signIn' : 'error';
    this.message = message;
    this.dispatchEvent(new CustomEvent<LocusErrorDetail>('locus-error', { detail: { code, message }, bubbles: true, composed: true }));
  }

  private failureOf(error: unknown): [EmbedErrorCode, string] {
    if (error instanceof ApiFailure) {
      if (error.status === 0) return ['unavailable', this.text('embedUnavailable', { server: this.serverUrl })];
      if (error.status === 401) return ['signInNeeded', this.text('embedSignInNeeded')];
      if (error.status === 403) return ['noAccess', this.text('embedNoAccess')];
      return ['failed', this.text('embedFailed', { status: error.status })];
    }
    return ['failed', error instanceof Error ? error.message : String(error)];
  }

  /** Loads the model's scenario's locations and draws them. */
  async load(): Promise<void> {
    const session = this.session;
    const api = this.api;
    if (!session || !api || !this.isConnected) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    await session.ready;
    if (!current()) return;
    if (session.state === 'unavailable') return this.fail('unavailable', this.text('embedUnavailable', { server: this.serverUrl }));
    if (session.state !== 'signedIn') return this.fail('signInNeeded', this.text('embedSignInNeeded'));
    try {
      const models: Model[] = await api.call('models', { expected: () => true });
      if (!current()) return;
      const model = this.model === undefined ? models[0] : models.find((m) => m.id === this.model);
      if (!model) return this.fail('unknownModel', this.text('embedUnknownModel', { model: this.model ?? '' }));
      const scenarios = flatten(await api.call('scenarios', { params: { modelId: model.id }, expected: () => true }));
      if (!current()) return;
      const scenario = this.scenario === undefined ? scenarios[0] : scenarios.find((s) => s.id === this.scenario);
      if (!scenario) return this.fail('unknownScenario', this.text('embedNoScenario', { scenario: this.scenario ?? '' }));
      const list = await api.call('scenarioLocations', { params: { scenarioId: scenario.id }, expected: () => true });
      if (!current()) return;
      this.locations = list;
      this.state = 'ready';
      this.message = '';
      await this.updateComplete;
      await this.draw(model);
      if (!current()) return;
      this.showSelection(this.zoom === undefined && !this.center);
      if (!this.readied) {
        this.readied = true;
        const map = this.map!;
        const ready = () => this.dispatchEvent(new CustomEvent('locus-ready', { detail: { locations: list.length }, bubbles: true, composed: true }));
        const off = map.on('render', () => {
          off();
          performance.mark('locus:embed-first-map-frame');
          ready();
        });
      }
    } catch (error) {
      if (!current()) return;
      const [code, message] = this.failureOf(error);
      this.fail(code, message);
    }
  }

  private async draw(model: Model): Promise<void> {
    const maps = await import('@locus/map-canvas');
    const container = this.renderRoot.querySelector<HTMLElement>('.map');
    if (!container) return;
    if (!this.map) {
      const basemap = new maps.BasemapLayer({ zIndex: Z.basemap });
      this.images = new LocationIconImages(this.api!, () => this.icons?.setSelected(this.location === undefined ? [] : [this.location]));
      const byId = new Map<number, { group: number | null; type: number; change: number }>();
      this.byId = byId;
      const icons = new maps.IconLayer({
        zIndex: Z.locations,
        style: (feature: IconFeature) => {
          const info = byId.get(Number(feature.id));
          if (!info || !this.images) return {};
          const image = this.images.get(info.group, iconShapeOf(info.type), icons.isSelected(feature.id), info.change);
          return image ? { image } : {};
        },
      });
      this.icons = icons;
      const center = parseCenter(this.center);
      this.map = maps.createMap(container, {
        view: { zoom: this.zoom ?? 7, center: center ?? [5.3, 52.1] },
        layers: [basemap, icons, new maps.ScaleBarLayer({ zIndex: Z.scaleBar })],
        interactive: this.interactive,
        label: this.text('embedMap'),
      });
      const choose = (hit: { kind: string; id: string | number; layerId: string } | null | undefined) => {
        if (!hit || hit.kind !== 'icon' || hit.layerId !== icons.id) return;
        const found = this.locations.find((l) => l.id === Number(hit.id));
        if (!found) return;
        this.dispatchEvent(new CustomEvent<LocusSelectDetail>('locus-select', { detail: { id: found.id, name: found.name }, bubbles: true, composed: true }));
      };
      this.map.on('click', (e) => choose(e.hit));
      this.map.on('select', (e) => choose(e.hit));
      void import('locus:places').then(async ({ default: places }) => basemap.setData(await maps.loadNaturalEarth('10m', places)));
    }
    this.images?.setRevision(model.modified ?? '');
    this.byId.clear();
    for (const l of this.locations) this.byId.set(l.id, { group: l.locationGroupId, type: l.type, change: l.changeType });
    this.icons!.setFeatures(this.locations.map((l) => ({ id: l.id, lon: l.longitude, lat: l.latitude, name: l.name, group: l.locationGroupId ?? -1, type: l.type })));
    if (this.zoom === undefined && !this.center && this.location === undefined) {
      const bounds = maps.boundsOf(this.locations.map((l) => [l.longitude, l.latitude] as [number, number]));
      if (bounds) this.map.fitBounds(bounds, { maxZoom: 12, padding: 30 });
    }
  }

  /** The element's map object (project, getView, whenIdle), for diagnostics and tests. */
  get locusMap(): LocusMap | null {
    return this.map;
  }

  /** The scenario's locations as drawn (id, name, position): for a page's location picker. */
  get locationList(): readonly { id: number; name: string; longitude: number; latitude: number }[] {
    return this.locations.map((l) => ({ id: l.id, name: l.name, longitude: l.longitude, latitude: l.latitude }));
  }

  private byId = new Map<number, { group: number | null; type: number; change: number }>();

  /** Marks the location attribute's location and centres on it; an unknown id fires locus-error. */
  private showSelection(move: boolean): void {
    if (!this.icons || !this.map || this.state !== 'ready') return;
    if (this.location === undefined || this.location === null || Number.isNaN(this.location)) {
      this.icons.setSelected([]);
      return;
    }
    const found = this.locations.find((l) => l.id === this.location);
    if (!found) {
      this.icons.setSelected([]);
      this.dispatchEvent(new CustomEvent<LocusErrorDetail>('locus-error', {
        detail: { code: 'unknownLocation', message: this.text('embedUnknownLocation', { location: String(this.location) }) }, bubbles: true, composed: true,
      }));
      return;
    }
    this.icons.setSelected([found.id]);
    if (move) this.map.setView({ center: [found.longitude, found.latitude], zoom: this.zoom ?? Math.max(this.map.getView().zoom, 11) });
  }

  private applyView(): void {
    const center = parseCenter(this.center);
    this.map?.setView({ ...(center ? { center } : {}), ...(this.zoom !== undefined ? { zoom: this.zoom } : {}) });
  }

  private async signIn(): Promise<void> {
    try {
      await this.session?.signIn();
    } catch (error) {
      this.fail('signInNeeded', `${this.text('embedSignInNeeded')} (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  protected override render() {
    return html`
      <div class="map" part="map"></div>
      ${this.state === 'ready' ? '' : html`<div class="overlay" part="overlay" role="status">
        ${this.state === 'loading' ? html`<span>${this.text('embedLoading')}</span>` : ''}
        ${this.state === 'signIn' ? html`<span part="message">${this.message}</span><button part="sign-in" type="button" @click=${() => void this.signIn()}>${this.text('embedSignIn')}</button>` : ''}
        ${this.state === 'error' ? html`<span part="message">${this.message}</span>` : ''}
      </div>`}`;
  }
}
