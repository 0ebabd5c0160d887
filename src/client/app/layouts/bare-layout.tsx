import type { ReactNode } from 'react';

/** The frame of the signed-out pages (landing, sign-in): no sidebar, just the page. */
export function BareLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-svh flex-col bg-background">{children}</div>;
}
