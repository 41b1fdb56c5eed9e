// What <locus-location-map> and <locus-location-report> share: the server,
// model, sub-model, scenario, location, language and sign-in bridge
// attributes, the page's one session per server, the texts in the element's
// language, the panel shown while loading / signing in / after an error, the
// error event, and reading the model and scenario the attributes name.
import type { Model, Scenario, Submodel } from '@locus/contract';
import { css, html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { ApiFailure, createApiClient, type ApiClient } from '@locus/contract/client';
import { defaultRedirectUri, sessionFor, type LocusSession } from './session';
import { elementLanguage, embedText, type EmbedTextKey } from './texts';

export type EmbedErrorCode =
  | 'signInNeeded'
  | 'noAccess'
  | 'unknownLocation'
  | 'unknownModel'
  | 'unknownSubmodel'
  | 'unknownScenario'
  | 'notCalculated'
  | 'unknownLayer'
  | 'unavailable'
  | 'failed';

export interface LocusErrorDetail {
  code: EmbedErrorCode;
  message: string;
}

/** The script's own origin: the default server. */
const scriptOrigin = (() => {
  try {
    const origin = new URL(import.meta.url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
})();

/** Every scenario of a nested list, depth first. */
function flatten(list: readonly Scenario[]): Scenario[] {
  return list.flatMap((s) => [s, ...flatten((s as unknown as { children?: Scenario[] }).children ?? [])]);
}

/** The model, sub-model and scenario the attributes name (or the defaults). */
export interface EmbedContext {
  model: Model;
  scenario: Scenario;
  /** Only read when the element asked for it. */
  submodel: Submodel | null;
}

/** The attributes that choose what is read: a change reloads. */
export const CONTEXT_KEYS = ['server', 'model', 'submodel', 'scenario', 'redirectUri'] as const;

export abstract class EmbedElement extends LitElement {
  static override properties = {
    server: { type: String },
    model: { type: Number },
    submodel: { type: Number },
    scenario: { type: Number },
    location: { type: Number },
    language: { type: String },
    redirectUri: { type: String, attribute: 'redirect-uri' },
    state: { state: true },
    message: { state: true },
    notices: { state: true },
  };

  /** The box, the panel and the button; each element adds its own rules. */
  static baseStyles = css`
    :host {
      display: block;
      position: relative;
      box-sizing: border-box;
      font-family: var(--locus-font-family, 'Inter Variable', 'DejaVu Sans', sans-serif);
      font-size: var(--locus-font-size, 14px);
      color: var(--locus-text-color, #1f2933);
      background: var(--locus-background, #eef1f4);
      border: var(--locus-border, 1px solid #c9d1d9);
      border-radius: var(--locus-radius, 6px);
    }
    :host([hidden]) {
      display: none;
    }
    .overlay {
      display: flex;
      flex-direction: column;
      gap: 12px;
      align-items: center;
      justify-content: center;
      padding: 16px;
      text-align: center;
      background: var(--locus-overlay-background, rgba(255, 255, 255, 0.92));
    }
    button {
      font: inherit;
      cursor: pointer;
      padding: 8px 16px;
      border-radius: 4px;
      border: none;
      background: var(--locus-accent, #1d5fd1);
      color: var(--locus-accent-text, #fff);
    }
    button:focus-visible {
      outline: 3px solid var(--locus-focus, #f2b705);
      outline-offset: 2px;
    }
    .notices {
      position: absolute;
      top: 8px;
      left: 8px;
      right: 8px;
      z-index: 2;
      pointer-events: none;
    }
    .notices ul {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .notices li {
      align-self: flex-start;
      padding: 4px 8px;
      border-radius: 4px;
      background: var(--locus-overlay-background, rgba(255, 255, 255, 0.92));
      border-left: 3px solid var(--locus-notice-accent, #b45309);
    }
  `;

  server = '';
  model: number | undefined;
  submodel: number | undefined;
  scenario: number | undefined;
  location: number | undefined;
  language: string | undefined;
  redirectUri: string | undefined;
  protected state: 'loading' | 'signIn' | 'ready' | 'error' = 'loading';
  protected message = '';
  /** Messages shown over the content without replacing it (an unknown layer, a location not in the scenario), by topic. */
  protected notices: ReadonlyMap<string, readonly string[]> = new Map();

  protected session: LocusSession | null = null;
  protected api: ApiClient | null = null;
  private stopSession: (() => void) | null = null;
  private langObserver: MutationObserver | null = null;
  /** Each load counts up; an answer of an older load is dropped. */
  protected generation = 0;

  /** The sentence asking the user to sign in (map or report). */
  protected abstract readonly signInKey: EmbedTextKey;
  /** Reads what the attributes name and draws it. */
  abstract load(): Promise<void>;

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
    performance.mark(`locus:embed-${this.localName}-connected`);
    // The page's lang changing (a language switch on the intranet) re-renders the texts.
    this.langObserver = new MutationObserver(() => this.languageChanged());
    this.langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.langObserver?.disconnect();
    this.stopSession?.();
    this.stopSession = null;
    this.session = null;
    this.generation++;
  }

  /** The element's language may have changed (its attribute or the page's lang). */
  protected languageChanged(): void {
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('server') || changed.has('redirectUri') || !this.session) this.connectSession();
  }

  /** True when one of the attributes that choose what is read changed. */
  protected contextChanged(changed: PropertyValues<this>): boolean {
    return CONTEXT_KEYS.some((k) => (changed as PropertyValues<EmbedElement>).has(k));
  }

  private connectSession(): void {
    this.stopSession?.();
    const server = this.serverUrl;
    this.session = sessionFor(server, this.redirectUri || defaultRedirectUri(server));
    const session = this.session;
    this.api = createApiClient({ baseUrl: server, token: () => session.token() });
    this.stopSession = session.subscribe(() => void this.load());
  }

  protected emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  /** Shows the error in the element (the sign-in button for signInNeeded) and fires locus-error. */
  protected fail(code: EmbedErrorCode, message: string): void {
    this.state = code === 'signInNeeded' ? 'signIn' : 'error';
    this.message = message;
    this.emit<LocusErrorDetail>('locus-error', { code, message });
  }

  /**
   * Fires locus-error and shows the message over what the element shows
   * (under its topic: a new check of the topic clears it with clearNotices).
   */
  protected warn(code: EmbedErrorCode, message: string, topic: string): void {
    const next = new Map(this.notices);
    next.set(topic, [...(next.get(topic) ?? []), message]);
    this.notices = next;
    this.emit<LocusErrorDetail>('locus-error', { code, message });
  }

  /** Removes the messages of a topic (every topic without one). */
  protected clearNotices(topic?: string): void {
    if (topic === undefined ? this.notices.size === 0 : !this.notices.has(topic)) return;
    const next = new Map(this.notices);
    if (topic === undefined) next.clear();
    else next.delete(topic);
    this.notices = next;
  }

  /** The messages over the content, while the content is shown. */
  protected renderNotices(): TemplateResult | string {
    const messages = [...this.notices.values()].flat();
    if (this.state !== 'ready' || messages.length === 0) return '';
    return html`<div class="notices" part="notice" role="status">
      <ul>
        ${messages.map((m) => html`<li>${m}</li>`)}
      </ul>
    </div>`;
  }

  protected failureOf(error: unknown): [EmbedErrorCode, string] {
    if (error instanceof ApiFailure) {
      if (error.status === 0) return ['unavailable', this.text('embedUnavailable', { server: this.serverUrl })];
      if (error.status === 401) return ['signInNeeded', this.text(this.signInKey)];
      if (error.status === 403) return ['noAccess', this.text('embedNoAccess')];
      return ['failed', this.text('embedFailed', { status: error.status })];
    }
    return ['failed', error instanceof Error ? error.message : String(error)];
  }

  /**
   * Waits for the session and reads the model, scenario (and sub-model) the
   * attributes name. Null when the load is stale or failed (the failure is
   * shown and fired).
   */
  protected async resolveContext(current: () => boolean, options: { submodel: boolean }): Promise<EmbedContext | null> {
    const session = this.session!;
    const api = this.api!;
    await session.ready;
    if (!current()) return null;
    if (session.state === 'unavailable') {
      this.fail('unavailable', this.text('embedUnavailable', { server: this.serverUrl }));
      return null;
    }
    if (session.state !== 'signedIn') {
      this.fail('signInNeeded', this.text(this.signInKey));
      return null;
    }
    // An attribute that is not an id names nothing: told without asking the server.
    if (this.model != null && !EmbedElement.isId(this.model)) {
      this.fail('unknownModel', this.text('embedUnknownModel', { model: this.getAttribute('model') ?? '' }));
      return null;
    }
    if (this.scenario != null && !EmbedElement.isId(this.scenario)) {
      this.fail('unknownScenario', this.text('embedNoScenario', { scenario: this.getAttribute('scenario') ?? '' }));
      return null;
    }
    if (this.submodel != null && !EmbedElement.isId(this.submodel)) {
      this.fail('unknownSubmodel', this.text('embedUnknownSubmodel', { submodel: this.getAttribute('submodel') ?? '' }));
      return null;
    }
    const models: Model[] = await api.call('models', { expected: () => true });
    if (!current()) return null;
    const model = this.model == null ? models[0] : models.find((m) => m.id === this.model);
    if (!model) {
      // Not among the user's models: the server tells a model the user may not see (403) from one that does not exist.
      const code = this.model == null ? 'noAccess' : await this.refusal(api.call('scenarios', { params: { modelId: this.model }, expected: () => true }));
      if (!current()) return null;
      this.fail(
        code === 'noAccess' ? 'noAccess' : 'unknownModel',
        code === 'noAccess' ? this.text('embedNoAccess') : this.text('embedUnknownModel', { model: this.model ?? '' }),
      );
      return null;
    }
    const [scenarios, submodels] = await Promise.all([
      api.call('scenarios', { params: { modelId: model.id }, expected: () => true }).then(flatten),
      options.submodel || this.submodel != null ? api.call('submodels', { params: { modelId: model.id }, expected: () => true }) : Promise.resolve(null),
    ]);
    if (!current()) return null;
    const scenario = this.scenario == null ? scenarios[0] : scenarios.find((s) => s.id === this.scenario);
    if (!scenario) {
      // A scenario of a model the user may not see is refused (403); one that does not exist, or of another model, is unknown.
      const code =
        this.scenario == null ? 'unknown' : await this.refusal(api.call('scenarioLocations', { params: { scenarioId: this.scenario }, expected: () => true }));
      if (!current()) return null;
      if (code === 'noAccess') this.fail('noAccess', this.text('embedNoAccess'));
      else this.fail('unknownScenario', this.text('embedNoScenario', { scenario: this.scenario ?? '' }));
      return null;
    }
    let submodel: Submodel | null = null;
    if (submodels) {
      submodel = (this.submodel == null ? submodels[0] : submodels.find((s) => s.id === this.submodel)) ?? null;
      if (!submodel) {
        this.fail('unknownSubmodel', this.text('embedUnknownSubmodel', { submodel: this.submodel ?? '' }));
        return null;
      }
    }
    return { model, scenario, submodel };
  }

  /** 'noAccess' when the server refuses the read (403), else 'unknown'. */
  private async refusal(read: Promise<unknown>): Promise<'noAccess' | 'unknown'> {
    try {
      await read;
      return 'unknown';
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 403) return 'noAccess';
      if (error instanceof ApiFailure && error.status === 404) return 'unknown';
      throw error;
    }
  }

  /** A number attribute that is set to a number (not removed, not text). */
  protected static isId(value: number | null | undefined): value is number {
    return value !== undefined && value !== null && Number.isFinite(value);
  }

  /** Opens the sign-in (popup, or the redirect through the bridge when the popup is blocked). */
  async signIn(): Promise<void> {
    try {
      await this.session?.signIn();
    } catch (error) {
      this.fail('signInNeeded', `${this.text(this.signInKey)} (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** The panel while loading, signing in or after an error; nothing when ready. */
  protected renderOverlay(): TemplateResult | string {
    if (this.state === 'ready') return '';
    return html`<div class="overlay" part="overlay" role="status">
      ${this.state === 'loading' ? html`<span>${this.text('embedLoading')}</span>` : ''}
      ${this.state === 'signIn' ? html`<span part="message">${this.message}</span><button part="sign-in" type="button" @click=${() => void this.signIn()}>${this.text('embedSignIn')}</button>` : ''}
      ${this.state === 'error' ? html`<span part="message">${this.message}</span>` : ''}
    </div>`;
  }
}
