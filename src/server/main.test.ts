import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { packageRoot } from './paths.ts';
import { startFakeTicketmaster } from './testing/fake-providers.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The real server process on an empty data directory of its own. */
async function startServer(env: Record<string, string> = {}) {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'encore-main-')), 'data');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, Date.now() + 45_000);
  } catch (error) {
    // A server that never answered must not outlive the test.
    child.kill('SIGKILL');
    throw error;
  }
  return {
    base,
    dataDir,
    child,
    exited,
    async cleanup() {
      child.kill('SIGKILL');
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

/** Runs `use` against a server process of its own, killed and removed afterwards. */
async function withServer(
  env: Record<string, string>,
  use: (server: Awaited<ReturnType<typeof startServer>>) => Promise<void>,
) {
  const server = await startServer(env);
  try {
    await use(server);
  } finally {
    await server.cleanup();
  }
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the server process', () => {
  it('starts on an empty data directory, serves, and exits cleanly on SIGTERM', async () => {
    await withServer({}, async (server) => {
      expect((await fetch(`${server.base}/api/user`)).status).toBe(401);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    });
  }, 60_000);

  it('keeps DATA_DIR, the database files and the session secret private to their owner', async () => {
    await withServer({}, async (server) => {
      expect(await modeOf(server.dataDir)).toBe(0o700);
      expect(await modeOf(path.join(server.dataDir, 'session-secret'))).toBe(0o600);
      const databaseDir = path.join(server.dataDir, 'db');
      expect(await modeOf(databaseDir)).toBe(0o700);
      const entries = await readdir(databaseDir, { recursive: true });
      expect(entries.length).toBeGreaterThan(10);
      for (const entry of entries) {
        const full = path.join(databaseDir, String(entry));
        const mode = await modeOf(full);
        // Nothing readable, writable or enterable by group or others.
        expect(mode & 0o077, full).toBe(0);
      }
    });
  }, 60_000);

  it('on SIGTERM lets a request in flight finish, refuses new connections, then exits', async () => {
    const ticketmaster = await startFakeTicketmaster();
    ticketmaster.behaviour = 'slow';
    try {
      await withServer(
        { TICKETMASTER_API_KEY: 'tm-key', TICKETMASTER_BASE_URL: ticketmaster.baseUrl },
        async (server) => {
          const started = Date.now();
          const inFlight = fetch(`${server.base}/api/concerts?includeTicketmaster=true`);
          // In flight: the server is waiting on the slow provider.
          await vi.waitFor(() => expect(ticketmaster.requests.length).toBeGreaterThan(0), {
            timeout: 5_000,
          });
          server.child.kill('SIGTERM');
          await vi.waitFor(() => expect(fetch(`${server.base}/healthz`)).rejects.toThrow(), {
            timeout: 1_000,
          });

          const response = await inFlight;
          expect(response.status).toBe(200);
          expect(Array.isArray(await response.json())).toBe(true);
          // It really was in flight: the provider took its time.
          expect(Date.now() - started).toBeGreaterThan(1_500);
          expect(await server.exited).toBe(0);
        },
      );
    } finally {
      await ticketmaster.close();
    }
  }, 60_000);

  it('serves /metrics without a token on METRICS_PORT only, and closes that port on SIGTERM', async () => {
    const metricsPort = await freePort();
    await withServer({ METRICS_PORT: String(metricsPort) }, async (server) => {
      await fetch(`${server.base}/api/user`);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/user",status_code="401"} 1',
      );
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/user`)).status).toBe(404);
      // The app's own port keeps them to the holder of METRICS_TOKEN, which is not set.
      expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    });
  }, 60_000);
});
