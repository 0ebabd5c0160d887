import path from 'node:path';
import type { TestInfo } from '@playwright/test';

/**
 * A signed-in person who only reads: created once per database project by
 * reader.setup.ts, and reused by tests that need someone signed in but change nothing
 * of theirs (tests of sign-in itself, and of what a person saves, make their own).
 */
export const readerStatePath = (projectName: string) =>
  path.join('test-results', 'auth', `${projectName.replace(/-setup$/, '')}-reader.json`);

/** For `test.use({ storageState: signedInReader })`. */
export const signedInReader = async (
  // Playwright reads the fixture's dependencies from this first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  {}: object,
  use: (value: string) => Promise<void>,
  testInfo: TestInfo,
) => use(readerStatePath(testInfo.project.name));
