import { useLocation } from 'wouter';
import { Brand } from '../../components/brand';
import { useTheme } from '../../components/theme/theme-provider';
import { ThemeToggle } from '../../components/theme/theme-toggle';
import { Separator } from '../../components/ui/separator';
import { SidebarTrigger } from '../../components/ui/sidebar';
import { useUpdateSettings } from '../../features/settings/api/update-settings';
import { sectionTitle } from './navigation';

/**
 * The bar above every signed-in page: sidebar toggle, where you are, and the theme switch,
 * whose choice is saved with the account as Settings' Dark mode is (and undone if refused).
 */
export function AppHeader() {
  const [location] = useLocation();
  const section = sectionTitle(location);
  const { setTheme } = useTheme();
  const saveSettings = useUpdateSettings();

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 h-5! max-md:hidden" />
      <Brand className="md:hidden [&>span:last-child]:text-base" />
      {section && (
        <p className="truncate text-sm font-medium text-muted-foreground max-md:hidden">
          {section}
        </p>
      )}
      <div className="ml-auto flex items-center gap-1">
        <ThemeToggle
          onToggle={(theme, shownBefore) =>
            saveSettings.mutate({ theme }, { onError: () => setTheme(shownBefore) })
          }
        />
      </div>
    </header>
  );
}
