import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { POST_DELETE_REDIRECT_MS } from '#shared/limits';
import type { CurrentUser } from '#shared/schemas/users';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { goToLogout } from '#client/config/auth-urls';
import { DATA_EXPORT_URL } from '../api/export-data';
import { useAccount } from '../hooks/account-context';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileForm } from './profile-form';

/**
 * docs/product.md §2 "Dialogs", Edit Profile: name, username with availability feedback, bio,
 * location and photo, and a Danger Zone to delete the account. The form starts from the signed-in
 * person each time the dialog opens.
 */
export function EditProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAccount();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className="sm:max-w-xl"
        onInteractOutside={(event) => busy && event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
      >
        <DialogHeading
          title="Edit Profile"
          description="Update how other music fans see you on Encore."
        />
        {/* Mounted only while open, so every opening starts from the saved profile. */}
        {open && (
          <EditProfileForm user={user} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({
  user,
  onBusyChange,
  onDone,
}: {
  user: CurrentUser;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const reportBusy = useCallback(
    ({ saving, uploading }: { saving: boolean; uploading: boolean }) =>
      onBusyChange(saving || uploading),
    [onBusyChange],
  );
  return (
    <ProfileForm
      user={user}
      onBusyChange={reportBusy}
      onSaved={() => {
        toast({ title: 'Profile updated successfully!' });
        onDone();
      }}
      failureTitle="Failed to update profile"
      footer={({ saving, uploading, usernameTaken }) => (
        <>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone} disabled={saving || uploading}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || uploading || usernameTaken}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>

          <DangerZone disabled={saving || uploading} />
        </>
      )}
    />
  );
}

/**
 * Delete the account from the profile dialog (docs/product.md §4): once deleted, nothing cached may
 * outlive it, and after a moment the browser signs out at the provider too.
 */
function DangerZone({ disabled }: { disabled: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  const afterDelete = () => {
    queryClient.clear();
    setTimeout(goToLogout, POST_DELETE_REDIRECT_MS);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-destructive/40 p-4"
    >
      <div>
        <h3 id={headingId} className="font-semibold text-destructive">
          Danger Zone
        </h3>
        <p className="text-sm text-muted-foreground">
          Deleting your account removes your reviews, follows, wishlist and profile for good.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={DATA_EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={disabled}
          onClick={() => setConfirming(true)}
        >
          Delete Account
        </Button>
      </div>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} onDeleted={afterDelete} />
    </section>
  );
}
