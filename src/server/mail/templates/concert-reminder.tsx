/**
 * A concert reminder: a show one is going to or saved starts within CONCERT_REMINDER_HOURS.
 * Its subject is the notice's words ("Tomorrow: {artist} at {venue}, {time}"). One may turn
 * concert alerts' mail off from it.
 */
import { MailButton, MailHeading, MailLayout, MailText } from '../layout.tsx';
import { renderMail, type RenderedMail } from '../render.ts';

interface ConcertReminderProps {
  name: string;
  /** The notice's words: "Tomorrow: The Velvet Lanterns at Metro, 8:00 PM". */
  words: string;
  /** The concert's page, absolute. */
  concertUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export async function concertReminderMail(props: ConcertReminderProps): Promise<RenderedMail> {
  return {
    subject: props.words,
    ...(await renderMail(<ConcertReminderMail {...props} />)),
  };
}

export function ConcertReminderMail(props: ConcertReminderProps) {
  const { name, words, concertUrl, settingsUrl, unsubscribeUrl } = props;
  return (
    <MailLayout
      preview={words}
      reason={`You get this mail because "Email notifications" and "Concert alerts" are on in your Encore settings (${settingsUrl}).`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <MailHeading>{words}</MailHeading>
      <MailText>Hi {name}, a show on your list is coming up. Have a great night!</MailText>
      <MailButton href={concertUrl}>See the concert</MailButton>
    </MailLayout>
  );
}
