// React hosts: <LocusLocationMapReact> wraps the custom element with @lit/react
// (events as onLocusSelect, onLocusReady, onLocusError props).
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { LocusLocationMap, type LocusErrorDetail, type LocusSelectDetail } from './index';

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
