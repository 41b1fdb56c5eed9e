// Radial-distance simplification of interleaved x,y rings: drops vertices closer than a tolerance to
// the last kept one. Cheap, and enough to draw a world coastline at low zoom without a million points.

export function simplifyRing(ring: Float64Array, tolerance: number, closed: boolean): Float64Array {
  const n = ring.length / 2;
  if (n <= (closed ? 4 : 2) || tolerance <= 0) return ring;
  const t2 = tolerance * tolerance;
  const out: number[] = [ring[0], ring[1]];
  let px = ring[0],
    py = ring[1];
  for (let i = 1; i < n - 1; i++) {
    const x = ring[2 * i],
      y = ring[2 * i + 1];
    if ((x - px) * (x - px) + (y - py) * (y - py) >= t2) {
      out.push(x, y);
      px = x;
      py = y;
    }
  }
  out.push(ring[2 * n - 2], ring[2 * n - 1]);
  if (closed && out.length < 8) return new Float64Array(0);
  return Float64Array.from(out);
}
