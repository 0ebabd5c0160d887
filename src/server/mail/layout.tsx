/**
 * The frame of every mail Encore sends: the app's name in its colours, the message, and a
 * footer saying why the mail came (with the unsubscribe link, for mail one may turn off).
 * Mail clients know little CSS, so the styles are inline (React Email writes them so) and the
 * colours are the app's light theme as hex (index.html's theme colour, index.css's brand).
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

export const MAIL_COLORS = {
  brand: '#6d28d9',
  brandTo: '#c026d3',
  text: '#1a1625',
  muted: '#6b6578',
  background: '#f6f5f9',
  card: '#ffffff',
  border: '#e7e4ee',
} as const;

const font =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Inter, Helvetica, Arial, sans-serif";

export interface MailLayoutProps {
  /** The line mail clients show after the subject. */
  preview: string;
  children: ReactNode;
  /** Why this mail came, in a sentence. */
  reason: string;
  /** Where one turns this kind of mail off without signing in (not on transactional mail). */
  unsubscribeUrl?: string;
}

export function MailLayout({ preview, children, reason, unsubscribeUrl }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: MAIL_COLORS.background, fontFamily: font, margin: 0 }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 16px' }}>
          <Section
            style={{
              backgroundColor: MAIL_COLORS.brand,
              backgroundImage: `linear-gradient(90deg, ${MAIL_COLORS.brand}, ${MAIL_COLORS.brandTo})`,
              borderRadius: '12px 12px 0 0',
              padding: '16px 24px',
            }}
          >
            <Text
              style={{
                color: '#ffffff',
                fontSize: '22px',
                fontWeight: 700,
                letterSpacing: '-0.01em',
                margin: 0,
              }}
            >
              Encore
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: MAIL_COLORS.card,
              border: `1px solid ${MAIL_COLORS.border}`,
              borderTop: 'none',
              borderRadius: '0 0 12px 12px',
              padding: '8px 24px 24px',
            }}
          >
            {children}
          </Section>
          <Text style={{ color: MAIL_COLORS.muted, fontSize: '12px', lineHeight: '18px' }}>
            {reason}
            {unsubscribeUrl ? (
              <>
                {' '}
                <Link href={unsubscribeUrl} style={{ color: MAIL_COLORS.muted }}>
                  Unsubscribe
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ color: MAIL_COLORS.text, fontSize: '20px', margin: '16px 0 8px' }}>
      {children}
    </Heading>
  );
}

export function MailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: MAIL_COLORS.text, fontSize: '15px', lineHeight: '22px' }}>
      {children}
    </Text>
  );
}

/** The one thing the mail asks for, as a button; its address also shows in the text part. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: MAIL_COLORS.brand,
          borderRadius: '8px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 600,
          padding: '12px 20px',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function MailRule() {
  return <Hr style={{ borderColor: MAIL_COLORS.border, margin: '20px 0' }} />;
}
