/**
 * Values that are expensive to read (a provider's answer, the JSON of a public list) kept
 * for a while: a hit within the TTL, or a read already in flight for the same key, costs
 * nothing new. Failures are not kept. When full, the oldest stored value goes.
 *
 * With a stale window, a value past its TTL is still answered for that long while one
 * background read replaces it, so no request waits for a popular value and many keys
 * expiring together do not all reach the source at once.
 *
 * Values sit under a tag (e.g. all concert lists, one concert's reviews) and a write
 * that changes what a tag shows calls invalidate(tag): this process then answers fresh
 * data at once. A read that was running when the write happened is neither stored nor
 * shared with later requests, since it may have seen the data from before the write.
 *
 * Hand-written rather than lru-cache: that library aborts a pending fetch on delete, which
 * would fail the request waiting on it, or else stores its possibly stale result.
 */

export interface ReadCacheOptions {
  /** How long a value is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** How long after that it is still answered while a background read replaces it. */
  staleMs?: number;
  /** The most values kept; the oldest stored go first. */
  maxEntries: number;
  /** Told when a background refresh fails (no request is waiting for it). */
  onRefreshError?: (error: unknown) => void;
  now?: () => number;
}

/** Where a value is filed: its tag (what writes invalidate) and its key within the tag. */
export interface CacheSlot {
  tag: string;
  key: string;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
  /** Past this, a request waits for a new value rather than take this one. */
  staleUntil: number;
}

export class ReadCache<V> {
  readonly #ttlMs: number;
  readonly #staleMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #onRefreshError: (error: unknown) => void;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #pending = new Map<string, Promise<V>>();
  /** Counts invalidations: a read started in an older epoch is not stored. */
  #epoch = 0;

  constructor(options: ReadCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#staleMs = options.staleMs ?? 0;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
    this.#onRefreshError = options.onRefreshError ?? (() => {});
  }

  get enabled(): boolean {
    return this.#ttlMs > 0 && this.#maxEntries > 0;
  }

  /** How many values are held (expired ones included until they are replaced or evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value stored under (tag, key), or read()'s, which is stored when no invalidation
   * of the tag happened meanwhile. Concurrent misses for one key share one read. A failed
   * read is not stored: its error reaches every request waiting on it, while a failed
   * background refresh leaves the stale value to run out.
   */
  async get(key: string, read: () => Promise<V>, tag = ''): Promise<V> {
    if (!this.enabled) return read();
    const id = entryId(tag, key);
    const entry = this.#entries.get(id);
    const now = this.#now();
    if (entry && entry.freshUntil > now) return entry.value;
    if (entry && entry.staleUntil > now) {
      if (!this.#pending.has(id)) this.#read(id, read).catch(this.#onRefreshError);
      return entry.value;
    }
    return this.#pending.get(id) ?? this.#read(id, read);
  }

  /** Forgets every value under `tag`; later requests read afresh. */
  invalidate(tag: string): void {
    this.#epoch += 1;
    const prefix = entryId(tag, '');
    for (const id of this.#entries.keys()) {
      if (id.startsWith(prefix)) this.#entries.delete(id);
    }
    for (const id of this.#pending.keys()) {
      if (id.startsWith(prefix)) this.#pending.delete(id);
    }
  }

  async #read(id: string, read: () => Promise<V>): Promise<V> {
    const epoch = this.#epoch;
    const pending = (async () => read())();
    this.#pending.set(id, pending);
    try {
      const value = await pending;
      if (this.#epoch === epoch) this.#store(id, value);
      return value;
    } finally {
      if (this.#pending.get(id) === pending) this.#pending.delete(id);
    }
  }

  #store(id: string, value: V): void {
    // Re-inserting moves the key to the end of the Map's order, so eviction takes the oldest.
    this.#entries.delete(id);
    const now = this.#now();
    this.#entries.set(id, {
      value,
      freshUntil: now + this.#ttlMs,
      staleUntil: now + this.#ttlMs + this.#staleMs,
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

/** Tags never contain NUL, so a tag's prefix never matches another tag's entries. */
function entryId(tag: string, key: string): string {
  return `${tag}\u0000${key}`;
}
