import { expect, type Page } from '@playwright/test';
import type { ConcertListItem } from '../../src/shared/schemas/concerts';

/** yyyy-MM-dd in local time, `offsetDays` from today: the day the browser calls today. */
export function dayKey(offsetDays = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Concerts straight from the API, to know what the page should show. */
export async function listConcerts(
  page: Page,
  query: Record<string, string> = {},
): Promise<ConcertListItem[]> {
  const params = new URLSearchParams({ includeTicketmaster: 'true', limit: '100', ...query });
  const response = await page.request.get(`/api/concerts?${params}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ConcertListItem[];
}

/** How many concerts the list finds for `query` over all pages, as its header says. */
export async function totalFound(page: Page, query: Record<string, string> = {}): Promise<number> {
  const params = new URLSearchParams({ includeTicketmaster: 'true', limit: '1', ...query });
  const response = await page.request.get(`/api/concerts?${params}`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['encore-total-count']);
}

/** Concerts that already happened, most recent last. */
export function pastConcerts(page: Page): Promise<ConcertListItem[]> {
  return listConcerts(page, { startDate: '2000-01-01', endDate: dayKey(-1) });
}

/** The past concert `fromEnd` places before the most recent one. */
export async function pastConcert(page: Page, fromEnd: number): Promise<ConcertListItem> {
  const past = await pastConcerts(page);
  return past[past.length - 1 - fromEnd]!;
}

/** Opens the page of the past concert `fromEnd` places before the most recent one. */
export async function openPastConcert(page: Page, fromEnd: number): Promise<ConcertListItem> {
  const concert = await pastConcert(page, fromEnd);
  await page.goto(`/concerts/${concert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();
  return concert;
}

/** The "{n} concerts" line of Discover: the total the filters find, over all pages. */
export const countLine = (page: Page) => page.getByText(/^[\d,]+\+? concerts?$/);

export const foundText = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'concert' : 'concerts'}`;

export async function readCount(page: Page): Promise<number> {
  await expect(countLine(page)).toBeVisible();
  return Number.parseInt((await countLine(page).innerText()).replaceAll(',', ''), 10);
}
