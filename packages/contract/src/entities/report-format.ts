// The custom report layouts a model may carry as JSON text
// (locationReportFormat, scenarioReportFormat).
import * as z from 'zod';
import { jsonTextOf } from '../primitives';

const TextSection = z.object({ name: z.literal('textSection'), title: z.string(), paragraphs: z.array(z.string()) });
const Disclaimer = z.object({ name: z.literal('disclaimer') });

export const LocationReportComponent = z.discriminatedUnion('name', [
  z.object({ name: z.literal('mapLocations') }),
  z.object({ name: z.literal('mapCatchmentArea') }),
  z.object({ name: z.literal('mapCatchmentAreaPrimary') }),
  z.object({ name: z.literal('mapCatchmentAreaSecondary') }),
  z.object({ name: z.literal('properties'), section: z.string() }),
  z.object({ name: z.literal('properties2Columns'), left: z.string(), right: z.string() }),
  z.object({ name: z.literal('topAreas'), numberOfAreas: z.number().int().positive().optional() }),
  z.object({ name: z.literal('matchingLocations') }),
  z.object({ name: z.literal('matchingScores') }),
  z.object({ name: z.literal('drivers') }),
  Disclaimer,
  TextSection,
]);
export type LocationReportComponent = z.infer<typeof LocationReportComponent>;

export const LocationReportFormat = z.object({ components: z.array(LocationReportComponent) });
export type LocationReportFormat = z.infer<typeof LocationReportFormat>;

export const ScenarioReportComponent = z.discriminatedUnion('name', [
  z.object({ name: z.literal('mapImpact') }),
  z.object({ name: z.literal('changedlocations') }),
  z.object({ name: z.literal('locationDifferences') }),
  z.object({ name: z.literal('locationGroupDifferences') }),
  z.object({ name: z.literal('locationClusterDifferences') }),
  Disclaimer,
  TextSection,
]);
export type ScenarioReportComponent = z.infer<typeof ScenarioReportComponent>;

export const ScenarioReportFormat = z.object({ components: z.array(ScenarioReportComponent) });
export type ScenarioReportFormat = z.infer<typeof ScenarioReportFormat>;

/** Readers of the model's JSON text fields. */
export const LocationReportFormatText = jsonTextOf(LocationReportFormat, 'locationReportFormat');
export const ScenarioReportFormatText = jsonTextOf(ScenarioReportFormat, 'scenarioReportFormat');
