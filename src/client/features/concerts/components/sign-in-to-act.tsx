import { LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button';

/**
 * Where a signed-in person has Save and Write Review on a concert page: for a visitor, one
 * way to sign in that brings them back to it (`href` names the page as `next`).
 */
export function SignInToAct({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" className="gap-2">
      <Link href={href}>
        <LogIn className="size-4" aria-hidden="true" />
        Sign in to save, review or like
      </Link>
    </Button>
  );
}
