// The location actions, the location and close dialogs, placing a new
// location and the scenario-name prompt, with their styles.
import { useEffect } from 'react';
import './location.css';
import { addContextMenuEntry } from '../../map/context-menu-entries';
import { CopyChangesDialog, NamePromptDialog, ScenarioDialog } from '../scenario';
import { CloseLocationDialog } from './CloseLocationDialog';
import { LocationDialog } from './LocationDialog';
import { editingContextMenuEntry } from './NewLocation';

export { LocationActions } from './LocationActions';
export { NewLocationButton, PlacementPanel } from './NewLocation';

/** Every editing dialog of the main screen and the context-menu entries (the placement panel follows the map). */
export function EditingLayer() {
  useEffect(() => addContextMenuEntry(editingContextMenuEntry), []);
  return (
    <>
      <LocationDialog />
      <CloseLocationDialog />
      <ScenarioDialog />
      <CopyChangesDialog />
      <NamePromptDialog />
    </>
  );
}
