import { useState } from 'react';
import { ONBOARDING_STEPS } from '#shared/limits';
import type { CurrentUser } from '#shared/schemas/users';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { Progress } from '#client/components/ui/progress';
import { toast } from '#client/components/ui/use-toast';
import { ProfileForm } from './profile-form';

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
  const [{ saving, uploading }, setBusy] = useState({ saving: false, uploading: false });
  const isLast = step === ONBOARDING_STEPS;
  const stepTitle = STEP_TITLES[step - 1]!;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && !uploading && onClose()}>
      <DialogContent
        className="sm:max-w-lg"
        showCloseButton={!saving}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => (saving || uploading) && event.preventDefault()}
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

        <ProfileForm
          kind="onboarding"
          user={user}
          step={step}
          onStepDone={() => setStep(step + 1)}
          onBusyChange={setBusy}
          onSaved={(saved, sent) => {
            toast({
              title: `Welcome to Encore, ${saved.firstName ?? sent.firstName}!`,
              description: 'Your profile is set up. Time to find your next show.',
            });
            onClose();
          }}
          failureTitle="Setup failed"
          footer={({ saving, uploading, canContinue }) => {
            // Waiting for the photo's upload or the save: the buttons say so and keep focus.
            const waiting = saving || uploading;
            return (
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
                <Button type="submit" disabled={!canContinue} busy={waiting}>
                  {isLast ? (saving ? 'Saving...' : 'Complete Setup') : 'Next'}
                </Button>
              </DialogFooter>
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
