import { createContext, use, useMemo, type ReactNode } from 'react';
import type { CurrentUser } from '#shared/schemas/users';

interface AccountContextValue {
  /** The signed-in person, as the layout has them. */
  user: CurrentUser;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/**
 * Gives the account's dialogs the signed-in person, as the signed-in layout has them from
 * the auth feature. (What a saved profile makes stale is in lib/refreshes.ts.)
 */
export function AccountProvider({ user, children }: AccountContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ user }), [user]);
  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const context = use(AccountContext);
  if (!context) throw new Error('useAccount must be used inside <AccountProvider>');
  return context;
}
