/**
 * What every provider client needs: a timed JSON request, a short bounded cache that also
 * merges identical requests in flight, a token bucket for the provider's request rate, and
 * one error type that says why a call failed (callers log it and fall back to local data).
 */
import type { z } from 'zod';
import { CITIES } from '#shared/limits';
import type { Presale } from '#shared/schemas/concerts';
import { ReadCache } from '../read-cache.ts';
import {
  UNLIMITED_CALLS,
  type BudgetShare,
  type CallAdmission,
  type CallBudget,
} from './call-budget.ts';

export type ProviderName = 'ticketmaster' | 'setlistfm';

export type ProviderFailure =
  /** No answer within the timeout. */
  | 'timeout'
  /** The provider answered 429, or we are still cooling down after one. */
  | 'rate-limited'
  /** Our own token bucket had no token within the short wait: the call was not made. */
  | 'throttled'
  /** 401/403: the key is wrong or revoked. */
  | 'unauthorized'
  /** Any other non-2xx answer. */
  | 'http-error'
  /** Connection refused, reset, DNS... */
  | 'network'
  /** A 2xx answer that is not the JSON we expect. */
  | 'bad-response'
  /** Our budget of the provider's calls is spent for now: the call was not made. */
  | 'over-budget'
  /** The address asking made its hour's provider calls: the call was not made. */
  | 'over-address-limit';

/** Failures that are our own choice not to call, not the provider failing. */
export const SKIPPED_BY_US: readonly ProviderFailure[] = ['over-budget', 'over-address-limit'];

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** How a client paces, caches and waits; every value has a production default. */
export interface ProviderTuning {
  /** Whole request, body included. */
  timeoutMs: number;
  cacheTtlMs: number;
  cacheMaxEntries: number;
  requestsPerSecond: number;
  /** Tokens the bucket holds when full: how many calls may go out back to back. */
  burst: number;
  /** How long a call may wait for a token before it is skipped. */
  maxWaitMs: number;
  /** After a 429, calls are skipped for this long. */
  cooldownMs: number;
}

/** How fast a provider's API lets a key call it, and how to back off. */
export type ProviderPace = Pick<
  ProviderTuning,
  'requestsPerSecond' | 'burst' | 'maxWaitMs' | 'cooldownMs'
>;

/** A provider's tuning: its own pace, with the timeout and caches every provider starts from. */
export function providerTuning(pace: ProviderPace): ProviderTuning {
  return { timeoutMs: 3000, cacheTtlMs: 60_000, cacheMaxEntries: 500, ...pace };
}

export type Clock = () => number;

/**
 * A token bucket: `burst` tokens, refilled at `ratePerSecond`. A caller that finds no
 * token reserves the next one and sleeps until it is due, unless that is further away
 * than it is willing to wait, in which case it gets `false` and takes nothing.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly clock: Clock = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = delay,
  ) {
    this.tokens = burst;
    this.updatedAt = clock();
  }

  /** True once a token is ours (possibly after a wait of at most maxWaitMs). */
  async take(maxWaitMs: number): Promise<boolean> {
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    // Tokens below zero are reservations of callers already waiting.
    const waitMs = Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
    if (waitMs > maxWaitMs) return false;
    this.tokens -= 1;
    await this.sleep(waitMs);
    return true;
  }

  private refill() {
    const now = this.clock();
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerSecond);
    this.updatedAt = now;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a client needs to reach its provider: the key, where the API is, and how to pace it. */
export interface ProviderConnection {
  apiKey: string;
  baseUrl: string;
  tuning: ProviderTuning;
  /** The calls the key may make, shared by every instance; unlimited unless given. */
  budget?: CallBudget;
  clock?: Clock;
}

/** On whose behalf a call is made: which share of the budget it spends, and who else must agree. */
export interface CallTerms {
  share: BudgetShare;
  /** Asked just before the call (never for a cached answer); false leaves the call out. */
  admit?: CallAdmission;
}

/** A visitor's call with no limit of its own beyond the visitors' share. */
export const VISITOR_CALL: CallTerms = { share: 'visitors' };

/**
 * What the provider clients share: the API's base URL, the gate that paces calls to the
 * provider's rate, and bounded caches of answers.
 */
export abstract class ProviderClient {
  protected readonly apiKey: string;
  protected readonly baseUrl: string;
  protected readonly tuning: ProviderTuning;
  protected readonly gate: ProviderGate;
  private readonly budget: CallBudget;
  private readonly clock: Clock;

  constructor(
    protected readonly provider: ProviderName,
    { apiKey, baseUrl, tuning, budget = UNLIMITED_CALLS, clock = Date.now }: ProviderConnection,
  ) {
    this.apiKey = apiKey;
    // Trailing slashes, matched from the first of them only: never tried again from each one.
    this.baseUrl = baseUrl.replace(/(?<!\/)\/+$/, '');
    this.tuning = tuning;
    this.budget = budget;
    this.clock = clock;
    this.gate = new ProviderGate(provider, tuning, clock);
  }

  /** A cache of answers: a repeat within the TTL, or one already in flight, costs no call. */
  protected answerCache<V>(): ReadCache<V> {
    return new ReadCache<V>({
      ttlMs: this.tuning.cacheTtlMs,
      maxEntries: this.tuning.cacheMaxEntries,
      now: this.clock,
    });
  }

  /**
   * One item by its id, with or without our prefix, cached: null without a call when the
   * rest cannot be a provider id, else what `load` makes of the provider's id.
   */
  protected byId<V>(
    cache: ReadCache<V | null>,
    id: string,
    prefix: string,
    load: (providerId: string) => Promise<V | null>,
  ): Promise<V | null> {
    const providerId = id.startsWith(prefix) ? id.slice(prefix.length) : id;
    if (!/^[\w-]{1,64}$/.test(providerId)) return Promise.resolve(null);
    return cache.get(providerId, () => load(providerId));
  }

  /**
   * GETs `path` with `params` once the call is admitted: the share it spends is not known
   * to be spent, the terms' own check agrees (before the gate, so a refused caller takes
   * no token from others), the gate lets it out and the budget counts it. A 429 starts the
   * cool-down and throws; any other status comes back for the client to judge.
   */
  protected async get(
    path: string,
    params: URLSearchParams,
    headers?: Record<string, string>,
    terms: CallTerms = VISITOR_CALL,
  ): Promise<JsonResponse> {
    if (this.budget.spent(terms.share)) throw this.overBudget(terms.share);
    if (terms.admit && !(await terms.admit())) {
      throw new ProviderError(
        this.provider,
        'over-address-limit',
        'this address made its calls for the hour: skipped',
      );
    }
    await this.gate.enter();
    if (!(await this.budget.take(terms.share))) throw this.overBudget(terms.share);
    const url = new URL(`${this.baseUrl}${path}`);
    url.search = params.toString();
    const answer = await getJson(this.provider, url, { headers, timeoutMs: this.tuning.timeoutMs });
    if (answer.status === 429) throw this.gate.rateLimited();
    return answer;
  }

  private overBudget(share: BudgetShare): ProviderError {
    return new ProviderError(
      this.provider,
      'over-budget',
      `no calls of the ${share} share left for now`,
    );
  }

  /** The body as `schema` reads it; a ProviderError saying `problem` when it does not fit. */
  protected parse<T>(schema: z.ZodType<T>, body: unknown, problem: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError(this.provider, 'bad-response', problem);
    return parsed.data;
  }
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * GETs JSON within the timeout (headers and body). Non-JSON bodies come back as
 * `undefined`; the caller decides what each status means.
 */
export async function getJson(
  provider: ProviderName,
  url: URL,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<JsonResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    if (signal.aborted) {
      throw new ProviderError(provider, 'timeout', `no answer within ${options.timeoutMs} ms`);
    }
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    throw new ProviderError(provider, 'network', `request failed: ${reason}`);
  }
}

/**
 * The pacing shared by both clients: skip while cooling down after a 429, take a token
 * or skip, and start a cool-down when the provider says 429.
 */
export class ProviderGate {
  private pausedUntil = 0;
  private readonly bucket: TokenBucket;

  constructor(
    private readonly provider: ProviderName,
    private readonly tuning: ProviderTuning,
    private readonly clock: Clock = Date.now,
  ) {
    this.bucket = new TokenBucket(tuning.requestsPerSecond, tuning.burst, clock);
  }

  async enter(): Promise<void> {
    if (this.clock() < this.pausedUntil) {
      throw new ProviderError(this.provider, 'rate-limited', 'cooling down after a 429');
    }
    if (!(await this.bucket.take(this.tuning.maxWaitMs))) {
      throw new ProviderError(
        this.provider,
        'throttled',
        `over ${this.tuning.requestsPerSecond} requests/s: skipped`,
      );
    }
  }

  rateLimited(): ProviderError {
    this.pausedUntil = this.clock() + this.tuning.cooldownMs;
    return new ProviderError(this.provider, 'rate-limited', 'the provider answered 429', 429);
  }
}

/** Why a failed status is what it is, for the log. */
export function failureForStatus(
  provider: ProviderName,
  status: number,
  detail: string,
): ProviderError {
  if (status === 401 || status === 403) {
    return new ProviderError(provider, 'unauthorized', `${status}: ${detail}`, status);
  }
  return new ProviderError(provider, 'http-error', `${status}: ${detail}`, status);
}

/** A concert as a provider describes it, in our words: the columns of a concert row. */
export interface ProviderConcert {
  /** `tm_<eventId>` or `sfm_<setlistId>`. */
  id: string;
  artist: string;
  venue: string;
  /** Our city name ('Los Angeles') when the provider's city is one of ours. */
  city: string;
  /** yyyy-MM-dd, the local date of the show. */
  date: string;
  /** '8:00 PM' */
  time: string | null;
  /** When it starts, ISO in UTC; null while its time is to be announced (or unknown). */
  startsAt: string | null;
  /** The venue's IANA zone, when the provider says or its place tells. */
  timeZone: string | null;
  /** When the public sale opens, ISO in UTC (Ticketmaster only); null or absent when unknown. */
  onSaleAt?: string | null;
  /** Presales with their openings (Ticketmaster only), earliest first. */
  presales?: Presale[];
  /** Where the venue is, when the provider says (setlist.fm's city coordinates). */
  venueLocation?: { latitude: number; longitude: number } | null;
  price: string | null;
  /** One of our genre slugs, or null. */
  genre: string | null;
  imageUrl: string | null;
  ticketUrl: string | null;
  description: string | null;
}

/** A provider's city name as we spell it when it is one of ours ('los angeles' → 'Los Angeles'). */
export function ourCityName(name: string): string {
  const trimmed = name.trim();
  const known = CITIES.find((c) => c.name.toLowerCase() === trimmed.toLowerCase());
  return known?.name ?? trimmed;
}
