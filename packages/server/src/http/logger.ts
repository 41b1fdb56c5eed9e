// Fastify's own log (pino): one JSON line per answered request (method, path,
// status, time) and the stack of every unexpected error, each with the
// request's id. It is
// the operator's log on standard output; the application log (log/, table
// `log`) keeps what the administrator reads in the app: the audit of writes,
// refusals and errors, whose 500 lines name the same request id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** An id a proxy may pass on: letters, digits and . _ : - only, at most 128 characters. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the X-Request-Id a trusted proxy sends (TRUST_PROXY), so its
 * log and ours name the same request; otherwise a new UUID.
 */
export function requestId(config: Pick<ServerConfig, 'web'>, request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const forwarded = Array.isArray(header) ? header[0] : header;
  return config.web.trustProxy && forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/**
 * Fastify's request lines, one per request: nothing when a request arrives,
 * and "request answered" with its method, path, status and time in ms when
 * it has been answered (or "request errored" with the error). Every other
 * line of Fastify's (errors of its own handlers, streams) stays as it is.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request answered');
  }
}

/** The logging options of a Fastify server of this config. */
export function loggingOptions(config: Pick<ServerConfig, 'logLevel' | 'web'>) {
  return {
    logger: { level: config.logLevel },
    // The id is chosen by requestId alone (Fastify would otherwise take any client's header as it is).
    requestIdHeader: false as const,
    genReqId: (request: IncomingMessage) => requestId(config, request),
    logController: new OneLinePerRequest(),
  };
}
