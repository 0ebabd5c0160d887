import { describe, expect, it } from 'vitest';
import { readSidebarCookie, sidebarCookie } from './sidebar-state';

describe('sidebar cookie', () => {
  it('reads the remembered state among other cookies', () => {
    expect(readSidebarCookie('theme=dark; sidebar_state=false; sid=abc')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('has no opinion when the cookie is missing or garbled', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
  });

  it('writes a 7-day cookie for the whole site', () => {
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; samesite=lax');
  });
});
