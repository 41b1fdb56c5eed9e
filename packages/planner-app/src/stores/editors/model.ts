// The model administrator's editors as one model: made with the API client,
// it holds which editor is open, its draft, the error at a field and the
// calibration, and the actions that open, edit, validate, save and close
// them. Each concern keeps its own module (drafts, opening, rows, saving,
// calibration, expression help); this file puts them together.
import { createModel } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { calibrationActions } from './calibration';
import { createDrafts } from './drafts';
import { expressionNamesOf } from './expression-help';
import { openingActions } from './opening';
import { rowActions } from './rows';
import { savingActions } from './saving';

export const EditorsModel = createModel((api: ApiClient) => {
  const drafts = createDrafts();
  const saving = savingActions(api, drafts);
  const calibration = calibrationActions(api, drafts, saving.saveEditor);
  const opening = openingActions(api, drafts, calibration);
  return {
    ...drafts,
    ...saving,
    ...calibration,
    ...opening,
    ...rowActions(drafts),
    /** Names an expression may use (the suggestions while typing). */
    expressionNames: expressionNamesOf(drafts.parameters),
  };
});
export type EditorsModel = InstanceType<typeof EditorsModel>;
