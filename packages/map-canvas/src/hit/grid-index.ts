// A static uniform-grid spatial index over bounding boxes (compressed rows: one offsets array and one
// items array), built once per data set and queried on every pointer move and every frame.

export class GridIndex {
  private readonly cellOffsets: Uint32Array;
  private readonly cellItems: Uint32Array;
  private readonly stamps: Uint32Array;
  private stamp = 0;
  readonly minX: number;
  readonly minY: number;
  private readonly cellW: number;
  private readonly cellH: number;
  readonly columns: number;
  readonly rows: number;

  /** boxes holds minX, minY, maxX, maxY per item. */
  constructor(private readonly boxes: Float64Array, cellsPerItem = 1) {
    const n = boxes.length / 4;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, boxes[4 * i]);
      minY = Math.min(minY, boxes[4 * i + 1]);
      maxX = Math.max(maxX, boxes[4 * i + 2]);
      maxY = Math.max(maxY, boxes[4 * i + 3]);
    }
    if (n === 0) minX = minY = maxX = maxY = 0;
    const side = Math.max(1, Math.min(1024, Math.ceil(Math.sqrt(n * cellsPerItem))));
    this.columns = side;
    this.rows = side;
    this.minX = minX;
    this.minY = minY;
    this.cellW = (maxX - minX) / side || 1;
    this.cellH = (maxY - minY) / side || 1;
    this.stamps = new Uint32Array(n);
    const counts = new Uint32Array(side * side + 1);
    this.forCells(0, n, (cell) => counts[cell + 1]++);
    for (let c = 1; c < counts.length; c++) counts[c] += counts[c - 1];
    this.cellOffsets = counts;
    this.cellItems = new Uint32Array(counts[counts.length - 1]);
    const fill = counts.slice(0, side * side);
    this.forCells(0, n, (cell, item) => (this.cellItems[fill[cell]++] = item));
  }

  get size(): number {
    return this.boxes.length / 4;
  }

  private col(x: number): number {
    return Math.max(0, Math.min(this.columns - 1, Math.floor((x - this.minX) / this.cellW)));
  }

  private row(y: number): number {
    return Math.max(0, Math.min(this.rows - 1, Math.floor((y - this.minY) / this.cellH)));
  }

  private forCells(from: number, to: number, visit: (cell: number, item: number) => void): void {
    const b = this.boxes;
    for (let i = from; i < to; i++) {
      const c0 = this.col(b[4 * i]), c1 = this.col(b[4 * i + 2]);
      const r0 = this.row(b[4 * i + 1]), r1 = this.row(b[4 * i + 3]);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.columns + c, i);
    }
  }

  /** Calls visit once for every item whose box intersects the query box. */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (item: number) => void): void {
    if (this.size === 0) return;
    const stamp = ++this.stamp;
    if (stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    const b = this.boxes;
    const c0 = this.col(minX), c1 = this.col(maxX), r0 = this.row(minY), r1 = this.row(maxY);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.columns + c;
        for (let k = this.cellOffsets[cell]; k < this.cellOffsets[cell + 1]; k++) {
          const i = this.cellItems[k];
          if (this.stamps[i] === this.stamp) continue;
          this.stamps[i] = this.stamp;
          if (b[4 * i] <= maxX && b[4 * i + 2] >= minX && b[4 * i + 1] <= maxY && b[4 * i + 3] >= minY) visit(i);
        }
      }
    }
  }
}
