/**
 * Values that are expensive to read (a provider's answer, the JSON of a public list) kept
 * for a while: a hit within the TTL, or a read already in flight for the same key, costs
 * nothing new. Failures are not kept. When full, the oldest stored value goes.
 *
 * With a stale window, a value past its TTL is still answered for that long while one
 * background read replaces it, so no request waits for a popular value and many keys
 * expiring together do not all reach the source at once.
 *
 * Values carry tags, one for each thing they show that a write may change (all concert
 * lists, one concert's reviews, a user whose name a page shows), and a write that changes
 * one calls invalidate(tag): this process then answers fresh data at once. A read that was
 * running when the write happened is neither stored nor shared with later requests, since
 * it may have seen the data from before the write.
 *
 * Hand-written rather than lru-cache: that library aborts a pending fetch on delete, which
 * would fail the request waiting on it, or else stores its possibly stale result.
 */

export interface ReadCacheOptions {
  /** How long a value is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** How long after that it is still answered while a background read replaces it. */
  staleMs?: number;
  /**
   * How long a value is fresh whose tags name everything it shows (`get`'s `wholeTags`):
   * every change made through the app drops it at once, so only one made behind the app's
   * back (SQL by hand) goes unseen, for this long. The TTL when not given.
   */
  wholeTagsTtlMs?: number;
  /** The most values kept; the oldest stored go first. */
  maxEntries: number;
  /**
   * The most the kept values may weigh together, by `weigh` (a body's bytes), the oldest
   * stored going first: many small values fit where a few large ones would.
   */
  maxWeight?: number;
  weigh?: (value: never) => number;
  /** Told when a background refresh fails (no request is waiting for it). */
  onRefreshError?: (error: unknown) => void;
  /** Told where each get() was answered from: a fresh value, a stale one, a read in flight, or a new read. */
  onLookup?: (result: 'hit' | 'stale' | 'joined' | 'miss') => void;
  now?: () => number;
}

/**
 * Where a value is filed: its key (unique within the cache, so callers prefix it with what
 * it is) and its tags, what writes invalidate. Tags that depend on the value itself (the
 * authors on a page of reviews) come from `tagsOf`.
 */
export interface CacheSlot<T = unknown> {
  key: string;
  tags: readonly string[];
  tagsOf?: (value: T) => readonly string[];
  /**
   * Whether browsers may keep the answer for the cache's lifetime too (the default). Not
   * for someone who may change it: after their own write they must see it at once.
   */
  browsersMayKeep?: boolean;
  /**
   * Whether the tags name everything the value shows, nothing in it changing with the clock:
   * then it is kept `wholeTagsTtlMs`, and a page read by many keys (each review's comments)
   * is not read again every few seconds for nothing.
   */
  wholeTags?: boolean;
}

/** Tags given up front, or read from the value once it is known. */
export type Tags<V> = string | readonly string[] | ((value: V) => readonly string[]);

interface Entry<V> {
  value: V;
  weight: number;
  tags: readonly string[];
  freshUntil: number;
  /** Past this, a request waits for a new value rather than take this one. */
  staleUntil: number;
}

export class ReadCache<V> {
  readonly #ttlMs: number;
  readonly #wholeTagsTtlMs: number;
  readonly #staleMs: number;
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #weigh: (value: V) => number;
  /** What the kept values weigh together. */
  #weight = 0;
  readonly #now: () => number;
  readonly #onRefreshError: (error: unknown) => void;
  readonly #onLookup: NonNullable<ReadCacheOptions['onLookup']>;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #pending = new Map<string, Promise<V>>();
  /** Counts invalidations: a read started in an older epoch is not stored. */
  #epoch = 0;

  constructor(options: ReadCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#wholeTagsTtlMs = Math.max(options.wholeTagsTtlMs ?? 0, options.ttlMs);
    this.#staleMs = options.staleMs ?? 0;
    this.#maxEntries = options.maxEntries;
    this.#maxWeight = options.maxWeight ?? Infinity;
    this.#weigh = (options.weigh as ((value: V) => number) | undefined) ?? (() => 0);
    this.#now = options.now ?? Date.now;
    this.#onRefreshError = options.onRefreshError ?? (() => {});
    this.#onLookup = options.onLookup ?? (() => {});
  }

  get enabled(): boolean {
    return this.#ttlMs > 0 && this.#maxEntries > 0;
  }

  /** How many values are held (expired ones included until they are replaced or evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value stored under key, or read()'s, which is stored with its tags when no
   * invalidation happened meanwhile. Concurrent misses for one key share one read. A
   * failed read is not stored: its error reaches every request waiting on it, while a
   * failed background refresh leaves the stale value to run out. A value whose tags are
   * whole (CacheSlot.wholeTags) stays fresh for wholeTagsTtlMs.
   */
  async get(
    key: string,
    read: () => Promise<V>,
    tags: Tags<V> = [],
    { wholeTags = false }: { wholeTags?: boolean } = {},
  ): Promise<V> {
    const ttlMs = wholeTags ? this.#wholeTagsTtlMs : this.#ttlMs;
    if (!this.enabled) return read();
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry && entry.freshUntil > now) {
      this.#onLookup('hit');
      return entry.value;
    }
    if (entry && entry.staleUntil > now) {
      this.#onLookup('stale');
      if (!this.#pending.has(key)) this.#read(key, read, tags, ttlMs).catch(this.#onRefreshError);
      return entry.value;
    }
    const pending = this.#pending.get(key);
    this.#onLookup(pending ? 'joined' : 'miss');
    return pending ?? this.#read(key, read, tags, ttlMs);
  }

  /** Forgets every value tagged `tag`; later requests read afresh. */
  invalidate(tag: string): void {
    this.#epoch += 1;
    for (const [key, entry] of this.#entries) {
      if (entry.tags.includes(tag)) this.#forget(key);
    }
    // A read in flight may be tagged `tag` once it is known; none is joined any more.
    this.#pending.clear();
  }

  /** Forgets everything, e.g. when notices of other instances' writes may have been missed. */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#weight = 0;
    this.#pending.clear();
  }

  async #read(key: string, read: () => Promise<V>, tags: Tags<V>, ttlMs: number): Promise<V> {
    const epoch = this.#epoch;
    const pending = (async () => read())();
    this.#pending.set(key, pending);
    try {
      const value = await pending;
      if (this.#epoch === epoch) this.#store(key, value, tagList(tags, value), ttlMs);
      return value;
    } finally {
      if (this.#pending.get(key) === pending) this.#pending.delete(key);
    }
  }

  #store(key: string, value: V, tags: readonly string[], ttlMs: number): void {
    // Re-inserting moves the key to the end of the Map's order, so eviction takes the oldest.
    this.#forget(key);
    const now = this.#now();
    const weight = this.#weigh(value);
    this.#entries.set(key, {
      value,
      weight,
      tags,
      freshUntil: now + ttlMs,
      staleUntil: now + ttlMs + this.#staleMs,
    });
    this.#weight += weight;
    while (this.#entries.size > this.#maxEntries || this.#weight > this.#maxWeight) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#weight -= entry.weight;
    this.#entries.delete(key);
  }
}

function tagList<V>(tags: Tags<V>, value: V): readonly string[] {
  if (typeof tags === 'function') return tags(value);
  return typeof tags === 'string' ? [tags] : tags;
}
