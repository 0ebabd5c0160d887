import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#shared/limits';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(mobileQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(mobileQuery).matches;
const getServerSnapshot = () => false;

/** True below the mobile breakpoint (768 px), kept live as the window is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
