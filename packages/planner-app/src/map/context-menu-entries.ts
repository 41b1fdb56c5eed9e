// Entries other parts of the app add to the map's context menu (a new
// location here, street-view availability, ...): each renders its menu items.
import { signal } from '@preact/signals-react';
import type { ReactNode } from 'react';
import type { ContextMenuState } from './ContextMenu';

export type ContextMenuEntry = (state: ContextMenuState, close: () => void) => ReactNode;

export const contextMenuEntries = signal<ContextMenuEntry[]>([]);

export function addContextMenuEntry(entry: ContextMenuEntry): () => void {
  contextMenuEntries.value = [...contextMenuEntries.value, entry];
  return () => {
    contextMenuEntries.value = contextMenuEntries.value.filter((e) => e !== entry);
  };
}
