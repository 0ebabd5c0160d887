import type { ReactNode } from 'react';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { cn } from '#client/lib/utils';

/** A page's single h1, an optional subtitle and actions; also names the browser tab. */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div
      className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}
    >
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A page under its PageHeader: the header, then `children`, spaced as every page is. */
export function HeadedPage({
  children,
  ...header
}: Parameters<typeof PageHeader>[0] & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader {...header} />
      {children}
    </div>
  );
}
