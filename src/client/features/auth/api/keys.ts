/** Query keys of the auth feature. */
export const authKeys = {
  currentUser: ['auth', 'current-user'] as const,
};
