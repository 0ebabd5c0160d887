import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { USERNAME_TAKEN, type CurrentUser, type ProfileUpdate } from '#shared/schemas/users';
import { initials } from '#shared/user-display';
import { toast } from '#client/components/ui/use-toast';
import { ApiError, serverMessage } from '#client/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import {
  profileFormProblems,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from '../lib/profile-form-schema';
import { splitName } from '../lib/profile-name';
import { AboutFields } from './about-fields';
import { ProfileImagePicker } from './profile-image-picker';
import { TextField } from './text-field';
import { UsernameField } from './username-field';

/** What the buttons under the form need to know. */
export interface ProfileFormState {
  saving: boolean;
  uploading: boolean;
  /** The username is someone else's, so it cannot be saved. */
  usernameTaken: boolean;
}

/**
 * Edit Profile's form: every field at once, the name in one field. It checks the fields with
 * the API's rules, asks whether the username is free, uploads the photo as soon as it is
 * picked, and saves with PUT /api/users/me.
 */
export function ProfileForm({
  user,
  onSaved,
  failureTitle,
  onBusyChange,
  footer,
}: {
  user: CurrentUser;
  onSaved: (saved: CurrentUser, sent: ProfileUpdate) => void;
  /** The title of the toast that says saving failed. */
  failureTitle: string;
  onBusyChange?: (busy: { saving: boolean; uploading: boolean }) => void;
  footer: (state: ProfileFormState) => ReactNode;
}) {
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchema, undefined, { mode: 'sync' }),
    defaultValues: profileFormValues(user),
  });
  const values = useWatch({ control: form.control }) as ProfileFormValues;
  const problems = profileFormProblems(values);
  const [uploading, setUploading] = useState(false);
  const update = useUpdateProfile();
  const availability = useUsernameAvailability(values.username, user.username);
  const saving = update.isPending;

  useEffect(() => {
    onBusyChange?.({ saving, uploading });
  }, [onBusyChange, saving, uploading]);

  const usernameTaken = availability.status === 'taken';

  const save = (sent: ProfileUpdate) =>
    update.mutate(sent, {
      onSuccess: (saved) => onSaved(saved, sent),
      onError: (error) => {
        toast({
          title: failureTitle,
          description:
            error instanceof ApiError && error.status === 409
              ? USERNAME_TAKEN
              : (serverMessage(error) ?? 'Something went wrong. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  const submit = (event: FormEvent) => {
    if (saving || uploading || usernameTaken) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(save)(event);
  };

  // The rules' messages show once Save was tried; the username's always.
  const shown = (field: 'name' | 'bio' | 'location') =>
    form.formState.isSubmitted ? (problems[field] ?? null) : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <ProfileImagePicker
        imageUrl={values.profileImageUrl}
        onChange={(url) => form.setValue('profileImageUrl', url)}
        onUploadingChange={setUploading}
        fallback={initials({ ...splitName(values.name), email: user.email })}
        disabled={saving}
      />
      <TextField
        label="Name"
        value={values.name}
        onChange={(value) => form.setValue('name', value)}
        error={shown('name')}
        autoComplete="name"
        disabled={saving}
      />
      <UsernameField
        value={values.username}
        onChange={(value) => form.setValue('username', value)}
        status={availability.status}
        message={availability.message}
        formatError={problems.username ?? null}
        disabled={saving}
      />
      <AboutFields
        bio={values.bio}
        location={values.location}
        onBioChange={(value) => form.setValue('bio', value)}
        onLocationChange={(value) => form.setValue('location', value)}
        errors={{ bio: shown('bio'), location: shown('location') }}
        disabled={saving}
        bioPlaceholder="The shows that made you, the ones you are waiting for"
      />
      {footer({ saving, uploading, usernameTaken })}
    </form>
  );
}
