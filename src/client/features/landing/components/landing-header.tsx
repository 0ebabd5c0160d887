import { Link } from 'wouter';
import { Brand } from '../../../components/brand';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { CREATE_ACCOUNT_URL } from '../../../config/auth-urls';

const sectionLinks = [
  { href: paths.discover, label: 'Discover' },
  { href: paths.reviews, label: 'Reviews' },
  { href: paths.timeline, label: 'Timeline' },
] as const;

const sectionLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Brand, the app's sections and the sign-in links; the sections wrap to a second row on phones. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/65">
      <nav
        aria-label="Main navigation"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 sm:px-6 lg:px-8"
      >
        <Link
          href={paths.landing}
          className="mr-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:mr-4"
          aria-label="Encore home"
        >
          <Brand />
        </Link>

        <ul className="order-last flex w-full justify-center gap-1 sm:order-none sm:mr-auto sm:w-auto">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={sectionLinkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link href={paths.auth}>Sign in</Link>
          </Button>
          <Button asChild size="sm">
            <a href={CREATE_ACCOUNT_URL}>Create account</a>
          </Button>
        </div>
      </nav>
    </header>
  );
}
