/** Query keys of a person's years in review. */
export const yearKeys = {
  all: ['years'] as const,
  year: (username: string, year: number) => [...yearKeys.all, username, year] as const,
  list: (username: string) => [...yearKeys.all, username, 'list'] as const,
};
