export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** Also read by the inline script in index.html that sets the class before first paint. */
export const THEME_STORAGE_KEY = 'encore-ui-theme';

const systemDarkQuery = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(storageKey: string): Theme | undefined {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : undefined;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): fall back to the default.
    return undefined;
  }
}

export function writeStoredTheme(storageKey: string, theme: Theme): void {
  try {
    window.localStorage.setItem(storageKey, theme);
  } catch {
    // Not persisted, but the choice still applies for this visit.
  }
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

export function subscribeToSystemTheme(onChange: () => void): () => void {
  const media = window.matchMedia(systemDarkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function systemPrefersDark(): boolean {
  return window.matchMedia(systemDarkQuery).matches;
}
