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

/** Below this width (antd's lg breakpoint) the menus move into a drawer: phones and narrow windows. */
export const NARROW_BELOW = 992;
export const isNarrow = (width: number) => width < NARROW_BELOW;
