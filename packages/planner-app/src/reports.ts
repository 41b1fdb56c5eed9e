// The location report for hosts outside the app shell (the embed's
// <locus-location-report>): the component, and the language signal its texts follow.
export { LocationReport, type LocationReportProps } from './ui/reports/LocationReport';
export { language } from './i18n';
