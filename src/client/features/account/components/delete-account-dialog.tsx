import { Download } from 'lucide-react';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { useDeleteAccount } from '../api/delete-account';
import { DATA_EXPORT_URL } from '../api/export-data';

/** docs/product.md §2 "Settings": what a deleted account takes with it, quoted verbatim. */
const LOST_WITH_ACCOUNT = [
  'reviews and ratings',
  'wishlist and preferences',
  'followers and following',
  'profile data',
];

/**
 * The confirmation before an account is deleted: what is lost, a last chance to download
 * one's data, then Delete. It cannot be dismissed while the delete is on its way.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the browser goes once the account is gone (it differs by where it was asked). */
  onDeleted: () => void;
}) {
  const deletion = useDeleteAccount({ onDeleted });
  const pending = deletion.isPending || deletion.isSuccess;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Delete your account?"
      description="This permanently deletes your account and cannot be undone. You will lose your:"
      confirmLabel={pending ? 'Deleting...' : 'Delete Account'}
      onConfirm={() => deletion.mutate()}
    >
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {LOST_WITH_ACCOUNT.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Want a copy first?{' '}
        <a
          href={DATA_EXPORT_URL}
          download
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 focus-ring rounded-sm hover:underline"
        >
          <Download className="size-3.5" aria-hidden="true" />
          Download my data
        </a>
      </p>
    </ConfirmDialog>
  );
}
