// The app's root model: the stores that are models, each made with what it
// depends on (the API client, the selection it follows). main.tsx makes one
// for the page; a test makes a fresh one instead of resetting shared state.
// Disposing it stops every effect its models own.
import { createModel } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { AdminAreaModel } from './admin';
import { ImpactModel } from './impact';
import { OutputModel } from './output';

export const AppModel = createModel((api: ApiClient) => ({
  admin: new AdminAreaModel(api),
  output: new OutputModel(api),
  impact: new ImpactModel(api),
}));
export type AppModel = InstanceType<typeof AppModel>;
