// The aggregation of warnings anyone can cause: the first of a kind is
// written, repeats within the window become one counted line, and made-up
// kinds (a new sign-in name per attempt) cannot grow the log or memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAggregatedLog } from '../src/log/aggregate.js';

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: async (message: string) => {
        lines.push(message);
      },
    },
  };
}

test('the first of a kind is written at once, repeats are counted into one line', async () => {
  const { lines, log } = recorder();
  const aggregated = createAggregatedLog(log, { windowMs: 60_000 });
  for (let k = 0; k < 500; k++) await aggregated.warn('sign-in failed:a@example.com', 'sign-in failed for a@example.com: wrong password');
  assert.equal(lines, ['sign-in failed for a@example.com: wrong password']);
  await aggregated.close();
  assert.is(lines.length, 2);
  assert.is(lines[1], 'sign-in failed for a@example.com: wrong password (499 more like this in the last 60 s)');
});

test('a new window starts after the old one ends', async () => {
  const { lines, log } = recorder();
  const aggregated = createAggregatedLog(log, { windowMs: 50 });
  await aggregated.warn('k', 'one');
  await aggregated.warn('k', 'one');
  await new Promise((resolve) => setTimeout(resolve, 70));
  await aggregated.warn('k', 'two');
  assert.equal(lines, ['one', 'one (1 more like this in the last 0 s)', 'two']);
  await aggregated.close();
});

test('made-up kinds beyond the bound are counted under one kind', async () => {
  const { lines, log } = recorder();
  const aggregated = createAggregatedLog(log, { windowMs: 60_000, maxKinds: 10 });
  for (let k = 0; k < 10_000; k++) await aggregated.warn(`sign-in failed:${k}@example.com`, `sign-in failed for ${k}@example.com`);
  assert.is(lines.length, 11, '10 kinds and one line for the rest');
  assert.match(lines[10]!, /many different kinds/);
  await aggregated.close();
  assert.is(lines.length, 12);
  assert.match(lines[11]!, /9989 more like this/);
});

test.run();
