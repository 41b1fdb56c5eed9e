// "The latest answer wins" (stores/latest.ts): an older call answered after a
// newer one never overwrites it, its signal is aborted for the API client,
// and its abort is neither shown nor reported as a failure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { signal } from '@preact/signals-react';
import { createApiClient, type ApiFailure } from '@locus/contract/client';
import { latestApplied, latestWins, STALE } from '../src/stores/latest';

/** A load that answers when told to, in any order. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test('an older answer that arrives after a newer one is dropped', async () => {
  const shown = signal('');
  const answers = [deferred<string>(), deferred<string>()];
  let call = 0;
  const load = latestApplied(
    () => answers[call++]!.promise,
    (value) => {
      shown.value = value;
    },
  );
  const first = load();
  const second = load();
  answers[1]!.resolve('newer');
  await second;
  answers[0]!.resolve('older');
  await first;
  assert.is(shown.value, 'newer');
});

test('each call aborts the signal of the call before it; the aborted call resolves to STALE', async () => {
  const latest = latestWins();
  const signals: AbortSignal[] = [];
  const first = latest.run(
    (signal) =>
      new Promise<string>((_, reject) => {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const second = latest.run(async (signal) => {
    signals.push(signal);
    return 'newer';
  });
  assert.is(await first, STALE);
  assert.is(await second, 'newer');
  assert.ok(signals[0]!.aborted);
  assert.not.ok(signals[1]!.aborted);
});

test('abort() makes the running call void; a failure of the latest call rejects as it was', async () => {
  const latest = latestWins();
  const held = deferred<string>();
  const running = latest.run(() => held.promise);
  latest.abort();
  held.resolve('late');
  assert.is(await running, STALE);
  try {
    await latest.run(() => Promise.reject(new Error('server down')));
    assert.unreachable('the failure rejects');
  } catch (error) {
    assert.is((error as Error).message, 'server down');
  }
});

test('through the API client an aborted request is neither applied nor reported as a failure', async () => {
  const failures: ApiFailure[] = [];
  const fetches: { signal: AbortSignal; respond: (body: unknown) => void }[] = [];
  const api = createApiClient({
    onFailure: (failure) => failures.push(failure),
    fetch: (_input, init) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init!.signal!;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        fetches.push({ signal, respond: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })) });
      }),
  });
  const logins = signal<string[]>([]);
  const login = (name: string) => ({ id: name, displayName: name, identity: `${name}@example.com`, mfa: false, email: `${name}@example.com`, password: null });
  const load = latestApplied(
    (abort) => api.call('adminLogins', { signal: abort }),
    (list) => {
      logins.value = list.map((l) => l.displayName);
    },
  );
  const first = load();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const second = load();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.is(fetches.length, 2);
  assert.ok(fetches[0]!.signal.aborted);
  fetches[1]!.respond([login('newer')]);
  await Promise.all([first, second]);
  assert.equal(logins.value, ['newer']);
  assert.is(failures.length, 0);
});

test.run();
