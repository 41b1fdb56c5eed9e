// System status (polled every second until ready), the
// environment (non-production banner) and the platform version. A model made
// with the API client; the planner's start waits on it.
import { SystemStatusPollMs, SystemStatusReady, type Version } from '@locus/contract';
import { computed, createModel, signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';

export const SystemModel = createModel((api: ApiClient) => {
  const systemReady = signal(false);
  /** True while the status answers not ready: the database-starting overlay shows. */
  const databaseStarting = signal(false);
  const environment = signal<string | null>(null);
  const version = signal<Version | null>(null);
  /** The banner shows unless the environment is Production or Demo. */
  const showEnvironmentBanner = computed(() => !!environment.value && !['Production', 'Demo'].includes(environment.value));

  /**
   * Polls GET /api/system/status every second until it answers 1. A status that
   * cannot be read (server restarting) counts as not ready, without the error dialog.
   */
  async function waitUntilReady(sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
    for (;;) {
      const status = await api.call('systemStatus', { expected: () => true }).catch(() => null);
      if (status === SystemStatusReady) {
        databaseStarting.value = false;
        systemReady.value = true;
        return;
      }
      databaseStarting.value = true;
      await sleep(SystemStatusPollMs);
    }
  }

  async function loadSystemInfo(): Promise<void> {
    const [env, ver] = await Promise.all([
      api.call('systemEnvironment', { expected: () => true }).catch(() => null),
      api.call('systemVersion', { expected: () => true }).catch(() => null),
    ]);
    environment.value = env?.environment ?? null;
    version.value = ver;
  }

  return { systemReady, databaseStarting, environment, version, showEnvironmentBanner, waitUntilReady, loadSystemInfo };
});
export type SystemModel = InstanceType<typeof SystemModel>;
