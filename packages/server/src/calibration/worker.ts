// The calibration worker thread: takes one job (the scenario's inputs, the
// observed turnover and what to fit), posts its progress and then the fit.
// Travel times come from the routing the server is set up with, or from a
// given matrix (the reference cases).
import { parentPort, workerData } from 'node:worker_threads';
import { estimatorProvider, matrixProvider, osrmProvider, type TravelTimeMatrix, type TravelTimeProvider } from '@locus/engine';
import { fitToObserved } from './fit.js';
import type { CalibrationWorkerInput, CalibrationWorkerMessage } from './jobs.js';

const port = parentPort;
if (!port) throw new Error('calibration/worker.ts runs as a worker thread');

function providerOf(input: CalibrationWorkerInput): TravelTimeProvider {
  if (input.matrix) return matrixProvider(input.matrix as Partial<Record<'car' | 'pedestrian', TravelTimeMatrix>>);
  return input.routing.provider === 'osrm' ? osrmProvider({ baseUrl: input.routing.osrmUrl ?? '' }) : estimatorProvider();
}

async function run(input: CalibrationWorkerInput): Promise<void> {
  let last = -1;
  const outcome = await fitToObserved(
    { areas: input.areas, locations: input.locations, parameters: input.parameters },
    providerOf(input),
    input.observed,
    input.request,
    (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent === last) return;
      last = percent;
      port!.postMessage({ type: 'progress', percent } satisfies CalibrationWorkerMessage);
    },
  );
  port!.postMessage({ type: 'done', outcome } satisfies CalibrationWorkerMessage);
}

run(workerData as CalibrationWorkerInput).catch((error: unknown) => {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies CalibrationWorkerMessage);
});
