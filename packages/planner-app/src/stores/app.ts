// The app's root model: the stores that are models, each made with what it
// depends on (the API client, the selection it follows, the models whose
// answers it shares). main.tsx makes one for the page; a test makes a fresh
// one instead of resetting shared state. Disposing it stops every effect its
// models own.
import { createModel } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { AdminAreaModel } from './admin';
import { ChartsReportsModel } from './charts-reports';
import { EditorsModel } from './editors/model';
import { ImpactModel } from './impact';
import { OutputModel } from './output';
import { PlausibilityModel } from './plausibility';
import { ResultsModel } from './results';
import { SystemModel } from './system';
import { ToolsModel } from './tools';

export const AppModel = createModel((api: ApiClient) => {
  const results = new ResultsModel(api);
  return {
    system: new SystemModel(api),
    admin: new AdminAreaModel(api),
    output: new OutputModel(api),
    results,
    chartsReports: new ChartsReportsModel(api, results),
    impact: new ImpactModel(results),
    tools: new ToolsModel(api),
    editors: new EditorsModel(api),
    plausibility: new PlausibilityModel(api),
  };
});
export type AppModel = InstanceType<typeof AppModel>;
