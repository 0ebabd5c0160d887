/**
 * An on-sale alert: tickets for a show one saved, or a followed artist's show in one's city,
 * are on sale now. Its subject is the notice's words ("Tickets for {artist} at {venue} are
 * on sale now"); its button is the ticket link. One may turn concert alerts' mail off from it.
 */
import { Link } from '@react-email/components';
import { noticeMessage } from '#shared/notice-text';
import { MAIL_COLORS, MailButton, MailHeading, MailLayout, MailText } from '../layout.tsx';
import { renderMail, type RenderedMail } from '../render.ts';

interface OnSaleProps {
  name: string;
  artist: string;
  venue: string;
  city: string;
  /** Where tickets are sold (the concert's page when no ticket link is known), absolute. */
  ticketUrl: string;
  /** The concert's page, absolute. */
  concertUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

/** The notice's words, without its closing full stop: a subject line. */
const wordsOf = (props: OnSaleProps) =>
  noticeMessage({
    type: 'on_sale',
    actor: null,
    actorCount: 1,
    artist: props.artist,
    venue: props.venue,
  }).replace(/\.$/, '');

export async function onSaleMail(props: OnSaleProps): Promise<RenderedMail> {
  return {
    subject: wordsOf(props),
    ...(await renderMail(<OnSaleMail {...props} />)),
  };
}

export function OnSaleMail(props: OnSaleProps) {
  const { name, city, ticketUrl, concertUrl, settingsUrl, unsubscribeUrl } = props;
  const words = wordsOf(props);
  return (
    <MailLayout
      preview={words}
      reason={`You get this mail because "Email notifications" and "Concert alerts" are on in your Encore settings (${settingsUrl}).`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <MailHeading>{words}</MailHeading>
      <MailText>
        Hi {name}, tickets for this show in {city} just went on sale. Good shows sell out fast.
      </MailText>
      <MailButton href={ticketUrl}>Buy tickets</MailButton>
      <MailText>
        <Link href={concertUrl} style={{ color: MAIL_COLORS.brand }}>
          See the concert on Encore
        </Link>
      </MailText>
    </MailLayout>
  );
}
