import { expect, type TestInfo } from '@playwright/test';

/** The fake Ticketmaster of this project's server (e2e/support/start-server.mjs). */
const fakeOrigin = (testInfo: TestInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 1000}`;
};

export interface OfferedEvent {
  id: string;
  artist: string;
  city: string;
  stateCode: string;
  venue?: string;
  /** yyyy-MM-dd */
  localDate: string;
  localTime?: string;
  /** The start as an instant (ISO, UTC), matching localDate and localTime in timeZone. */
  startDateTime?: string;
  /** The venue's IANA zone. */
  timeZone?: string;
  /** When the public sale opens (ISO, UTC). */
  onSaleAt?: string;
}

/** Makes Ticketmaster list a new event (found by searching for its artist). */
export async function offerTicketmasterEvent(testInfo: TestInfo, event: OfferedEvent) {
  const response = await fetch(`${fakeOrigin(testInfo)}/__offer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  expect(response.status).toBe(201);
}
