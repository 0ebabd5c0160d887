import { PRICE_PAID_MAX_MINOR } from '#shared/limits';
import type { PricePaid, Ticket } from '#shared/schemas/attendance';
import { givenName, handle } from '#shared/user-display';

/** The currencies "Price paid" offers first; one saved in another stays offered too. */
export const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'MXN',
  'BRL',
] as const;

/** The regions whose currency is the euro: their people start from EUR, everyone else USD. */
const EURO_REGIONS = new Set(
  'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME XK'.split(' '),
);

/** Digits after the decimal point in `currency` (2 for EUR, 0 for JPY, 3 for KWD). */
export function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * The currency "Price paid" starts from: the one of the newest price one saved, else EUR
 * where the browser's language names a euro country, else USD.
 */
export function defaultCurrency(
  tickets: readonly (Ticket | null | undefined)[],
  locale: string | undefined,
): string {
  const last = tickets.find((ticket) => ticket?.pricePaid)?.pricePaid?.currency;
  if (last) return last;
  let region: string | undefined;
  try {
    region = locale ? new Intl.Locale(locale).maximize().region : undefined;
  } catch {
    region = undefined;
  }
  return region && EURO_REGIONS.has(region) ? 'EUR' : 'USD';
}

/**
 * "45.50" (or "45,50") in `currency` as a whole number of its minor units (4550); blank is
 * null; otherwise what is wrong, as "Price paid" says it.
 */
export function parseAmount(
  typed: string,
  currency: string,
): { minor: number | null } | { error: string } {
  const text = typed.trim().replace(/\s/g, '');
  if (text === '') return { minor: null };
  const digits = fractionDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return { error: 'Enter the price as a number, like 45.50' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) {
    return {
      error:
        digits === 0
          ? `${currency} has no cents: enter a whole number`
          : `Enter at most ${digits} digits after the decimal point`,
    };
  }
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor) || minor > PRICE_PAID_MAX_MINOR) {
    return { error: 'That price is too high' };
  }
  return { minor };
}

/** A saved amount as the field shows it again for editing: 4550 EUR → "45.50". */
export function amountInput(price: PricePaid | null | undefined): string {
  if (!price) return '';
  const digits = fractionDigits(price.currency);
  return (price.amount / 10 ** digits).toFixed(digits);
}

/** "€45.50", "¥12,000": the price in the reader's own way of writing amounts. */
export function formatPrice(price: PricePaid, locale?: string): string {
  const digits = fractionDigits(price.currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency }).format(
    price.amount / 10 ** digits,
  );
}

/** The name a companion goes by on one's own diary: their name, else their handle. */
export const companionName = (person: Ticket['companions'][number]) =>
  givenName(person) ?? handle(person);

/** The ticket's compact line on a diary entry: "Seat Row F · €45.50 · With Ana, Ben". */
export function ticketSummary(ticket: Ticket, locale?: string): string[] {
  const parts: string[] = [];
  if (ticket.seat) parts.push(`Seat ${ticket.seat}`);
  if (ticket.pricePaid) parts.push(formatPrice(ticket.pricePaid, locale));
  if (ticket.companions.length > 0) {
    parts.push(`With ${ticket.companions.map(companionName).join(', ')}`);
  }
  return parts;
}
