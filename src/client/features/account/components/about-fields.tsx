import { useId } from 'react';
import { BIO_MAX, LOCATION_MAX } from '#shared/limits';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { FieldError } from './field-error';

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
  const ids = { bio: useId(), location: useId() };
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={ids.bio}>Bio</Label>
        <Textarea
          id={ids.bio}
          value={bio}
          onChange={(event) => onBioChange(event.target.value)}
          rows={3}
          placeholder={bioPlaceholder}
          disabled={disabled}
          aria-invalid={errors.bio !== null || undefined}
          aria-describedby={`${ids.bio}-count ${ids.bio}-error`}
        />
        <div className="flex justify-between gap-2 text-xs text-muted-foreground">
          <FieldError id={`${ids.bio}-error`} message={errors.bio} />
          <span id={`${ids.bio}-count`} className="ml-auto">
            {bio.trim().length}/{BIO_MAX} characters
          </span>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.location}>Location</Label>
        <Input
          id={ids.location}
          value={location}
          onChange={(event) => onLocationChange(event.target.value)}
          autoComplete="address-level2"
          placeholder="City, Country"
          maxLength={LOCATION_MAX + 20}
          disabled={disabled}
          aria-invalid={errors.location !== null || undefined}
          aria-describedby={`${ids.location}-error`}
        />
        <FieldError id={`${ids.location}-error`} message={errors.location} />
      </div>
    </>
  );
}
