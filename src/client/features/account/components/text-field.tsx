import { useId, type ComponentProps } from 'react';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { FieldError } from './field-error';

/**
 * A labelled one-line input with its validation message: the input is marked invalid and
 * described by the message while there is one. Other input attributes pass through.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  ...inputProps
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message to show now, or null. */
  error: string | null;
} & Omit<
  ComponentProps<'input'>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
>) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...inputProps}
        aria-invalid={error !== null || undefined}
        aria-describedby={`${id}-error`}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
