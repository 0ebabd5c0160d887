import { Link, useLocation } from 'wouter';
import { paths } from '#client/config/paths';
import { ApiError } from '#client/lib/api';
import { Button } from '#client/components/ui/button';
import { useVerifyEmail } from '../api/verify-email';

/**
 * The page of the link in "Verify your e-mail": the address is verified when its button is
 * pressed, not when the link is opened, since mail scanners open every link they see. Then
 * Settings says the address is verified (or, signed out, the sign-in page leads there).
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">
        Confirm that this address is yours, so Encore can send you the mail you choose.
      </p>
      <Button
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(token, {
            onSuccess: () => navigate(`${paths.settings}?email=verified`),
          })
        }
      >
        {verify.isPending ? 'Verifying…' : 'Verify my e-mail'}
      </Button>
      {verify.isError && (
        <div role="alert" className="flex flex-col gap-1 text-sm">
          <p className="text-destructive">
            {verify.error instanceof ApiError && verify.error.serverMessage
              ? sentence(verify.error.serverMessage)
              : 'Failed to verify your e-mail. Please try again.'}
          </p>
          <p>
            <Link href={paths.settings} className="underline underline-offset-4">
              Ask for a new link in Settings
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

/** The server names the field ("token has expired: …"); the page speaks of the link. */
function sentence(message: string): string {
  const text = message.replace(/^token /, 'This link ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
