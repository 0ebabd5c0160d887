/**
 * The same-bytes ceiling: Fastify answering, from memory, the app's own responses, so what
 * the app spends beyond sending its bytes shows whatever the machine's speed.
 */
import http from 'node:http';
import type { SameBytesResponse } from '../ceiling-server.ts';
import { isExpected, probeAddress } from './load.ts';
import type { BenchServers } from './processes.ts';
import type { Scenario } from './scenario.ts';

/** How many of a rotating scenario's paths the same-bytes ceiling answers, in turn. */
const SAME_BYTES_PATHS = 20;
/** What Node and the socket set on every response, not what the app chose to send. */
export const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET sent as autocannon sends it: no Accept-Encoding or other header that fetch would
 * add, so the status, headers and bytes are the ones the load receives.
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/** The app's headers of a response, without the transport's. */
function appHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !TRANSPORT_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Reads the app's responses to the first paths of `scenario` (as the probe does) and
 * stores them in the ceiling server under the scenario's key. Answers why not, or undefined.
 */
async function storeSameBytes(
  scenario: Scenario,
  paths: string[],
  fastifyUrl: string,
): Promise<string | undefined> {
  const responses: SameBytesResponse[] = [];
  for (const [i, appPath] of paths.entries()) {
    const response = await rawGet(scenario.baseUrl + appPath, {
      'x-forwarded-for': probeAddress(i),
    });
    if (!isExpected(scenario, response.status)) {
      return `${scenario.key} answered ${response.status} to ${appPath}`;
    }
    responses.push({
      path: appPath,
      status: response.status,
      headers: appHeaders(response.headers),
      body: response.body.toString('utf8'),
    });
  }
  const stored = await fetch(`${fastifyUrl}/bytes/${scenario.key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ responses }),
    signal: AbortSignal.timeout(10_000),
  });
  return stored.ok ? undefined : `the ceiling server answered ${stored.status} to the responses`;
}

/**
 * `scenario` (a cached read of the app) held to its same-bytes ceiling, and that ceiling:
 * Fastify answering, from memory, the app's own responses to the first paths: status,
 * body, and every header but the transport's. They run one after the other, so both see
 * the same machine; the ceiling reads the app's responses just before it runs.
 */
export function withSameBytesCeiling(
  scenario: Scenario,
  servers: BenchServers,
): [Scenario, Scenario] {
  const key = `${scenario.key}-bytes`;
  const paths = scenario.paths.slice(0, SAME_BYTES_PATHS);
  const rotating = paths.length > 1 ? `, ${paths.length} of its paths in turn` : '';
  return [
    { ...scenario, ceiling: key },
    {
      key,
      title: `ceiling: Fastify sending ${scenario.key}'s response bytes and headers from memory${rotating}`,
      baseUrl: servers.fastifyUrl,
      paths: paths.map((appPath) => `/bytes/${scenario.key}${appPath}`),
      before: () => storeSameBytes(scenario, paths, servers.fastifyUrl),
      serverPid: servers.ceiling.pid,
    },
  ];
}
