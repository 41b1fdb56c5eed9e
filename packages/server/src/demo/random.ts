// A small seeded pseudo-random generator (mulberry32): the same seed gives the
// same demo data on every machine.
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  pick<T>(items: readonly T[]): T;
  /** An index drawn with the given weights. */
  weighted(weights: ArrayLike<number>, total?: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(weights, total) {
      let sum = total ?? 0;
      if (total === undefined) for (let i = 0; i < weights.length; i++) sum += weights[i]!;
      let r = next() * sum;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
}
