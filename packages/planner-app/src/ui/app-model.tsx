// The app's root model (stores/app.ts) handed to the components: the page's
// entry provides it, a component reads its part with useAppModel().
import { createContext, useContext, type ReactNode } from 'react';
import type { AppModel } from '../stores/app';

const AppModelContext = createContext<AppModel | null>(null);

export function AppModelProvider({ model, children }: { model: AppModel; children?: ReactNode }) {
  return <AppModelContext.Provider value={model}>{children}</AppModelContext.Provider>;
}

/** The app model of the page, or null for a component shown outside the app (the embed's report). */
export function useOptionalAppModel(): AppModel | null {
  return useContext(AppModelContext);
}

/** The app model of the page (or of the test that rendered the component). */
export function useAppModel(): AppModel {
  const model = useContext(AppModelContext);
  if (!model) throw new Error('useAppModel: rendered outside an AppModelProvider');
  return model;
}
