// The export dialog's progress ("a progress indication for large
// files"): the API client reads a download chunk by chunk and tells the bytes
// received and, when the server sent Content-Length for an uncompressed body,
// the total; the dialog shows a determinate bar with "received of total", or
// an indeterminate bar with the bytes received so far.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
import { act } from 'react';
import { createApiClient, readWithProgress, type DownloadProgress } from '@locus/contract/client';
import { language } from '../src/i18n';
import { formatBytes } from '../src/i18n/format';
import { availableDownloads, downloading, runDownload } from '../src/ui/export/downloads';
import { DownloadProgressBar } from '../src/ui/export/ExportDialog';
import { fakeApi } from './fake-api';
import { model, scenario } from './fixtures';
import { mount } from './render';

installDom();

/** A response whose body arrives in the given chunks. */
function chunked(chunks: Uint8Array[], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

test('the body is read chunk by chunk: bytes received rise to the Content-Length, the blob holds every byte', async () => {
  const seen: DownloadProgress[] = [];
  const blob = await readWithProgress(chunked([bytes(3000, 1), bytes(2000, 2), bytes(500, 3)], { 'Content-Type': 'text/csv', 'Content-Length': '5500' }), (p) =>
    seen.push(p),
  );
  assert.equal(
    seen.map((p) => p.received),
    [0, 3000, 5000, 5500],
  );
  assert.ok(seen.every((p) => p.total === 5500));
  assert.is(blob.size, 5500);
  assert.is(blob.type, 'text/csv');
  const content = new Uint8Array(await blob.arrayBuffer());
  assert.equal([content[0], content[2999], content[3000], content[5499]], [1, 1, 2, 3]);
});

test('without Content-Length, or with a compressed body, the total is unknown', async () => {
  const unknown: DownloadProgress[] = [];
  await readWithProgress(chunked([bytes(10, 0), bytes(20, 0)], {}), (p) => unknown.push(p));
  assert.equal(
    unknown.map((p) => p.total),
    [null, null, null],
  );
  assert.is(unknown[unknown.length - 1]!.received, 30);
  const gzip: DownloadProgress[] = [];
  await readWithProgress(chunked([bytes(10, 0)], { 'Content-Length': '4', 'Content-Encoding': 'gzip' }), (p) => gzip.push(p));
  assert.ok(
    gzip.every((p) => p.total === null),
    'the compressed length is not the length read',
  );
});

test('the API client reports progress only when asked, and still answers the whole blob', async () => {
  const client = createApiClient({
    fetch: async () => chunked([bytes(1500, 7), bytes(1500, 8)], { 'Content-Type': 'text/csv', 'Content-Length': '3000' }),
  });
  const seen: DownloadProgress[] = [];
  const blob = await client.blob('scenarioLocationsExport', { params: { scenarioId: 1 }, query: { culture: 'nl' }, onProgress: (p) => seen.push(p) });
  assert.is(blob.size, 3000);
  assert.equal(seen[seen.length - 1], { received: 3000, total: 3000 });
  const plain = await client.blob('scenarioLocationsExport', { params: { scenarioId: 1 }, query: { culture: 'nl' } });
  assert.is(plain.size, 3000);
});

test('a running download shows the share of its bytes when the total is known, else the bytes so far (English and Dutch)', () => {
  language.value = 'en';
  const known = mount(<DownloadProgressBar running={{ fileName: 'output.csv', received: 250_000, total: 1_000_000 }} />);
  const bar = known.getByRole('progressbar');
  assert.is(bar.getAttribute('value'), '250000');
  assert.is(bar.getAttribute('max'), '1000000');
  assert.is(known.getByTestId('export-received').textContent, `${formatBytes('en', 250_000)} of ${formatBytes('en', 1_000_000)}`);
  assert.match(known.getByTestId('export-received').textContent!, /^250 kB of 1 MB$/);
  assert.match(bar.getAttribute('aria-label')!, /output\.csv/);
  known.unmount();

  language.value = 'nl';
  const unknown = mount(<DownloadProgressBar running={{ fileName: 'output.csv', received: 1_234_567, total: null }} />);
  const indeterminate = unknown.getByRole('progressbar');
  assert.is(indeterminate.getAttribute('value'), null, 'indeterminate without a total');
  assert.is(unknown.getByTestId('export-received').textContent, formatBytes('nl', 1_234_567));
  assert.match(unknown.getByTestId('export-received').textContent!, /^1,2 MB$/);
  unknown.unmount();
  language.value = 'en';
});

test('runDownload keeps the dialog told of the bytes received while the file arrives, and clears it after', async () => {
  const states: (typeof downloading.value)[] = [];
  const fake = fakeApi({});
  fake.api.blob = async (_name, options) => {
    options?.onProgress?.({ received: 0, total: 200 });
    states.push(downloading.value);
    options?.onProgress?.({ received: 120, total: 200 });
    states.push(downloading.value);
    options?.onProgress?.({ received: 200, total: 200 });
    states.push(downloading.value);
    return new Blob([new Uint8Array(200)]);
  };
  const d = availableDownloads({
    model: model(1),
    scenario: scenario(1, { status: 9 }),
    submodelId: 1,
    locationId: null,
    locationName: null,
    areaCode: null,
    globalAdmin: false,
  })[0]!;
  // The saving link is clicked; the test keeps the page where it is (happy-dom would follow it).
  const saved: string[] = [];
  const keep = (e: Event) => {
    const link = e.target as HTMLAnchorElement;
    saved.push(link.download);
    e.preventDefault();
  };
  document.addEventListener('click', keep, true);
  let size = 0;
  try {
    await act(async () => {
      size = await runDownload(fake.api, d, 'nl', 'file.csv');
    });
  } finally {
    document.removeEventListener('click', keep, true);
  }
  assert.equal(saved, ['file.csv'], 'saved under its name');
  assert.is(size, 200);
  assert.equal(
    states.map((s) => s && [s.fileName, s.received, s.total]),
    [
      ['file.csv', 0, 200],
      ['file.csv', 120, 200],
      ['file.csv', 200, 200],
    ],
  );
  assert.is(downloading.value, null);
});

test.run();
