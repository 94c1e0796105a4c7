import { useEffect, useState } from 'react';

/** Room the table body gets: the window's height less the header, path bar, toolbar and footer. */
const CHROME_PX = 260;
const MIN_PX = 240;

export const useWindowHeight = () => {
  const [height, setHeight] = useState(() => Math.max(MIN_PX, window.innerHeight - CHROME_PX));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(MIN_PX, window.innerHeight - CHROME_PX));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
};
