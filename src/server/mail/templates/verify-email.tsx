/** "Verify your e-mail": the link that proves one reads mail at the address. Transactional. */
import { MailButton, MailHeading, MailLayout, MailText } from '../layout.tsx';
import { renderMail, type RenderedMail } from '../render.ts';

interface VerifyEmailProps {
  name: string;
  link: string;
  /** How long the link works, in hours. */
  hours: number;
}

export async function verifyEmailMail(props: VerifyEmailProps): Promise<RenderedMail> {
  return {
    subject: 'Verify your e-mail for Encore',
    ...(await renderMail(<VerifyEmailMail {...props} />)),
  };
}

export function VerifyEmailMail({ name, link, hours }: VerifyEmailProps) {
  return (
    <MailLayout
      preview="One click and Encore can send you the mail you ask for."
      reason="You get this mail because this address was given for an Encore account."
    >
      <MailHeading>Verify your e-mail</MailHeading>
      <MailText>Hi {name},</MailText>
      <MailText>
        Confirm that this is your address, so Encore can send you the digest and alerts you choose
        in Settings. The link works once, within {hours} hours:
      </MailText>
      <MailButton href={link}>Verify your e-mail</MailButton>
      <MailText>If you did not sign up for Encore, ignore this message.</MailText>
    </MailLayout>
  );
}
