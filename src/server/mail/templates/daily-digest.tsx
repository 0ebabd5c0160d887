/** The daily digest: what is unread since the last one. One may turn it off from the mail. */
import { Link, Section, Text } from '@react-email/components';
import { MAIL_COLORS, MailButton, MailHeading, MailLayout, MailText } from '../layout.tsx';
import { renderMail, type RenderedMail } from '../render.ts';

export interface DigestNotice {
  title: string;
  message: string;
  /** The notice's page, absolute. */
  href: string;
}

interface DailyDigestProps {
  name: string;
  notices: DigestNotice[];
  /** Every unread notice since the last digest (the mail lists the newest). */
  total: number;
  notificationsUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

export async function dailyDigestMail(props: DailyDigestProps): Promise<RenderedMail> {
  return {
    subject:
      props.total === 1
        ? 'Your Encore digest: 1 unread notification'
        : `Your Encore digest: ${props.total} unread notifications`,
    ...(await renderMail(<DailyDigestMail {...props} />)),
  };
}

export function DailyDigestMail(props: DailyDigestProps) {
  const { name, notices, total, notificationsUrl, settingsUrl, unsubscribeUrl } = props;
  const more = total - notices.length;
  return (
    <MailLayout
      preview={notices[0]?.message ?? 'What happened on Encore'}
      reason={`You get this mail because "Daily digest" is on in your Encore settings (${settingsUrl}).`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <MailHeading>Your daily digest</MailHeading>
      <MailText>Hi {name}, here is what you have not read yet:</MailText>
      {notices.map((notice) => (
        <Section key={notice.href + notice.message} style={{ margin: '0 0 12px' }}>
          <Text style={{ color: MAIL_COLORS.text, fontSize: '15px', fontWeight: 600, margin: 0 }}>
            <Link href={notice.href} style={{ color: MAIL_COLORS.brand }}>
              {notice.title}
            </Link>
          </Text>
          <Text style={{ color: MAIL_COLORS.muted, fontSize: '14px', margin: '2px 0 0' }}>
            {notice.message}
          </Text>
        </Section>
      ))}
      {more > 0 ? <MailText>…and {more} more.</MailText> : null}
      <MailButton href={notificationsUrl}>Open your notifications</MailButton>
    </MailLayout>
  );
}
