import type { Page } from '@playwright/test';

/**
 * Answers the requests to `url` (a route glob) with a 500 until `recover` is called; from
 * then on they reach the server again.
 */
export async function failUntilRecovered(
  page: Page,
  url: string,
): Promise<{ recover: () => void }> {
  let failing = true;
  await page.route(url, (route) =>
    failing ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
  );
  return {
    recover: () => {
      failing = false;
    },
  };
}
