// While PostgreSQL cannot be reached at start, the server waits for it and
// retries; meanwhile its address already answers: GET /api/system/status with
// 0 (not ready, so the app shows its starting overlay and keeps polling), the
// planner app's files, and 503 with the error body for every other call.
// Once the database answers, this server closes and the real one starts.
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { errorBody } from './errors.js';
import { loggingOptions } from './logger.js';
import { registerAppFiles } from './app-files.js';

export interface WaitingServer {
  close(): Promise<void>;
}

export async function startWaitingServer(config: ServerConfig, options: { tls?: { key: string; cert: string }; appDir: string }): Promise<WaitingServer> {
  const app = Fastify({
    ...loggingOptions(config),
    https: options.tls ? { key: options.tls.key, cert: options.tls.cert } : null,
    routerOptions: { ignoreTrailingSlash: true },
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  app.get('/api/system/status', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return 0;
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (!request.url.startsWith('/api') && !request.url.startsWith('/oidc')) {
      reply.status(404).send(errorBody(404, `no route ${request.method} ${request.url.split('?')[0]}`));
      return;
    }
    reply.status(503).header('Retry-After', '2').send(errorBody(503, 'the database is not reachable yet; the server starts as soon as it is'));
  });
  await registerAppFiles(app, options.appDir);
  await app.listen({ port: config.port, host: config.host });
  return { close: () => app.close() };
}
