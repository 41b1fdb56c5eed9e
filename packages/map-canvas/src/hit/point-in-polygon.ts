// Even-odd point in polygon over interleaved x,y rings (holes and multipolygon parts together).

export function pointInRings(x: number, y: number, rings: readonly Float64Array[]): boolean {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const xi = ring[i],
        yi = ring[i + 1],
        xj = ring[j],
        yj = ring[j + 1];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}
