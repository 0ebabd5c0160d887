import { useQueryClient } from '@tanstack/react-query';
import { Download, LifeBuoy, LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { paths } from '../config/paths';
import { DATA_EXPORT_URL } from '../features/account/api/export-data';
import { DeleteAccountDialog } from '../features/account/components/delete-account-dialog';
import { authKeys } from '../features/auth/api/keys';
import { useLogout } from '../features/auth/api/logout';
import { CalendarFeedCard } from '../features/settings/components/calendar-feed-card';
import { EmailVerificationCard } from '../features/settings/components/email-verification-card';
import { PushDevicesCard } from '../features/settings/components/push-devices-card';
import { SettingsToggles } from '../features/settings/components/settings-toggles';
import { ShowAlertsCard } from '../features/settings/components/show-alerts-card';
import { TimeZoneSetting } from '../features/settings/components/time-zone-setting';
import { BlockedAccountsCard } from '../features/users/components/blocked-accounts-card';
import { MutedAccounts } from '../features/users/components/muted-accounts';

export default function SettingsPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Settings"
        description="Notifications, appearance, privacy and your account."
      />
      <EmailVerificationCard />
      <SettingsToggles />
      <PushDevicesCard />
      <TimeZoneSetting />
      <ShowAlertsCard />
      <CalendarFeedCard />
      <BlockedAccountsCard />
      <MutedAccounts />
      <AccountCard />
    </div>
  );
}

/** Download, help, sign out and delete: the account's own actions. */
function AccountCard() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // docs/product.md §4 "Auth": signing out from here lands on the sign-in page.
  const signOut = useLogout({ then: 'sign-in' });

  // docs/product.md §4 "Account deletion" from Settings: nothing cached survives, and /auth
  // follows.
  const afterDelete = () => {
    queryClient.clear();
    queryClient.setQueryData(authKeys.currentUser, null);
    navigate(paths.auth, { replace: true });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
        <CardDescription>Your data, help, and signing out.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild variant="outline">
          <a href={DATA_EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.help}>
            <LifeBuoy aria-hidden="true" />
            Help &amp; Support
          </Link>
        </Button>
        <Button
          variant="outline"
          disabled={signOut.isPending || signOut.isSuccess}
          onClick={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" />
          {signOut.isPending || signOut.isSuccess ? 'Signing Out...' : 'Sign Out'}
        </Button>
        <Button variant="destructive" onClick={() => setConfirmingDelete(true)}>
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </CardContent>
      <DeleteAccountDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        onDeleted={afterDelete}
      />
    </Card>
  );
}
