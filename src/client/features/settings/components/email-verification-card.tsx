import { CheckCircle2, MailWarning } from 'lucide-react';
import { useSearch } from 'wouter';
import { Button } from '#client/components/ui/button';
import { useEmailVerification, useResendEmailVerification } from '../api/email-verification';
import { LoadedSettingsCard } from './settings-card';

/**
 * Settings › E-mail: whether Encore may mail one's address. Unverified, it says "Verify your
 * e-mail" with "Resend" (a new link); verified, it says so, and after the link's page
 * verified it (Settings opens with ?email=verified) it says that the address was just verified.
 */
export function EmailVerificationCard() {
  const state = useEmailVerification();
  const resend = useResendEmailVerification();
  const justVerified = new URLSearchParams(useSearch()).get('email') === 'verified';

  return (
    <LoadedSettingsCard
      title="E-mail"
      description="Encore mails the digest and alerts you choose below only to a verified address."
      query={state}
      loadingLabel="Loading your e-mail"
      placeholders={['h-5 w-64', 'h-9 w-24']}
      failure="Failed to load your e-mail."
    >
      {({ email, verifiedAt }) => {
        if (!email) {
          return (
            <p className="text-sm text-muted-foreground">
              Your account has no e-mail address, so Encore sends you no mail.
            </p>
          );
        }
        if (verifiedAt) {
          return (
            <p
              role={justVerified ? 'status' : undefined}
              className="flex items-center gap-2 text-sm"
            >
              <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
              {justVerified ? 'Your e-mail is verified' : 'Verified'}: {email}
            </p>
          );
        }
        return (
          <div className="flex flex-col items-start gap-3">
            <p className="flex items-center gap-2 text-sm font-medium">
              <MailWarning aria-hidden="true" className="size-4 text-muted-foreground" />
              Verify your e-mail
            </p>
            <p className="text-sm text-muted-foreground">
              Open the link we sent to {email}. No mail? Ask for a new link.
            </p>
            <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? 'Sending…' : 'Resend'}
            </Button>
          </div>
        );
      }}
    </LoadedSettingsCard>
  );
}
