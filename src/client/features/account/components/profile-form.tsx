import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useController, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ONBOARDING_NAME_MAX } from '#shared/limits';
import { USERNAME_TAKEN, type CurrentUser, type ProfileUpdate } from '#shared/schemas/users';
import { initials } from '#shared/user-display';
import { toast } from '#client/components/ui/use-toast';
import { ApiError, serverMessage } from '#client/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import {
  profileFormProblems,
  profileFormSchemas,
  profileFormValues,
  type ProfileFormKind,
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
  /** Edit Profile: the username is someone else's, so it cannot be saved. */
  usernameTaken: boolean;
  /** The wizard: what the current step asks is filled in, so Next (or Complete Setup) may go on. */
  canContinue: boolean;
}

/**
 * The profile form of Edit Profile (`kind="edit"`: every field at once, the name in one field)
 * and of the onboarding wizard (`kind="onboarding"`: the fields of `step` only, first and last
 * name apart). Both check the fields with the API's rules, ask whether the username is free,
 * upload the photo as soon as it is picked, and save with PUT /api/users/me.
 */
export function ProfileForm({
  kind,
  user,
  step = 1,
  onStepDone,
  onSaved,
  failureTitle,
  onBusyChange,
  footer,
}: {
  kind: ProfileFormKind;
  user: CurrentUser;
  /** The wizard's step (1 to 4); Edit Profile has none. */
  step?: number;
  /** The wizard: the current step, not the last, is filled in and submitted. */
  onStepDone?: () => void;
  onSaved: (saved: CurrentUser, sent: ProfileUpdate) => void;
  /** The title of the toast that says saving failed. */
  failureTitle: string;
  onBusyChange?: (busy: { saving: boolean; uploading: boolean }) => void;
  footer: (state: ProfileFormState) => ReactNode;
}) {
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchemas[kind], undefined, { mode: 'sync' }),
    defaultValues: profileFormValues(user),
  });
  const values = useWatch({ control: form.control }) as ProfileFormValues;
  const problems = profileFormProblems(kind, values);
  const [uploading, setUploading] = useState(false);
  // The wizard shows a name's message once the field was left or filled in, or Next was tried.
  const [namesRevealed, setNamesRevealed] = useState(false);
  const update = useUpdateProfile();
  const availability = useUsernameAvailability(values.username, user.username);
  const saving = update.isPending;

  useEffect(() => {
    onBusyChange?.({ saving, uploading });
  }, [onBusyChange, saving, uploading]);

  const usernameTaken = availability.status === 'taken';
  const usernameIsOwn =
    values.username.trim().toLowerCase() === (user.username ?? '').trim().toLowerCase();
  const canLeaveStep: Record<number, boolean> = {
    1: !problems.firstName && !problems.lastName,
    2:
      values.username.trim() === '' ||
      (!problems.username && (usernameIsOwn || availability.status === 'available')),
    3: true,
    4: !problems.bio && !problems.location,
  };
  const isLastStep = kind === 'edit' || step === 4;

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
    if (saving || uploading || (kind === 'edit' && usernameTaken)) {
      event.preventDefault();
      return;
    }
    if (kind === 'onboarding' && !canLeaveStep[step]) {
      event.preventDefault();
      if (step === 1) setNamesRevealed(true);
      return;
    }
    if (!isLastStep) {
      event.preventDefault();
      onStepDone?.();
      return;
    }
    void form.handleSubmit(save)(event);
  };

  // Edit Profile shows the rules' messages once Save was tried; the username's always.
  const shown = (field: 'name' | 'bio' | 'location') =>
    kind === 'onboarding' || form.formState.isSubmitted ? (problems[field] ?? null) : null;
  const disabled = kind === 'edit' && saving;
  const photo = (
    <ProfileImagePicker
      imageUrl={values.profileImageUrl}
      onChange={(url) => form.setValue('profileImageUrl', url)}
      onUploadingChange={setUploading}
      fallback={initials({
        ...(kind === 'edit' ? splitName(values.name) : values),
        email: user.email,
      })}
      disabled={disabled}
    />
  );
  const usernameField = (
    <UsernameField
      value={values.username}
      onChange={(value) => form.setValue('username', value)}
      status={availability.status}
      message={availability.message}
      formatError={problems.username ?? null}
      disabled={disabled}
    />
  );
  const aboutFields = (
    <AboutFields
      bio={values.bio}
      location={values.location}
      onBioChange={(value) => form.setValue('bio', value)}
      onLocationChange={(value) => form.setValue('location', value)}
      errors={{ bio: shown('bio'), location: shown('location') }}
      disabled={saving}
      bioPlaceholder={
        kind === 'edit' ? 'The shows that made you, the ones you are waiting for' : undefined
      }
    />
  );
  const state = {
    saving,
    uploading,
    usernameTaken,
    canContinue: kind === 'edit' || canLeaveStep[step]!,
  };

  if (kind === 'edit') {
    return (
      <form onSubmit={submit} noValidate className="grid gap-5">
        {photo}
        <TextField
          label="Name"
          value={values.name}
          onChange={(value) => form.setValue('name', value)}
          error={shown('name')}
          autoComplete="name"
          disabled={disabled}
        />
        {usernameField}
        {aboutFields}
        {footer(state)}
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {step === 1 && (
        <StepSection title="Tell us your name">
          <OnboardingNameField
            form={form}
            which="first"
            problem={problems.firstName}
            revealed={namesRevealed}
          />
          <OnboardingNameField
            form={form}
            which="last"
            problem={problems.lastName}
            revealed={namesRevealed}
          />
        </StepSection>
      )}

      {step === 2 && (
        <StepSection title="Pick a username">
          <p className="text-sm text-muted-foreground">
            Others find you by it. You can skip it and choose one later.
          </p>
          {usernameField}
        </StepSection>
      )}

      {step === 3 && <StepSection title="Add a profile photo">{photo}</StepSection>}

      {step === 4 && <StepSection title="About you">{aboutFields}</StepSection>}

      {footer(state)}
    </form>
  );
}

/** The wizard's first or last name: its message shows once the field was left or filled in. */
function OnboardingNameField({
  form,
  which,
  problem,
  revealed,
}: {
  form: UseFormReturn<ProfileFormValues, unknown, ProfileUpdate>;
  which: 'first' | 'last';
  problem: string | undefined;
  revealed: boolean;
}) {
  const { field, fieldState } = useController({
    control: form.control,
    name: which === 'first' ? 'firstName' : 'lastName',
  });
  return (
    <TextField
      label={which === 'first' ? 'First name' : 'Last name'}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={revealed || fieldState.isTouched || field.value !== '' ? (problem ?? null) : null}
      autoComplete={which === 'first' ? 'given-name' : 'family-name'}
      maxLength={ONBOARDING_NAME_MAX + 20}
    />
  );
}

function StepSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}
