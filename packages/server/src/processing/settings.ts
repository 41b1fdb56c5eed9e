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
  /**
   * Memory one calculation may take for its pairs of areas and locations, bytes (CALCULATION_MEMORY_MB).
   * A calculation whose estimated pairs need more is refused before it starts; the engine thread of one
   * that took more than half of it is replaced after it, so its memory goes back to the system.
   */
  calculationMemoryBytes: number;
}

/** The default budget of a calculation's pairs: the demo's largest needs some 40 MB, the server as a whole aims at 600 MB. */
export const DEFAULT_CALCULATION_MEMORY_MB = 160;

function calculationMemoryMb(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_CALCULATION_MEMORY_MB;
  const mb = Number(value);
  if (!(mb > 0) || !Number.isFinite(mb)) throw new Error(`CALCULATION_MEMORY_MB must be a positive number of megabytes, not '${value}'`);
  return mb;
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
    calculationMemoryBytes: calculationMemoryMb(env.CALCULATION_MEMORY_MB) * 1024 * 1024,
  };
}

/** The part of the settings that decides travel times: it enters the key under which results can be reused. */
export function routingKey(routing: RoutingSettings): string {
  return routing.provider === 'osrm' ? `osrm:${routing.osrmUrl}` : 'estimator';
}
