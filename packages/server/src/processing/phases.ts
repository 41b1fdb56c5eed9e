// Where a calculation's time goes: wall time per phase and the CPU time the
// whole process spent meanwhile (every thread: main, engine, database), so a
// busy machine shows as wall time above CPU time instead of as slower code.

export interface PhaseTiming {
  name: string;
  milliseconds: number;
  /** CPU time of the whole process (user + system, all threads) during the phase. */
  cpuMilliseconds: number;
}

export class PhaseClock {
  readonly phases: PhaseTiming[] = [];
  private wall = performance.now();
  private cpu = process.cpuUsage();

  /** Ends the phase that ran since the last lap (or the start) under this name. */
  lap(name: string): void {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    this.phases.push({ name, milliseconds: wall - this.wall, cpuMilliseconds: (cpu.user - this.cpu.user + cpu.system - this.cpu.system) / 1000 });
    this.wall = wall;
    this.cpu = cpu;
  }

  /** A phase measured elsewhere (another thread), recorded as it is. */
  add(timing: PhaseTiming): void {
    this.phases.push(timing);
  }
}

/** One line: "inputs 80 ms (cpu 75), engine 200 ms (cpu 190), ...". */
export function phaseLine(phases: readonly PhaseTiming[]): string {
  return phases.map((p) => `${p.name} ${p.milliseconds.toFixed(0)} ms (cpu ${p.cpuMilliseconds.toFixed(0)})`).join(', ');
}
