/**
 * fetch with a cookie jar and hand-followed redirects: enough of a browser to walk the
 * sign-in flow over real HTTP and see every hop.
 */
import { CookieJar } from 'tough-cookie';

export interface Hop {
  status: number;
  url: string;
  location?: string;
  body: string;
  headers: Headers;
}

export class BrowserLikeClient {
  readonly jar = new CookieJar();

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    pathOrUrl: string,
    options: {
      form?: Record<string, string>;
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Hop> {
    const url = new URL(pathOrUrl, this.baseUrl).href;
    const headers: Record<string, string> = {
      accept: 'text/html,application/json',
      ...options.headers,
    };
    const cookie = await this.jar.getCookieString(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin ??= new URL(this.baseUrl).origin;
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      await this.jar.setCookie(setCookie, url);
    }
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      url,
      location: location ? new URL(location, url).href : undefined,
      body: await response.text(),
      headers: response.headers,
    };
  }

  get(pathOrUrl: string) {
    return this.request('GET', pathOrUrl);
  }

  /** Follows redirects (303 turns into GET) and returns every hop, the last one included. */
  async follow(first: Hop, limit = 10): Promise<Hop[]> {
    const hops = [first];
    let current = first;
    while (current.location && current.status >= 300 && current.status < 400) {
      if (hops.length > limit) throw new Error(`too many redirects from ${first.url}`);
      current = await this.get(current.location);
      hops.push(current);
    }
    return hops;
  }

  async navigate(pathOrUrl: string): Promise<Hop[]> {
    return this.follow(await this.get(pathOrUrl));
  }

  async cookie(name: string) {
    const cookies = await this.jar.getCookies(this.baseUrl);
    return cookies.find((c) => c.key === name);
  }
}

export const last = <T>(items: T[]): T => items[items.length - 1]!;

/** The value of a form's action attribute and its hidden inputs, read from HTML. */
export function readForm(html: string, formId?: string) {
  const formMatch = formId
    ? new RegExp(`<form[^>]*id="${formId.replace('.', '\\.')}"[^>]*>([\\s\\S]*?)</form>`).exec(html)
    : /<form[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!formMatch) throw new Error('no form in page');
  const action = /action="([^"]+)"/.exec(formMatch[0])?.[1];
  const fields: Record<string, string> = {};
  for (const input of formMatch[1]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = value ?? '';
  }
  return { action: action!, fields };
}
