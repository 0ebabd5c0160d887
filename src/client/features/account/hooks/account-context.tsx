import { createContext, use, useMemo, type ReactNode } from 'react';
import type { CurrentUser } from '#shared/schemas/users';

interface AccountContextValue {
  /** The signed-in person, as the layout has them. */
  user: CurrentUser;
  /** Called with the saved person after a profile change, to refresh what shows them. */
  onProfileChanged: (user: CurrentUser) => void;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/**
 * Gives the account's dialogs the signed-in person and a way to tell the app the profile
 * changed. The signed-in layout provides it, because only it may reach the other features
 * (auth's current user, people's profiles, reviews) that show the person.
 */
export function AccountProvider({
  user,
  onProfileChanged,
  children,
}: AccountContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ user, onProfileChanged }), [user, onProfileChanged]);
  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const context = use(AccountContext);
  if (!context) throw new Error('useAccount must be used inside <AccountProvider>');
  return context;
}
