import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../ui/card';

/**
 * A card that is one section of its page: its title a second-level heading (so the page
 * outline reads right), what it shows said under the title when there is more to say, then
 * the card's content (a CardContent, or nothing when there is nothing to show).
 */
export function SectionCard({
  title,
  titleId,
  description,
  descriptionId,
  className = 'gap-4',
  children,
}: {
  title: ReactNode;
  /** For what is labelled by the title. */
  titleId?: string;
  description?: ReactNode;
  /** For what is described by the description. */
  descriptionId?: string;
  /** The card's own classes: the space between header and content is the usual change. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2" className="text-lg" id={titleId}>
          {title}
        </CardTitle>
        {description && <CardDescription id={descriptionId}>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  );
}
