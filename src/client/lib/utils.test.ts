import { describe, expect, it } from 'vitest';
import { cn, pluralize } from './utils';

describe('cn', () => {
  it('lets a later Tailwind utility override a conflicting earlier one', () => {
    expect(cn('px-2 py-1 text-sm', 'px-4')).toBe('py-1 text-sm px-4');
  });

  it('drops falsy values and keeps conditional classes', () => {
    const isActive = true;
    const isDisabled = false;
    expect(cn('rounded', isActive && 'bg-primary', isDisabled && 'opacity-50', undefined)).toBe(
      'rounded bg-primary',
    );
  });
});

describe('pluralize', () => {
  it.each([
    [0, '0 reviews'],
    [1, '1 review'],
    [2, '2 reviews'],
  ])('%i → %s', (count, expected) => {
    expect(pluralize(count, 'review')).toBe(expected);
  });
});
