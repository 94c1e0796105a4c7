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
