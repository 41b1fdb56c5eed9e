// One requestAnimationFrame loop: a frame is drawn only when something marked the map dirty.

export class FrameLoop {
  private handle: number | null = null;
  private disposed = false;

  constructor(private readonly onFrame: (time: number) => void) {}

  /** Asks for a frame; several requests before the frame run collapse into one. */
  request(): void {
    if (this.handle !== null || this.disposed) return;
    const raf = globalThis.requestAnimationFrame ?? ((cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 16) as unknown as number);
    this.handle = raf((time) => {
      this.handle = null;
      this.onFrame(time);
    });
  }

  get pending(): boolean {
    return this.handle !== null;
  }

  dispose(): void {
    this.disposed = true;
    if (this.handle !== null) {
      (globalThis.cancelAnimationFrame ?? clearTimeout)(this.handle);
      this.handle = null;
    }
  }
}
