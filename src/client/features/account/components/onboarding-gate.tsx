import { lazy, Suspense, useState } from 'react';
import { useAccount } from '../hooks/account-context';
import { isProfileIncomplete } from '../lib/profile-name';

// Most people never see the wizard again once they finished or skipped it: its code loads
// only for those who do, and not ahead of their first page.
const OnboardingWizard = lazy(() =>
  import('./onboarding-wizard').then((module) => ({ default: module.OnboardingWizard })),
);

/**
 * Opens by itself for a signed-in person who has not finished or skipped the onboarding (a
 * new account), at the step they reached, and for anyone whose first or last name is missing
 * (an external provider may share neither). It opens over whatever page they are on, so
 * someone sent back to a shared link after sign-up stays there. It is decided when the
 * signed-in frame mounts; closing it puts it away until the next visit.
 */
export function OnboardingGate() {
  const { user } = useAccount();
  const [neededAtStart] = useState(() => user.onboardingStep !== null || isProfileIncomplete(user));
  const [dismissed, setDismissed] = useState(false);
  if (!neededAtStart) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingWizard open={!dismissed} onClose={() => setDismissed(true)} user={user} />
    </Suspense>
  );
}
