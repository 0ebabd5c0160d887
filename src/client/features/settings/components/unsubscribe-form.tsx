import { ApiError } from '#client/lib/api';
import { Button } from '#client/components/ui/button';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * The page of a mail's unsubscribe link: one button that turns that kind of mail off, for
 * anyone holding the link (no session). Mail clients that support one-click unsubscribe post
 * the same link without showing this page.
 */
export function UnsubscribeForm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <p role="status" className="text-sm">
        {unsubscribe.data.message} You can turn it on again in Settings.
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">
        Stop this kind of mail from Encore? Your other settings stay as they are.
      </p>
      <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
      {unsubscribe.isError && (
        <p role="alert" className="text-sm text-destructive">
          {unsubscribe.error instanceof ApiError && unsubscribe.error.serverMessage
            ? sentence(unsubscribe.error.serverMessage)
            : 'Failed to unsubscribe. Please try again.'}
        </p>
      )}
    </div>
  );
}

/** The server names the field ("token was already used: …"); the page speaks of the link. */
function sentence(message: string): string {
  const text = message.replace(/^token /, 'This link ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
