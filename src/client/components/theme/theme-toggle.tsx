import { Moon, Sun } from 'lucide-react';
import { Button } from '../ui/button';
import { useTheme } from './theme-provider';
import type { Theme } from './theme-storage';

/**
 * Flips between light and dark; from 'system' it flips away from whatever is showing.
 * `onToggle` hears the theme chosen (signed in, it is saved with the account).
 */
export function ThemeToggle({
  className,
  onToggle,
}: {
  className?: string;
  onToggle?: (theme: 'light' | 'dark', shownBefore: Theme) => void;
}) {
  const { resolvedTheme, theme, setTheme } = useTheme();
  const isDark = resolvedTheme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label="Toggle theme"
      title={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => {
        const next = isDark ? 'light' : 'dark';
        setTheme(next);
        onToggle?.(next, theme);
      }}
    >
      {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
