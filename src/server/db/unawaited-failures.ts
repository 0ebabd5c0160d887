/**
 * What a process does with a promise nobody awaited that failed because the database went
 * away. pg-boss marks a finished job complete or failed without awaiting the statement
 * (its issue #577); when PostgreSQL restarts under it, that promise rejects with no one to
 * catch it, and Node ends the process on an unhandled rejection — taking every request in
 * flight with it. Such a failure is logged instead: the job stays active, and the queue's
 * supervisor retries it once it expires. Any other unhandled rejection is a bug and still
 * ends the process.
 */
import { isDatabaseUnavailable } from '../http-error.ts';

export function outliveUnawaitedDatabaseFailures(log: {
  warn(details: object, message: string): void;
}): void {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.warn({ err: reason }, 'a statement nobody awaited failed: the database is away');
  });
}
