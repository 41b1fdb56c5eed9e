// Rows of bits, one per device pixel (bit x % 32 of word x / 32 of a row's words): which pixels are
// known to be opaque. Spans are tested and set a word at a time.

/** Words of a row of bits for `width` pixels. */
export function rowWords(width: number): number {
  return (width + 31) >> 5;
}

/** The first of bits x0 to x1 (inclusive) of the row of bits starting at word `row` that is not set,
 * or -1 when all are. */
export function firstUnset(bits: Int32Array, row: number, x0: number, x1: number): number {
  const last = row + (x1 >> 5);
  // Bits before x0 count as set.
  let k = row + (x0 >> 5),
    v = bits[k] | ~(-1 << (x0 & 31));
  while (v === -1) {
    if (++k > last) return -1;
    v = bits[k];
  }
  // The lowest clear bit of v.
  const x = ((k - row) << 5) + 31 - Math.clz32(~v & (v + 1));
  return x <= x1 ? x : -1;
}

/** The last of bits x0 to x1 (inclusive) of the row of bits starting at word `row` that is not set;
 * bit x0 must be clear. */
export function lastUnset(bits: Int32Array, row: number, x0: number, x1: number): number {
  const first = row + (x0 >> 5);
  // Bits after x1 count as set.
  let k = row + (x1 >> 5),
    v = bits[k] | (-2 << (x1 & 31));
  while (v === -1 && k > first) v = bits[--k];
  // The highest clear bit of v.
  return ((k - row) << 5) + 31 - Math.clz32(~v);
}

/** Sets bits x0 to x1 (inclusive) of the row of bits starting at word `row`. */
export function setAll(bits: Int32Array, row: number, x0: number, x1: number): void {
  const w0 = row + (x0 >> 5),
    w1 = row + (x1 >> 5);
  const m0 = -1 << (x0 & 31),
    m1 = -1 >>> (31 - (x1 & 31));
  if (w0 === w1) {
    bits[w0] |= m0 & m1;
    return;
  }
  bits[w0] |= m0;
  bits[w1] |= m1;
  for (let k = w0 + 1; k < w1; k++) bits[k] = -1;
}
