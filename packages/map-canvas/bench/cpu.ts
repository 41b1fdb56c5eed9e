// CPU time of a page's renderer main thread (Linux): on a busy machine wall-clock frame times mostly
// measure the wait for a core, so the benchmark also prints the CPU time the page's main thread spent
// (JavaScript, canvas drawing and its software rasterisation all run there). Read from the kernel's
// per-thread schedstat in nanoseconds. Elsewhere (no /proc) the figures are left out.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface ThreadClock {
  pid: number;
  /** Nanoseconds the thread has run on a core, and waited for one while runnable. */
  read(): { cpu: number; wait: number };
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function parentOf(pid: number): number {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (in parentheses) may hold spaces; the parent pid is the second field after it.
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : 0;
}

function descendsFrom(pid: number, ancestor: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 16; hops++) {
    p = parentOf(p);
    if (p === ancestor) return true;
  }
  return false;
}

function threadClock(pid: number): ThreadClock {
  return {
    pid,
    read() {
      const [cpu, wait] = (readText(`/proc/${pid}/task/${pid}/schedstat`) ?? '0 0').split(' ').map(Number);
      return { cpu, wait };
    },
  };
}

/** Renderer processes started by this Node process's browsers. */
function renderers(): number[] {
  if (readText('/proc/self/stat') === null) return [];
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!pid) continue;
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (cmdline?.includes('--type=renderer') && !cmdline.includes('--top-chrome-webui') && descendsFrom(pid, process.pid)) out.push(pid);
  }
  return out;
}

/** The main thread of the renderer that runs `page`: the renderer whose main thread runs while the
 * page spins (again, on a busy machine, until one renderer clearly ran most). Null where per-thread
 * CPU time cannot be read. */
export async function pageMainThread(page: Page): Promise<ThreadClock | null> {
  const clocks = renderers().map(threadClock);
  if (clocks.length === 0) return null;
  const deltas = clocks.map(() => 0);
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = clocks.map((c) => c.read().cpu);
    await page.evaluate(() => {
      const end = performance.now() + 200;
      while (performance.now() < end);
    });
    clocks.forEach((c, i) => (deltas[i] += c.read().cpu - before[i]));
    const sorted = [...deltas].sort((a, b) => b - a);
    if (sorted[0] > 50e6 && sorted[0] > 4 * (sorted[1] ?? 0)) return clocks[deltas.indexOf(sorted[0])];
  }
  return null;
}

/** CPU ms of the page's main thread for each call of `step`, less the median cost of an empty
 * round trip to the page (measured first, returned as `overhead`). */
export async function cpuPerStep<T>(
  clock: ThreadClock,
  page: Page,
  steps: number,
  step: (i: number) => Promise<T>,
): Promise<{ cpu: number[]; wait: number[]; results: T[]; overhead: number }> {
  const empty: number[] = [];
  for (let i = 0; i < 30; i++) {
    const a = clock.read().cpu;
    await page.evaluate(() => 0);
    empty.push((clock.read().cpu - a) / 1e6);
  }
  const overhead = [...empty].sort((x, y) => x - y)[empty.length >> 1];
  const cpu: number[] = [],
    wait: number[] = [],
    results: T[] = [];
  for (let i = 0; i < steps; i++) {
    const a = clock.read();
    results.push(await step(i));
    const b = clock.read();
    cpu.push(Math.max(0, (b.cpu - a.cpu) / 1e6 - overhead));
    wait.push((b.wait - a.wait) / 1e6);
  }
  return { cpu, wait, results, overhead };
}
