// A static spatial index over bounding boxes (flatbush's packed Hilbert R-tree),
// built once per data set and queried on every pointer move and every frame.
import Flatbush from 'flatbush';

export class BoxIndex {
  private readonly tree: Flatbush | null;

  /** boxes holds minX, minY, maxX, maxY per item. */
  constructor(boxes: Float64Array) {
    const n = boxes.length / 4;
    this.size = n;
    if (n === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(n);
    for (let i = 0; i < n; i++) tree.add(boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]);
    tree.finish();
    this.tree = tree;
  }

  readonly size: number;

  /** Calls visit once for every item whose box intersects the query box (touching counts). */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (item: number) => void): void {
    // The filter sees every match and keeps none, so no result array grows.
    this.tree?.search(minX, minY, maxX, maxY, (i) => {
      visit(i);
      return false;
    });
  }
}
