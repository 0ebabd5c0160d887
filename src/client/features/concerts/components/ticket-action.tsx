import { ExternalLink, ListMusic, Ticket } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button';

/**
 * The outbound link of a concert: tickets for an upcoming one, the setlist for a past one.
 * Opens in a new tab; without a link it shows as a disabled button.
 */
export function TicketAction({
  historical,
  ticketUrl,
  setlistUrl,
  ticketLabel = 'Tickets',
  size = 'sm',
  variant,
  className,
}: {
  historical: boolean;
  ticketUrl?: string | null;
  setlistUrl?: string | null;
  ticketLabel?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const label = historical ? 'Setlist' : ticketLabel;
  const href = (historical ? setlistUrl : ticketUrl) || null;
  const Icon = historical ? ListMusic : Ticket;
  const look = variant ?? (historical ? 'outline' : 'default');

  if (!href) {
    return (
      <Button type="button" size={size} variant={look} disabled className={className}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Button asChild size={size} variant={look} className={className}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" />
        {label}
        <ExternalLink className="size-3.5 opacity-70" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
