// The scenario menu and its dialogs, with their styles.
import './scenario.css';

export { ScenarioMenu } from './ScenarioMenu';
export { CopyChangesDialog, NamePromptDialog, ScenarioDialog } from './ScenarioDialogs';
