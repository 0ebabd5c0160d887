import { useId } from 'react';
import { BIO_MAX, LOCATION_MAX } from '#shared/limits';
import { Label } from '#client/components/ui/label';
import { Textarea } from '#client/components/ui/textarea';
import { FieldError } from './field-error';
import { TextField } from './text-field';

/** Bio (with its counter) and location, as Edit Profile and the wizard's last step ask them. */
export function AboutFields({
  bio,
  location,
  onBioChange,
  onLocationChange,
  errors,
  disabled,
  bioPlaceholder,
}: {
  bio: string;
  location: string;
  onBioChange: (bio: string) => void;
  onLocationChange: (location: string) => void;
  errors: { bio: string | null; location: string | null };
  disabled: boolean;
  bioPlaceholder?: string;
}) {
  const bioId = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={bioId}>Bio</Label>
        <Textarea
          id={bioId}
          value={bio}
          onChange={(event) => onBioChange(event.target.value)}
          rows={3}
          placeholder={bioPlaceholder}
          disabled={disabled}
          aria-invalid={errors.bio !== null || undefined}
          aria-describedby={`${bioId}-count ${bioId}-error`}
        />
        <div className="flex justify-between gap-2 text-xs text-muted-foreground">
          <FieldError id={`${bioId}-error`} message={errors.bio} />
          <span id={`${bioId}-count`} className="ml-auto">
            {bio.trim().length}/{BIO_MAX} characters
          </span>
        </div>
      </div>
      <TextField
        label="Location"
        value={location}
        onChange={onLocationChange}
        error={errors.location}
        autoComplete="address-level2"
        placeholder="City, Country"
        maxLength={LOCATION_MAX + 20}
        disabled={disabled}
      />
    </>
  );
}
