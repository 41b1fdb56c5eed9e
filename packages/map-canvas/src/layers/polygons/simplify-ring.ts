// Douglas–Peucker simplification of closed rings (interleaved x,y, first point repeated last): keeps the
// vertices that deviate from the kept outline by more than a tolerance. Zoomed out, a catchment of a few
// pixels needs a handful of vertices, not dozens (a path's fill costs by its edges).

/** The ring with every vertex within `tolerance` of the simplified outline dropped; the ring itself when
 * nothing can go or when fewer than three corners would stay. */
export function simplifyClosedRing(ring: Float64Array, tolerance: number): Float64Array {
  const n = ring.length / 2 - 1; // distinct vertices
  if (n < 4 || tolerance <= 0) return ring;
  const keep = new Uint8Array(n + 1);
  // Split at vertex 0 and the vertex farthest from it, then simplify both halves.
  let far = 0,
    farDistance = -1;
  for (let i = 1; i < n; i++) {
    const d = (ring[2 * i] - ring[0]) ** 2 + (ring[2 * i + 1] - ring[1]) ** 2;
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  keep[0] = keep[far] = keep[n] = 1;
  const t2 = tolerance * tolerance;
  const stack = [0, far, far, n];
  while (stack.length) {
    const last = stack.pop()!,
      first = stack.pop()!;
    const ax = ring[2 * first],
      ay = ring[2 * first + 1],
      bx = ring[2 * last],
      by = ring[2 * last + 1];
    const dx = bx - ax,
      dy = by - ay,
      length2 = dx * dx + dy * dy;
    let worst = -1,
      worstDistance = t2;
    for (let i = first + 1; i < last; i++) {
      const px = ring[2 * i] - ax,
        py = ring[2 * i + 1] - ay;
      const cross = px * dy - py * dx;
      const d = length2 > 0 ? (cross * cross) / length2 : px * px + py * py;
      if (d > worstDistance) {
        worstDistance = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  let kept = 0;
  for (let i = 0; i <= n; i++) kept += keep[i];
  if (kept - 1 < 3 || kept === n + 1) return ring;
  const out = new Float64Array(2 * kept);
  for (let i = 0, k = 0; i <= n; i++) {
    if (!keep[i]) continue;
    out[k++] = ring[2 * i];
    out[k++] = ring[2 * i + 1];
  }
  return out;
}
