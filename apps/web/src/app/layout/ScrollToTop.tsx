import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Route changes start at the top of the page. */
export const ScrollToTop = ({ container }: { container: () => HTMLElement | null }) => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    container()?.scrollTo?.(0, 0);
  }, [pathname, container]);
  return null;
};
