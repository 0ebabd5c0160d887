import { expect, type TestInfo } from '@playwright/test';

/** The fake mail server of this project's server (e2e/support/start-server.mjs). */
const mailDoor = (testInfo: TestInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 3000}`;
};

interface DeliveredMail {
  subject: string;
  text: string;
}

/** The path of the first link to `prefix` in a mail to `to` with `subject`, once it arrives. */
export async function mailedLink(
  testInfo: TestInfo,
  { to, subject, prefix }: { to: string; subject: string; prefix: string },
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailDoor(testInfo)}/__mail?to=${encodeURIComponent(to)}`);
        const mail = ((await response.json()) as DeliveredMail[]).find(
          (m) => m.subject === subject,
        );
        link = mail?.text.match(new RegExp(`https?://[^\\s/]+(${prefix}[^\\s\\]]+)`))?.[1];
        return link;
      },
      { message: `a mail "${subject}" to ${to} with a link to ${prefix}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}
