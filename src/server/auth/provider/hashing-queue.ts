/**
 * Password hashing is deliberately expensive (scrypt, about 50 ms of a core). A small
 * queue per process bounds how many run at once, so a burst of sign-in attempts cannot
 * take every core from the rest of the app; past a bounded backlog it refuses at once.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

export class HashingBusyError extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now');
    this.name = 'HashingBusyError';
  }
}

export interface HashingQueueOptions {
  concurrency: number;
  maxWaiting: number;
}

export function createHashingQueue(
  options: HashingQueueOptions = {
    concurrency: Math.max(1, availableParallelism() - 1),
    maxWaiting: 32,
  },
) {
  const limit = pLimit(options.concurrency);
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= options.maxWaiting) return Promise.reject(new HashingBusyError());
      return limit(work);
    },
    get active() {
      return limit.activeCount;
    },
  };
}

export type HashingQueue = ReturnType<typeof createHashingQueue>;

/** The process's queue: every hash and check of the embedded provider goes through it. */
export const hashingQueue = createHashingQueue();
