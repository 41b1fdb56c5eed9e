// A least-recently-used cache of rendered tiles, bounded by count and bytes.
export interface TileCache {
  get(key: string): Buffer | undefined;
  set(key: string, value: Buffer): void;
  readonly size: number;
  readonly bytes: number;
  clear(): void;
}

export function createTileCache(maxEntries: number, maxBytes = 256 * 1024 * 1024): TileCache {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  const evict = () => {
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value as string | undefined;
      if (oldest === undefined) break;
      bytes -= entries.get(oldest)!.length;
      entries.delete(oldest);
    }
  };
  return {
    get(key) {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      const old = entries.get(key);
      if (old) { bytes -= old.length; entries.delete(key); }
      entries.set(key, value);
      bytes += value.length;
      evict();
    },
    get size() { return entries.size; },
    get bytes() { return bytes; },
    clear() { entries.clear(); bytes = 0; },
  };
}
