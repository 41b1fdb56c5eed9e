// <locus-location-report>: the planner app's location report of one location
// on an intranet page. Attributes (each also a property): server, model,
// submodel, scenario, location, language, layout ("default", or "custom":
// the model's own format when it has one), redirect-uri. Events: locus-ready
// ({ location }) when the report and all its maps are drawn, locus-error
// ({ code, message }). The report's code (React and the app's report
// components) is a lazy chunk, loaded when the first report is shown.
import type { LocationSummary, Model } from '@locus/contract';
import { embedFontReady } from './font';
import { css, html, type PropertyValues } from 'lit';
import { EmbedElement, type EmbedContext } from './base';
import type { ReportView } from './report-view';

export interface LocusReportReadyDetail {
  location: number;
}

export type ReportLayout = 'default' | 'custom';

export class LocusLocationReport extends EmbedElement {
  static override properties = {
    ...EmbedElement.properties,
    layout: { type: String },
  };

  static override styles = [
    EmbedElement.baseStyles,
    css`
      :host {
        background: var(--locus-report-background, #ffffff);
        max-width: calc(21cm + 2px);
        overflow: hidden;
      }
      .report[hidden] {
        display: none;
      }
    `,
  ];

  protected readonly signInKey = 'embedSignInNeededReport' as const;

  /** "default": the app's default layout; "custom" (or absent): the model's own format when it has one. */
  layout: string | undefined;

  private view: ReportView | null = null;
  private context: EmbedContext | null = null;
  private locations: LocationSummary[] = [];
  private environment: string | null = null;
  private shown = 0;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.view?.unmount();
    this.view = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.contextChanged(changed)) {
      void this.load();
    } else if (changed.has('location') || changed.has('layout') || changed.has('language')) {
      void this.show(this.generation);
    }
  }

  protected override languageChanged(): void {
    super.languageChanged();
    if (this.view) void this.show(this.generation);
  }

  /** The layout the attribute asks for. */
  get layoutName(): ReportLayout {
    return this.layout?.trim().toLowerCase() === 'default' ? 'default' : 'custom';
  }

  /** Reads the model, sub-model, scenario and its locations, then shows the report. */
  async load(): Promise<void> {
    if (!this.session || !this.api || !this.isConnected) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    try {
      const context = await this.resolveContext(current, { submodel: true });
      if (!context || !current()) return;
      if (context.scenario.status !== 9) {
        this.context = null;
        this.view?.unmount();
        this.view = null;
        this.fail('notCalculated', this.text('embedNotCalculated', { scenario: context.scenario.name }));
        return;
      }
      const [list, environment] = await Promise.all([
        this.api.call('scenarioLocations', { params: { scenarioId: context.scenario.id }, expected: () => true }),
        this.api.call('systemEnvironment', { expected: () => true }).then(
          (e) => e.environment,
          () => null,
        ),
      ]);
      if (!current()) return;
      this.context = context;
      this.locations = list;
      this.environment = environment;
      await this.show(generation);
    } catch (error) {
      if (!current()) return;
      const [code, message] = this.failureOf(error);
      this.fail(code, message);
    }
  }

  /** Shows the report of the location attribute (an unknown location fires locus-error). */
  private async show(generation: number): Promise<void> {
    const context = this.context;
    if (!context || generation !== this.generation) return;
    const current = () => generation === this.generation;
    if (!EmbedElement.isId(this.location)) {
      this.state = 'error';
      this.message = this.text('embedChooseLocation');
      return;
    }
    const locationId = this.location;
    if (!this.locations.some((l) => l.id === locationId)) {
      this.fail('unknownLocation', this.text('embedUnknownLocation', { location: String(locationId) }));
      return;
    }
    this.state = 'ready';
    this.message = '';
    await this.updateComplete;
    if (!this.view) {
      const [{ mountReport }] = await Promise.all([import('./report-view'), embedFontReady()]);
      if (!current()) return;
      const container = this.renderRoot.querySelector<HTMLElement>('.report');
      if (!container) return;
      this.view ??= mountReport(container);
    }
    const shown = ++this.shown;
    const model: Model = this.layoutName === 'default' ? { ...context.model, locationReportFormat: null } : context.model;
    const submodel = context.submodel!;
    this.view.render(
      {
        api: this.api!,
        model,
        scenario: { id: context.scenario.id, name: context.scenario.name },
        submodel: { id: submodel.id, name: submodel.name },
        locationId,
        locations: this.locations,
        userName: this.session?.userName ?? '',
        environment: this.environment,
        onMapsDrawn: () => {
          if (shown !== this.shown || !current()) return;
          performance.mark('locus:embed-report-ready');
          this.emit<LocusReportReadyDetail>('locus-ready', { location: locationId });
        },
      },
      this.lang2,
    );
  }

  /** The report sheet in the shadow root (tests and diagnostics). */
  get reportElement(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.report-paper');
  }

  protected override render() {
    return html`${this.renderOverlay()}
      <div class="report" part="report" ?hidden=${this.state !== 'ready'}></div>`;
  }
}
