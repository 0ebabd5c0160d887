/**
 * Serialized JSON bodies of public reads, kept for a few seconds. Many people asking for
 * the same concert list or the same concert's reviews within one TTL cost one query; the
 * rest are answered without touching the database or re-serializing.
 *
 * A body past its TTL is still answered for one more TTL while a single background
 * computation replaces it, so no request waits on the database for a popular read and
 * many keys expiring together do not all reach it at once.
 *
 * Entries sit under a tag (e.g. all concert lists, one concert's reviews) and a write
 * that changes what a tag shows calls invalidate(tag): this process then answers fresh
 * data at once, and other processes within the TTL. A computation that was running when
 * the write happened is neither stored nor shared with later requests, since it may have
 * read the data from before the write.
 *
 * Hand-written rather than lru-cache: that library aborts a pending fetch on delete, which
 * would fail the request waiting on it, or else stores its possibly stale result.
 */

export interface ResponseCacheOptions {
  /** How long a body is fresh; 0 turns the cache off. It is then served stale as long again while it is refreshed. */
  ttlMs: number;
  /** The most bodies kept; the oldest stored go first. */
  maxEntries: number;
  /** Told when a background refresh fails (no request is waiting for it). */
  onRefreshError?: (error: unknown) => void;
  now?: () => number;
}

interface Entry {
  body: string;
  freshUntil: number;
  /** Past this, a request waits for a new body rather than take this one. */
  staleUntil: number;
}

export class ResponseCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #onRefreshError: (error: unknown) => void;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<string>>();
  /** Counts invalidations: a computation started in an older epoch is not stored. */
  #epoch = 0;

  constructor(options: ResponseCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
    this.#onRefreshError = options.onRefreshError ?? (() => {});
  }

  get enabled(): boolean {
    return this.#ttlMs > 0 && this.#maxEntries > 0;
  }

  /** How many bodies are held (expired ones included until they are replaced or evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The body stored under (tag, key), or compute()'s, which is stored when no
   * invalidation happened meanwhile. Concurrent misses for one key share one computation.
   * A failed computation is not stored: its error reaches every request waiting on it,
   * while a failed background refresh leaves the stale body to run out.
   */
  async get(tag: string, key: string, compute: () => Promise<string>): Promise<string> {
    if (!this.enabled) return compute();
    const id = entryId(tag, key);
    const entry = this.#entries.get(id);
    const now = this.#now();
    if (entry && entry.freshUntil > now) return entry.body;
    if (entry && entry.staleUntil > now) {
      if (!this.#pending.has(id)) this.#compute(id, compute).catch(this.#onRefreshError);
      return entry.body;
    }
    return this.#pending.get(id) ?? this.#compute(id, compute);
  }

  async #compute(id: string, compute: () => Promise<string>): Promise<string> {
    const epoch = this.#epoch;
    const body = (async () => compute())();
    this.#pending.set(id, body);
    try {
      const value = await body;
      if (this.#epoch === epoch) this.#store(id, value);
      return value;
    } finally {
      if (this.#pending.get(id) === body) this.#pending.delete(id);
    }
  }

  /** Forgets every body under `tag`; later requests compute afresh. */
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

  #store(id: string, body: string): void {
    // Re-inserting moves the key to the end of the Map's order, so eviction takes the oldest.
    this.#entries.delete(id);
    const now = this.#now();
    this.#entries.set(id, {
      body,
      freshUntil: now + this.#ttlMs,
      staleUntil: now + 2 * this.#ttlMs,
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
