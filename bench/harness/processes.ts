/**
 * The processes a bench starts: the built app as deployed and the reference servers, on
 * free ports, each stopped when the bench ends or is interrupted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BenchQuery } from '../queries.ts';
import { ROOT, SERVER_ENTRY } from './settings.ts';

const PORT_RANGE = { from: 4400, to: 4499 };

const children: ChildProcess[] = [];
/** The load under way, stopped first when the bench is interrupted. */
let load: { stop(): void } | undefined;

/** Names the load under way (undefined once it ended), so an interrupt stops it first. */
export function trackLoad(instance: { stop(): void } | undefined): void {
  load = instance;
}

function stopChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

async function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function shutdownChildren(): Promise<void> {
  stopChildren();
  await Promise.all(children.map((child) => waitForExit(child, 20_000)));
}

process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    load?.stop();
    void shutdownChildren().finally(() => process.exit(130));
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = PORT_RANGE.from; port <= PORT_RANGE.to && ports.length < count; port += 1) {
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count)
    throw new Error(`no ${count} free ports in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
  return ports;
}

export function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) {
      console.error(`${name} exited with ${code}:\n${output.join('').slice(-4000)}`);
    }
  });
  return child;
}

/** Polls `url` until it answers (any status), the child dies, or `timeoutMs` passes. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the built server as deployed, against `databaseUrl`, with `extraEnv` on top. */
export function startApp(
  name: string,
  port: number,
  options: {
    databaseUrl: string;
    dataDir: string;
    sessionSecret: string;
    extraEnv?: NodeJS.ProcessEnv;
    /** Node options before the entry, e.g. --cpu-prof. */
    nodeArgs?: string[];
  },
): ChildProcess {
  return startProcess(name, [...(options.nodeArgs ?? []), '--enable-source-maps', SERVER_ENTRY], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${port}`,
    // As behind a TLS-terminating proxy on the same host: X-Forwarded-For from loopback counts.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: options.sessionSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    TICKETMASTER_API_KEY: '',
    SETLISTFM_API_KEY: '',
    OIDC_ISSUER_URL: '',
    OIDC_CLIENT_ID: '',
    OIDC_CLIENT_SECRET: '',
    // The bench's people post, delete and follow many times an hour: no allowance refuses them.
    REVIEWS_PER_USER_PER_HOUR: '1000000',
    FOLLOWS_PER_USER_PER_HOUR: '1000000',
    ...options.extraEnv,
  });
}

/** Exits with the command to run first when the server has not been built. */
export function requireBuiltServer(): void {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Writes the statements the ceiling server runs, by name, into `workDir`; returns the file. */
export function writeCeilingQueries(workDir: string, queries: BenchQuery[]): string {
  const file = path.join(workDir, 'ceiling-queries.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(queries.map((q) => [q.name, q]))));
  return file;
}

/**
 * bench/ceiling-server.ts on `sqlPort` (bare pg running the statements of `queriesFile`)
 * and `fastifyPort` (a hello world and the same-bytes ceilings).
 */
export function startCeilingServer(options: {
  databaseUrl: string;
  sqlPort: number;
  fastifyPort: number;
  queriesFile: string;
}): ChildProcess {
  return startProcess('ceiling', ['--import', 'tsx', path.join('bench', 'ceiling-server.ts')], {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    SQL_PORT: String(options.sqlPort),
    FASTIFY_PORT: String(options.fastifyPort),
    CEILING_QUERIES: options.queriesFile,
    POOL_SIZE: '10',
  });
}

export interface BenchServers {
  /** The built app as deployed: public reads from the response cache. */
  app: ChildProcess;
  appUrl: string;
  /** The same with RESPONSE_CACHE_SECONDS=0: every request reaches PostgreSQL. */
  uncached: ChildProcess;
  uncachedUrl: string;
  /**
   * bench/ceiling-server.ts: bare pg running `queriesFile` (sqlUrl), and a Fastify
   * instance with a hello world (/hello) and the same-bytes ceilings (/bytes/...).
   */
  ceiling: ChildProcess;
  sqlUrl: string;
  fastifyUrl: string;
}

/** Starts the two app servers and the reference servers, and waits until each answers. */
export async function startBenchServers(options: {
  databaseUrl: string;
  workDir: string;
  sessionSecret: string;
  queriesFile: string;
  /** A cheap read of the app to wait on, e.g. /api/concerts?limit=1. */
  readyPath: string;
}): Promise<BenchServers> {
  const [appPort, uncachedPort, sqlPort, fastifyPort] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  const { databaseUrl, workDir, sessionSecret } = options;
  const url = (port: number) => `http://127.0.0.1:${port}`;
  console.log(
    `starting the app on ${url(appPort)} (database ${new URL(databaseUrl).pathname.slice(1)})`,
  );
  const appOptions = (name: string, extraEnv: NodeJS.ProcessEnv = {}) => ({
    databaseUrl,
    dataDir: path.join(workDir, `data-${name}`),
    sessionSecret,
    extraEnv,
  });
  const app = startApp('app', appPort, appOptions('app'));
  const uncached = startApp(
    'uncached',
    uncachedPort,
    appOptions('uncached', { RESPONSE_CACHE_SECONDS: '0' }),
  );
  const ceiling = startCeilingServer({
    databaseUrl,
    sqlPort,
    fastifyPort,
    queriesFile: options.queriesFile,
  });
  await waitForHttp(`${url(appPort)}${options.readyPath}`, app, 60_000);
  await waitForHttp(`${url(uncachedPort)}${options.readyPath}`, uncached, 60_000);
  await waitForHttp(`${url(fastifyPort)}/hello`, ceiling, 30_000);
  await waitForHttp(`${url(sqlPort)}/`, ceiling, 30_000);
  return {
    app,
    appUrl: url(appPort),
    uncached,
    uncachedUrl: url(uncachedPort),
    ceiling,
    sqlUrl: url(sqlPort),
    fastifyUrl: url(fastifyPort),
  };
}

/** Runs a load script: exit 0 when it finished (a measurement, not a test), 1 when it broke. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      console.error(error);
      await shutdownChildren();
      process.exit(1);
    },
  );
}
