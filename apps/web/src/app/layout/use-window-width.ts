import { useEffect, useState } from 'react';

export const useWindowWidth = () => {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
};

/** Spec section 2: the full header menu from 1366 px in Chinese, 1450 px otherwise. */
export const fullHeaderMinWidth = (language: string) => (language === 'zh' ? 1366 : 1450);

/**
 * From here the top menu shows its icons and the statistics their words. English needs far more
 * room than the user menu's threshold: an administrator's nine entries with icons, the statistics
 * with words, the language and the user take about 2,000 px, and below that antd folds the last
 * entries (Account, Cost, My desktops) into "···". Without icons and words they fit from 1280 px.
 */
export const fullTopMenuMinWidth = (language: string) => (language === 'zh' ? 1366 : 2050);

/** Below this width (antd's lg breakpoint) the menus move into a drawer: phones and narrow windows. */
export const NARROW_BELOW = 992;
export const isNarrow = (width: number) => width < NARROW_BELOW;
