import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { z } from 'zod';
import { CITIES, GENRES, ONBOARDING_STEPS } from '#shared/limits';
import {
  onboardingNameRule,
  profileFieldRules,
  USERNAME_TAKEN,
  type CurrentUser,
  type ProfileUpdate,
} from '#shared/schemas/users';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { Label } from '#client/components/ui/label';
import { Progress } from '#client/components/ui/progress';
import { toast } from '#client/components/ui/use-toast';
import { ApiError, serverMessage } from '#client/lib/api';
import { cn } from '#client/lib/utils';
import { useUpdateProfile } from '../api/update-profile';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import {
  citySlugOfChoice,
  cityChoiceOf,
  knownGenres,
  locationOfChoice,
  locationOfCity,
  OTHER_CITY,
} from '../lib/onboarding-choices';
import { usernameProblem } from '../lib/profile-form-schema';
import { isProfileIncomplete } from '../lib/profile-name';
import { OnboardingFollowStep } from './onboarding-follow-step';
import { TextField } from './text-field';
import { UsernameField } from './username-field';

const STEP_TITLES = ['Username', 'City', 'Favourite genres', 'Follow'] as const;

const firstNameRule = onboardingNameRule('First');
const lastNameRule = onboardingNameRule('Last');
const problemOf = (rule: z.ZodType<string, string>, value: string) =>
  rule.safeParse(value).error?.issues[0]?.message ?? null;

/**
 * docs/product.md §4 "Onboarding wizard": Username (with the names first when one is
 * missing), City, Favourite genres, Follow. Each Next saves its step and the step reached,
 * so the wizard reopens there on the next visit; "Skip for now" puts it away for good, and so
 * does Finish. Next is never disabled: when a step cannot be left, pressing it says why next
 * to it and moves focus to the field to fix. Each step's heading takes focus as it opens.
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
  const [step, setStep] = useState(() =>
    Math.min(Math.max(user.onboardingStep ?? 1, 1), ONBOARDING_STEPS),
  );
  const [asksName] = useState(() => isProfileIncomplete(user));
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [city, setCity] = useState(() => cityChoiceOf(user.location));
  const [genres, setGenres] = useState(() => knownGenres(user.favoriteGenres));
  // Next was pressed on a step that could not be left: why shows beside it until it can.
  const [tried, setTried] = useState(false);
  const [namesRevealed, setNamesRevealed] = useState(false);
  const update = useUpdateProfile();
  const availability = useUsernameAvailability(username, user.username);
  const saving = update.isPending;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  const isLast = step === ONBOARDING_STEPS;
  const stepTitle = step === 1 && asksName ? 'Name and username' : STEP_TITLES[step - 1]!;
  const reasonId = useId();

  // Each step's heading takes focus as the step opens (the first one as the dialog opens).
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const nameProblems = {
    first: problemOf(firstNameRule, firstName),
    last: problemOf(lastNameRule, lastName),
  };
  const usernameFormat = username.trim() === '' ? null : usernameProblem(username);
  const usernameIsOwn =
    username.trim().toLowerCase() === (user.username ?? '').trim().toLowerCase();
  const otherProblem =
    city.choice === OTHER_CITY
      ? city.other.trim() === ''
        ? 'Type your city, or choose one of the list'
        : problemOf(profileFieldRules.location, city.other)
      : null;

  /** Why the step cannot be left, and the field to fix; null when it can. */
  function blocker(): { reason: string; field: string } | null {
    if (step === 1) {
      if (asksName && nameProblems.first) return { reason: nameProblems.first, field: 'first' };
      if (asksName && nameProblems.last) return { reason: nameProblems.last, field: 'last' };
      if (username.trim() === '' || usernameIsOwn) return null;
      if (usernameFormat) return { reason: usernameFormat, field: 'username' };
      if (availability.status === 'taken') {
        return { reason: 'Choose another username, or leave it blank', field: 'username' };
      }
      if (availability.status === 'invalid') {
        return {
          reason: 'The username could not be checked: try again, or leave it blank',
          field: 'username',
        };
      }
      if (availability.status !== 'available') {
        return { reason: 'Wait until the username is checked', field: 'username' };
      }
    }
    if (step === 2 && otherProblem) return { reason: otherProblem, field: 'other' };
    return null;
  }

  /** What the step saves, with the step to open at next time (null: finished). */
  function stepUpdate(): ProfileUpdate {
    const onboardingStep = isLast ? null : step + 1;
    if (step === 1) {
      return {
        ...(asksName ? { firstName, lastName } : {}),
        username: username.trim() === '' ? null : username,
        onboardingStep,
      };
    }
    if (step === 2) {
      const location = locationOfChoice(city.choice, city.other);
      return { ...(location === undefined ? {} : { location }), onboardingStep };
    }
    if (step === 3) return { favoriteGenres: genres, onboardingStep };
    return { onboardingStep };
  }

  const failed = (error: Error) =>
    toast({
      title: 'Setup failed',
      description:
        error instanceof ApiError && error.status === 409
          ? USERNAME_TAKEN
          : (serverMessage(error) ?? 'Something went wrong. Please try again.'),
      variant: 'destructive',
    });

  function next(form: HTMLFormElement) {
    if (saving) return;
    const blocked = blocker();
    if (blocked) {
      setNamesRevealed(true);
      setTried(true);
      const field = form.elements.namedItem(blocked.field);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    update.mutate(stepUpdate(), {
      onSuccess: (saved) => {
        if (!isLast) {
          setTried(false);
          setStep(step + 1);
          return;
        }
        toast({
          title: `Welcome to Encore, ${saved.firstName ?? firstName}!`,
          description: 'Your profile is set up. Time to find your next show.',
        });
        onClose();
      },
      onError: failed,
    });
  }

  function skip() {
    if (saving) return;
    update.mutate({ onboardingStep: null }, { onSuccess: onClose, onError: failed });
  }

  function back() {
    if (saving) return;
    setTried(false);
    setStep(step - 1);
  }

  const refusal = tried ? (blocker()?.reason ?? null) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
        showCloseButton={!saving}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => saving && event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          headingRef.current?.focus();
        }}
      >
        <DialogHeading
          title="Complete your profile"
          description={
            <>
              Step {step} of {ONBOARDING_STEPS}: {stepTitle}
            </>
          }
        />
        <Progress
          value={(step / ONBOARDING_STEPS) * 100}
          label={`Setup progress, step ${step} of ${ONBOARDING_STEPS}`}
        />

        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            next(event.currentTarget);
          }}
        >
          {step === 1 && (
            <StepSection
              headingRef={headingRef}
              title={asksName ? 'Tell us your name and pick a username' : 'Pick a username'}
            >
              {asksName && (
                <>
                  <TextField
                    name="first"
                    label="First name"
                    value={firstName}
                    onChange={setFirstName}
                    error={namesRevealed || firstName !== '' ? nameProblems.first : null}
                    autoComplete="given-name"
                  />
                  <TextField
                    name="last"
                    label="Last name"
                    value={lastName}
                    onChange={setLastName}
                    error={namesRevealed || lastName !== '' ? nameProblems.last : null}
                    autoComplete="family-name"
                  />
                </>
              )}
              <p className="text-sm text-muted-foreground">
                Others find you by it. You can leave it blank and choose one later.
              </p>
              <UsernameField
                name="username"
                value={username}
                onChange={setUsername}
                status={availability.status}
                message={availability.message}
                formatError={usernameFormat}
              />
            </StepSection>
          )}

          {step === 2 && (
            <StepSection headingRef={headingRef} title="Where do you go to shows?">
              <CitySelect value={city.choice} onChange={(choice) => setCity({ ...city, choice })} />
              {city.choice === OTHER_CITY && (
                <TextField
                  name="other"
                  label="Your city"
                  value={city.other}
                  onChange={(other) => setCity({ ...city, other })}
                  error={tried ? otherProblem : null}
                  autoComplete="address-level2"
                />
              )}
            </StepSection>
          )}

          {step === 3 && (
            <StepSection headingRef={headingRef} title="Which genres do you like?">
              <p className="text-sm text-muted-foreground">Pick as many as you like.</p>
              <div role="group" aria-label="Favourite genres" className="flex flex-wrap gap-2">
                {GENRES.map((genre) => {
                  const chosen = genres.includes(genre.slug);
                  return (
                    <Button
                      key={genre.slug}
                      type="button"
                      size="sm"
                      variant={chosen ? 'default' : 'outline'}
                      aria-pressed={chosen}
                      className="rounded-full"
                      onClick={() =>
                        setGenres(
                          knownGenres(
                            chosen
                              ? genres.filter((g) => g !== genre.slug)
                              : [...genres, genre.slug],
                          ),
                        )
                      }
                    >
                      {genre.name}
                    </Button>
                  );
                })}
              </div>
            </StepSection>
          )}

          {step === 4 && (
            <StepSection headingRef={headingRef} title="Follow artists and people">
              <OnboardingFollowStep city={citySlugOfChoice(city.choice)} genres={genres} />
            </StepSection>
          )}

          <div className="grid gap-2">
            <p
              id={reasonId}
              aria-live="polite"
              className={cn('min-h-5 text-sm text-destructive', !refusal && 'sr-only')}
            >
              {refusal}
            </p>
            <DialogFooter className="gap-2 sm:justify-between">
              <Button type="button" variant="ghost" busy={saving} onClick={skip}>
                Skip for now
              </Button>
              <div className="flex gap-2 max-sm:flex-col-reverse sm:justify-end">
                {step > 1 && (
                  <Button type="button" variant="outline" busy={saving} onClick={back}>
                    Back
                  </Button>
                )}
                <Button
                  type="submit"
                  busy={saving}
                  aria-describedby={refusal ? reasonId : undefined}
                >
                  {isLast ? (saving ? 'Saving...' : 'Finish') : 'Next'}
                </Button>
              </div>
            </DialogFooter>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StepSection({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Encore's cities, or Other (a city typed in): a native select, as keyboards expect. */
function CitySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>City</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-ring focus-visible:border-ring md:text-sm dark:bg-input/30"
      >
        <option value="">Choose a city</option>
        {CITIES.map((city) => (
          <option key={city.slug} value={city.slug}>
            {locationOfCity(city)}
          </option>
        ))}
        <option value={OTHER_CITY}>Other</option>
      </select>
    </div>
  );
}
