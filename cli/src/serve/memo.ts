/**
 * A map for values derived from what a request sends (a parsed target, a host decision, a
 * user's hash) that every request would otherwise compute again. Bounded by emptying it when
 * full: a flood of distinct keys costs the sender recomputation, never the server's memory.
 */
export class BoundedMemo<K, V> {
  private map = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): V {
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(key, value);
    return value;
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
