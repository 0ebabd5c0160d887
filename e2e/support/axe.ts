/** Accessibility checks the specs share: axe against WCAG 2.2 AA and its best practices. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The widths every page is checked at. */
export const AXE_WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

/** The project whose pages axe reads (see `violations`). */
export const AXE_PROJECT = 'pglite';

/**
 * What axe finds in the page as it stands (or only `within` a selector, such as the dialog
 * open on it), one line per rule with the elements it names. Read on the PGlite project only:
 * how a page looks does not depend on which database answered it (docs/decisions/0016), and
 * the PostgreSQL project walks the same journeys for their writes.
 */
export async function violations(page: Page, within?: string) {
  if (test.info().project.name !== AXE_PROJECT) return [];
  // From here on transitions take 1 ms (src/client/index.css), so axe reads each colour as
  // it ends, not halfway from the one before (a chip just pressed, say).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(
    () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
  );
  const axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Waits until the page has settled: its heading is there and nothing is loading. The first
 * page a test opens may wait on a cold server, so the heading gets longer than other checks.
 */
export async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"], [role="status"]:has-text("Loading")')).toHaveCount(
    0,
  );
}
