import { lazy, Suspense, useState } from 'react';
import { useAccount } from '../hooks/account-context';
import { isProfileIncomplete } from '../lib/profile-name';

// Most people never see the wizard again once their profile is complete: its code (the
// form, the photo upload) loads only for those who do, and not ahead of their first page.
const OnboardingWizard = lazy(() =>
  import('./onboarding-wizard').then((module) => ({ default: module.OnboardingWizard })),
);

/**
 * Opens by itself for a signed-in person whose first or last name is missing (an external
 * provider may share neither; the embedded sign-up asks only for a first name). It is
 * decided when the signed-in frame mounts, so saving a one-word name in Edit Profile later
 * does not spring it open; closing it puts it away until the next visit.
 */
export function OnboardingGate() {
  const { user } = useAccount();
  const [neededAtStart] = useState(() => isProfileIncomplete(user));
  const [dismissed, setDismissed] = useState(false);
  if (!neededAtStart) return null;
  const open = !dismissed && isProfileIncomplete(user);
  return (
    <Suspense fallback={null}>
      <OnboardingWizard open={open} onClose={() => setDismissed(true)} user={user} />
    </Suspense>
  );
}
