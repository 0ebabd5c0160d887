import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { POST_DELETE_REDIRECT_MS } from '#shared/limits';
import type { CurrentUser } from '#shared/schemas/users';
import { initials } from '#shared/user-display';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { goToLogout } from '../../../config/auth-urls';
import { ApiError, serverMessage } from '../../../lib/api';
import { DATA_EXPORT_URL } from '../api/export-data';
import { useUpdateProfile } from '../api/update-profile';
import { useAccount } from '../hooks/account-context';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import {
  bioError,
  blankToNull,
  joinName,
  locationError,
  profileNameError,
  splitName,
  usernameFormatError,
} from '../lib/profile-form';
import { DeleteAccountDialog } from './delete-account-dialog';
import { AboutFields } from './about-fields';
import { ProfileImagePicker } from './profile-image-picker';
import { TextField } from './text-field';
import { UsernameField } from './username-field';

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
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update how other music fans see you on Encore.</DialogDescription>
        </DialogHeader>
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
  const [name, setName] = useState(() => joinName(user));
  const [username, setUsername] = useState(user.username ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [location, setLocation] = useState(user.location ?? '');
  const [imageUrl, setImageUrl] = useState(user.profileImageUrl);
  const [uploading, setUploading] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const update = useUpdateProfile();
  const availability = useUsernameAvailability(username, user.username);

  const errors = {
    name: profileNameError(name),
    username: usernameFormatError(username),
    bio: bioError(bio),
    location: locationError(location),
  };
  const hasErrors = Object.values(errors).some(Boolean);
  const usernameTaken = availability.status === 'taken';
  const saving = update.isPending;

  const setUploadingState = (value: boolean) => {
    setUploading(value);
    onBusyChange(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading || usernameTaken) return;
    if (hasErrors) {
      setShowErrors(true);
      return;
    }
    const { firstName, lastName } = splitName(name);
    onBusyChange(true);
    update.mutate(
      {
        firstName,
        lastName: blankToNull(lastName),
        username: blankToNull(username.toLowerCase()),
        bio: blankToNull(bio),
        location: blankToNull(location),
        profileImageUrl: imageUrl,
      },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated successfully!' });
          onDone();
        },
        onError: (error) => {
          toast({
            title: 'Failed to update profile',
            description:
              error instanceof ApiError && error.status === 409
                ? 'Username is already taken'
                : (serverMessage(error) ?? 'Something went wrong. Please try again.'),
            variant: 'destructive',
          });
        },
        onSettled: () => onBusyChange(false),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <ProfileImagePicker
        imageUrl={imageUrl}
        onChange={setImageUrl}
        onUploadingChange={setUploadingState}
        fallback={initials({ ...splitName(name), email: user.email })}
        disabled={saving}
      />

      <TextField
        label="Name"
        value={name}
        onChange={setName}
        error={showErrors ? errors.name : null}
        autoComplete="name"
        disabled={saving}
      />

      <UsernameField
        value={username}
        onChange={setUsername}
        status={availability.status}
        message={availability.message}
        formatError={errors.username}
        disabled={saving}
      />

      <AboutFields
        bio={bio}
        location={location}
        onBioChange={setBio}
        onLocationChange={setLocation}
        errors={errors}
        disabled={saving}
        bioPlaceholder="The shows that made you, the ones you are waiting for"
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving || uploading}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || uploading || usernameTaken}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>

      <DangerZone disabled={saving || uploading} />
    </form>
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
