/** Query and mutation keys of the wishlist feature. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  /** GET /api/wishlist: the saved entries (what the hearts read). */
  entries: () => [...wishlistKeys.all, 'entries'] as const,
  /** GET /api/users/me/wishlist: the saved concerts themselves. */
  concerts: () => [...wishlistKeys.all, 'concerts'] as const,
  /** Adds and removes share it, so overlapping toggles can tell about each other. */
  toggle: () => [...wishlistKeys.all, 'toggle'] as const,
};
