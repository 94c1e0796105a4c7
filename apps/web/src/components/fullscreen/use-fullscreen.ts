import { useCallback, useSyncExternalStore, type RefObject } from 'react';

const subscribe = (cb: () => void) => {
  document.addEventListener('fullscreenchange', cb);
  return () => document.removeEventListener('fullscreenchange', cb);
};

/** Whether an element fills the screen, and a toggle through the browser's Fullscreen API. */
export const useFullscreen = (ref: RefObject<HTMLElement | null>) => {
  const active = useSyncExternalStore(
    subscribe,
    () => !!ref.current && document.fullscreenElement === ref.current,
    () => false,
  );
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen();
  }, [ref]);
  return { active, toggle, supported: typeof document !== 'undefined' && !!document.fullscreenEnabled };
};
