import { useEffect, useState } from 'react';
import { USERNAME_CHECK_DEBOUNCE_MS, USERNAME_MIN } from '#shared/limits';
import { toast } from '#client/components/ui/use-toast';
import { checkUsername } from '../api/check-username';
import { usernameProblem } from '../lib/profile-form-schema';

/** docs/product.md §4 "Username availability"; 'invalid' means the check itself failed. */
export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

interface CheckResult {
  username: string;
  status: 'available' | 'taken' | 'invalid';
  message: string;
}

/**
 * Asks the server whether `value` is free, USERNAME_CHECK_DEBOUNCE_MS after typing stops,
 * for well-formed names of USERNAME_MIN or more characters other than the person's own.
 * Until the answer for the current value is in, the status is 'checking'.
 */
export function useUsernameAvailability(
  value: string,
  currentUsername: string | null | undefined,
): { status: UsernameStatus; message: string | null } {
  const candidate = value.trim().toLowerCase();
  const shouldCheck =
    candidate.length >= USERNAME_MIN &&
    usernameProblem(candidate) === null &&
    candidate !== (currentUsername ?? '').trim().toLowerCase();
  const [result, setResult] = useState<CheckResult | null>(null);

  useEffect(() => {
    if (!shouldCheck) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(candidate, controller.signal).then(
        ({ available, message }) =>
          setResult({ username: candidate, status: available ? 'available' : 'taken', message }),
        () => {
          if (controller.signal.aborted) return;
          setResult({
            username: candidate,
            status: 'invalid',
            message: 'Failed to check availability',
          });
          toast({ title: 'Failed to check availability', variant: 'destructive' });
        },
      );
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [candidate, shouldCheck]);

  if (!shouldCheck) return { status: 'idle', message: null };
  if (result?.username !== candidate) return { status: 'checking', message: null };
  return { status: result.status, message: result.message };
}
