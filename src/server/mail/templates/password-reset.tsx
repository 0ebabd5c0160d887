/** A reset link for a local account (auth/provider/password-reset.ts): transactional. */
import { MailButton, MailHeading, MailLayout, MailText } from '../layout.tsx';
import { renderMail, type RenderedMail } from '../render.ts';

interface PasswordResetProps {
  firstName: string;
  link: string;
}

export async function passwordResetMail(props: PasswordResetProps): Promise<RenderedMail> {
  return {
    subject: 'Reset your Encore password',
    ...(await renderMail(<PasswordResetMail {...props} />)),
  };
}

export function PasswordResetMail({ firstName, link }: PasswordResetProps) {
  return (
    <MailLayout
      preview="Choose a new password within 30 minutes."
      reason="You get this mail because someone asked to reset the password of your Encore account."
    >
      <MailHeading>Reset your password</MailHeading>
      <MailText>Hi {firstName},</MailText>
      <MailText>
        Someone (we hope you) asked to reset the password of your Encore account. Choose a new one
        within 30 minutes:
      </MailText>
      <MailButton href={link}>Choose a new password</MailButton>
      <MailText>
        The link works once. If you did not ask for it, ignore this message: your password stays as
        it is.
      </MailText>
    </MailLayout>
  );
}
