/** /metrics: the Prometheus text an operator scrapes, and who may read it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../testing/api-client.ts';
import { useBuiltTestApp, useTestApp } from '../testing/use-test-app.ts';

const TOKEN = 'a-metrics-token-of-some-length';
const server = useTestApp({ env: { METRICS_TOKEN: TOKEN, RESPONSE_CACHE_SECONDS: '30' } });
const withoutToken = useBuiltTestApp();

/** /metrics as Prometheus asks for it, with the token. */
const askWithToken = () =>
  apiClient(server.app).get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

async function scrape(): Promise<string> {
  const response = await askWithToken();
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text;
}

/** The value of one series, e.g. sample(text, 'encore_cache_requests_total{result="hit"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const response = await apiClient(withoutToken.app).get('/metrics');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('answers 401 without the bearer token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await apiClient(server.app).get('/metrics', { headers: { authorization } });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
      expect(response.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts requests by route template and status, never by path', async () => {
    const anonymous = apiClient(server.app);
    await anonymous.get('/api/concerts/c_metrics_1');
    await anonymous.get('/api/concerts/c_metrics_2');
    await anonymous.get('/api/user');
    const text = await scrape();
    const notFound =
      'http_request_duration_seconds_count{method="GET",route="/api/concerts/:id",status_code="404"}';
    expect(sample(text, notFound)).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/user",status_code="401"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('c_metrics_1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
  });

  it('counts response-cache misses and hits', async () => {
    const before = await scrape();
    const hits = sample(before, 'encore_cache_requests_total{result="hit"}') ?? 0;
    const misses = sample(before, 'encore_cache_requests_total{result="miss"}') ?? 0;
    const query = `/api/concerts?search=metrics-${Date.now()}`;
    expect((await apiClient(server.app).get(query)).status).toBe(200);
    expect((await apiClient(server.app).get(query)).status).toBe(200);
    const after = await scrape();
    // A list is two entries: its page and its total (the encore-total-count header).
    expect(sample(after, 'encore_cache_requests_total{result="miss"}')).toBe(misses + 2);
    expect(sample(after, 'encore_cache_requests_total{result="hit"}')).toBe(hits + 2);
  });

  it('reports the process, the job queue and, on PostgreSQL, the pool', async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(sample(text, 'encore_jobs{kind="review-fan-out",state="dead"}')).toBe(0);
    expect(text).toContain('encore_jobs_oldest_age_seconds{kind="review-fan-out",state="queued"}');
    if (server.database.kind === 'postgres') {
      expect(sample(text, 'encore_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'encore_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('encore_db_pool_');
    }
  });

  it('exports every metric the dashboard in deploy/ reads', async () => {
    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const read = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        .flatMap((expr) => expr.match(/\b(?:http|encore|nodejs|process)_[a-z0-9_]+/g) ?? [])
        // A histogram is declared once and scraped as its _bucket, _count and _sum series.
        .map((name) => name.replace(/_(?:bucket|count|sum)$/, '')),
    );
    expect(read.size).toBeGreaterThan(5);
    const text = await scrape();
    const declared = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
    for (const name of read) {
      if (name.startsWith('encore_db_pool_') && server.database.kind !== 'postgres') continue;
      expect(declared, name).toContain(name);
    }
  });

  it('is never stored and is not itself counted', async () => {
    const response = await askWithToken();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).not.toContain('route="/metrics"');
  });
});
