import { describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/schemas/attendance';
import { amountInput, defaultCurrency, fractionDigits, parseAmount, ticketSummary } from './ticket';

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  seat: null,
  pricePaid: null,
  companions: [],
  note: null,
  ...overrides,
});

describe('price paid', () => {
  it('knows how many minor units a currency has', () => {
    expect([fractionDigits('EUR'), fractionDigits('JPY'), fractionDigits('KWD')]).toEqual([
      2, 0, 3,
    ]);
  });

  it.each([
    ['45.50', 'EUR', { minor: 4550 }],
    ['45,5', 'EUR', { minor: 4550 }],
    [' 12 ', 'USD', { minor: 1200 }],
    ['0', 'USD', { minor: 0 }],
    ['12000', 'JPY', { minor: 12000 }],
    ['1.234', 'KWD', { minor: 1234 }],
    ['', 'EUR', { minor: null }],
  ] as const)('reads %j in %s', (typed, currency, expected) => {
    expect(parseAmount(typed, currency)).toEqual(expected);
  });

  it.each([
    ['-5', 'EUR', 'as a number'],
    ['abc', 'EUR', 'as a number'],
    ['1.999', 'EUR', 'at most 2 digits'],
    ['12.5', 'JPY', 'JPY has no cents'],
    ['99999999', 'EUR', 'too high'],
  ] as const)('refuses %j in %s', (typed, currency, words) => {
    const read = parseAmount(typed, currency);
    expect('error' in read && read.error).toContain(words);
  });

  it('shows a saved amount for editing in its currency’s digits', () => {
    expect(amountInput({ amount: 4550, currency: 'EUR' })).toBe('45.50');
    expect(amountInput({ amount: 12000, currency: 'JPY' })).toBe('12000');
    expect(amountInput(null)).toBe('');
  });
});

describe('defaultCurrency', () => {
  it('is the newest price’s currency, else EUR in a euro country, else USD', () => {
    const saved = [
      null,
      ticket({ seat: 'A' }),
      ticket({ pricePaid: { amount: 1, currency: 'GBP' } }),
    ];
    expect(defaultCurrency(saved, 'de-DE')).toBe('GBP');
    expect(defaultCurrency([], 'de-DE')).toBe('EUR');
    expect(defaultCurrency([], 'fr')).toBe('EUR');
    expect(defaultCurrency([], 'en-US')).toBe('USD');
    expect(defaultCurrency([], undefined)).toBe('USD');
  });
});

describe('ticketSummary', () => {
  it('names the seat, the price and whom one went with', () => {
    expect(
      ticketSummary(
        ticket({
          seat: 'Row F',
          pricePaid: { amount: 4550, currency: 'EUR' },
          companions: [
            { id: '1', username: 'ana', firstName: 'Ana', lastName: null, profileImageUrl: null },
            { id: '2', username: 'ben_b', firstName: null, lastName: null, profileImageUrl: null },
          ],
          note: 'left out of the line',
        }),
        'en-US',
      ),
    ).toEqual(['Seat Row F', '€45.50', 'With Ana, @ben_b']);
  });
});
