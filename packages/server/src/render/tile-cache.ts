// A least-recently-used cache of rendered tiles, bounded by entry count and by
// bytes. A Map keeps insertion order, so re-inserting on every hit makes its
// first key the least recently used one.
export interface TileCache {
  get(key: string): Buffer | undefined;
  set(key: string, value: Buffer): void;
  has(key: string): boolean;
  delete(key: string): boolean;
  /** Forgets every entry whose key starts with the prefix (e.g. one area set after its data changed). */
  deletePrefix(prefix: string): number;
  clear(): void;
  readonly size: number;
  /** Sum of the cached buffers' lengths. */
  readonly bytes: number;
}

export function createTileCache(maxEntries: number, maxBytes = 256 * 1024 * 1024): TileCache {
  if (!(Number.isInteger(maxEntries) && maxEntries > 0)) throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  if (!(maxBytes > 0)) throw new RangeError(`maxBytes must be positive, got ${maxBytes}`);
  const entries = new Map<string, Buffer>();
  let bytes = 0;

  const remove = (key: string): boolean => {
    const value = entries.get(key);
    if (value === undefined) return false;
    bytes -= value.length;
    entries.delete(key);
    return true;
  };

  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      remove(key);
      // A buffer larger than the whole budget would only evict everything else.
      if (value.length > maxBytes) return;
      entries.set(key, value);
      bytes += value.length;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value as string;
        remove(oldest);
      }
    },
    has: (key) => entries.has(key),
    delete: remove,
    deletePrefix(prefix) {
      let removed = 0;
      for (const key of [...entries.keys()]) if (key.startsWith(prefix) && remove(key)) removed++;
      return removed;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
