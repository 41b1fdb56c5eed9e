// The public types of @locus/embed: the two custom elements, their events,
// the session a host page may hand in, and the helpers the script exports.
// The build copies this file into the package (dist/index.d.ts);
// src/public-api.ts makes the compiler check the implementation against it.

/** The `code` of a `locus-error` event (docs/embed.md lists when each is fired). */
export type EmbedErrorCode =
  | 'signInNeeded'
  | 'noAccess'
  | 'unknownModel'
  | 'unknownSubmodel'
  | 'unknownScenario'
  | 'unknownLocation'
  | 'notCalculated'
  | 'unknownLayer'
  | 'unavailable'
  | 'failed';

/** `locus-error`: something the page author should know; `message` is in the element's language. */
export interface LocusErrorDetail {
  code: EmbedErrorCode;
  message: string;
}
/** `locus-select` of the map: the user chose a location's icon. */
export interface LocusSelectDetail {
  id: number;
  name: string;
}
/** `locus-ready` of the map: the first frame with the scenario's locations is drawn. */
export interface LocusMapReadyDetail {
  locations: number;
}
/** `locus-ready` of the report: the report of `location` is shown with every map drawn. */
export interface LocusReportReadyDetail {
  location: number;
}

/** The report's `layout`: the app's default layout, or the model's own format when it has one. */
export type ReportLayout = 'default' | 'custom';

export type SessionState = 'starting' | 'signedOut' | 'signedIn' | 'unavailable';

/** What the elements need of a session: the page's own msal session, or a host page's, handed in with adoptSession. */
export interface LocusSession {
  /** 'signedIn' shows the content; 'signedOut' the sign-in button; 'unavailable' that the server cannot be reached. */
  readonly state: SessionState;
  /** Settles when the state is known. */
  readonly ready: Promise<void>;
  /** The signed-in user's name (the report's subheader), or ''. */
  readonly userName: string;
  /** An access token for the Locus API; null when the user must sign in. */
  token(): Promise<string | null>;
  /** Calls the listener on every change of state; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Signs the user in (the element's sign-in button calls it). */
  signIn(): Promise<void>;
}

/** The attributes (as properties) both elements share. */
export interface LocusElement extends HTMLElement {
  /** The Locus address (default: the origin the script came from). */
  server: string;
  model: number | undefined;
  submodel: number | undefined;
  scenario: number | undefined;
  location: number | undefined;
  /** en, nl, de, es, fr; default: the nearest `lang` of the page, else the browser's. */
  language: string | undefined;
  /** The sign-in bridge page (attribute `redirect-uri`). */
  redirectUri: string | undefined;
  /** The server the element talks to: its `server`, else the script's origin. */
  readonly serverUrl: string;
  /** Opens the sign-in (popup, or the redirect through the bridge when the popup is blocked). */
  signIn(): Promise<void>;
}

/** The map object of `<locus-location-map>` (diagnostics and tests). */
export interface LocusMapView {
  getView(): { center: [number, number]; zoom: number; bearing: number; pitch: number };
  getSize(): { width: number; height: number };
  /** Screen position (CSS pixels in the map) of a [longitude, latitude]. */
  project(lonLat: [number, number]): [number, number];
  /** Settles when every layer has drawn what it waits for. */
  whenIdle(): Promise<void>;
}

export interface LocusLocationMapElement extends LocusElement {
  zoom: number | undefined;
  /** "longitude,latitude". */
  center: string | undefined;
  /** Layer words separated by spaces or commas (docs/embed.md); default "locations". */
  layers: string | undefined;
  interactive: boolean;
  /** Every drawn location: for a page's location picker. */
  readonly locationList: readonly { id: number; name: string; longitude: number; latitude: number }[];
  /** The ids of the map's layers, bottom first. */
  readonly drawnLayers: string[];
  readonly locusMap: LocusMapView | null;
}

export interface LocusLocationReportElement extends LocusElement {
  /** "default", or "custom" (or absent): the model's own format when it has one. */
  layout: string | undefined;
  readonly layoutName: ReportLayout;
  /** The report sheet in the shadow root. */
  readonly reportElement: HTMLElement | null;
}

export declare const LocusLocationMap: { new (): LocusLocationMapElement; readonly prototype: LocusLocationMapElement };
export declare const LocusLocationReport: { new (): LocusLocationReportElement; readonly prototype: LocusLocationReportElement };

/** "lon,lat" → [lon, lat], or null. */
export declare function parseCenter(value: string | null | undefined): [number, number] | null;
/** Makes `session` the page's session for a server and bridge page (a host page that signs in by itself). */
export declare function adoptSession(server: string, redirectUri: string, session: LocusSession): void;
/** The bridge page's URL for a server: on the server's own origin its redirect.html, else the page's /locus-redirect.html. */
export declare function defaultRedirectUri(server: string, pageUrl?: string): string;
/** The page's one session for a server and bridge page (made on first use). */
export declare function sessionFor(server: string, redirectUri: string): LocusSession;

declare global {
  interface HTMLElementTagNameMap {
    'locus-location-map': LocusLocationMapElement;
    'locus-location-report': LocusLocationReportElement;
  }
}
