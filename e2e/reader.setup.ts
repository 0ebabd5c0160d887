import { test as setup } from '@playwright/test';
import { signUp } from './support/accounts';
import { readerStatePath } from './support/reader';

setup('a signed-in reader', async ({ page }, testInfo) => {
  await signUp(page);
  await page.context().storageState({ path: readerStatePath(testInfo.project.name) });
});
