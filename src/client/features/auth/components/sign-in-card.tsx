import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link, useSearch } from 'wouter';
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
import { CREATE_ACCOUNT_URL, goToLogin } from '#client/config/auth-urls';

/** What the server's sign-in callback reports through /auth?error=... */
const signInErrors: Record<string, string> = {
  expired: 'Your sign-in took too long and expired. Please try again.',
  'sign-in-failed': "We couldn't sign you in. Please try again.",
};

export function SignInCard() {
  const error = new URLSearchParams(useSearch()).get('error');
  const errorMessage = error ? (signInErrors[error] ?? signInErrors['sign-in-failed']) : undefined;

  return (
    <Card className="w-full max-w-md gap-8 py-10 shadow-xl">
      <CardHeader className="items-center text-center">
        <BrandMark className="size-12 rounded-xl" />
        <CardTitle as="h1" className="mt-4 text-2xl">
          Welcome to Encore
        </CardTitle>
        <CardDescription className="text-base text-pretty">
          Sign in to find concerts, keep your wishlist and share reviews with fellow fans.
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
        <Button size="lg" className="w-full" onClick={goToLogin}>
          Continue with Your Account
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          New to Encore?{' '}
          <a
            href={CREATE_ACCOUNT_URL}
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
