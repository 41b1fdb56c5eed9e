// React hosts: <LocusLocationMapReact> and <LocusLocationReportReact> wrap the
// custom elements with @lit/react (events as onLocusSelect, onLocusReady,
// onLocusError props; every other prop is set as the element's property).
// The props are the elements' public properties (types/index.d.ts).
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { LocusLocationMapElement, LocusLocationReportElement, LocusMapReadyDetail } from '../types/index';
import { LocusLocationMap, LocusLocationReport, type LocusErrorDetail, type LocusReportReadyDetail, type LocusSelectDetail } from './index';

const mapClass: { new (): LocusLocationMapElement } = LocusLocationMap;
const reportClass: { new (): LocusLocationReportElement } = LocusLocationReport;

export const LocusLocationMapReact = createComponent({
  tagName: 'locus-location-map',
  elementClass: mapClass,
  react: React,
  events: {
    onLocusSelect: 'locus-select' as EventName<CustomEvent<LocusSelectDetail>>,
    onLocusReady: 'locus-ready' as EventName<CustomEvent<LocusMapReadyDetail>>,
    onLocusError: 'locus-error' as EventName<CustomEvent<LocusErrorDetail>>,
  },
});

export const LocusLocationReportReact = createComponent({
  tagName: 'locus-location-report',
  elementClass: reportClass,
  react: React,
  events: {
    onLocusReady: 'locus-ready' as EventName<CustomEvent<LocusReportReadyDetail>>,
    onLocusError: 'locus-error' as EventName<CustomEvent<LocusErrorDetail>>,
  },
});
