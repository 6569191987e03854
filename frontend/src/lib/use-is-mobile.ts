import { useSyncExternalStore } from 'react';

/** Spec 000 section 9: mobile breakpoint 768 px. */
export const MOBILE_BREAKPOINT_PX = 768;

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isMobileNow(): boolean {
  return window.matchMedia(query).matches;
}

/** True while the viewport is narrower than the mobile breakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
