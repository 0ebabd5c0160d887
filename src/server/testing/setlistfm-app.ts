/**
 * An app that reads setlist.fm, for one test: started on a fake setlist.fm with retries
 * and waits short enough for a test, handed to `use`, and closed with it after.
 */
import { startFakeSetlistFm } from './fake-providers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export async function withSetlistFmApp(use: (app: TestApp) => Promise<void>): Promise<void> {
  const setlistfm = await startFakeSetlistFm();
  const own = await startTestApp({
    env: { SETLISTFM_API_KEY: 'sfm-key', SETLISTFM_BASE_URL: setlistfm.baseUrl },
    deps: { providerTuning: { setlistfm: { timeoutMs: 750, cooldownMs: 0, burst: 100 } } },
  });
  try {
    await use(own);
  } finally {
    await own.close();
    await setlistfm.close();
  }
}
