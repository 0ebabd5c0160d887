import { Menu } from 'lucide-react';
import { Link } from 'wouter';
import { PublicHeaderRow } from '#client/components/layout/public-header';
import { Button } from '#client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu';
import { paths } from '#client/config/paths';
import { CREATE_ACCOUNT_URL } from '#client/config/auth-urls';

// Only pages anyone may read: a signed-in page would bounce a visitor to sign-in.
const sectionLinks = [{ href: paths.rankings, label: 'Rankings' }] as const;

const sectionLinkClass =
  'focus-ring rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground';

/**
 * Brand, the app's sections and the sign-in links, in one row of the header's height at any
 * width: on phones the sections and Sign in fold into a menu beside Create account.
 */
export function LandingHeader() {
  return (
    <PublicHeaderRow
      className="sticky top-0 z-30 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/65"
      brandClassName="sm:mr-4"
    >
      <ul className="mr-auto flex gap-1 max-sm:hidden">
        {sectionLinks.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={sectionLinkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>

      <div className="flex items-center gap-1 sm:gap-2">
        <Button asChild variant="ghost" size="sm" className="max-sm:hidden">
          <Link href={paths.auth}>Sign in</Link>
        </Button>
        <Button asChild size="sm">
          <a href={CREATE_ACCOUNT_URL}>Create account</a>
        </Button>
        <PhoneMenu />
      </div>
    </PublicHeaderRow>
  );
}

/** The sections and Sign in on phones, where the row has room only for Create account. */
function PhoneMenu() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="sm:hidden" aria-label="Menu">
          <Menu aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        {[...sectionLinks, { href: paths.auth, label: 'Sign in' }].map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
