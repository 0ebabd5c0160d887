import { Link } from 'wouter';
import { Brand } from '#client/components/brand';
import { ThemeToggle } from '#client/components/theme/theme-toggle';
import { paths } from '#client/config/paths';

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <Brand className="text-foreground [&>span:last-child]:text-base" />
          <span>&copy; {new Date().getFullYear()}</span>
        </div>
        <nav aria-label="Footer" className="flex items-center gap-4">
          <Link href={paths.rankings} className="focus-ring rounded-sm hover:text-foreground">
            Rankings
          </Link>
          <Link href={paths.auth} className="focus-ring rounded-sm hover:text-foreground">
            Sign in
          </Link>
          <ThemeToggle />
        </nav>
      </div>
    </footer>
  );
}
