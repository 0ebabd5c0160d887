import { useEffect, useRef } from 'react';

/** About a second of frames: long enough for a lazily loaded page to render its heading. */
const FRAMES = 60;

/**
 * After a client-side navigation, moves focus to the new page's heading (or, failing that,
 * to the container), as a full page load would reset it: otherwise focus stays on the link
 * that was clicked or falls to <body>, and keyboard and screen-reader users are left where
 * the old page was. For about a second it keeps the focus there while the page settles (a
 * lazily loaded page, a heading that re-mounts), unless the person moved it themselves. The
 * first render, a real page load, is left alone.
 */
export function useFocusOnNavigation(location: string, containerId: string) {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const origin = document.activeElement;
    let placed: HTMLElement | null = null;
    let frames = 0;
    let handle = 0;
    const step = () => {
      const container = document.getElementById(containerId);
      if (!container) return;
      const active = document.activeElement;
      const movedByPerson =
        active && active !== document.body && active !== origin && active !== placed;
      if (movedByPerson) return;
      const heading = container.querySelector<HTMLElement>('h1');
      if (heading && heading !== active) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        placed = heading;
      }
      if (frames++ < FRAMES) handle = requestAnimationFrame(step);
      else if (!placed) container.focus({ preventScroll: true });
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [location, containerId]);
}
