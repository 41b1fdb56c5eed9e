// Greedy label placement: a label is drawn only when its box meets no box placed before it.

const CELL = 64;

export class LabelPlacer {
  private readonly cells = new Map<number, number[]>();
  private readonly boxes: number[] = [];

  /** Places the box when it is free; returns whether it was placed. */
  place(x0: number, y0: number, x1: number, y1: number): boolean {
    const c0 = Math.floor(x0 / CELL),
      c1 = Math.floor(x1 / CELL),
      r0 = Math.floor(y0 / CELL),
      r1 = Math.floor(y1 / CELL);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const list = this.cells.get(r * 4096 + c);
        if (!list) continue;
        for (const k of list) {
          const b = this.boxes;
          if (b[k] < x1 && b[k + 2] > x0 && b[k + 1] < y1 && b[k + 3] > y0) return false;
        }
      }
    }
    const k = this.boxes.length;
    this.boxes.push(x0, y0, x1, y1);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = r * 4096 + c;
        const list = this.cells.get(key);
        if (list) list.push(k);
        else this.cells.set(key, [k]);
      }
    }
    return true;
  }
}

/** Text widths are measured once per font and text. */
export class TextMeasurer {
  private readonly widths = new Map<string, number>();

  width(ctx: CanvasRenderingContext2D, text: string): number {
    const key = `${ctx.font}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = ctx.measureText(text).width;
      if (this.widths.size > 20000) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }
}
