import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { returnPathOrNone } from '#shared/return-path';
import { BrandMark } from '#client/components/brand';
import { Button } from '#client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card';
import { paths } from '#client/config/paths';
import { LOGIN_URL } from '#client/config/auth-urls';

/** What the server's sign-in callback reports through /auth?error=... */
const signInErrors: Record<string, string> = {
  expired: 'Your sign-in took too long and expired. Please try again.',
  'sign-in-failed': "We couldn't sign you in. Please try again.",
};

/** /api/login with the screen asked for and where to return, when there is somewhere. */
function loginUrl(next: string | undefined, screen?: 'create-account'): string {
  const query = new URLSearchParams();
  if (screen) query.set('screen', screen);
  if (next) query.set('next', next);
  const text = query.toString();
  return text ? `${LOGIN_URL}?${text}` : LOGIN_URL;
}

/**
 * What the page at `next` is, for "Sign in to continue to …", by its first segment (the
 * route table cannot be read here: it loads this page). One thing of a kind is "this …".
 */
const DESTINATIONS: Record<string, [page: string, one: string]> = {
  concerts: ['Encore', 'this concert'],
  reviews: ['your reviews', 'this review'],
  artists: ['Encore', 'this artist'],
  venues: ['Encore', 'this venue'],
  users: ['Encore', 'this profile'],
  profile: ['your profile', 'this profile'],
  discover: ['Discover', 'Discover'],
  timeline: ['your timeline', 'your timeline'],
  wishlist: ['your wishlist', 'your wishlist'],
  notifications: ['your notifications', 'your notifications'],
  settings: ['your settings', 'your settings'],
  'search-users': ['Find Friends', 'Find Friends'],
  help: ['Help & Support', 'Help & Support'],
};

function destinationName(next: string | undefined): string | undefined {
  if (!next) return undefined;
  const segments = next.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const names = DESTINATIONS[segments[0] ?? ''];
  if (!names) return 'Encore';
  return segments.length > 1 ? names[1] : names[0];
}

export function SignInCard() {
  const search = new URLSearchParams(useSearch());
  const error = search.get('error');
  const errorMessage = error ? (signInErrors[error] ?? signInErrors['sign-in-failed']) : undefined;
  const next = returnPathOrNone(search.get('next'));
  const destination = destinationName(next);

  return (
    <Card className="w-full max-w-md gap-8 py-10 shadow-xl">
      <CardHeader className="items-center text-center">
        <BrandMark className="size-12 rounded-xl" />
        <CardTitle as="h1" className="mt-4 text-2xl">
          {destination ? `Sign in to continue to ${destination}` : 'Welcome to Encore'}
        </CardTitle>
        <CardDescription className="text-base text-pretty">
          {destination
            ? "You'll be taken straight back once you're signed in."
            : 'Sign in to find concerts, keep your wishlist and share reviews with fellow fans.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {errorMessage && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {errorMessage}
          </p>
        )}
        <Button size="lg" className="w-full" onClick={() => window.location.assign(loginUrl(next))}>
          Continue with Your Account
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          New to Encore?{' '}
          <a
            href={loginUrl(next, 'create-account')}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </a>
        </p>
      </CardContent>
      <div className="flex justify-center">
        <Link
          href={paths.landing}
          className="inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground hover:text-foreground focus-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
      </div>
    </Card>
  );
}
