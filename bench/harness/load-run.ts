/**
 * A load run against the bench servers, from start to stop: what concerts-load.ts and
 * reviews-load.ts share around their own scenarios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchQuery } from '../queries.ts';
import { vacuumChurnedTables } from './database.ts';
import { runScenario, runScenarios, waitToStart } from './load.ts';
import {
  type BenchServers,
  shutdownChildren,
  startBenchServers,
  writeCeilingQueries,
} from './processes.ts';
import { type ServerRss, serverRssPeaks } from './reporting.ts';
import type { Scenario, ScenarioResult } from './scenario.ts';

export interface LoadRun {
  results: ScenarioResult[];
  serverRss: ServerRss[];
  /**
   * The load average before the servers started, and how busy the machine still was once
   * waited on (percent, null when unknown).
   */
  machineBefore: { busyPercent: number | null; loadAverage: number[] };
}

/**
 * Starts the bench servers in a new work directory (the bare-pg ceiling running
 * `ceilingQueries`), vacuums the tables they churn as they start, waits for a quiet machine
 * and runs the scenarios; stops the servers and removes the directory however it ends.
 */
export async function runOnBenchServers(options: {
  databaseUrl: string;
  sessionSecret: string;
  /** A cheap read of the app to wait on, e.g. /api/concerts?limit=1. */
  readyPath: string;
  ceilingQueries: BenchQuery[];
  /** Runs once the servers answer, before the wait for a quiet machine, so a broken run fails early. */
  checkServers?: (servers: BenchServers) => Promise<void>;
  scenarios: (servers: BenchServers) => Scenario[] | Promise<Scenario[]>;
  /** How each scenario runs, as runScenarios' `run`. */
  run?: (scenario: Scenario) => Promise<ScenarioResult>;
}): Promise<LoadRun> {
  const loadAverage = os.loadavg().map((v) => Number(v.toFixed(2)));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-'));
  try {
    const servers = await startBenchServers({
      databaseUrl: options.databaseUrl,
      workDir,
      sessionSecret: options.sessionSecret,
      queriesFile: writeCeilingQueries(workDir, options.ceilingQueries),
      readyPath: options.readyPath,
    });
    await options.checkServers?.(servers);

    await vacuumChurnedTables(options.databaseUrl);
    const busyPercent = await waitToStart();

    const results = await runScenarios(
      await options.scenarios(servers),
      options.run ?? runScenario,
    );
    return {
      results,
      serverRss: serverRssPeaks(servers),
      machineBefore: { busyPercent, loadAverage },
    };
  } finally {
    await shutdownChildren();
    rmSync(workDir, { recursive: true, force: true });
  }
}
