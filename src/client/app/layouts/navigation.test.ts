import { describe, expect, it } from 'vitest';
import { noticesWaiting } from './navigation';

describe('noticesWaiting', () => {
  it.each([
    [{ count: 0, followRequests: 0 }, 0, undefined],
    [{ count: 3, followRequests: 0 }, 3, '3 unread'],
    [{ count: 0, followRequests: 1 }, 1, '1 follow request'],
    [{ count: 3, followRequests: 2 }, 5, '3 unread, 2 follow requests'],
  ])('counts %o as %d in the badge and says "%s"', (waiting, total, text) => {
    expect(noticesWaiting(waiting)).toEqual({ total, text });
  });
});
