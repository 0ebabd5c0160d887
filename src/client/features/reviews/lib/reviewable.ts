/** Today as yyyy-MM-dd in the reader's own calendar. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whether a concert (its yyyy-MM-dd date) can be reviewed yet: from its day on, as the server
 * allows (a concert still to come cannot).
 */
export function reviewsOpen(date: string): boolean {
  return date <= today();
}
