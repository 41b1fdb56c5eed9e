// The charts-and-reports model a report reads through: the page's, whose
// answers it shares with the drawer, or, for a report shown outside the app
// (the embed's <locus-location-report>), one of its own, made with the
// report's API client and disposed with it.
import { createModel } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { useEffect, useState } from 'react';
import { ChartsReportsModel } from '../../stores/charts-reports';
import { ResultsModel } from '../../stores/results';
import { useOptionalAppModel } from '../app-model';

/** A report's own results and charts-and-reports models, for a host without an app model. */
const OwnReportsModel = createModel((api: ApiClient) => {
  const results = new ResultsModel(api);
  return { results, chartsReports: new ChartsReportsModel(api, results) };
});

/** The page's charts-and-reports model, or outside the app one made with the given client for as long as the component is shown. */
export function useChartsReports(api: ApiClient): ChartsReportsModel {
  const app = useOptionalAppModel();
  const [own] = useState(() => (app ? null : new OwnReportsModel(api)));
  useEffect(() => () => own?.[Symbol.dispose](), [own]);
  return app?.chartsReports ?? own!.chartsReports;
}
