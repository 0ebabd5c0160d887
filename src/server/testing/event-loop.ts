/**
 * How long anything held the event loop while a test watched it: the app under test runs
 * in the test's process, so a request that computes on the main thread shows here.
 */

/** How often the watching timer asks to run. */
const EVERY_MS = 10;

/**
 * Starts watching; `stop()` answers how late a 10 ms timer ran at worst meanwhile, in ms.
 * (perf_hooks' monitorEventLoopDelay takes too few samples under the test runner.)
 */
export function watchEventLoop(): { stop(): number } {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - EVERY_MS);
    last = now;
  }, EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return worst;
    },
  };
}
