// The public types of @locus/embed/react: the two elements as React
// components (@lit/react), props set as the elements' properties, the events
// as onLocusSelect, onLocusReady and onLocusError.
import type { EventName, ReactWebComponent } from '@lit/react';
import type {
  LocusErrorDetail,
  LocusLocationMapElement,
  LocusLocationReportElement,
  LocusMapReadyDetail,
  LocusReportReadyDetail,
  LocusSelectDetail,
} from './index.js';

export declare const LocusLocationMapReact: ReactWebComponent<
  LocusLocationMapElement,
  {
    onLocusSelect: EventName<CustomEvent<LocusSelectDetail>>;
    onLocusReady: EventName<CustomEvent<LocusMapReadyDetail>>;
    onLocusError: EventName<CustomEvent<LocusErrorDetail>>;
  }
>;

export declare const LocusLocationReportReact: ReactWebComponent<
  LocusLocationReportElement,
  {
    onLocusReady: EventName<CustomEvent<LocusReportReadyDetail>>;
    onLocusError: EventName<CustomEvent<LocusErrorDetail>>;
  }
>;
