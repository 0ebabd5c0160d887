import type { ReactNode } from 'react';

/**
 * A region's placeholder while it loads: the skeletons for the eye, and `label` ("Loading
 * reviews") for a screen reader, in a status region.
 */
export function LoadingStatus({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
