// A routing server that answers like OSRM's table service
// (/table/v1/{profile}/{coords}?sources=..&destinations=..&annotations=duration,
// durations in seconds) with the built-in estimate, and that can hold its
// answers: a worker asking for travel times then waits in status 3 for as
// long as the test wants.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimateMinutes, greatCircleKm } from '@locus/engine';

export interface FakeOsrm {
  url: string;
  /** Requests answered so far. */
  answered: number;
  /** Requests waiting while held. */
  waiting(): number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startFakeOsrm(): Promise<FakeOsrm> {
  let held = false;
  const queue: Array<() => void> = [];
  const state = { answered: 0 };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = url.pathname.match(/^\/table\/v1\/([^/]+)\/(.+)$/);
    if (!m) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'InvalidUrl', message: 'URL string malformed' }));
      return;
    }
    const profile = m[1] === 'foot' ? 'pedestrian' : 'car';
    const points = decodeURIComponent(m[2]!)
      .split(';')
      .map((c) => c.split(',').map(Number));
    const sources = (url.searchParams.get('sources') ?? '').split(';').map(Number);
    const destinations = (url.searchParams.get('destinations') ?? '').split(';').map(Number);
    const durations = sources.map((s) =>
      destinations.map((d) => {
        const [lonA, latA] = points[s]!;
        const [lonB, latB] = points[d]!;
        return estimateMinutes(profile, greatCircleKm(latA!, lonA!, latB!, lonB!)) * 60;
      }),
    );
    state.answered++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'Ok', durations }));
  };
  const server = createServer((req, res) => {
    if (held) queue.push(() => answer(req, res));
    else answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get answered() {
      return state.answered;
    },
    waiting: () => queue.length,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const run of queue.splice(0)) run();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
