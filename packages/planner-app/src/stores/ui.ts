// Notifications, the busy counter, the global error and confirmations:
// plain signals with actions, no React.
import { NotificationDurationMs } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';
import type { ApiFailure } from '@locus/contract/client';

export interface Notification {
  id: number;
  text: string;
  tone: 'info' | 'success' | 'warning' | 'error';
}

export const notifications = signal<Notification[]>([]);
let nextNotification = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a notification for 10 s; it can be closed earlier. */
export function notify(text: string, tone: Notification['tone'] = 'info', durationMs = NotificationDurationMs): number {
  const id = nextNotification++;
  notifications.value = [...notifications.value, { id, text, tone }];
  timers.set(
    id,
    setTimeout(() => dismiss(id), durationMs),
  );
  return id;
}

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  notifications.value = notifications.value.filter((n) => n.id !== id);
}

/** Running calls and actions: the thin progress bar under the top bar. */
export const busyCount = signal(0);
export const isBusy = computed(() => busyCount.value > 0);
export function busy(delta: 1 | -1): void {
  busyCount.value = Math.max(0, busyCount.value + delta);
}

/** The global error: shown in the error dialog until Refresh. */
export interface GlobalError {
  message: string;
  /** The server's answer, shown in debug mode (the admin area). */
  response: string | null;
}
export const globalError = signal<GlobalError | null>(null);
/** Debug mode shows the server's response body in the error dialog. */
export const debugMode = signal(false);

export function raiseError(failure: ApiFailure | Error): void {
  // Busy and progress counters reset.
  busyCount.value = 0;
  const response = 'text' in failure ? (failure as ApiFailure).text || null : null;
  globalError.value = { message: failure.message, response };
}

/** A yes/no question in a dialog; resolves true for Yes. */
export interface Confirmation {
  id: number;
  text: string;
  title?: string;
  resolve: (answer: boolean) => void;
}
export const confirmations = signal<Confirmation[]>([]);
let nextConfirmation = 1;

export function confirm(text: string, title?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextConfirmation++;
    confirmations.value = [
      ...confirmations.value,
      {
        id,
        text,
        title,
        resolve: (answer) => {
          confirmations.value = confirmations.value.filter((c) => c.id !== id);
          resolve(answer);
        },
      },
    ];
  });
}
