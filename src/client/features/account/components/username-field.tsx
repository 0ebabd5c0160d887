import { Check, Loader2, X } from 'lucide-react';
import { useId } from 'react';
import { USERNAME_MAX } from '#shared/limits';
import { USERNAME_AVAILABLE, USERNAME_TAKEN } from '#shared/schemas/users';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import type { UsernameStatus } from '../hooks/use-username-availability';

/** What each availability state says when the server sent no wording of its own. */
const STATUS_TEXT: Record<Exclude<UsernameStatus, 'idle'>, string> = {
  checking: 'Checking availability...',
  available: USERNAME_AVAILABLE,
  taken: USERNAME_TAKEN,
  invalid: 'Failed to check availability',
};

/**
 * The username input with its rule message and the availability feedback, which a screen
 * reader hears as it changes (a polite live region).
 */
export function UsernameField({
  value,
  onChange,
  status,
  message,
  formatError,
  disabled,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  status: UsernameStatus;
  message: string | null;
  formatError: string | null;
  disabled?: boolean;
  /** The input's name in its form. */
  name?: string;
}) {
  const inputId = useId();
  const feedbackId = useId();
  const feedback = formatError ?? (status === 'idle' ? null : (message ?? STATUS_TEXT[status]));
  const isProblem = formatError !== null || status === 'taken' || status === 'invalid';

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Username</Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        >
          @
        </span>
        <Input
          id={inputId}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={USERNAME_MAX + 10}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          className="pl-7"
          aria-invalid={isProblem || undefined}
          aria-describedby={feedbackId}
        />
      </div>
      <p
        id={feedbackId}
        aria-live="polite"
        data-status={formatError ? 'format' : status}
        className={
          isProblem
            ? 'flex min-h-5 items-center gap-1.5 text-sm text-destructive'
            : 'flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground'
        }
      >
        {!formatError && status === 'checking' && (
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        )}
        {!formatError && status === 'available' && (
          <Check className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        )}
        {isProblem && <X className="size-3.5" aria-hidden="true" />}
        {feedback ?? 'Letters, numbers, underscores and hyphens; 3 to 30 characters.'}
      </p>
    </div>
  );
}
