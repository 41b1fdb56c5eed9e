// Settings of scenario processing, read from the environment (every one has
// a default, so `npm start` needs none). Tests pass their own values.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';

export interface RoutingSettings {
  /** 'estimator': the built-in estimate; 'osrm': an OSRM server's table API at osrmUrl. */
  provider: 'estimator' | 'osrm';
  osrmUrl?: string;
}

export interface ProcessingSettings {
  /** Scenarios calculated at once by this process (one engine thread each). */
  workers: number;
  /** Name of this process in the queue (claimed_by and the processing log). */
  workerName: string;
  /** How often a claimed scenario's heartbeat is written. */
  heartbeatMs: number;
  /** A scenario whose heartbeat is older than this is claimed again: its worker died. */
  claimTimeoutMs: number;
  /** How often the queue is polled when nothing wakes the worker. */
  pollMs: number;
  routing: RoutingSettings;
}

export function processingSettings(env: NodeJS.ProcessEnv = process.env, workers = Number(env.WORKERS ?? 1)): ProcessingSettings {
  const provider = env.ROUTING_PROVIDER === 'osrm' ? 'osrm' : 'estimator';
  if (provider === 'osrm' && !env.ROUTING_OSRM_URL) throw new Error('ROUTING_PROVIDER=osrm needs ROUTING_OSRM_URL');
  return {
    workers: Math.max(1, Math.floor(workers) || 1),
    workerName: env.PROCESSING_WORKER_NAME ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    heartbeatMs: Number(env.PROCESSING_HEARTBEAT_MS ?? 5_000),
    claimTimeoutMs: Number(env.PROCESSING_CLAIM_TIMEOUT_MS ?? 60_000),
    pollMs: Number(env.PROCESSING_POLL_MS ?? 1_000),
    routing: { provider, osrmUrl: env.ROUTING_OSRM_URL || undefined },
  };
}

/** The part of the settings that decides travel times: it enters the key under which results can be reused. */
export function routingKey(routing: RoutingSettings): string {
  return routing.provider === 'osrm' ? `osrm:${routing.osrmUrl}` : 'estimator';
}
