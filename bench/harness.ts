/**
 * What every load benchmark shares, one module per concern under harness/: the run's
 * settings, what a scenario is, the processes (the built app and the reference servers on
 * free ports), the load (autocannon with warm-up, repeats of disturbed runs, CPU and memory
 * accounting), the same-bytes ceiling, reporting (the printed table and the results file),
 * and a whole run on the bench servers from start to stop. concerts-load.ts and
 * reviews-load.ts describe only their scenarios.
 */
export * from './harness/settings.ts';
export * from './harness/scenario.ts';
export * from './harness/processes.ts';
export * from './harness/load.ts';
export * from './harness/same-bytes.ts';
export * from './harness/reporting.ts';
export * from './harness/database.ts';
export * from './harness/load-run.ts';
