import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ONBOARDING_NAME_MAX, ONBOARDING_STEPS } from '#shared/limits';
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
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import {
  bioError,
  blankToNull,
  locationError,
  onboardingNameError,
  usernameFormatError,
} from '../lib/profile-form';
import { AboutFields } from './about-fields';
import { ProfileImagePicker } from './profile-image-picker';
import { TextField } from './text-field';
import { UsernameField } from './username-field';

const STEP_TITLES = ['Basic info', 'Username', 'Photo', 'About you'] as const;

/**
 * docs/product.md §4 "Onboarding wizard": 4 steps (basic info, username, photo, about you), Previous
 * disabled on the first, Complete Setup on the last; it cannot be closed while saving. While
 * a photo uploads or the profile saves, Previous and Next are busy rather than disabled.
 */
export function OnboardingWizard({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: CurrentUser;
}) {
  const [step, setStep] = useState(1);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [imageUrl, setImageUrl] = useState(user.profileImageUrl);
  const [uploading, setUploading] = useState(false);
  const [bio, setBio] = useState(user.bio ?? '');
  const [location, setLocation] = useState(user.location ?? '');
  const [touched, setTouched] = useState({ firstName: false, lastName: false });
  const update = useUpdateProfile();
  const availability = useUsernameAvailability(username, user.username);

  const saving = update.isPending;
  // Waiting for the photo's upload or the save: the buttons say so and keep focus.
  const waiting = saving || uploading;
  const errors = {
    firstName: onboardingNameError(firstName, 'First'),
    lastName: onboardingNameError(lastName, 'Last'),
    username: usernameFormatError(username),
    bio: bioError(bio),
    location: locationError(location),
  };
  const usernameIsOwn =
    username.trim().toLowerCase() === (user.username ?? '').trim().toLowerCase();
  const canLeaveStep: Record<number, boolean> = {
    1: firstName.trim() !== '' && lastName.trim() !== '' && !errors.firstName && !errors.lastName,
    2:
      username.trim() === '' ||
      (errors.username === null && (usernameIsOwn || availability.status === 'available')),
    3: true,
    4: !errors.bio && !errors.location,
  };
  const isLast = step === ONBOARDING_STEPS;

  const complete = () => {
    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        username: blankToNull(username.toLowerCase()),
        profileImageUrl: imageUrl,
        bio: blankToNull(bio),
        location: blankToNull(location),
      },
      {
        onSuccess: (saved) => {
          toast({
            title: `Welcome to Encore, ${saved.firstName ?? firstName.trim()}!`,
            description: 'Your profile is set up. Time to find your next show.',
          });
          onClose();
        },
        onError: (error) => {
          toast({
            title: 'Setup failed',
            description:
              error instanceof ApiError && error.status === 409
                ? 'Username is already taken'
                : (serverMessage(error) ?? 'Something went wrong. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    if (!canLeaveStep[step]) {
      if (step === 1) setTouched({ firstName: true, lastName: true });
      return;
    }
    if (isLast) complete();
    else setStep(step + 1);
  };

  const stepTitle = STEP_TITLES[step - 1]!;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && !uploading && onClose()}>
      <DialogContent
        className="sm:max-w-lg"
        showCloseButton={!saving}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => (saving || uploading) && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Complete your profile</DialogTitle>
          <DialogDescription>
            Step {step} of {ONBOARDING_STEPS}: {stepTitle}
          </DialogDescription>
        </DialogHeader>
        <Progress
          value={(step / ONBOARDING_STEPS) * 100}
          label={`Setup progress, step ${step} of ${ONBOARDING_STEPS}`}
        />

        <form onSubmit={next} noValidate className="grid gap-5">
          {step === 1 && (
            <StepSection title="Tell us your name">
              <TextField
                label="First name"
                value={firstName}
                onChange={setFirstName}
                onBlur={() => setTouched((t) => ({ ...t, firstName: true }))}
                error={touched.firstName || firstName !== '' ? errors.firstName : null}
                autoComplete="given-name"
                maxLength={ONBOARDING_NAME_MAX + 20}
              />
              <TextField
                label="Last name"
                value={lastName}
                onChange={setLastName}
                onBlur={() => setTouched((t) => ({ ...t, lastName: true }))}
                error={touched.lastName || lastName !== '' ? errors.lastName : null}
                autoComplete="family-name"
                maxLength={ONBOARDING_NAME_MAX + 20}
              />
            </StepSection>
          )}

          {step === 2 && (
            <StepSection title="Pick a username">
              <p className="text-sm text-muted-foreground">
                Others find you by it. You can skip it and choose one later.
              </p>
              <UsernameField
                value={username}
                onChange={setUsername}
                status={availability.status}
                message={availability.message}
                formatError={errors.username}
              />
            </StepSection>
          )}

          {step === 3 && (
            <StepSection title="Add a profile photo">
              <ProfileImagePicker
                imageUrl={imageUrl}
                onChange={setImageUrl}
                onUploadingChange={setUploading}
                fallback={initials({ firstName, lastName, email: user.email })}
              />
            </StepSection>
          )}

          {step === 4 && (
            <StepSection title="About you">
              <AboutFields
                bio={bio}
                location={location}
                onBioChange={setBio}
                onLocationChange={setLocation}
                errors={errors}
                disabled={saving}
              />
            </StepSection>
          )}

          <DialogFooter className="sm:justify-between">
            <Button
              type="button"
              variant="outline"
              disabled={step === 1}
              busy={waiting}
              onClick={() => setStep(step - 1)}
            >
              Previous
            </Button>
            <Button type="submit" disabled={!canLeaveStep[step]} busy={waiting}>
              {isLast ? (saving ? 'Saving...' : 'Complete Setup') : 'Next'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
