// React hosts: <LocusLocationMapReact> and <LocusLocationReportReact> wrap the
// custom elements with @lit/react (events as onLocusSelect, onLocusReady,
// onLocusError props; every other prop is set as the element's property).
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { LocusLocationMap, LocusLocationReport, type LocusErrorDetail, type LocusReportReadyDetail, type LocusSelectDetail } from './index';

export const LocusLocationMapReact = createComponent({
  tagName: 'locus-location-map',
  elementClass: LocusLocationMap,
  react: React,
  events: {
    onLocusSelect: 'locus-select' as EventName<CustomEvent<LocusSelectDetail>>,
    onLocusReady: 'locus-ready' as EventName<CustomEvent<{ locations: number }>>,
    onLocusError: 'locus-error' as EventName<CustomEvent<LocusErrorDetail>>,
  },
});

export const LocusLocationReportReact = createComponent({
  tagName: 'locus-location-report',
  elementClass: LocusLocationReport,
  react: React,
  events: {
    onLocusReady: 'locus-ready' as EventName<CustomEvent<LocusReportReadyDetail>>,
    onLocusError: 'locus-error' as EventName<CustomEvent<LocusErrorDetail>>,
  },
});
