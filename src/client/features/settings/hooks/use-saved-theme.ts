import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTheme } from '#client/components/theme/theme-provider';
import { readStoredTheme, THEME_STORAGE_KEY } from '#client/components/theme/theme-storage';
import { settingsQueryOptions } from '../api/get-settings';

/**
 * On a device where no theme was ever chosen, takes the one saved with the account (Dark mode
 * in Settings), so the choice follows the person. A choice made on this device wins.
 */
export function useSavedThemeOnNewDevice(): void {
  const { setTheme } = useTheme();
  const [hasLocalChoice] = useState(() => readStoredTheme(THEME_STORAGE_KEY) !== undefined);
  const { data } = useQuery({ ...settingsQueryOptions(), enabled: !hasLocalChoice });
  const saved = data?.theme;
  useEffect(() => {
    if (!hasLocalChoice && saved && saved !== 'system') setTheme(saved);
  }, [hasLocalChoice, saved, setTheme]);
}
